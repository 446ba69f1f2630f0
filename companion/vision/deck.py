"""Card names as the vision code sees them: a colour (or none) and a rank.

The names, colours and points come from the rules engine (RULES.md D1, S1);
vision only splits a name into the parts it draws and recognises.
"""
from __future__ import annotations

from companion.engine.cards import ACTIONS, CLASSIC_DECK, COLOURS, EDITION_ACTIONS, WILD_KINDS, card_points

NUMBER_RANKS = tuple(str(n) for n in range(10))
ACTION_RANKS = ACTIONS
WILD_RANKS = WILD_KINDS
RANKS = NUMBER_RANKS + ACTION_RANKS + WILD_RANKS
#: Coloured symbols later editions add (E3 Junior's draw1), drawn and split like draw2.
EDITION_RANKS = EDITION_ACTIONS

__all__ = ["COLOURS", "RANKS", "WILD_RANKS", "card_names", "split", "join", "points"]


def card_names() -> tuple[str, ...]:
    """Every distinct card face of the classic deck (54), in the engine's order (the faces
    of other editions, such as E3's draw1, are not drawn or recognised yet)."""
    return CLASSIC_DECK.names


def split(name: str) -> tuple[str | None, str]:
    """``"red-5"`` -> ``("red", "5")``; ``"wild-draw4"`` -> ``(None, "wild-draw4")``."""
    if name in WILD_RANKS:
        return None, name
    colour, _, rank = name.partition("-")
    if colour not in COLOURS or rank not in NUMBER_RANKS + ACTION_RANKS + EDITION_RANKS:
        raise ValueError(f"not a card name: {name!r}")
    return colour, rank


def join(colour: str | None, rank: str) -> str:
    return rank if rank in WILD_RANKS else f"{colour}-{rank}"


def points(names) -> int:
    """Points of a hand (RULES.md S1), as the engine counts them."""
    return sum(card_points(name) for name in names)
