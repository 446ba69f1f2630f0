"""E5 UNO Show 'em No Mercy (docs/editions.md E5.1-E5.9): one rule, with three it switches on.

The deck is data (``RuleOptions.deck``: 168 cards). This rule adds what the edition changes:

- E5.3 draw until a card fits and play it: the house rules H7 and H6 (``implies``);
- E5.6 a 7 swaps hands, a 0 passes them on: H4 (``implies``), always on;
- E5.4 its action cards: a coloured draw4, skip everyone (the player plays again), discard all
  (every other card of its colour goes under it), wild draw6 / draw10, wild reverse draw4
  (the direction turns first, so the 4 go to the player now next) and the colour roulette
  (the *next* player names a colour and takes cards one by one until that colour shows);
- E5.5 stacking: a draw card answers a draw card of equal or higher value, any colour; totals
  add up; who does not answer takes them all and loses the turn;
- E5.7 the mercy rule: a hand of 25 or more puts its player out of the round at once (the
  cards go under the discard pile, the rest of a total is not drawn: the launcher stops at
  the 25th card), and E5.8: the last player left wins the round;
- E5.2 an action start card is put back and another turned up.

How the table learns what the camera cannot see: the launcher counts every card it throws
(a Draw 10 is one dispense of 10, less when the seat reaches 25 first); a colour roulette is
one dispense of one card at a time, until a card of the colour is seen (the camera, when the
launcher throws face up past it, names the card in the draw) or the victim presses the ring
(a ``pass``: the colour showed); the cards laid under a discard all are counted on the ring
or the phone (a ``discard_all`` event, ``Game.discard_all``). With full information the engine knows them all.
"""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.cards import (CARD_COLOUR, CARD_RANK, COLOURS, DISCARD_ALL,
                                    DRAW4, DRAW_COUNTS, ROULETTE, SKIP_ALL, WILD_DRAW6, WILD_DRAW10,
                                    WILD_REVERSE_DRAW4)
from companion.engine.house.base import HouseRule
from companion.engine.house.draws import _answering
from companion.engine.house.numbers import SevenO
from companion.engine.house.plays import DrawUntilPlayable, MustPlayDrawn
from companion.engine.messages import message
from companion.engine.phases import COLOUR, DISCARDING, DRAWN, TURN
from companion.errors import UserError

MERCY_LIMIT = 25    # E5.7: a hand this big puts its player out
MOST_PLAYERS = 6    # E5.2
UNSEEN = -1         # a card under the discard pile that no one saw (tracking mode)


