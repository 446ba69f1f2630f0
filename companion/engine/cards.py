"""Cards and decks as data.

A card *face* is one of the distinct faces of every deck the engine plays: the 54 of
the classic deck (``red-5``, ``blue-skip``, ``wild-draw4`` ...), then the faces later
editions add (E3 Junior's ``red-draw1`` ...), appended so that a classic face keeps its id. The engine works with small integer face ids
(an index into :data:`CARD_NAMES`) because they are cheap to copy and compare;
names appear only at the edges (logs, labels, web, CLI).

>>> from companion.engine.cards import parse_card, card_points, CARDS
>>> card = CARDS[parse_card("green-reverse")]
>>> card.colour, card.kind, card.points
('green', 'reverse', 20)
>>> card_points("wild")
50

A deck is data too (:class:`Deck`): how many copies of each face, the hand size and
which faces fit on which (``fits``). Another edition is a new :class:`Deck` plus rules,
not a rewrite:

>>> from companion.engine.cards import DECKS
>>> DECKS["junior"].size, DECKS["junior"].hand_size, DECKS["junior-level1"].size
(56, 5, 40)
>>> card_points("blue-draw1")
20
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.messages import message
from companion.errors import UserError

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
#: Face kinds in id order within a colour; ``wild`` and ``wild-draw4`` have no colour.
ACTIONS: tuple[str, ...] = ("skip", "reverse", "draw2")
WILD_KINDS: tuple[str, ...] = ("wild", "wild-draw4")
#: Coloured faces of later editions, appended after the classic faces (E3 Junior: draw1).
EDITION_ACTIONS: tuple[str, ...] = ("draw1",)
# ----- E4 UNO Flip: the dark side's colours and the faces both sides add (own block) -----
#: The dark side's colours; their indices follow NO_COLOUR (5-8), so no light id moves.
DARK_COLOURS: tuple[str, ...] = ("pink", "teal", "orange", "purple")
#: The dark side's coloured actions (the light side adds a flip per colour and wild-draw2;
#: the dark side's wilds are ``dark-wild`` and ``wild-draw-colour``).
FLIP_DARK_ACTIONS: tuple[str, ...] = ("draw5", "reverse", "skip-everyone", "flip")
# ----- end of E4's block -----
# --- E5 UNO Show 'em No Mercy: its faces, appended after E4's (coloured, then wild) ---------
NO_MERCY_ACTIONS: tuple[str, ...] = ("draw4", "skip-everyone", "discard-all")
NO_MERCY_WILDS: tuple[str, ...] = ("wild-reverse-draw4", "wild-draw6", "wild-draw10",
                                   "wild-colour-roulette")
# --- end E5 ---------------------------------------------------------------------------------
# --- E6 UNO All Wild: its faces (no colour, no number), appended after the faces above ---
#: Each face's name and S1 value (E6.6: a plain wild 20, every other card 50). Its kind is its
#: name; its rank is WILD (it fits on anything, E6.3); house/all_wild.py gives it its action.
ALL_WILD_FACES: tuple[tuple[str, int], ...] = (
    ("all-wild", 20), ("all-wild-reverse", 50), ("all-wild-skip", 50), ("all-wild-skip2", 50),
    ("all-wild-draw2", 50), ("all-wild-draw4", 50), ("all-wild-target-draw2", 50),
    ("all-wild-swap", 50))
# --- end of E6 ---

# Rank numbers used by the engine's fast paths (numbers are their face value).
SKIP, REVERSE, DRAW2, WILD, WILD_DRAW4, DRAW1 = 10, 11, 12, 13, 14, 15
# E5 No Mercy's ranks (coloured draw4, skip everyone, discard all, then its four wilds).
DRAW4, SKIP_ALL, DISCARD_ALL, WILD_REVERSE_DRAW4, WILD_DRAW6, WILD_DRAW10, ROULETTE = range(16, 23)
# E4 Flip's ranks (a dark reverse is a REVERSE, a dark-wild a WILD; its skip everyone is E5's).
FLIP, DRAW5, WILD_DRAW2, WILD_DRAW_COLOUR = range(23, 27)
SKIP_EVERYONE = SKIP_ALL
RANKS = 27     # ranks per colour in a deck's ``fits`` table
NO_COLOUR = 4  # colour index of wild faces
#: Every colour by index: the four light ones, None for wilds, then E4's dark ones.
COLOUR_NAMES: tuple[str | None, ...] = (*COLOURS, None, *DARK_COLOURS)
#: Cards the next player draws for a draw card (T4, E3, E4, E5), by rank.
DRAW_COUNTS: dict[int, int] = {DRAW1: 1, DRAW2: 2, WILD_DRAW4: 4, DRAW5: 5, WILD_DRAW2: 2,
                               DRAW4: 4, WILD_REVERSE_DRAW4: 4, WILD_DRAW6: 6, WILD_DRAW10: 10}
#: Wild draw cards that may be played only without a card of the active colour (T2, E4).
COLOUR_HELD_RANKS = frozenset({WILD_DRAW4, WILD_DRAW2, WILD_DRAW_COLOUR})
#: The rank of each face kind (numbers are their face value).
KIND_RANKS: dict[str, int] = {
    "skip": SKIP, "reverse": REVERSE, "draw2": DRAW2, "wild": WILD, "wild-draw4": WILD_DRAW4,
    "draw1": DRAW1, "draw4": DRAW4, "skip-everyone": SKIP_ALL, "discard-all": DISCARD_ALL,
    "wild-reverse-draw4": WILD_REVERSE_DRAW4, "wild-draw6": WILD_DRAW6,
    "wild-draw10": WILD_DRAW10, "wild-colour-roulette": ROULETTE,
    "flip": FLIP, "draw5": DRAW5, "wild-draw2": WILD_DRAW2, "wild-draw-colour": WILD_DRAW_COLOUR}


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


@dataclass(frozen=True)
class Deck:
    """An edition's deck: copies per face name. ``cards()`` lists face ids (unshuffled);
    ``fits`` is its table of faces that fit (T1), over this deck's faces only."""

    name: str
    counts: dict[str, int]
    hand_size: int = 7  # D2
    #: E4 Flip: each face's other side, both ways (the deck is counted by its light faces).
    other_side: dict = field(default_factory=dict, repr=False)
    #: S1 values by face id (E4 Flip counts its own); the classic values when empty.
    points: tuple = field(default=(), repr=False, compare=False)
    fits: tuple = field(default=(), repr=False, compare=False)           # from counts
    face_set: frozenset = field(default=frozenset(), repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "face_set", frozenset(self.face_ids))
        object.__setattr__(self, "fits", fits_table(self.face_ids))
        if not self.points:
            object.__setattr__(self, "points", CARD_POINTS)

    def cards(self) -> list[int]:
        return list(self._faces)

    @property
    def face_ids(self) -> tuple[int, ...]:
        """The distinct faces of this deck, in id order."""
        return tuple(sorted({CARD_IDS[name] for name, count in self.counts.items() if count}
                            | {CARD_IDS[name] for name in self.other_side}))

    @property
    def names(self) -> tuple[str, ...]:
        """The distinct face names of this deck, in id order."""
        return tuple(CARD_NAMES[c] for c in self.face_ids)

    @property
    def has_numbers(self) -> bool:
        """Does this deck hold number cards (to choose the dealer by, D3)? E6's has none."""
        return any(CARD_RANK[c] <= 9 for c in self.face_set)

    def holds(self, card: int) -> bool:
        """Is face ``card`` in this deck?"""
        return card in self.face_set

    def parse(self, name: str) -> int:
        """Face id of a card name of this deck; a :class:`UserError` for any other name
        (a ``red-0`` at a Junior table is a misread, not a play)."""
        card = parse_card(name)
        if not self.holds(card):
            raise UserError(message("not_in_deck", name=CARD_NAMES[card], deck=self.name))
        return card

    @property
    def _faces(self) -> tuple[int, ...]:
        # Cached on first use: a fresh deck per simulated game must be cheap.
        faces = self.__dict__.get("_face_cache")
        if faces is None:
            faces = tuple(CARD_IDS[name] for name, count in self.counts.items() for _ in range(count))
            object.__setattr__(self, "_face_cache", faces)
        return faces

    @property
    def size(self) -> int:
        return len(self._faces)


