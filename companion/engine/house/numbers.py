"""House rules set off by a number card: H4 seven_o, V10 six_nine, V3 action_number,
V8 complementary."""
from __future__ import annotations

from companion.engine.actions import AskTarget, Race
from companion.engine.cards import CARD_COLOUR, CARD_RANK, NO_COLOUR
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.engine.phases import TARGET, TURN



class SevenO(HouseRule):
    """H4: a 7 swaps hands with a player of the player's choice (the ring or the phone asks);
    a 0 passes every hand to the next player in play direction. A 0 as the last card still
    takes the neighbour's hand, so it does not win (000); the next player receives the empty
    hand and so has gone out. A 7 as the last card wins."""
    option, rule = "seven_o", "H4"

    def on_play(self, game, seat, card, rank):
        if rank == 7 and game.sizes[seat] > 0:
            game.phase = TARGET
            game.tell(AskTarget(seat))
            return True
        if rank == 0:  # players who went out (V6) keep out of it
            playing = [s for s in range(game.n) if s not in (game.flags.finished or ())]
            ring = playing if game.direction == 1 else playing[::-1]
            game.move_hands({s: ring[(i + 1) % len(ring)] for i, s in enumerate(ring)})
            emptied = ring[(ring.index(seat) + 1) % len(ring)]
            if game.sizes[emptied] == 0:  # a last 0: the next player got the empty hand
                return game.go_out(emptied, 0)
        return False


class SixNine(HouseRule):
    """V10: a 6 may be played on a 9 as a 9 and a 9 on a 6 as a 6 (turned round); the player
    then draws 1 card at the start of their next turn. A turned card counts as the number it
    was turned into (``flags.turned``)."""
    option, rule = "six_nine", "V10"

    def judge(self, game, seat, card):
        if seat != game.current or CARD_COLOUR[card] == game.colour or game.pending:
            return None  # out of turn, or a colour match: the other rules decide
        rank, turned = CARD_RANK[card], game.flags.turned
        top = turned if turned is not None else CARD_RANK[game.top]
        if rank == top or {rank, top} == {6, 9}:
            return True
        if turned is not None and rank == CARD_RANK[game.top]:
            return message("top_turned", rank=rank, turned=turned)
        return None

    def on_play(self, game, seat, card, rank):
        below = game.discard[-2] if len(game.discard) > 1 else -1
        flags = game.flags
        turned, flags.turned = flags.turned, None
        under = turned if turned is not None else (CARD_RANK[below] if below >= 0 else -1)
        if {rank, under} == {6, 9} and CARD_COLOUR[card] != CARD_COLOUR[below]:
            flags.turned = under  # the card now lies as the number below it
            if flags.owe_at_turn is None:
                flags.owe_at_turn = {}
            owed = flags.owe_at_turn
            owed[seat] = owed.get(seat, 0) + 1
        return False

    def on_turn(self, game, seat):
        owed = game.flags.owe_at_turn
        if owed and seat in owed:
            game.owe_cards(seat, owed.pop(seat), message("reason_six_nine"))


class ActionNumber(HouseRule):
    """V3: a card of the chosen number starts a reaction race on the ring; the slowest (or
    whoever does not react) draws 1. The ring reports the slowest seat (``race`` event)."""
    option, rule = "action_number", "V3"

    def on_play(self, game, seat, card, rank):
        if rank == self.options.action_number:
            game.flags.race = True
            game.tell(Race(rank))
        return False


class Complementary(HouseRule):
    """V8: a card of the chosen number toggles complementary colours (red-green,
    yellow-blue): while on, a card must be of the complementary colour; the same colour is
    not allowed. Numbers and symbols still match; wilds stay wild."""
    option, rule = "complementary", "V8"

    def judge(self, game, seat, card):
        colour = CARD_COLOUR[card]
        if not game.flags.complementary or colour == NO_COLOUR or seat != game.current:
            return None
        if colour == game.colour:
            return message("complementary_same_colour")
        if colour == game.colour ^ 2 and game.phase is TURN and not game.pending:
            return True  # red 0 <-> green 2, yellow 1 <-> blue 3
        return None

    def on_play(self, game, seat, card, rank):
        if rank == self.options.complementary:
            game.flags.complementary = not game.flags.complementary
        return False