class NoMercy(HouseRule):
    """E5: see the module's docstring. Its presence also keeps a No Mercy round off the
    classic fast path (sim.py)."""
    option, rule, answers_draws = "no_mercy", "E5", True
    implies = (SevenO, DrawUntilPlayable, MustPlayDrawn)
    _house, _alone = None, False  # legal_plays: the rules it was last asked with, alone or not

    def check_table(self, players):
        if players > MOST_PLAYERS:
            return message("no_mercy_players", most=MOST_PLAYERS)
        return None

    def start_again(self, game, card):
        return CARD_RANK[card] > 9  # E5.2: only a number card starts the pile

    def judge(self, game, seat, card):
        if game.flags.roulette is not None and seat == game.current:
            return message("roulette_draws")
        if game.phase is DISCARDING:
            return message("discard_all_first")
        if _answering(game, seat):  # E5.5: equal or higher, any colour
            value, kind = DRAW_COUNTS.get(CARD_RANK[card], 0), game.flags.draw_kind
            if kind in DRAW_COUNTS and value >= DRAW_COUNTS[kind]:
                return True
        return None

    def on_play(self, game, seat, card, rank):
        if rank < DRAW4 or rank == WILD_DRAW6 or rank == WILD_DRAW10:
            return False  # classic faces act as usual; a wild draw names its colour first
        if rank == WILD_REVERSE_DRAW4:
            game.direction = -game.direction  # then a wild draw: its colour, then the draw
            return False
        if game.sizes[seat] == 0:
            return False  # going out: the round ends (a last draw4 still makes the next draw)
        if rank == DISCARD_ALL:
            if game.full:
                mine = [c for c in game.hands[seat] if CARD_COLOUR[c] == game.colour]
                return _lay_under(game, seat, len(mine), mine)
            game.phase = DISCARDING
            game.tell(A.AskDiscardAll(seat, COLOURS[game.colour]))
            return True
        _uno_due(game, seat)
        if rank == DRAW4:
            carried = game.pending  # an answer to a draw: the total passes on
            game.flags.draw_kind = rank
            game.pending = carried + 4
            game.advance_turn(1)
            game.make_current_draw(carried + 4, message("reason_nm_draw", count=4))
        elif rank == SKIP_ALL:  # everyone else is passed over: the player plays again
            game.advance_turn(game.n - len(game.flags.finished or ()))
        elif rank == ROULETTE:  # the next player names the colour
            game.advance_turn(1)
            game.after_colour, game.phase = ROULETTE, COLOUR
            game.flags.roulette = -1
            if game.out is not None:
                game.out[-1:] = [A.AskColour(game.current)]
        return True

    def legal_plays(self, game, seat):
        """The plays ``Game.legal_plays`` finds card by card, at once, in its order (the
        virtual players ask every step; big hands made that the cost of a No Mercy game).
        Only for the turn's plays, and only while no other house rule is on."""
        house = game.house
        if house is not self._house:  # worked out once per set of rules
            self._house, self._alone = house, _alone(house)
        if not self._alone or seat != game.current or game.ending:
            return None
        phase, flags = game.phase, game.flags
        if phase is not TURN and phase is not DRAWN:
            return None
        if flags.roulette is not None:
            return []
        hand = game.hands[seat]
        if game.pending:
            if not game.answerable or phase is not TURN or flags.draw_kind not in DRAW_COUNTS:
                return []
            least = DRAW_COUNTS[flags.draw_kind]
            return sorted({c for c in hand if DRAW_COUNTS.get(CARD_RANK[c], 0) >= least})
        if phase is DRAWN:
            drawn = game.drawn
            return [drawn] if drawn in game.fitting and drawn in hand else []
        return sorted(game.fitting.intersection(hand))

    def after_colour(self, game, seat, rank):
        flags = game.flags
        if rank == ROULETTE:
            flags.roulette, flags.roulette_seen = game.colour, len(game.hands[seat])
            game.phase = TURN
            _ask_roulette_card(game, seat)
            return True
        if rank not in DRAW_COUNTS:
            return False
        count = DRAW_COUNTS[rank]
        flags.draw_kind = rank
        carried = game.pending
        game.pending = carried + count
        game.advance_turn(1)
        game.make_current_draw(carried + count, message("reason_nm_draw", count=count))
        return True

    def on_turn(self, game, seat):
        game.flags.roulette = None  # a roulette ends with its victim's turn

    def may_draw_again(self, game, seat):
        return game.flags.roulette is not None and seat == game.current

    def pass_refused(self, game, seat):
        # The table says the colour showed by passing; with full information the engine sees it.
        if game.flags.roulette is not None and game.full:
            return message("roulette_draws")
        return None

    def dispense_count(self, game, seat, count):
        room = MERCY_LIMIT - game.sizes[seat]
        return room if 0 < room < count else count

    def on_receive(self, game, seat, count):
        if game.sizes[seat] >= MERCY_LIMIT and seat not in (game.flags.finished or ()):
            _eliminate(game, seat)
            return True
        flags = game.flags
        if flags.roulette is None or flags.roulette < 0 or seat != game.current or game.owed[seat]:
            return None
        if game.uno_window >= 0 and game.uno_window != seat:
            game.uno_window = -1
        hand = game.hands[seat]
        seen, flags.roulette_seen = len(hand) - flags.roulette_seen, len(hand)
        if not count or (seen and any(CARD_COLOUR[c] == flags.roulette for c in hand[-seen:])):
            game.advance_turn(1)  # the colour showed (or nothing is left to draw): turn lost
        elif seen:  # the camera named it (or the engine knows): the next card at once
            game.phase, game.drawn = DRAWN, -1
            _ask_roulette_card(game, seat)
        else:  # unseen: the launcher waits; the draw button throws the next, a press says it came
            game.phase, game.drawn = DRAWN, -1
            game.tell(A.Turn(seat, ("draw", "pass")))
        return True


