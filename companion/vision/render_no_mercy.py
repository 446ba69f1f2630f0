"""E5 UNO Show 'em No Mercy's faces, drawn with the project's own glyphs (no photo).

The coloured faces keep the classic layout (the design's oval, the corner index, a symbol in
the middle): a draw4 is four small cards in the card's colour (the classic wild-draw4 art),
skip everyone a skip ring crossed twice, discard all three small cards fanned out. The four
wilds are printed white on the black field without an oval, in both designs: wild draw6 and
wild draw10 their "+6" and "+10", the wild reverse draw4 the reverse arrows (its index
"+4"), the colour roulette a wheel of the four colours in a white rim. Each rank is a
:class:`~companion.vision.ink.Face` (its middle and its corner index) in :data:`NO_MERCY_FACES`, which
:mod:`companion.vision.render` draws like its own ranks.

>>> from companion.vision.render import draw_card
>>> draw_card("wild-colour-roulette").shape, draw_card("blue-discard-all", "current").shape
((310, 200, 3), (310, 200, 3))
"""
from __future__ import annotations

import math
from typing import Callable

import cv2
import numpy as np

from companion.vision import glyphs, ink



def _index_text(text: str) -> Callable:
    def index(layer, style):
        at = ink.INDEX_AT
        height = 22 if len(text) < 3 else 18
        glyphs.draw_text(layer, text, (at[0] + 6 + (len(text) > 2) * 2, at[1]), height, style.slant, 0.19)
    return index


def _fixed(points) -> np.ndarray:
    return np.int32([(round(x * glyphs.ONE), round(y * glyphs.ONE)) for x, y in points])


def _tilted_card(pivot, width: float, height: float, angle: float) -> np.ndarray:
    """A small upright card standing on ``pivot`` (the middle of its bottom edge), turned
    ``angle`` degrees clockwise about it: its corners in fixed-point pixels."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    corners = [(-width / 2, 0), (width / 2, 0), (width / 2, -height), (-width / 2, -height)]
    return _fixed([(pivot[0] + x * c - y * s, pivot[1] + x * s + y * c) for x, y in corners])


FAN = (-28.0, 0.0, 28.0)       # discard all: three cards fanned, back to front


def _fan(mask, pivot, width, height) -> None:
    for angle in FAN:
        glyphs.fill(mask, _tilted_card(pivot, width, height, angle))


def _discard_all_index(layer, style):
    at = ink.INDEX_AT
    _fan(layer, (at[0], at[1] + 13), 9, 22)


def _discard_all_centre(image, colour, design, style, paint):
    pivot = (ink.CENTRE[0], ink.CENTRE[1] + 44)
    for angle in FAN:               # each black-edged, with a white rim and the colour inside
        layer = ink.blank()
        glyphs.fill(layer, _tilted_card(pivot, 44, 92, angle))
        ink.inked(image, layer, ink.WHITE, 2, (-3.0, 3.0))
        inner = ink.blank()
        glyphs.fill(inner, _tilted_card((pivot[0], pivot[1] - 4.5), 35, 83, angle))
        ink.paint(image, inner, paint[colour] if design == "classic" else ink.WHITE)


def _skip_everyone(mask, centre, radius) -> None:
    """The skip ring crossed by two bars: everyone is skipped."""
    glyphs.draw_skip(mask, centre, radius, 30)
    glyphs.draw_skip(mask, centre, radius, -30)


def _skip_everyone_index(layer, style):
    _skip_everyone(layer, ink.INDEX_AT, 10.5)


def _inked_centre(draw) -> Callable:
    """A middle symbol inked as the classic ranks' are (the card's colour in the oval with a
    black outline; white on the current design)."""
    def centre(image, colour, design, style, paint):
        layer = ink.blank()
        draw(layer)
        classic = design == "classic"
        ink.inked(image, layer, paint[colour] if classic else ink.WHITE, *((3, (-4.0, 4.0)) if classic
                                                                       else (2, (-5.0, 6.0))))
    return centre


def _draw4_centre(image, colour, design, style, paint):
    spots = ((-14, 27), (33, -14), (13, -46), (-26, -6))       # the wild-draw4's four cards
    ink.mini_cards(image, (colour if design == "classic" else None,) * 4, spots, (38, 50), paint)


def _black_field(image, design, style, paint) -> None:
    """The wild's black field again over the classic design's oval: No Mercy's wilds have none."""
    if design != "classic":
        return
    field = ink.rounded((ink.BORDER, ink.BORDER, ink.CARD_W - 1 - ink.BORDER, ink.CARD_H - 1 - ink.BORDER),
                       ink.FIELD_RADIUS)
    ink.paint(image, np.minimum(ink.grown(ink.oval_mask(style), 2), field), paint[None])


