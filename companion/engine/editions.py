"""The editions, one line each: which deck and rules a family plays with.

An edition is chosen by the rule options it sets (classic UNO sets none; UNO Junior sets
``junior_level``, E3). Everything else (scoring, house rules, the table's mode) stays the
host's choice. The benchmark (``bench engine --edition``), the demo (``demo --edition``),
the setup page and the table all read :data:`EDITIONS`; adding an edition is one line there
(and its title in companion/engine/english/names.py). An edition whose options the table cannot
play yet (:data:`~companion.engine.options.NOT_AT_THE_TABLE`) is offered as coming later.

>>> from companion.engine.editions import EDITIONS, edition, edition_of
>>> edition("junior").rules().junior_level
2
>>> edition_of(RuleOptions(junior_level=1, uno_penalty=1)).name
'junior-level1'
>>> EDITIONS["junior-level1"].rules(RuleOptions(uno_penalty=1)).changed()
{'uno_penalty': 1, 'junior_level': 1}
>>> str(EDITIONS["classic"].title)
'classic UNO'
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.cards import Deck
from companion.engine.messages import Message, message
from companion.engine import options as _options
from companion.engine.option_info import OPTION_INFO
from companion.engine.options import RuleOptions
from companion.errors import UserError


@dataclass(frozen=True)
class Edition:
    """One edition: its ``name`` (what ``--edition``, the page and logs say), its ``rule`` id in
    docs/rules.md, the rule ``options`` it sets and its ``title`` (a keyed message)."""

    name: str
    rule: str
    options: dict = field(default_factory=dict)
    title: Message | None = None

    def settings(self) -> dict:
        """Every edition option as this edition has it: its own values, the others off."""
        return {name: self.options.get(name, OPTION_INFO[name].default) for name in EDITION_OPTIONS}

    def rules(self, base: RuleOptions = RuleOptions()) -> RuleOptions:
        """``base`` (the host's other choices) played in this edition."""
        return base.replace(**self.settings())

    @property
    def deck(self) -> Deck:
        return self.rules().deck

    @property
    def at_the_table(self) -> bool:
        """Whether a table can play it (the camera knows its cards), not only the engine."""
        return not _options.NOT_AT_THE_TABLE.intersection(self.options)


def _editions(*editions: Edition) -> dict[str, Edition]:
    return {e.name: e for e in editions}


#: name -> edition, in the order the setup page offers them.
EDITIONS: dict[str, Edition] = _editions(
    Edition("classic", "D1", {}, message("edition_classic")),
    Edition("junior-level1", "E3", {"junior_level": 1}, message("edition_junior_level1")),
    Edition("junior", "E3", {"junior_level": 2}, message("edition_junior")),
    Edition("flip", "E4", {"flip": True}, message("edition_flip")),
    Edition("no-mercy", "E5", {"no_mercy": True}, message("edition_no_mercy")),
    Edition("all-wild", "E6", {"all_wild": True}, message("edition_all_wild")),
    Edition("dos", "E7", {"dos": True}, message("edition_dos")),
)

#: The rule options that choose an edition (each one's default is classic UNO).
EDITION_OPTIONS: tuple[str, ...] = tuple(dict.fromkeys(n for e in EDITIONS.values() for n in e.options))


def edition(name: object) -> Edition:
    """The edition called ``name``; a UserError that lists the editions for any other."""
    if isinstance(name, str) and name in EDITIONS:
        return EDITIONS[name]
    raise UserError(message("edition_unknown", name=repr(name), editions=", ".join(EDITIONS)))


def edition_of(options: RuleOptions) -> Edition:
    """The edition ``options`` are played in (classic when they set no edition option)."""
    chosen = {name: getattr(options, name) for name in EDITION_OPTIONS}
    for candidate in EDITIONS.values():
        if candidate.settings() == chosen:
            return candidate
    raise UserError(message("edition_mixed", options=", ".join(
        name for name in EDITION_OPTIONS if chosen[name] != OPTION_INFO[name].default)))
