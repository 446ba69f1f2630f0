"""The project's own card drawings, made from hand-written vector glyphs (glyphs.py).

Two designs: ``classic`` (a large white oval tilted to the right, the numeral in the card's
colour with a black outline and shadow) and ``current`` (no oval, a big white numeral with a
black shadow). Proportions follow the printed card (56 x 87 mm): the numeral is a third of
the card's height, the corner index a thirteenth. They feed the built-in default profile and
the synthetic table scenes; no photo of a real card is used anywhere.

``style`` (0-2) varies the print a little (pen weight, slant, oval size), as decks differ.

>>> image = draw_card("red-5", design="classic")
>>> image.shape
(310, 200, 3)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.cards import CARD_NAMES
from companion.vision import glyphs
from companion.vision.deck import NUMBER_RANKS, split

CARD_W, CARD_H = 200, 310          # a real card is 56 x 87 mm
BORDER = 13                        # white margin round the printed field
CORNER_RADIUS = 14
FIELD_RADIUS = 10
DESIGNS = ("classic", "current")
# BGR, close to printed UNO colours under daylight.
PAINT = {"red": (38, 28, 214), "yellow": (10, 205, 250), "green": (70, 160, 55),
         "blue": (215, 150, 25), None: (25, 25, 25)}
WHITE, BLACK = (250, 250, 250), (20, 20, 20)
# Other print runs, as decks differ (only what differs from PAINT and the style): a green
# close to yellow (hue 75 degrees, after white balance), a glossy black field that reads at
# 45% of the border's brightness, an oval so large it meets the border near two corners and
# splits the field in two (an older classic print).
PRINT_RUNS = {"standard": {}, "yellowish-green": {"green": (40, 190, 150)},
              "glossy-black": {None: (112, 112, 112)}, "wide-oval": {"oval": (68, 172)}}
CENTRE = (CARD_W / 2, CARD_H / 2)
INDEX_AT = (BORDER + 19, BORDER + 24)      # middle of the top-left corner index
# the four-colour oval of a wild card, quarter by quarter from the top-left, clockwise
QUARTERS = ("red", "yellow", "green", "blue")

# The symbols, as data: an edition's new rank is a row here (and a glyph in glyphs.py if it
# needs one), not a new branch. The corner index of a draw card is its "+N" text; its middle
# small slanted cards, (centre offsets back to front, (width, height)), in the card's colour.
INDEX_TEXT = {"draw1": "+1", "draw2": "+2", "wild-draw4": "+4"}
DRAW_CARDS = {"draw2": (((20, -24), (-20, 24)), (44, 70)),
              "draw1": (((0, 0),), (50, 78))}              # E3 Junior: one card, upright
#: Every rank these drawings can show (a face of another rank is not drawn yet).
DRAWN_RANKS = (*NUMBER_RANKS, "skip", "reverse", "wild", "wild-draw4", *DRAW_CARDS)
#: An edition's ranks drawn in its own module (rank -> a Face: its corner index and middle).
EDITION_FACES: dict = {}


@dataclass(frozen=True)
class Style:
    """Small differences between printings of the deck."""
    weight: float = glyphs.WEIGHT
    slant: float = glyphs.SLANT
    oval: tuple = (60, 140)       # half-axes of the white oval
    tilt: float = 32.0            # degrees the oval's long axis leans right of vertical
    numeral: float = 100.0        # numeral height, px


STYLES = (Style(), Style(weight=0.16, slant=0.12, oval=(56, 136), tilt=29.0, numeral=94.0),
          Style(weight=0.21, slant=0.2, oval=(64, 144), tilt=35.0, numeral=106.0))
FONTS = STYLES          # the name earlier code used for the variants


@functools.lru_cache(maxsize=1)
def card_mask() -> np.ndarray:
    """255 inside the card's rounded outline, 0 outside (CARD_H x CARD_W)."""
    return _rounded((0, 0, CARD_W - 1, CARD_H - 1), CORNER_RADIUS)


def _rounded(box, r: int) -> np.ndarray:
    x0, y0, x1, y1 = box
    mask = np.zeros((CARD_H, CARD_W), np.uint8)
    cv2.rectangle(mask, (x0 + r, y0), (x1 - r, y1), 255, -1)
    cv2.rectangle(mask, (x0, y0 + r), (x1, y1 - r), 255, -1)
    for x in (x0 + r, x1 - r):
        for y in (y0 + r, y1 - r):
            cv2.circle(mask, (x, y), r, 255, -1, cv2.LINE_AA)
    return mask


