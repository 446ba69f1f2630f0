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
from companion.vision import glyphs, render_all_wild, render_dos
from companion.vision.deck import NUMBER_RANKS, split
from companion.vision.ink import BORDER, CARD_H, CARD_W, CENTRE, CORNER_RADIUS, FIELD_RADIUS, INDEX_AT, WHITE
from companion.vision.ink import blank as _blank, inked as _inked, oval_mask as _oval_mask, rounded as _rounded
from companion.vision.ink import mini_cards as _mini_cards, paint as _paint

DESIGNS = ("classic", "current")
# BGR, close to printed UNO colours under daylight.
PAINT = {"red": (38, 28, 214), "yellow": (10, 205, 250), "green": (70, 160, 55),
         "blue": (215, 150, 25), None: (25, 25, 25)}
# Other print runs, as decks differ (only what differs from PAINT and the style): a green
# close to yellow (hue 75 degrees, after white balance), a glossy black field that reads at
# 45% of the border's brightness, an oval so large it meets the border near two corners and
# splits the field in two (an older classic print).
PRINT_RUNS = {"standard": {}, "yellowish-green": {"green": (40, 190, 150)},
              "glossy-black": {None: (112, 112, 112)}, "wide-oval": {"oval": (68, 172)}}
# the four-colour oval of a wild card, quarter by quarter from the top-left, clockwise
QUARTERS = ("red", "yellow", "green", "blue")

# The symbols, as data: an edition's new rank is a row here (and a glyph in glyphs.py if it
# needs one), not a new branch. The corner index of a draw card is its "+N" text; its middle
# small slanted cards, (centre offsets back to front, (width, height)), in the card's colour.
INDEX_TEXT = {"draw1": "+1", "draw2": "+2", "wild-draw4": "+4"}
DRAW_CARDS = {"draw2": (((20, -24), (-20, 24)), (44, 70)),
              "draw1": (((0, 0),), (50, 78))}              # E3 Junior: one card, upright
#: E6 All Wild's faces (no colour: each its own rank): their symbols in render_all_wild.py.
ALL_WILD_RANKS = render_all_wild.RANKS
#: Every rank these drawings can show (a face of another rank is not drawn yet).
DRAWN_RANKS = (*NUMBER_RANKS, "skip", "reverse", "wild", "wild-draw4", *DRAW_CARDS, *ALL_WILD_RANKS)
DRAWN_RANKS += render_dos.RANKS                     # E7 DOS (render_dos.py)
INDEX_TEXT.update(render_dos.INDEX_TEXT)
# Editions' own symbols, drawn in their own modules (render_flip.py ...) and hooked in at the
# end of this file: rank -> an ink.Face (its middle, its corner index); quartered corners.
EDITION_FACES: dict = {}
WILD_CORNERS: dict = {"wild": QUARTERS}


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


def _both_corners(layer: np.ndarray) -> np.ndarray:
    """A top-left corner drawing and the same turned into the bottom-right corner."""
    return np.maximum(layer, layer[::-1, ::-1])


def _index_layer(rank: str, style: Style) -> np.ndarray:
    """The small corner index (top-left and, turned, bottom-right)."""
    layer = _blank()
    face = EDITION_FACES.get(rank)
    if face is not None and face.index is not None:
        face.index(layer, style)
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


def _wild_corners(image: np.ndarray, paint, quarters=QUARTERS) -> None:
    """The wild card's index: a small four-colour oval in two corners."""
    for centre, turn in ((INDEX_AT, 0), ((CARD_W - INDEX_AT[0], CARD_H - INDEX_AT[1]), 180)):
        c = (round(centre[0]), round(centre[1]))
        cv2.ellipse(image, c, (10, 14), 30, 0, 360, WHITE, -1, cv2.LINE_AA)
        for i, quarter in enumerate(quarters):
            cv2.ellipse(image, c, (8, 12), 30, 180 + i * 90 + turn, 270 + i * 90 + turn,
                        paint[quarter], -1, cv2.LINE_AA)