def _alone(house) -> bool:
    """Are the rules in play just E5's own (no house rule switched on beside it)?"""
    return len(house) == 1 + len(NoMercy.implies) and all(
        type(rule) is NoMercy or type(rule) in NoMercy.implies for rule in house)


def _uno_due(game, seat: int) -> None:
    if game.sizes[seat] == 1 and not game.called[seat]:
        game.uno_window = seat


def _ask_roulette_card(game, seat: int) -> None:
    game.tell(A.Turn(seat, ("draw", "pass")))  # the launcher reloads first when empty (D5)
    game.ask_dispense(seat, 1, message("reason_roulette", colour=COLOURS[game.flags.roulette]))


def roulette_prompt(game) -> list:
    """What a colour roulette waits for: its victim's next card from the launcher."""
    seat = game.current
    if game.flags.roulette < 0:
        return [A.AskColour(seat)]
    colour = COLOURS[game.flags.roulette]
    return [A.Turn(seat, ("draw", "pass")),
            A.Dispense(seat, 1, message("reason_roulette", colour=colour))]


def _lay_under(game, seat: int, count: int, cards: list[int]) -> bool:
    """The discard all's other cards go under it; then the turn passes (or the seat is out).
    ``cards``: the ones known (all of them with full information)."""
    hand = game.hands[seat]
    if not cards and not game.full:  # cards the table knew in that hand went too
        cards = [c for c in hand if CARD_COLOUR[c] == game.colour][:count]
    for card in cards:
        if card in hand:
            hand.remove(card)
    game.discard[-1:-1] = list(cards) + [UNSEEN] * (count - len(cards))
    game.sizes[seat] -= count
    if game.sizes[seat] == 0:
        return game.go_out(seat, DISCARD_ALL)
    _uno_due(game, seat)
    game.advance_turn(1)
    return True


def check_discard_all(game, seat: int, count: int, cards: list[int]) -> None:
    """Tracking: may ``seat`` lay ``count`` cards (``cards``: those seen) under its discard all
    now (the ``discard_all`` event, ``Game.discard_all``)? A clear UserError if not."""
    if game.phase is not DISCARDING or seat != game.current:
        raise UserError(message("no_discard_all_now", seat=seat))
    if type(count) is not int or not 0 <= count <= game.sizes[seat]:
        raise UserError(message("discard_all_count", seat=seat, count=repr(count),
                                size=game.sizes[seat]))
    if cards and (len(cards) != count or any(CARD_COLOUR[c] != game.colour for c in cards)):
        raise UserError(message("discard_all_cards", count=count, colour=COLOURS[game.colour]))


def lay_under(game, seat: int, count: int, cards: list[int]) -> None:
    """Tracking: the counted cards went under the discard all; the turn goes on."""
    _lay_under(game, seat, count, cards)


def _eliminate(game, seat: int) -> None:
    """E5.7: ``seat`` holds 25 or more: out of the round, its cards under the discard pile;
    the last player left wins the round (E5.8)."""
    flags = game.flags
    hand, size = game.hands[seat], game.sizes[seat]
    game.discard[0:0] = hand if game.full else hand + [UNSEEN] * (size - len(hand))
    game.hands[seat], game.sizes[seat], game.owed[seat] = [], 0, 0
    flags.eliminated = (*(flags.eliminated or ()), seat)
    flags.finished = frozenset(flags.eliminated)
    flags.roulette = None
    if game.uno_window == seat:
        game.uno_window = -1
    game.tell(A.Notice(message("mercy_out", seat=seat, count=size, limit=MERCY_LIMIT)))
    left = [s for s in range(game.n) if s not in flags.finished]
    if len(left) == 1 or game.ending:  # the last one left, or the round was already won
        if not game.ending:
            game.winner = left[0]
        game.finish_round()
    elif seat == game.current:
        game.pending, game.answerable = 0, False
        game.advance_turn(1)
