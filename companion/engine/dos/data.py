"""E7 DOS's data: the numbers and colours each face may count as, the matches (E7.3, E7.4,
E7.7), its phases and the two actions it adds.

>>> from companion.engine.cards import parse_card as card
>>> fits(card("blue-8"), [card("red-3"), card("yellow-5")]), fits(card("red-5"), [card("wild-dos")])
(True, False)
>>> colour_match(card("red-5"), [card("wild-dos"), card("red-3")])
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import actions as A
from companion.engine.cards import CARD_COLOUR, CARDS, DOS_DECK, NO_COLOUR
from companion.engine.messages import message
from companion.engine.options import RuleOptions
from companion.engine.phases import DRAWN, PLAYING, START, TURN

REFILL = "refill"  # E7.6: cards are turned up from the draw pile into the centre row
LAY = "lay"        # E7.4, E7.5: the player puts cards from the hand into the centre row
DOS_PLAYING = PLAYING | {REFILL, LAY}
TURN_PHASES = frozenset({TURN, DRAWN, REFILL, LAY})  # the current seat's turn is not over
ROW_SIZE = 2       # E7.2, E7.6: the row's least size
#: The rules of a DOS match as the sources read them: first to 200 (E7.9).
DOS_RULES = RuleOptions(dos=True, target=200)

_ANY = frozenset(range(1, 11))
#: Per face: the numbers it may count as (E7.7: a wild # any, a wild DOS 2).
NUMBERS = tuple(frozenset({c.number}) if c.kind == "number" else _ANY if c.kind == "wild-number"
                else frozenset({2}) if c.kind == "wild-dos" else frozenset() for c in CARDS)
#: Per face: the colours it may have (E7.7: a wild DOS any, chosen as it suits the player).
COLOURS_OF = tuple(frozenset(range(4)) if c.kind == "wild-dos" else frozenset()
                   if CARD_COLOUR[c.id] == NO_COLOUR else frozenset({CARD_COLOUR[c.id]}) for c in CARDS)
#: (a, b) -> the sums two DOS faces may make (E7.3's double match).
SUMS = {(a, b): frozenset(x + y for x in NUMBERS[a] for y in NUMBERS[b])
        for a in DOS_DECK.face_ids for b in DOS_DECK.face_ids}


def fits(centre: int, cards) -> bool:
    """E7.3: one card of the centre card's number, or two that add up to it (E7.7 wilds)."""
    if len(cards) == 1:
        return not NUMBERS[centre].isdisjoint(NUMBERS[cards[0]])
    return not NUMBERS[centre].isdisjoint(SUMS[cards[0], cards[1]])


def colour_match(centre: int, cards) -> bool:
    """E7.4: every card of the match has the centre card's colour (a wild DOS has any)."""
    colours = COLOURS_OF[centre]
    for card in cards:
        colours = colours & COLOURS_OF[card]
    return bool(colours)


@dataclass(frozen=True, slots=True)
class FillRow(A.Action):
    """E7.2, E7.6: turn ``count`` cards from the draw pile (the launcher) up into the row."""
    type: ClassVar[str] = "fill_row"
    count: int

    @property
    def text(self):
        return f"turn up {self.count} card(s) from the draw pile into the centre row"


@dataclass(frozen=True, slots=True)
class AskLay(A.Action):
    """E7.4, E7.5: ``seat`` puts ``count`` cards from the hand into the centre row."""
    type: ClassVar[str] = "lay_cards"
    seat: int
    count: int

    @property
    def text(self):
        return f"seat {self.seat} puts {self.count} card(s) from the hand into the centre row"


_WAITING = {TURN: message("dos_waiting_match_or_draw"), DRAWN: message("dos_waiting_match_or_end"),
            LAY: message("dos_waiting_lay"), REFILL: message("dos_waiting_refill"),
            START: message("dos_waiting_row")}
