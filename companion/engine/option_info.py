"""What each rule option is: its rule id, default, allowed values, one line of plain English
and its group, as :data:`OPTION_INFO` (one :class:`OptionInfo` per field of ``RuleOptions``).
A setup page renders it; ``RuleOptions`` checks every value against it.

>>> from companion.engine.option_info import OPTION_INFO
>>> OPTION_INFO["uno_penalty"].rule, OPTION_INFO["uno_penalty"].default, OPTION_INFO["uno_penalty"].allowed
('T5', 2, (1, 2))
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass


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
