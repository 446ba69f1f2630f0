"""E4 UNO Flip's faces, drawn the way the classic faces are (render.py), with the project's
own glyphs: no photo of a real card.

The light side is the classic look with its own symbols: a flip (a round arrow turning
back on itself), draw1 (Junior's one small card), wild-draw2 (two small cards on the black
field). The dark side has its own four inks (pink, teal, orange, purple: hues apart from the
light ones', so the colour alone tells the side) and its own symbols: draw5 (five small
cards), skip-everyone (the skip ring crossed twice), the dark wild (a round disc of the dark
inks, where the light wild's oval leans) and wild-draw-colour (one small card of the dark
inks). Its numbers and reverses are the classic drawings in the dark inks.

render.py reads :data:`INKS`, :data:`RANKS`, :data:`FLIP_FACES`,
:data:`DRAW_CARDS`, :data:`INDEX_TEXT` and :data:`WILD_CORNERS` (a few lines of hook).

>>> from companion.vision.render import draw_card
>>> draw_card("teal-skip-everyone").shape, draw_card("dark-wild", "current").shape
((310, 200, 3), (310, 200, 3))
"""
from __future__ import annotations

import cv2
import numpy as np

from companion.engine.cards import DARK_COLOURS
from companion.vision import glyphs
from companion.vision import ink

#: BGR inks of the dark side (max channel well above the "dark ink" level, so a dark number
#: has the shape of the light one; hues: pink -52, purple -88, orange 25, teal 166 degrees).
INKS = {"pink": (200, 50, 225), "teal": (130, 175, 0), "orange": (10, 110, 250),
        "purple": (190, 40, 120)}
#: The symbols these drawings add (draw1 is Junior's).
RANKS = ("flip", "draw5", "skip-everyone", "wild-draw2", "dark-wild", "wild-draw-colour")
#: "+N" corner indexes and the small cards in the middle of the draw cards (as render.py's).
INDEX_TEXT = {"draw5": "+5", "wild-draw2": "+2", "wild-draw-colour": "+"}
DRAW_CARDS = {"draw5": (((-36, 30), (-18, 12), (0, -6), (18, -24), (36, -42)), (36, 56))}
#: The four quarters of a wild's corner oval, by rank.
WILD_CORNERS = {"dark-wild": DARK_COLOURS}


def _flip_glyph(mask: np.ndarray, centre, radius: float) -> None:
    """A thick round arrow of three quarters, its head pointing back along the ring."""
    ring = max(1, round(0.32 * radius))
    points = glyphs.arc(centre[0], centre[1], radius, radius, 150, 420, 28)
    fixed = np.int32([(round(x * glyphs.ONE), round(y * glyphs.ONE)) for x, y in points])
    cv2.polylines(mask, [fixed], False, 255, ring, cv2.LINE_AA, glyphs.SHIFT)
    tip = glyphs.arc(centre[0], centre[1], radius, radius, 150, 150, 1)[0]
    head = [(tip[0] - 0.62 * radius, tip[1] - 0.1 * radius), (tip[0] + 0.5 * radius, tip[1] - 0.35 * radius),
            (tip[0] - 0.1 * radius, tip[1] + 0.72 * radius)]
    glyphs.fill(mask, np.int32([(round(x * glyphs.ONE), round(y * glyphs.ONE)) for x, y in head]))


def _skip_everyone_glyph(mask: np.ndarray, centre, radius: float) -> None:
    """The skip ring crossed by two bars: nobody else plays."""
    glyphs.draw_skip(mask, centre, radius, 30)
    glyphs.draw_skip(mask, centre, radius, -30)


def _symbol(image, colour, design, style, paint, draw) -> None:
    classic = design == "classic"
    fill = paint[colour] if classic else ink.WHITE
    outline, shadow = (3, (-4.0, 4.0)) if classic else (2, (-5.0, 6.0))
    layer = ink.blank()
    draw(layer)
    ink.inked(image, layer, fill, outline, shadow)


def _flip_centre(image, colour, design, style, paint) -> None:
    _symbol(image, colour, design, style, paint, lambda m: _flip_glyph(m, ink.CENTRE, 44))


def _skip_everyone_centre(image, colour, design, style, paint) -> None:
    _symbol(image, colour, design, style, paint, lambda m: _skip_everyone_glyph(m, ink.CENTRE, 47))


def _quartered(image, centre, axes, tilt, colours, paint) -> None:
    for i, quarter in enumerate(colours):
        cv2.ellipse(image, (round(centre[0]), round(centre[1])), axes, tilt, 180 + i * 90, 270 + i * 90,
                    paint[quarter], -1, cv2.LINE_AA)


def _dark_wild_centre(image, colour, design, style, paint) -> None:
    """A round disc of the dark inks in a white ring (the light wild's oval leans, long)."""
    radius = 62 if design == "classic" else 56
    cv2.circle(image, (ink.CARD_W // 2, ink.CARD_H // 2), radius + 9, ink.WHITE, -1, cv2.LINE_AA)
    _quartered(image, ink.CENTRE, (radius, radius), 45, DARK_COLOURS, paint)


def _wild_draw2_centre(image, colour, design, style, paint) -> None:
    """Two small cards, one blue and one green, as the wild-draw4's four."""
    ink.mini_cards(image, ("blue", "green"), ((-18, 22), (18, -22)), (44, 66), paint)


def _wild_draw_colour_centre(image, colour, design, style, paint) -> None:
    """One upright small card holding the four dark inks."""
    ink.mini_cards(image, (None,), ((0, 0),), (62, 96), paint)
    _quartered(image, ink.CENTRE, (24, 38), 0, DARK_COLOURS, paint)


def _flip_index(layer, style) -> None:
    _flip_glyph(layer, ink.INDEX_AT, 10)


def _skip_everyone_index(layer, style) -> None:
    _skip_everyone_glyph(layer, ink.INDEX_AT, 10.5)


#: rank -> its drawing; a corner index without its own drawing is INDEX_TEXT's "+N".
FLIP_FACES = {"flip": ink.Face(_flip_centre, index=_flip_index),
              "skip-everyone": ink.Face(_skip_everyone_centre, index=_skip_everyone_index),
              "dark-wild": ink.Face(_dark_wild_centre),
              "wild-draw2": ink.Face(_wild_draw2_centre),
              "wild-draw-colour": ink.Face(_wild_draw_colour_centre)}


#: Dark faces the built-in profile need not draw: a number's or a reverse's drawing is the
#: light one's in another ink (the shape ignores the ink), and each dark ink is learnt from
#: the dark side's own symbols. Keeps the profile's making short (it is made once).
TAUGHT_BY_OTHERS = frozenset(f"{colour}-{rank}" for colour in DARK_COLOURS
                             for rank in (*map(str, range(1, 10)), "reverse"))
