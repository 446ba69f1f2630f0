"""Card and colour names as a table, a file or a person gives them: to face ids and colour
indices (a clear :class:`UserError` for anything else), and their S1 points."""
from __future__ import annotations

from companion.engine.cards.faces import CARD_IDS, CARD_POINTS
from companion.engine.cards.kinds import COLOUR_NAMES, COLOURS, DARK_COLOURS
from companion.engine.messages import message
from companion.errors import UserError


def parse_card(name: str) -> int:
    """Face id of a card name; a clear :class:`UserError` for anything else."""
    try:
        return CARD_IDS[name]
    except (KeyError, TypeError):
        pass
    text = str(name).strip().lower()
    if text in CARD_IDS:
        return CARD_IDS[text]
    hint = message("card_name_hint")
    colour = text.split("-", 1)[0]
    if "-" in text and colour not in COLOURS + DARK_COLOURS and colour not in ("wild", "dark"):
        hint = message("unknown_colour_hint", colour=repr(colour), colours=", ".join(COLOURS))
    raise UserError(message("not_a_card", name=repr(name), hint=hint))


def parse_colour(name: str) -> int:
    """Colour index (0-3) of ``red``/``yellow``/``green``/``blue`` (5-8: E4's dark
    ``pink``/``teal``/``orange``/``purple``); UserError otherwise."""
    if name in COLOURS:
        return COLOURS.index(name)
    if name in DARK_COLOURS:  # whether the side in play has it is the game's question
        return COLOUR_NAMES.index(name)
    raise UserError(message("not_a_colour", name=repr(name), colours=", ".join(COLOURS)))


def card_points(name: str) -> int:
    """S1 value of a card by name: numbers face value, actions 20, wilds 50."""
    return CARD_POINTS[parse_card(name)]


def hand_points(names: list[str]) -> int:
    """Sum of S1 values, e.g. ``hand_points(["red-8", "blue-reverse", "wild"]) == 78``."""
    return sum(card_points(name) for name in names)
