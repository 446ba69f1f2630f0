"""House rules and variants (RULES.md H1-H8, V1-V10): one small class per rule.

The engine asks only the rules the table switched on (``Game.house``), at a few
fixed points. Each hook's default is "no opinion", so a rule overrides only what it
changes, and every rule is found in one place: its class here.

- ``judge(game, seat, card)``: before a play is accepted. ``True`` allows a play the
  official rules would not; a text forbids it (a misplay with that reason); ``None``
  leaves it to the official rules. A forbidding rule beats an allowing one.
- ``on_play(game, seat, card, rank)``: after the card landed, before its official
  effect. ``True`` means the rule carried the turn on itself.
- ``answers_draws``: a player hit by a draw card may answer it, so the launcher waits
  until the player takes the cards (``Accept``) instead of dispensing at once.
- ``may_draw_again(game, seat)`` / ``pass_refused(game, seat)``: the drawing turn (T3).
"""
from __future__ import annotations

from typing import ClassVar

from companion.engine.cards import CARD_RANK, DRAW2, WILD_DRAW4
from companion.engine.phases import CHALLENGE, TURN


class HouseRule:
    option: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    answers_draws: ClassVar[bool] = False

    def __init__(self, options):
        self.options = options

    def judge(self, game, seat: int, card: int):
        return None

    def on_play(self, game, seat: int, card: int, rank: int) -> bool:
        return False

    def may_draw_again(self, game, seat: int) -> bool:
        return False

    def pass_refused(self, game, seat: int) -> str | None:
        return None


def _answering(game, seat: int) -> bool:
    """Is ``seat`` the player hit by a draw card, still free to answer it?"""
    return (seat == game.current and game.pending and game.answerable
            and (game.phase is TURN or game.phase is CHALLENGE))


class StackDraw2(HouseRule):
    """H1: a draw2 answers a draw2 (and, per 000, a wild-draw4 a wild-draw4); totals pass on."""
    option, rule, answers_draws = "stack_draw2", "H1", True

    def judge(self, game, seat, card):
        if _answering(game, seat) and CARD_RANK[card] == CARD_RANK[game.top] in (DRAW2, WILD_DRAW4):
            return True
        return None


class StackMixed(HouseRule):
    """H2: draw2 and wild-draw4 answer each other; totals add."""
    option, rule, answers_draws = "stack_mixed", "H2", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] in (DRAW2, WILD_DRAW4)
                and CARD_RANK[game.top] in (DRAW2, WILD_DRAW4)):
            return True
        return None


#: Every house rule the engine plays, by option name, in the order they are asked.
HOUSE_RULES: dict[str, type[HouseRule]] = {cls.option: cls for cls in [StackDraw2, StackMixed]}


def house_rules(options) -> tuple[HouseRule, ...]:
    """The rules switched on in ``options``, ready to be asked."""
    return tuple(cls(options) for name, cls in HOUSE_RULES.items() if getattr(options, name))
