"""Named starting points for the setup page: :data:`PRESETS`, and :func:`preset` by name.

>>> from companion.engine.options import RuleOptions
>>> PRESETS["official"] == RuleOptions()
True
>>> preset("gentle").uno_penalty
1
"""
from __future__ import annotations

from companion.engine.messages import message
from companion.engine.options import RuleOptions
from companion.errors import UserError

#: Named starting points for the setup page.
PRESETS: dict[str, RuleOptions] = {
    "official": RuleOptions(),
    # 001/003: one card for a forgotten UNO and for a misplay.
    "gentle": RuleOptions(uno_penalty=1, misplay_penalty=1),
    # 000 "Strafpunkte": everyone counts their own cards; first to the target loses.
    "penalty-points": RuleOptions(scoring="penalty"),
    # 002 casual play: round wins only, no challenges, first to 3 wins.
    "casual": RuleOptions(scoring="wins", target_wins=3, challenge_wd4=False),
    "short": RuleOptions(target=250),
    # 004's favourite toggles: stacking, seven-O and jump-in.
    "party": RuleOptions(stack_draw2=True, seven_o=True, jump_in=True),
    # E3 UNO Junior, one per level: no source gives Junior card points, the first out wins the
    # game (docs/rules.md); a match here is the first to three round wins (S4).
    "junior-level1": RuleOptions(junior_level=1, scoring="wins", target_wins=3),
    "junior-level2": RuleOptions(junior_level=2, scoring="wins", target_wins=3),
    # E4 UNO Flip: its sheet's scoring, the winner scores the others' cards to 500 (E4.6).
    "flip": RuleOptions(flip=True),
    # E5 No Mercy: no source gives its card values (docs/editions.md E5.9): three round wins.
    "no-mercy": RuleOptions(no_mercy=True, scoring="wins", target_wins=3),
    # E6 UNO All Wild as its sources score it (E6.6): the round winner scores the others' cards
    # (a plain wild 20, every other card 50), first to 500.
    "all-wild": RuleOptions(all_wild=True),
    # E7 DOS: the sources' match, first to 200 points (docs/editions.md E7.9).
    "dos": RuleOptions(dos=True, target=200),
}


def preset(name: str) -> RuleOptions:
    try:
        return PRESETS[name]
    except KeyError:
        raise UserError(message("preset_unknown", name=repr(name), presets=", ".join(PRESETS))) from None