def _classic_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for colour in COLOURS:
        counts[f"{colour}-0"] = 1
        for face in [*map(str, range(1, 10)), *ACTIONS]:
            counts[f"{colour}-{face}"] = 2
    counts["wild"] = 4
    counts["wild-draw4"] = 4
    return counts


def _junior_counts(actions: bool) -> dict[str, int]:
    counts: dict[str, int] = {}
    for colour in COLOURS:
        counts[f"{colour}-1"] = 2
        for number in range(2, 10):
            counts[f"{colour}-{number}"] = 1
        if actions:
            for action in ("draw1", "draw2", "skip"):
                counts[f"{colour}-{action}"] = 1
    if actions:
        counts["wild"] = 4
    return counts


def _flip_pairs() -> dict[str, str]:
    """E4.1: which dark face is printed on the back of which light face. No source gives
    the printed pairing, so this is a fixed seeded one between faces of equal count (every
    light face type has one dark face type behind all its copies: see docs/engine.md)."""
    import random
    light = [f"{c}-{face}" for c in COLOURS
             for face in (*map(str, range(1, 10)), "draw1", "reverse", "skip", "flip")]
    dark = [f"{c}-{face}" for c in DARK_COLOURS
            for face in (*map(str, range(1, 10)), *FLIP_DARK_ACTIONS)]
    random.Random("uno-flip-pairs").shuffle(dark)
    pairs = dict(zip(light, dark))
    pairs.update({"wild": "dark-wild", "wild-draw2": "wild-draw-colour"})
    return pairs


