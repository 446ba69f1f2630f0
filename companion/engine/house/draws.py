"""House rules that answer a draw card: H1 stack_draw2, H2 stack_mixed, V4 reverse_bounce,
V5 skip_pass_on."""
from __future__ import annotations

from companion.engine.cards import CARD_COLOUR, CARD_RANK, DRAW2, REVERSE, SKIP, WILD_DRAW4
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.engine.phases import CHALLENGE, TURN



def _answering(game, seat: int) -> bool:
    """Is ``seat`` the player hit by a draw card, still free to answer it?
    (``game.flags.draw_kind`` says which card made the draw: DRAW2 or WILD_DRAW4.)"""
    return (seat == game.current and game.pending and game.answerable
            and (game.phase is TURN or game.phase is CHALLENGE))


class StackDraw2(HouseRule):
    """H1: a draw2 answers a draw2 (and, per 000, a wild-draw4 a wild-draw4); totals pass on."""
    option, rule, answers_draws = "stack_draw2", "H1", True

    def judge(self, game, seat, card):
        if _answering(game, seat) and CARD_RANK[card] == game.flags.draw_kind:
            return True
        return None


class StackMixed(HouseRule):
    """H2: draw2 and wild-draw4 answer each other; totals add."""
    option, rule, answers_draws = "stack_mixed", "H2", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] in (DRAW2, WILD_DRAW4)
                and game.flags.draw_kind in (DRAW2, WILD_DRAW4)):
            return True
        return None


class ReverseBounce(HouseRule):
    """V4: a reverse of the active colour answers a draw2 (or a wild-draw4: its chosen colour)
    and sends the draw back to the player who played it."""
    option, rule, answers_draws = "reverse_bounce", "V4", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] == REVERSE
                and CARD_COLOUR[card] == game.colour and game.flags.draw_kind):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if rank != REVERSE or not game.pending:
            return False
        game.direction = -game.direction
        game.advance_turn(1)
        game.make_current_draw(game.pending, message("reason_sent_back"))
        return True


class SkipPassOn(HouseRule):
    """V5: a skip of the active colour answers a draw2 and passes it to the next player."""
    option, rule, answers_draws = "skip_pass_on", "V5", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] == SKIP
                and CARD_COLOUR[card] == game.colour and game.flags.draw_kind == DRAW2):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if rank != SKIP or not game.pending:
            return False
        game.advance_turn(1)
        game.make_current_draw(game.pending, message("reason_passed_on"))
        return True
