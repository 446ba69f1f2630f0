"""Every card face (:class:`Card`) in id order, and the flat tables the engine's hot loops
read by face id (colour, rank, points; the faces of a colour; the faces that fit)."""
from __future__ import annotations

from dataclasses import dataclass

from companion.engine.cards.kinds import (ACTIONS, ALL_WILD_FACES, COLOUR_NAMES, COLOURS, DARK_COLOURS,
                                          EDITION_ACTIONS, FLIP_DARK_ACTIONS, KIND_RANKS, NO_COLOUR,
                                          NO_MERCY_ACTIONS, NO_MERCY_WILDS, RANKS, WILD, WILD_KINDS)


@dataclass(frozen=True, slots=True)
class Card:
    """One card face: ``id`` indexes :data:`CARD_NAMES`."""

    id: int
    name: str
    colour: str | None  # None for wild faces
    kind: str           # "number", "skip", "reverse", "draw2", "wild", "wild-draw4", "draw1", E4's
    number: int | None  # 0-9 for number cards
    points: int         # S1 value

    @property
    def is_wild(self) -> bool:
        return self.colour is None


def _build_faces() -> tuple[Card, ...]:
    faces: list[Card] = []
    for colour in COLOURS:
        for number in range(10):
            faces.append(Card(len(faces), f"{colour}-{number}", colour, "number", number, number))
        for action in ACTIONS:
            faces.append(Card(len(faces), f"{colour}-{action}", colour, action, None, 20))
    for kind in WILD_KINDS:
        faces.append(Card(len(faces), kind, None, kind, None, 50))
    for action in EDITION_ACTIONS:  # after the classic 54: their ids, tables and logs stay
        for colour in COLOURS:
            faces.append(Card(len(faces), f"{colour}-{action}", colour, action, None, 20))
    faces.extend(_flip_faces(len(faces)))  # E4
    # E5 No Mercy (S1 values: no source gives them; read as classic's, docs/editions.md E5.9)
    for action in NO_MERCY_ACTIONS:
        for colour in COLOURS:
            faces.append(Card(len(faces), f"{colour}-{action}", colour, action, None, 20))
    for kind in NO_MERCY_WILDS:
        faces.append(Card(len(faces), kind, None, kind, None, 50))
    for name, points in ALL_WILD_FACES:  # E6
        faces.append(Card(len(faces), name, None, name, None, points))
    # --- E7 DOS (first edition): the 10s, the wild # per colour (any number of its colour,
    # 40 points) and the wild DOS (a 2 of any colour, 20 points). Its other numbers are the
    # classic faces. The classic rules give these faces no rank (NO_RANK).
    for colour in COLOURS:
        faces.append(Card(len(faces), f"{colour}-10", colour, "number", 10, 10))
    for colour in COLOURS:
        faces.append(Card(len(faces), f"{colour}-wild-number", colour, "wild-number", None, 40))
    faces.append(Card(len(faces), "wild-dos", None, "wild-dos", 2, 20))
    # --- end of E7 DOS
    return tuple(faces)


def _flip_faces(first: int) -> list[Card]:
    """E4 Flip's faces, after every earlier one, with the points of its sheet (E4.6)."""
    faces: list[Card] = []

    def add(name, colour, kind, number, points):
        faces.append(Card(first + len(faces), name, colour, kind, number, points))
    for colour in COLOURS:
        add(f"{colour}-flip", colour, "flip", None, 20)
    add("wild-draw2", None, "wild-draw2", None, 50)
    for colour in DARK_COLOURS:
        for number in range(1, 10):
            add(f"{colour}-{number}", colour, "number", number, number)
        for action, points in zip(FLIP_DARK_ACTIONS, (20, 20, 30, 20)):
            add(f"{colour}-{action}", colour, action, None, points)
    add("dark-wild", None, "wild", None, 40)
    add("wild-draw-colour", None, "wild-draw-colour", None, 60)
    return faces


#: Every distinct face, in id order (13 per colour, then wild, wild-draw4; then the faces
#: of later editions: red-, yellow-, green-, blue-draw1).
CARDS: tuple[Card, ...] = _build_faces()
#: Every face name exactly as RULES.md spells them (the classic deck's are the first 54).
CARD_NAMES: tuple[str, ...] = tuple(card.name for card in CARDS)
CARD_IDS: dict[str, int] = {name: index for index, name in enumerate(CARD_NAMES)}

# Flat tables for the engine's hot loops (index = face id).
CARD_COLOUR: tuple[int, ...] = tuple(COLOUR_NAMES.index(c.colour) for c in CARDS)
NO_RANK = -1  # E7 DOS: a face the classic rules never play (a 10, a wild #, the wild DOS)
CARD_RANK: tuple[int, ...] = tuple(
    NO_RANK if c.kind in ("wild-number", "wild-dos") or c.number == 10 else
    c.number if c.kind == "number" else KIND_RANKS.get(c.kind, WILD)  # E6's faces are wilds
    for c in CARDS)
CARD_POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
WILD_ID = CARD_IDS["wild"]
WILD_DRAW4_ID = CARD_IDS["wild-draw4"]


def fits_table(faces) -> tuple[frozenset, ...]:
    """``table[colour * RANKS + rank]``: the ``faces`` that may be played on a top card of
    that rank when that colour is active (T1). Wild faces always fit (T2 is checked apart).
    ``Game.fitting`` holds the entry for the top card and colour now (set where they change)."""
    return tuple(
        frozenset(c for c in faces
                  if CARD_COLOUR[c] == colour or CARD_RANK[c] == rank or CARD_COLOUR[c] == NO_COLOUR)
        for colour in range(len(COLOUR_NAMES)) for rank in range(RANKS))


WILD_DRAW4_ONLY = frozenset({WILD_DRAW4_ID})
# OF_COLOUR[colour]: the faces of that colour (wilds belong to none, T2).
OF_COLOUR: tuple[frozenset, ...] = tuple(
    frozenset(c for c in range(len(CARDS)) if CARD_COLOUR[c] == colour)
    for colour in range(len(COLOUR_NAMES)))

#: E4: the faces printed on the dark side (its four colours and its two wilds).
DARK_FACES = frozenset(c for c, name in enumerate(CARD_NAMES)
                       if CARD_COLOUR[c] > NO_COLOUR or name in ("dark-wild", "wild-draw-colour"))