def _flip_deck() -> Deck:
    """E4.1: 112 cards counted by their light faces (18 per number colour, two of each
    coloured action, four of each wild), each with its dark face, and E4.6's points."""
    pairs = _flip_pairs()
    counts = {light: 4 if light.startswith("wild") else 2 for light in pairs}
    other = {**pairs, **{dark: light for light, dark in pairs.items()}}
    points = list(CARD_POINTS)
    for name, value in (("wild", 40), *((f"{c}-draw1", 10) for c in COLOURS)):
        points[CARD_IDS[name]] = value  # the sheet's values where they differ from S1's
    return Deck("flip", counts, other_side=other, points=tuple(points))


#: D1: per colour one 0, two each of 1-9, skip, reverse, draw2; 4 wild, 4 wild-draw4.
CLASSIC_DECK = Deck("classic", _classic_counts())
#: E3 UNO Junior, level 2: per colour 1-9 with the 1 twice, one draw1, draw2, skip; 4 wild.
JUNIOR_DECK = Deck("junior", _junior_counts(actions=True), hand_size=5)
#: E3 level 1: the same deck with its action cards sorted out (40 number cards).
JUNIOR_LEVEL1_DECK = Deck("junior-level1", _junior_counts(actions=False), hand_size=5)


#: E4 UNO Flip: 112 double-sided cards (light faces counted, ``other_side`` the backs).
FLIP_DECK = _flip_deck()
#: E4: the faces printed on the dark side (its four colours and its two wilds).
DARK_FACES = frozenset(c for c, name in enumerate(CARD_NAMES)
                       if CARD_COLOUR[c] > NO_COLOUR or name in ("dark-wild", "wild-draw-colour"))


def on_side(deck: Deck, cards, dark: bool) -> list[int]:
    """E4: ``cards`` (faces of either side of ``deck``) as the faces of the dark side (``dark``)
    or the light one: what a player holding them sees after the flips so far."""
    if not deck.other_side:
        return list(cards)
    return [c if (c in DARK_FACES) == dark else CARD_IDS[deck.other_side[CARD_NAMES[c]]] for c in cards]


def _no_mercy_counts() -> dict[str, int]:
    """E5.1: 168 cards. The counts by kind read (docs/editions.md) add up to 164; the draw2
    taken as 3 per colour makes the 168 every source gives (to check on a real box)."""
    counts: dict[str, int] = {}
    for colour in COLOURS:
        for number in range(10):
            counts[f"{colour}-{number}"] = 2
        for action, copies in (("skip", 3), ("reverse", 3), ("draw2", 3), ("draw4", 2),
                               ("skip-everyone", 2), ("discard-all", 3)):
            counts[f"{colour}-{action}"] = copies
    counts.update({"wild-reverse-draw4": 8, "wild-draw6": 4, "wild-draw10": 4,
                   "wild-colour-roulette": 8})
    return counts


#: E5 UNO Show 'em No Mercy: 168 cards, 7 each (E5.1, E5.2).
NO_MERCY_DECK = Deck("no-mercy", _no_mercy_counts())


# --- E6 UNO All Wild ---
#: E6.1: 112 cards, every one wild. The count of each kind was not found in any source we
#: reached; our reading (docs/editions.md): 28 plain wilds and 12 of each of the seven others.
ALL_WILD_DECK = Deck("all-wild", {name: 28 if name == "all-wild" else 12
                                  for name, _points in ALL_WILD_FACES})
# --- end of E6 ---


def _dos_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for colour in COLOURS:
        for number in (1, 3, 4, 5, 6, 7, 8, 9, 10):
            counts[f"{colour}-{number}"] = 3 if number <= 5 else 2
        counts[f"{colour}-wild-number"] = 2
    counts["wild-dos"] = 12
    return counts


#: E7 DOS (first edition): per colour three each of 1, 3, 4, 5, two each of 6-10, two wild #;
#: 12 wild DOS (108 cards, 7 each). Its rules are another game (companion.engine.dos).
DOS_DECK = Deck("dos", _dos_counts())
DECKS: dict[str, Deck] = {deck.name: deck for deck in (CLASSIC_DECK, JUNIOR_DECK, JUNIOR_LEVEL1_DECK,
                                                       FLIP_DECK, NO_MERCY_DECK, ALL_WILD_DECK, DOS_DECK)}
#: The classic table (kept by name for the fast path of official rounds).
FITS: tuple[frozenset, ...] = CLASSIC_DECK.fits
