"""Card names as the vision code sees them: a colour (or none) and a rank (the symbol).

The names, colours and points come from the rules engine (RULES.md D1, S1; the faces of
the editions, docs/editions.md); vision only splits a name into the parts it draws and
recognises. A face is colour + rank, so an edition's new faces need no code here: a new
rank is a new symbol (drawn in :mod:`companion.vision.render`, taught from photos), a new
colour a new ink. Which faces may be named is the deck in play (an engine ``Deck``, the
classic one by default): a red-0 at a Junior table is not a candidate.

>>> from companion.engine.cards import DECKS
>>> split("blue-draw1"), split("wild")
(('blue', 'draw1'), (None, 'wild'))
>>> ranks(DECKS["junior"])[:2], "0" in ranks(DECKS["junior"]), len(card_names(DECKS["junior"]))
(('1', '2'), False, 49)
"""
from __future__ import annotations

from companion.engine.cards import ACTIONS, CARDS, CLASSIC_DECK, COLOURS, EDITION_ACTIONS, WILD_KINDS
from companion.engine.cards import Deck, card_points

NUMBER_RANKS = tuple(str(n) for n in range(10))
ACTION_RANKS = ACTIONS
#: Coloured symbols later editions add (E3 Junior's draw1), split and drawn like draw2.
EDITION_RANKS = EDITION_ACTIONS

# Every face the engine knows, as (colour, rank): a number's rank is its digit, an action's
# or wild's its kind. New faces appended to the engine's table are read from it here.
# A face without a colour is its own rank (its name), so two editions' wilds of one kind (the
# classic wild, E4's dark-wild) stay two faces.
_PARTS: dict[str, tuple[str | None, str]] = {
    card.name: (card.colour, card.name if card.colour is None
                else str(card.number) if card.kind == "number" else card.kind) for card in CARDS}
_NAMES: dict[tuple[str | None, str], str] = {parts: name for name, parts in _PARTS.items()}

#: Ranks of the faces without a colour (on a black field): classic ``wild``, ``wild-draw4``
#: first, then those later editions add.
WILD_RANKS = tuple(dict.fromkeys([*WILD_KINDS, *(r for c, r in _PARTS.values() if c is None)]))
#: Every rank of every face the engine knows (a profile file may hold any of them).
RANKS = tuple(dict.fromkeys(rank for _, rank in _PARTS.values()))
#: Every colour of every face the engine knows (the classic four first).
ALL_COLOURS = tuple(dict.fromkeys([*COLOURS, *(c for c, _ in _PARTS.values() if c)]))

__all__ = ["COLOURS", "RANKS", "WILD_RANKS", "card_names", "ranks", "colours", "split", "join", "points",
           "side"]


def card_names(deck: Deck | None = None) -> tuple[str, ...]:
    """Every distinct face of ``deck`` (the classic deck's 54 by default), in the engine's order."""
    return (deck or CLASSIC_DECK).names


def ranks(deck: Deck | None = None) -> tuple[str, ...]:
    """The ranks (symbols) of ``deck``'s faces, in the engine's order."""
    return tuple(dict.fromkeys(_PARTS[name][1] for name in card_names(deck)))


def colours(deck: Deck | None = None) -> tuple[str, ...]:
    """The colours of ``deck``'s coloured faces, in the engine's order."""
    return tuple(dict.fromkeys(c for c, _ in map(_PARTS.get, card_names(deck)) if c))


def split(name: str) -> tuple[str | None, str]:
    """``"red-5"`` -> ``("red", "5")``; ``"wild-draw4"`` -> ``(None, "wild-draw4")``."""
    try:
        return _PARTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"not a card name: {name!r}") from None


def join(colour: str | None, rank: str) -> str:
    """The face of that colour and rank (a wild rank has none); ValueError when no face is."""
    name = _NAMES.get((None if rank in WILD_RANKS else colour, rank))
    if name is None:
        raise ValueError(f"no card is a {colour} {rank}")
    return name


def points(names) -> int:
    """Points of a hand (RULES.md S1), as the engine counts them."""
    return sum(card_points(name) for name in names)


def side(name: str | None, deck: Deck | None = None) -> str | None:
    """E4 UNO Flip: the side face ``name`` is printed on ("light" or "dark"), the side that is
    up when it lies on top; None for a deck of one-sided cards (or no card).

    >>> from companion.engine.cards import FLIP_DECK
    >>> side("pink-5", FLIP_DECK), side("wild-draw2", FLIP_DECK), side("red-5")
    ('dark', 'light', None)
    """
    if name is None or not (deck or CLASSIC_DECK).other_side:
        return None
    from companion.engine.cards import CARD_IDS, DARK_FACES
    return "dark" if CARD_IDS[name] in DARK_FACES else "light"
