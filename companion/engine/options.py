"""Rule options: one typed, validated, frozen object (:class:`RuleOptions`).

>>> from companion.engine.options import RuleOptions
>>> options = RuleOptions(uno_penalty=1)
>>> options.uno_penalty, options.target
(1, 500)
>>> RuleOptions.from_json(options.to_json()) == options
True

Every field has an :class:`~companion.engine.option_info.OptionInfo` in
:data:`~companion.engine.option_info.OPTION_INFO` (rule id, default, allowed values, one line
of plain English, group). Defaults are the official rules. Which options go together is
checked in option_combinations.py; the named starting points are in presets.py.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from companion.engine.cards import (ALL_WILD_DECK, CLASSIC_DECK, DOS_DECK, FLIP_DECK, JUNIOR_DECK,
                                    JUNIOR_LEVEL1_DECK, NO_MERCY_DECK, Deck)
from companion.engine.house import HOUSE_RULES
from companion.engine.messages import message
from companion.engine.option_combinations import check_combination
from companion.engine.option_info import OPTION_INFO, OptionInfo
from companion.errors import UserError

#: Options the engine plays by. Others are refused until their rules are implemented.
IMPLEMENTED: frozenset[str] = frozenset(
    {"uno_penalty", "challenge_wd4", "misplay_penalty", "scoring", "target", "target_wins",
     "flash_turn_seconds", "flash_race_card", "extreme_bursts", "jump_in_wild", "jump_in_keeps_action",
     "show_chances", "junior_level", "flip", "dos", *HOUSE_RULES})  # all_wild, no_mercy: in HOUSE_RULES


#: Options the engine plays but a table cannot yet: the camera does not know these decks'
#: faces (issue 17). A table's setup refuses them (:func:`check_playable_at_table`) and the
#: setup page offers them as coming later; the engine, its tests and its benchmarks play them.
#: (E3 junior_level left it when the camera learnt the Junior faces, E4 flip both sides of
#: Flip's, E5 no_mercy its deck and the launcher's long throws, E6 all_wild the All Wild ones,
#: E7 dos the DOS faces and the centre row's piles.)
NOT_AT_THE_TABLE: frozenset[str] = frozenset()


def check_playable_at_table(options: "RuleOptions") -> None:
    """Refuse options a table cannot play yet (see :data:`NOT_AT_THE_TABLE`)."""
    for name in sorted(NOT_AT_THE_TABLE):
        if getattr(options, name) != OPTION_INFO[name].default:
            raise UserError(message("option_not_at_table", name=name, rule=OPTION_INFO[name].rule))


#: Edition options the game log's header leaves out while they are off (see header_json).
HEADER_OMITS_WHEN_OFF = ("junior_level", "flip", "no_mercy", "all_wild", "dos")


def _allowed_text(info: OptionInfo) -> str:
    if info.is_range:
        return message("allowed_range", low=info.allowed[0], high=info.allowed[1])
    return message("allowed_values",
                   values=", ".join("off" if a is None else json.dumps(a) for a in info.allowed))


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The table's rules. Construct with keywords; every value is checked."""

    uno_penalty: int = 2
    challenge_wd4: bool = True
    misplay_penalty: int = 2
    scoring: str = "winner"
    target: int = 500
    target_wins: int = 0
    stack_draw2: bool = False
    stack_mixed: bool = False
    seven_o: bool = False
    jump_in: bool = False
    jump_in_wild: bool = False
    jump_in_keeps_action: bool = False
    must_play_drawn: bool = False
    draw_until_playable: bool = False
    no_action_finish: bool = False
    no_zero_finish: bool = False
    doubling: bool = False
    partners: bool = False
    action_number: int | None = None
    reverse_bounce: bool = False
    skip_pass_on: bool = False
    play_on: bool = False
    bruno_kuno: bool = False
    complementary: int | None = None
    call_back: bool = False
    six_nine: bool = False
    extreme_bursts: bool = False
    flash: bool = False
    flash_race_card: str | None = "reverse"   # only with flash (E2)
    flash_turn_seconds: int | None = None
    junior_level: int | None = None           # E3: the Junior deck at level 1 or 2
    flip: bool = False                        # E4: UNO Flip's double-sided deck
    no_mercy: bool = False                    # E5: UNO Show 'em No Mercy
    all_wild: bool = False                    # E6: the All Wild deck and its actions
    dos: bool = False                         # E7: DOS, another game (companion.engine.dos)
    show_chances: bool = False                # S5: the phones, not the cards

    def __post_init__(self):
        for name, info in OPTION_INFO.items():
            value = getattr(self, name)
            if info.is_range:
                ok = type(value) is int and info.allowed[0] <= value <= info.allowed[1]
            else:
                # bool is an int in Python: compare types too, so True is not 1.
                ok = any(value == a and type(value) is type(a) for a in info.allowed)
            if not ok:
                raise UserError(message("option_not_allowed", name=name, rule=info.rule,
                                        value=repr(value), allowed=_allowed_text(info)))
            if name not in IMPLEMENTED and value != info.default:
                raise UserError(message("option_unsupported", name=name, rule=info.rule))
        check_combination(self)

    def to_json(self) -> dict:
        return {name: getattr(self, name) for name in OPTION_INFO}

    def header_json(self) -> dict:
        """The options as the game log's header keeps them: an edition option that is off
        is left out, so a classic game's log reads exactly as before the edition existed
        (and an old log, which lacks it, reads as the classic game)."""
        data = self.to_json()
        for name in HEADER_OMITS_WHEN_OFF:
            if data[name] is OPTION_INFO[name].default:  # None or False: off
                del data[name]
        return data

    @property
    def deck(self) -> Deck:
        """The deck these rules are played with: the classic deck (D1), or E3's Junior deck
        (level 1: its number cards only)."""
        if self.flip:
            return FLIP_DECK
        if self.no_mercy:
            return NO_MERCY_DECK  # E5
        if self.all_wild:
            return ALL_WILD_DECK  # E6
        if self.dos:
            return DOS_DECK
        if self.junior_level is None:
            return CLASSIC_DECK
        return JUNIOR_LEVEL1_DECK if self.junior_level == 1 else JUNIOR_DECK

    @classmethod
    def from_json(cls, data: object) -> "RuleOptions":
        """Options from a dict; unknown names are an error that names them."""
        if not isinstance(data, dict):
            raise UserError(message("options_object", kind=type(data).__name__))
        unknown = sorted(set(data) - set(OPTION_INFO))
        if unknown:
            raise UserError(message("options_unknown", names=", ".join(map(str, unknown))))
        return cls(**data)

    def replace(self, **changes) -> "RuleOptions":
        return RuleOptions.from_json({**self.to_json(), **changes})

    def shows_chances(self, host: bool) -> bool:
        """Whether a phone sees the live win chances (S5): the host's always, every other phone
        only when the table chose ``show_chances`` at setup."""
        return host or self.show_chances

    def changed(self) -> dict:
        """Only the options that differ from the official rules."""
        return {k: v for k, v in self.to_json().items() if v != OPTION_INFO[k].default}


_dataclass_init = RuleOptions.__init__


def _checked_init(self, *args, **values):
    """The dataclass's own __init__, with an unknown or surplus option a UserError naming it."""
    unknown = sorted(set(values) - set(OPTION_INFO))
    if unknown:
        raise UserError(message("options_unknown_see_docs", names=", ".join(unknown)))
    if len(args) > len(OPTION_INFO):
        raise UserError(message("options_too_many", most=len(OPTION_INFO), count=len(args)))
    _dataclass_init(self, *args, **values)


RuleOptions.__init__ = _checked_init

