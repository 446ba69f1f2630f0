"""The colours, face kinds and ranks of every edition: the numbers the face tables are built
from. Each edition's kinds are appended after the earlier ones, so no face id moves."""
from __future__ import annotations

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