def _white_centre(draw) -> Callable:
    """A wild's middle: white on the black field, with a thin dark edge."""
    def centre(image, colour, design, style, paint):
        _black_field(image, design, style, paint)
        layer = ink.blank()
        draw(layer, style)
        ink.inked(image, layer, ink.WHITE, 2, (-4.0, 4.0))
    return centre


def _text(text: str, height: float) -> Callable:
    def draw(layer, style):
        glyphs.draw_text(layer, text, ink.CENTRE, height, style.slant, style.weight, underline=False)
    return draw


def _reverse(layer, style):
    glyphs.draw_reverse(layer, ink.CENTRE, 96)


WHEEL = ("red", "yellow", "green", "blue") * 2     # the roulette's eight slices, clockwise


def _roulette_centre(image, colour, design, style, paint):
    _black_field(image, design, style, paint)
    centre = (round(ink.CENTRE[0]), round(ink.CENTRE[1]))
    cv2.circle(image, centre, 68, ink.BLACK, -1, cv2.LINE_AA)
    cv2.circle(image, centre, 64, ink.WHITE, -1, cv2.LINE_AA)
    for i, slice_colour in enumerate(WHEEL):
        cv2.ellipse(image, centre, (54, 54), 0, i * 45 - 90, i * 45 - 45, paint[slice_colour], -1, cv2.LINE_AA)
    cv2.circle(image, centre, 15, ink.WHITE, -1, cv2.LINE_AA)
    cv2.circle(image, centre, 6, paint[None], -1, cv2.LINE_AA)


def _roulette_index(layer, style):
    at = ink.INDEX_AT
    centre = (round(at[0] * glyphs.ONE), round(at[1] * glyphs.ONE))
    cv2.circle(layer, centre, round(10 * glyphs.ONE), 255, 3, cv2.LINE_AA, glyphs.SHIFT)
    for i in range(4):                       # four spokes
        a = math.radians(45 * i)
        ends = [(at[0] + 10 * math.cos(a), at[1] + 10 * math.sin(a)),
                (at[0] - 10 * math.cos(a), at[1] - 10 * math.sin(a))]
        cv2.polylines(layer, [_fixed(ends)], False, 255, 2, cv2.LINE_AA, glyphs.SHIFT)


#: rank -> its drawing (E5's ranks the classic drawings do not have).
NO_MERCY_FACES: dict[str, ink.Face] = {
    "draw4": ink.Face(_draw4_centre, index=_index_text("+4")),
    "skip-everyone": ink.Face(_inked_centre(lambda layer: _skip_everyone(layer, ink.CENTRE, 47)),
                              index=_skip_everyone_index),
    "discard-all": ink.Face(_discard_all_centre, index=_discard_all_index),
    "wild-reverse-draw4": ink.Face(_white_centre(_reverse), index=_index_text("+4")),
    "wild-draw6": ink.Face(_white_centre(_text("+6", 92)), index=_index_text("+6")),
    "wild-draw10": ink.Face(_white_centre(_text("+10", 74)), index=_index_text("+10")),
    "wild-colour-roulette": ink.Face(_roulette_centre, index=_roulette_index),
}
