"""House rules about which card may be played and when: V1 doubling, H5 jump_in, H6
must_play_drawn, H7 draw_until_playable, H8 no_action_finish and no_zero_finish."""
from __future__ import annotations

from companion.engine.cards import CARD_RANK, DRAW2, SKIP, WILD
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.engine.phases import CHALLENGE, DRAWN, TURN


_JUMP_PHASES = frozenset({TURN, DRAWN, CHALLENGE})


class Doubling(HouseRule):
    """V1: two identical cards may be played together (draw2 included, wild-draw4 and wild
    not): the second, played right after the first by the same player, counts as part of the
    same play. Two draw2: the next player draws 4; two skips skip two players; two reverses
    leave the direction as it was."""
    option, rule = "doubling", "V1"

    def _pair(self, game, seat, card, landed: int) -> bool:
        return (seat != game.current and CARD_RANK[card] < WILD and game.flags.double ==
                (seat, card, len(game.discard) - landed, sum(game.sizes) + landed))

    def judge(self, game, seat, card):
        return True if self._pair(game, seat, card, 0) else None

    def on_play(self, game, seat, card, rank):
        if not self._pair(game, seat, card, 1):
            game.flags.double = (seat, card, len(game.discard), sum(game.sizes))
            return False
        game.flags.double = None  # a pair, not three
        if rank == DRAW2 and game.pending and not game.answerable:  # 2 are already on their way
            game.pending += 2
            game.ask_dispense(game.current, 2, message("reason_doubled_draw2"))
            return True
        # Let the second card act from the player again (a skip from the skipped player).
        game.current = (seat + game.direction) % game.n if rank == SKIP else seat
        return False


class JumpingIn(HouseRule):
    """H5: a card identical to the top card may be played out of turn; play goes on from
    that player, the players in between are skipped. ``jump_in_wild``: wilds too.
    ``jump_in_keeps_action``: the card jumped on keeps its effect (a draw still hits its
    victim); by default the jump cancels it."""
    option, rule, answers_draws = "jump_in", "H5", True  # a draw waits: someone may jump in

    def judge(self, game, seat, card):
        if (seat != game.current and card == game.top and game.phase in _JUMP_PHASES
                and (CARD_RANK[card] < WILD or self.options.jump_in_wild)):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if seat == game.current:
            return False
        if game.pending and self.options.jump_in_keeps_action:
            game.owe_cards(game.current, game.pending, message("reason_jumped_on"))
        game.pending, game.answerable = 0, False
        game.current, game.phase = seat, TURN  # play goes on from the jumper
        return False


class MustPlayDrawn(HouseRule):
    """H6: a drawn card that fits must be played (known only with full information)."""
    option, rule = "must_play_drawn", "H6"

    def pass_refused(self, game, seat):
        if game.full and game.drawn >= 0 and game.may_play(seat, game.drawn):
            return message("drawn_must_be_played")
        return None


class DrawUntilPlayable(HouseRule):
    """H7: draw until a card fits. At a real table the drawn cards are not seen, so the
    player may draw again or pass; with full information the engine knows when one fits."""
    option, rule = "draw_until_playable", "H7"

    def _must_go_on(self, game) -> bool:
        return (game.full and game.drawn >= 0 and not game.may_play(game.current, game.drawn)
                and (game.draw_pile_size > 0 or len(game.discard) > 1))

    def may_draw_again(self, game, seat):
        return not game.full or self._must_go_on(game)

    def pass_refused(self, game, seat):
        return message("draw_again") if self._must_go_on(game) else None


class NoActionFinish(HouseRule):
    """H8: the last card must be a number card."""
    option, rule = "no_action_finish", "H8"

    def judge(self, game, seat, card):
        if game.sizes[seat] == 1 and CARD_RANK[card] > 9:
            return message("last_card_number")
        return None


class NoZeroFinish(HouseRule):
    """H8 (000 "Ende ohne 0"): the last card may not be a 0."""
    option, rule = "no_zero_finish", "H8"

    def judge(self, game, seat, card):
        if game.sizes[seat] == 1 and CARD_RANK[card] == 0:
            return message("last_card_not_zero")
        return None
