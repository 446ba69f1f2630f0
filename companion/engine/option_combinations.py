"""Which rule options may be played together: the checks ``RuleOptions`` makes once every
value alone is allowed (one round-end rule, one edition, the editions played alone, a
sub-option only with its main option)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.house import HOUSE_RULES
from companion.engine.messages import message
from companion.engine.option_info import OPTION_INFO
from companion.errors import UserError

if TYPE_CHECKING:
    from companion.engine.options import RuleOptions

#: The options that each choose an edition's deck: at most one of them is on.
EDITION_OPTIONS = ("junior_level", "flip", "no_mercy", "all_wild", "dos")

#: E7: options DOS is never played with (another edition, the classic game's own rules).
_NOT_WITH_DOS = tuple(dict.fromkeys(("junior_level", "extreme_bursts", "flash",
                                     "flash_turn_seconds", *HOUSE_RULES)))

#: Sub-options that mean nothing without their main option.
_NEEDS = {"jump_in_wild": "jump_in", "jump_in_keeps_action": "jump_in"}


# --- E6 UNO All Wild ---
#: The option groups All Wild is not played together with: its cards have no colour and no
#: number for a house rule or a variant to act on, and another edition is another deck.
_NOT_WITH_ALL_WILD = ("house", "variant", "extreme", "flash", "junior")
# --- end of E6 ---


def check_combination(options: RuleOptions) -> None:
    """A :class:`UserError` naming the options that are not played together."""
    if sum((options.play_on, options.call_back, options.partners)) > 1:
        raise UserError(message("options_round_end"))
    if options.dos:  # E7: another game; the classic house rules and editions mean nothing there
        mixed = [name for name in _NOT_WITH_DOS if getattr(options, name) != OPTION_INFO[name].default]
        if mixed:
            raise UserError(message("dos_alone", names=", ".join(mixed)))
    for name, needs in _NEEDS.items():
        if getattr(options, name) and not getattr(options, needs):
            raise UserError(message("option_needs", name=name, rule=OPTION_INFO[name].rule,
                                    needs=needs))
    if options.all_wild:
        _check_all_wild_alone(options)
    # after each edition's own check, whose message names what it is not played with
    editions = [name for name in EDITION_OPTIONS if getattr(options, name) not in (None, False)]
    if len(editions) > 1:
        raise UserError(message("options_editions", names=", ".join(editions)))
    if options.flip:  # E4 is played by its own rules: no house rule has met its cards yet
        others = [name for name in (*HOUSE_RULES, "extreme_bursts") if name != "flip"
                  and getattr(options, name) != OPTION_INFO[name].default]
        if others:
            raise UserError(message("flip_alone", names=", ".join(others)))


def _check_all_wild_alone(options: RuleOptions) -> None:  # E6
    others = [name for name, info in OPTION_INFO.items() if info.group in _NOT_WITH_ALL_WILD
              and getattr(options, name) != info.default]
    if others:
        raise UserError(message("all_wild_alone", names=", ".join(others)))