def _blank() -> np.ndarray:
    return np.zeros((CARD_H, CARD_W), np.uint8)


def _paint(image: np.ndarray, mask: np.ndarray, colour) -> None:
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return
    region = image[y:y + h, x:x + w]
    alpha = (mask[y:y + h, x:x + w].astype(np.float32) / 255.0)[..., None]
    region[:] = (region * (1 - alpha) + np.float32(colour) * alpha).astype(np.uint8)


def _moved(mask: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return cv2.warpAffine(mask, np.float32([[1, 0, dx], [0, 1, dy]]), (CARD_W, CARD_H))


def _grown(mask: np.ndarray, px: int) -> np.ndarray:
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * px + 1, 2 * px + 1))
    return cv2.dilate(mask, kernel)


def _inked(image, glyph, fill, outline: int, shadow=(-4.0, 4.0)) -> None:
    """Paint ``glyph`` in ``fill`` with a black outline and a black drop shadow."""
    edge = _grown(glyph, outline)
    _paint(image, np.maximum(edge, _moved(edge, *shadow)), BLACK)
    _paint(image, glyph, fill)


def _both_corners(layer: np.ndarray) -> np.ndarray:
    """A top-left corner drawing and the same turned into the bottom-right corner."""
    return np.maximum(layer, layer[::-1, ::-1])


def _index_layer(rank: str, style: Style) -> np.ndarray:
    """The small corner index (top-left and, turned, bottom-right)."""
    layer = _blank()
    if rank in EDITION_FACES:
        EDITION_FACES[rank].index(layer, style)
    elif rank == "skip":
        glyphs.draw_skip(layer, INDEX_AT, 10.5, 30)
    elif rank == "reverse":
        glyphs.draw_reverse(layer, INDEX_AT, 18)
    elif rank != "wild":
        text = INDEX_TEXT.get(rank, rank)
        height = 24 if len(text) == 1 else 22
        at = INDEX_AT if len(text) == 1 else (INDEX_AT[0] + 6, INDEX_AT[1])
        glyphs.draw_text(layer, text, at, height, style.slant, 0.19)
    return _both_corners(layer)


def _wild_corners(image: np.ndarray, paint) -> None:
    """The wild card's index: a small four-colour oval in two corners."""
    for centre, turn in ((INDEX_AT, 0), ((CARD_W - INDEX_AT[0], CARD_H - INDEX_AT[1]), 180)):
        c = (round(centre[0]), round(centre[1]))
        cv2.ellipse(image, c, (10, 14), 30, 0, 360, WHITE, -1, cv2.LINE_AA)
        for i, quarter in enumerate(QUARTERS):
            cv2.ellipse(image, c, (8, 12), 30, 180 + i * 90 + turn, 270 + i * 90 + turn,
                        paint[quarter], -1, cv2.LINE_AA)


