"""E7 DOS's own faces, drawn with the project's glyphs like the classic ones (render.py).

DOS shares the classic numbers 1 and 3-9; it adds three symbols: the **10** (both digits,
a little smaller so they fit the oval), the **wild #** (a coloured card with a "#" in the
middle and in its corners: any number of its colour) and the **wild DOS** (a black card
with a large "2" striped in the four colours in a white oval (white on the current design),
a white "2" in its corners:
a 2 of any colour). No photo of a real DOS card is used.

>>> from companion.vision.render import draw_card
>>> [draw_card(name).shape for name in ("blue-10", "red-wild-number", "wild-dos")]
[(310, 200, 3), (310, 200, 3), (310, 200, 3)]
"""
from __future__ import annotations

import numpy as np

from companion.vision import glyphs

#: The ranks these drawings add (render.DRAWN_RANKS takes them in).
RANKS = ("10", "wild-number", "wild-dos")
#: Their corner index text (render.INDEX_TEXT takes them in).
INDEX_TEXT = {"wild-number": "#", "wild-dos": "2"}
TEN_SIZE = 0.78          # the 10's digits, as a share of a single numeral's height
HASH_SIZE = 0.9
# "#" in the glyphs' unit box: two upright strokes (the pen slants them) and two bars
glyphs.DIGITS.setdefault("#", [[(0.2, 0.12), (0.2, 0.88)], [(0.42, 0.12), (0.42, 0.88)],
                               [(0.02, 0.37), (0.6, 0.37)], [(0.0, 0.65), (0.58, 0.65)]])
STRIPES = ("red", "yellow", "green", "blue")   # the wild DOS's 2, top to bottom


def draw_glyph(layer: np.ndarray, rank: str, centre, style) -> None:
    """The middle glyph of a DOS face of ``rank`` (one of :data:`RANKS`) into ``layer`` (a mask),
    in ``style``'s numeral size, slant and weight (render.py inks it like a classic numeral)."""
    if rank == "10":
        glyphs.draw_text(layer, "10", centre, style.numeral * TEN_SIZE, style.slant, style.weight)
    elif rank == "wild-number":
        glyphs.draw_text(layer, "#", centre, style.numeral * HASH_SIZE, style.slant, style.weight * 0.8)
    else:                                   # wild-dos: the 2
        glyphs.draw_text(layer, "2", centre, style.numeral, style.slant, style.weight)


def stripes(layer: np.ndarray):
    """The wild DOS's 2 cut in four bands, top to bottom: (colour name, mask) pairs."""
    ys = np.nonzero(layer.any(axis=1))[0]
    top, height = int(ys.min()), int(ys.max() - ys.min() + 1)
    for i, name in enumerate(STRIPES):
        band = np.zeros_like(layer)
        y0, y1 = top + height * i // 4, top + height * (i + 1) // 4
        band[y0:y1] = layer[y0:y1]
        yield name, band
