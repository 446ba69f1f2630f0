"""E2 UNO Flash: the ring lights the next player at random; the race card starts a race.
E3 UNO Junior: level 1's open hands.

The random pick is the engine's, seeded from the game's ``seed``, the round and how many
picks the round has made, so a game log replays to the same seats and an undo is exact.
"""
from __future__ import annotations

import random

from companion.engine.actions import Race
from companion.engine.cards import CARD_NAMES, REVERSE, SKIP
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.errors import UserError

RACE_RANKS = {"reverse": REVERSE, "skip": SKIP}
RACE_PENALTY = 2   # product rules: the slowest in a Flash race draws 2


def random_seat(seed: int, round_no: int, pick: int, seats: list[int]) -> int:
    """The ``pick``-th random seat of a round: a pure function of its arguments."""
    return seats[random.Random(f"{seed}:{round_no}:{pick}").randrange(len(seats))]


class Flash(HouseRule):
    """E2: after every turn the next seat is drawn at random from every seat still in the
    round, the one who just played included (the same player may come twice); a skip draws
    twice and the second seat plays; a draw card hits a seat other than its player. The
    race card (``flash_race_card``) loses its own effect and starts a race on the ring;
    the slowest draws 2."""
    option, rule = "flash", "E2"

    def next_seat(self, game, steps: int) -> int | None:
        finished = game.flags.finished or ()
        seats = [s for s in range(game.n) if s not in finished] or list(range(game.n))
        if game.pending and len(seats) > 1:  # a draw card never hits the one who played it
            seats = [s for s in seats if s != game.current]
        pick = game.flags.flash_picks
        game.flags.flash_picks = pick + steps
        for step in range(steps):
            seat = random_seat(game.seed, game.round_no, pick + step, seats)
        return seat

    def on_play(self, game, seat, card, rank):
        race = RACE_RANKS.get(self.options.flash_race_card)
        if rank != race or game.sizes[seat] == 0:
            return False  # going out with the race card ends the round as any card does
        game.flags.race = RACE_PENALTY
        game.tell(Race(card=CARD_NAMES[card], count=RACE_PENALTY))
        if game.sizes[seat] == 1 and not game.called[seat]:
            game.uno_window = seat
        game.advance_turn(1)
        return True


class Junior(HouseRule):
    """E3 UNO Junior. The deck is the edition (``RuleOptions.deck``: 56 cards, 5 each;
    level 1 without its action cards) and its draw1 acts as a draw2 of one card (T4,
    ``DRAW_COUNTS``). This rule adds what level 1's open hands make possible: where the
    table knows a whole hand (the deal, a shown hand and the drawn cards were entered), a
    card that the open hand does not hold is refused as a misread, before anything
    changes. Its presence also keeps a Junior round off the classic fast path (sim.py)."""
    option, rule = "junior_level", "E3"

    def check_table(self, players):
        deck = self.options.deck  # the deal must leave a draw pile beside the start card
        most = (deck.size - 2) // deck.hand_size
        if players > most:
            return message("junior_players", level=self.options.junior_level, size=deck.size,
                           hand=deck.hand_size, most=most)
        return None

    def judge(self, game, seat, card):
        if self.options.junior_level != 1 or game.full:
            return None  # level 2 hides the hands; with full information the engine holds them
        hand = game.open_hand(seat)
        if hand is not None and card not in hand:
            raise UserError(message("open_hand_lacks", seat=seat, card=CARD_NAMES[card]))
        return None