def _dos_centre(image, colour, rank: str, design: str, style: Style, paint) -> None:
    """E7: a DOS numeral (render_dos.py) inked as the classic ones: in the card's colour with a
    black outline on the classic white oval, white with a shadow on the current design; the wild
    DOS's 2 white, striped in the four colours on the classic design."""
    classic = design == "classic"
    outline, shadow = (3, (-4.0, 4.0)) if classic else (2, (-5.0, 6.0))
    layer = _blank()
    render_dos.draw_glyph(layer, rank, CENTRE, style)
    if rank != "wild-dos":
        _inked(image, layer, paint[colour] if classic else WHITE, outline, shadow)
        return
    _inked(image, layer, WHITE, outline, shadow)
    if classic:
        for name, band in render_dos.stripes(layer):
            _paint(image, band, paint[name])


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
    if rank in render_dos.RANKS:
        return _dos_centre(image, colour, rank, design, style, paint)
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
    if rank in ALL_WILD_RANKS:       # E6: every card wild, told apart by its symbol
        return _all_wild(rank, design, style, paint)
    image = np.full((CARD_H, CARD_W, 3), WHITE, np.uint8)
    field = _rounded((BORDER, BORDER, CARD_W - 1 - BORDER, CARD_H - 1 - BORDER), FIELD_RADIUS)
    _paint(image, field, paint[colour])
    if design == "classic" and rank not in WILD_CORNERS:
        _paint(image, np.minimum(_oval_mask(style), field), WHITE)
    if rank in WILD_CORNERS:
        _wild_corners(image, paint, WILD_CORNERS[rank])
    else:
        _inked(image, _index_layer(rank, style), WHITE, 1, (-1.0, 1.0))
    _centre(image, colour, rank, design, style, paint)
    image[card_mask() == 0] = 0
    return image


def _all_wild(rank: str, design: str, style: Style, paint) -> np.ndarray:
    """E6: a black field, the eight-slice wild oval and the face's symbol in white, inked as
    every symbol here is (what each face shows: render_all_wild.py)."""
    classic = design == "classic"
    image = np.full((CARD_H, CARD_W, 3), WHITE, np.uint8)
    _paint(image, _rounded((BORDER, BORDER, CARD_W - 1 - BORDER, CARD_H - 1 - BORDER), FIELD_RADIUS), paint[None])
    render_all_wild.draw_oval(image, CENTRE, design, style, paint)
    if rank == "all-wild":
        _wild_corners(image, paint)
    else:
        layer = _blank()
        render_all_wild.draw_index(layer, rank, style, INDEX_AT)
        _inked(image, _both_corners(layer), WHITE, 1, (-1.0, 1.0))
    outline, shadow, size = (3, (-4.0, 4.0), 1.0) if classic else (2, (-5.0, 6.0), 1.08)
    if rank in render_all_wild.SMALL_CARDS:
        spots, cards = render_all_wild.SMALL_CARDS[rank]
        _mini_cards(image, (None,) * len(spots), spots, cards, paint)
    for draw in render_all_wild.middle_layers(rank, style, CENTRE, size):
        layer = _blank()
        draw(layer)
        _inked(image, layer, WHITE, outline, shadow)
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



# --- the editions' faces (their drawings in their own modules) ---
from companion.vision import render_flip  # noqa: E402  E4 UNO Flip: both sides
PAINT.update(render_flip.INKS)
INDEX_TEXT.update(render_flip.INDEX_TEXT)
DRAW_CARDS.update(render_flip.DRAW_CARDS)
EDITION_FACES.update(render_flip.FLIP_FACES)
WILD_CORNERS.update(render_flip.WILD_CORNERS)
DRAWN_RANKS = (*DRAWN_RANKS, *render_flip.RANKS)
from companion.vision.render_no_mercy import NO_MERCY_FACES  # noqa: E402  E5 No Mercy
# one drawing a rank: E5's skip everyone is drawn as E4's (the rank both decks share)
EDITION_FACES.update((rank, face) for rank, face in NO_MERCY_FACES.items() if rank not in EDITION_FACES)
DRAWN_RANKS += tuple(rank for rank in NO_MERCY_FACES if rank not in DRAWN_RANKS)
