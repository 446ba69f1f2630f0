"""Every edition's deck: how many copies of each face, E4 Flip's backs, and :data:`DECKS` by
name."""
from __future__ import annotations

from companion.engine.cards.deck import Deck
from companion.engine.cards.faces import CARD_IDS, CARD_NAMES, CARD_POINTS, DARK_FACES
from companion.engine.cards.kinds import ACTIONS, ALL_WILD_FACES, COLOURS, DARK_COLOURS, FLIP_DARK_ACTIONS


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