def _oval_mask(style: Style) -> np.ndarray:
    layer = _blank()
    cv2.ellipse(layer, (CARD_W // 2, CARD_H // 2), style.oval, style.tilt, 0, 360, 255, -1, cv2.LINE_AA)
    return layer


def _mini_cards(image, colours, spots, size, paint) -> None:
    """Small slanted cards (the +2 and +4 art), back to front: each black-edged with a shadow,
    a white rim and its colour inside."""
    w, h = size
    for colour, (dx, dy) in zip(colours, spots):
        centre = (CENTRE[0] + dx, CENTRE[1] + dy)
        layer = _blank()
        glyphs.fill(layer, glyphs.mini_card(centre, w, h))
        _inked(image, layer, WHITE, 2, (-3.0, 3.0))
        inner = _blank()
        glyphs.fill(inner, glyphs.mini_card(centre, w - 9, h - 9))
        _paint(image, inner, paint[colour] if colour else WHITE)


def _centre(image, colour, rank: str, design: str, style: Style, paint) -> None:
    """The middle of the card: the number or symbol (or the wild cards' art)."""
    classic = design == "classic"
    ink = paint[colour] if classic else WHITE
    outline, shadow = (3, (-4.0, 4.0)) if classic else (2, (-5.0, 6.0))
    if rank in EDITION_FACES:
        EDITION_FACES[rank].centre(image, colour, design, style, paint)
        return
    if rank == "wild":
        axes = (style.oval[0] + 4, style.oval[1] - 16) if classic else (56, 90)
        for i, quarter in enumerate(QUARTERS):
            cv2.ellipse(image, (CARD_W // 2, CARD_H // 2), axes, style.tilt, 180 + i * 90, 270 + i * 90,
                        paint[quarter], -1, cv2.LINE_AA)
        return
    if rank == "wild-draw4":       # four cards, back to front
        spots = ((-14, 27), (33, -14), (13, -46), (-26, -6))
        _mini_cards(image, ("yellow", "green", "blue", "red"), spots, (38, 50), paint)
        return
    if rank in DRAW_CARDS:         # small cards in the card's colour (white on current)
        spots, size = DRAW_CARDS[rank]
        _mini_cards(image, (colour if classic else None,) * len(spots), spots, size, paint)
        return
    if rank == "reverse":          # two arrows, each with its own outline where they nest
        for arrow in (1, 0):
            layer = _blank()
            glyphs.draw_reverse(layer, CENTRE, 100, (arrow,))
            _inked(image, layer, ink, outline, shadow)
        return
    layer = _blank()
    if rank == "skip":
        glyphs.draw_skip(layer, CENTRE, 47, 30)
    else:
        glyphs.draw_text(layer, rank, (CENTRE[0], CENTRE[1] - (5 if rank in "69" else 0)),
                         style.numeral, style.slant, style.weight)
    _inked(image, layer, ink, outline, shadow)


@functools.lru_cache(maxsize=512)
def _draw_cached(name: str, design: str, style_index: int, print_run: str = "standard") -> np.ndarray:
    colour, rank = split(name)
    style = STYLES[style_index % len(STYLES)]
    changes = PRINT_RUNS[print_run]
    paint = {**PAINT, **{k: v for k, v in changes.items() if k != "oval"}}
    if "oval" in changes:
        style = Style(style.weight, style.slant, changes["oval"], style.tilt, style.numeral)
    image = np.full((CARD_H, CARD_W, 3), WHITE, np.uint8)
    field = _rounded((BORDER, BORDER, CARD_W - 1 - BORDER, CARD_H - 1 - BORDER), FIELD_RADIUS)
    _paint(image, field, paint[colour])
    if design == "classic" and rank != "wild":
        _paint(image, np.minimum(_oval_mask(style), field), WHITE)
    if rank == "wild":
        _wild_corners(image, paint)
    else:
        _inked(image, _index_layer(rank, style), WHITE, 1, (-1.0, 1.0))
    _centre(image, colour, rank, design, style, paint)
    image[card_mask() == 0] = 0
    return image


def draw_card(name: str, design: str = "classic", font_index: int = 0,
              print_run: str = "standard") -> np.ndarray:
    """A flat, upright drawing of one card face, CARD_H x CARD_W BGR; black outside the outline.

    ``font_index`` picks one of the :data:`STYLES` (small differences between printings);
    ``print_run`` one of :data:`PRINT_RUNS` (another run's inks or oval)."""
    if design not in DESIGNS:
        raise ValueError(f"unknown design {design!r}; choose one of {DESIGNS}")
    if print_run not in PRINT_RUNS:
        raise ValueError(f"unknown print run {print_run!r}; choose one of {', '.join(PRINT_RUNS)}")
    if not drawable(name):
        raise ValueError(f"no drawing of {name!r} yet (its symbol is not in render.DRAWN_RANKS)")
    return _draw_cached(name, design, font_index, print_run).copy()


def drawable(name: str) -> bool:
    """Can these drawings show face ``name`` (an engine face whose symbol is drawn)?"""
    try:
        colour, rank = split(name)
    except ValueError:
        return False
    return rank in DRAWN_RANKS and colour in PAINT


def drawable_names(names=None) -> tuple[str, ...]:
    """The faces of ``names`` (default: every face the engine knows) that can be drawn."""
    return tuple(n for n in (CARD_NAMES if names is None else names) if drawable(n))



# E5 No Mercy's faces (their module uses the helpers above)
from companion.vision.render_no_mercy import NO_MERCY_FACES  # noqa: E402

EDITION_FACES.update(NO_MERCY_FACES)
DRAWN_RANKS += tuple(NO_MERCY_FACES)
