"""Rule options: one typed, validated, frozen object, with metadata a setup page renders.

>>> from companion.engine.options import RuleOptions, PRESETS
>>> options = RuleOptions(uno_penalty=1)
>>> options.uno_penalty, options.target
(1, 500)
>>> RuleOptions.from_json(options.to_json()) == options
True
>>> PRESETS["official"] == RuleOptions()
True

Every field has an :class:`OptionInfo` in :data:`OPTION_INFO` (rule id, default,
allowed values, one line of plain English, group). Defaults are the official rules.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

from companion.engine.cards import (ALL_WILD_DECK, CLASSIC_DECK, DOS_DECK, FLIP_DECK, JUNIOR_DECK,
                                    JUNIOR_LEVEL1_DECK, NO_MERCY_DECK, Deck)
from companion.engine.house import HOUSE_RULES
from companion.engine.messages import message
from companion.errors import UserError


@dataclass(frozen=True)
class OptionInfo:
    """What a setup page needs to show one option."""

    rule: str            # rule id in RULES.md, e.g. "T5"
    name: str
    default: object
    allowed: tuple       # allowed values (for numbers: every allowed value, or a (min, max) range)
    help: str            # one plain English line
    group: str           # "official", "scoring", "house", "variant", "extreme", "flash", "junior"
    is_range: bool = False

    def to_json(self) -> dict:
        data = dataclasses.asdict(self)
        data["allowed"] = list(self.allowed)
        return data


def _info(rule, name, default, allowed, help, group, is_range=False):
    return OptionInfo(rule, name, default, tuple(allowed), help, group, is_range)


_OFF_ON = (False, True)

OPTION_INFO: dict[str, OptionInfo] = {info.name: info for info in [
    _info("T5", "uno_penalty", 2, (1, 2),
          "Cards a player draws when caught not calling UNO.", "official"),
    _info("T6", "challenge_wd4", True, _OFF_ON,
          "The player hit by a wild-draw4 may challenge it; the loser of the challenge draws.",
          "official"),
    _info("P1", "misplay_penalty", 2, (1, 2),
          "Cards a player draws for playing a wrong card or out of turn.", "official"),
    _info("S2", "scoring", "winner", ("winner", "penalty", "wins"),
          "winner: the round winner scores the others' cards (S2); penalty: everyone scores "
          "their own cards and the first to the target loses (S3); wins: count round wins (S4).",
          "scoring"),
    _info("S2", "target", 500, (50, 5000),
          "Points that end the match (winner or penalty scoring).", "scoring", True),
    _info("S4", "target_wins", 0, (0, 100),
          "Round wins that end the match when counting wins; 0 means the host ends it.",
          "scoring", True),
    # House rules and variants (issue 3). All default off.
    _info("H1", "stack_draw2", False, _OFF_ON,
          "Answer a draw2 with a draw2; the total passes on.", "house"),
    _info("H2", "stack_mixed", False, _OFF_ON,
          "Stack draw2 and wild-draw4 on each other; totals add.", "house"),
    _info("H4", "seven_o", False, _OFF_ON,
          "A 7 swaps hands with a chosen player; a 0 passes every hand on.", "house"),
    _info("H5", "jump_in", False, _OFF_ON,
          "An identical card may be played out of turn; play goes on from that player.", "house"),
    _info("H5", "jump_in_wild", False, _OFF_ON, "Wild cards may jump in too.", "house"),
    _info("H5", "jump_in_keeps_action", False, _OFF_ON,
          "The card jumped on keeps its effect.", "house"),
    _info("H6", "must_play_drawn", False, _OFF_ON, "A drawn card that fits must be played.", "house"),
    _info("H7", "draw_until_playable", False, _OFF_ON, "Draw until a card fits.", "house"),
    _info("H8", "no_action_finish", False, _OFF_ON, "The last card must be a number card.", "house"),
    _info("H8", "no_zero_finish", False, _OFF_ON, "The last card may not be a 0.", "house"),
    _info("V1", "doubling", False, _OFF_ON, "Two identical cards may be played together.", "variant"),
    _info("V2", "partners", False, _OFF_ON,
          "Partners sit opposite and score as a team.", "variant"),
    _info("V3", "action_number", None, (None, *range(10)),
          "A chosen number starts a reaction race; the slowest draws 1.", "variant"),
    _info("V4", "reverse_bounce", False, _OFF_ON,
          "A reverse of the same colour sends a draw2 back.", "variant"),
    _info("V5", "skip_pass_on", False, _OFF_ON,
          "A skip of the same colour passes a draw2 on.", "variant"),
    _info("V6", "play_on", False, _OFF_ON, "Play on until all places are decided.", "variant"),
    _info("V7", "bruno_kuno", False, _OFF_ON,
          "Announce at 3 (Bruno), 2 (Kuno) and 1 (UNO) cards.", "variant"),
    _info("V8", "complementary", None, (None, *range(10)),
          "A chosen number toggles complementary colours.", "variant"),
    _info("V9", "call_back", False, _OFF_ON,
          "The round goes on until the player who went out is due again.", "variant"),
    _info("V10", "six_nine", False, _OFF_ON,
          "A 6 may be played as a 9 and back, for one card.", "variant"),
    _info("E1", "extreme_bursts", False, _OFF_ON,
          "Extreme: a player who cannot play presses the launcher and takes every card it "
          "throws (sometimes none); then the turn is over.", "extreme"),
    _info("E2", "flash", False, _OFF_ON,
          "Flash: the ring lights the next player at random (the same player may come twice).",
          "flash"),
    _info("E2", "flash_race_card", "reverse", (None, "reverse", "skip"),
          "Flash: the card that starts a race instead of its own effect; the slowest draws 2. "
          "Off when empty.", "flash"),
    _info("E2", "flash_turn_seconds", None, (None, 4, 6, 8),
          "Flash mode turn timer in seconds; off when empty. Running out is a timer penalty.",
          "flash"),
    _info("E3", "junior_level", None, (None, 1, 2),
          "UNO Junior: its 56-card deck, 5 cards each. Level 1: number cards only, hands "
          "played open; level 2: with Draw 1, Draw 2, Skip and Wild. Off: the classic deck.",
          "junior"),
    _info("E4", "flip", False, _OFF_ON,
          "UNO Flip: 112 double-sided cards, a light and a dark side with their own colours, "
          "actions and points; a flip card turns every hand and both piles over. Off: the "
          "classic deck.", "flip"),
    _info("E5", "no_mercy", False, _OFF_ON,
          "UNO Show 'em No Mercy: its 168-card deck, stacking draw cards of equal or higher "
          "value, 0 and 7 always on, drawing until a card fits; 25 cards in hand puts a player "
          "out of the round.", "no_mercy"),
    # E6 UNO All Wild (its own block).
    _info("E6", "all_wild", False, _OFF_ON,
          "UNO All Wild: its 112-card deck, every card wild (any card on any card, no colour); "
          "skip two, targeted draw two, forced swap and the rest. Off: the classic deck.",
          "all_wild"),
    _info("E7", "dos", False, _OFF_ON,
          "DOS: another game on the same table: a centre row of piles, matches by number or "
          "by the sum of two cards, colour bonuses, \"DOS!\" at two cards. First to 200 "
          "(set the target).", "dos"),
    # Not a card rule: what the phones show (issue 19); the table decides it at setup.
    _info("S5", "show_chances", False, _OFF_ON,
          "Every phone sees each player's live win chances; off: only the host sees them.", "table"),
]}

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
#: The options that each choose an edition's deck: at most one of them is on.
EDITION_OPTIONS = ("junior_level", "flip", "no_mercy", "all_wild", "dos")

#: E7: options DOS is never played with (another edition, the classic game's own rules).
_NOT_WITH_DOS = tuple(dict.fromkeys(("junior_level", "extreme_bursts", "flash",
                                     "flash_turn_seconds", *HOUSE_RULES)))

#: Sub-options that mean nothing without their main option.
_NEEDS = {"jump_in_wild": "jump_in", "jump_in_keeps_action": "jump_in"}


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
        if sum((self.play_on, self.call_back, self.partners)) > 1:
            raise UserError(message("options_round_end"))
        if self.dos:  # E7: another game; the classic house rules and editions mean nothing there
            mixed = [name for name in _NOT_WITH_DOS if getattr(self, name) != OPTION_INFO[name].default]
            if mixed:
                raise UserError(message("dos_alone", names=", ".join(mixed)))
        for name, needs in _NEEDS.items():
            if getattr(self, name) and not getattr(self, needs):
                raise UserError(message("option_needs", name=name, rule=OPTION_INFO[name].rule,
                                        needs=needs))
        if self.all_wild:
            _check_all_wild_alone(self)
        # after each edition's own check, whose message names what it is not played with
        editions = [name for name in EDITION_OPTIONS if getattr(self, name) not in (None, False)]
        if len(editions) > 1:
            raise UserError(message("options_editions", names=", ".join(editions)))
        if self.flip:  # E4 is played by its own rules: no house rule has met its cards yet
            others = [name for name in (*HOUSE_RULES, "extreme_bursts") if name != "flip"
                      and getattr(self, name) != OPTION_INFO[name].default]
            if others:
                raise UserError(message("flip_alone", names=", ".join(others)))

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


# --- E6 UNO All Wild ---
#: The option groups All Wild is not played together with: its cards have no colour and no
#: number for a house rule or a variant to act on, and another edition is another deck.
_NOT_WITH_ALL_WILD = ("house", "variant", "extreme", "flash", "junior")


def _check_all_wild_alone(options: "RuleOptions") -> None:
    others = [name for name, info in OPTION_INFO.items() if info.group in _NOT_WITH_ALL_WILD
              and getattr(options, name) != info.default]
    if others:
        raise UserError(message("all_wild_alone", names=", ".join(others)))
# --- end of E6 ---


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
