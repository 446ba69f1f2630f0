"""E6 UNO All Wild's faces, drawn with the project's own glyphs (no photo of a real card).

Every All Wild card is wild: a black field with a wild oval in the middle, so cards are told
apart by the white symbol on the oval and the small symbol in two corners, never by colour.
The oval is cut into eight slices (the four colours twice round), where the classic wild has
four quarters: the edition's look, and a plain All Wild wild is not drawn as the classic one.

=================================  ==============================================
face                               symbol (middle; corner index)
=================================  ==============================================
``all-wild``                       none (the oval alone; a small oval)
``all-wild-reverse``               the reverse arrows
``all-wild-skip``                  the skip sign
``all-wild-skip2``                 two skip signs, one behind the other
``all-wild-draw2``                 two small white cards; "+2"
``all-wild-draw4``                 four small white cards; "+4"
``all-wild-target-draw2``          a target (ring, cross hairs) round "+2"; a small target
``all-wild-swap``                  two arrows pointing opposite ways, one above the other
=================================  ==============================================

>>> from companion.vision.render import draw_card
>>> image = draw_card("all-wild-swap", design="current")
>>> image.shape, bool((image[60:250, 40:160] > 240).all(axis=2).any())
((310, 200, 3), True)
"""
from __future__ import annotations

import cv2
import numpy as np

from companion.vision import glyphs
from companion.vision.render import (BORDER, CARD_H, CARD_W, CENTRE, DRAW_CARDS, FIELD_RADIUS, INDEX_AT,
                                     QUARTERS, WHITE, _blank, _both_corners, _inked, _mini_cards, _paint,
                                     _rounded, _wild_corners, card_mask)

SLICES = 8      # of the wild oval


def _skip(centre, radius):
    return lambda layer: glyphs.draw_skip(layer, centre, radius, 30)


def _arrow(centre, length, width, pointing):
    """A straight arrow ``length`` px long pointing right (+1) or left (-1): a shaft and a
    triangular head."""
    cx, cy = centre
    tip, back = cx + pointing * length / 2, cx - pointing * length / 2
    neck = tip - pointing * width * 1.5

    def draw(layer):
        shaft = [(back, cy - width / 2), (neck, cy - width / 2), (neck, cy + width / 2), (back, cy + width / 2)]
        head = [(neck, cy - width * 1.25), (tip, cy), (neck, cy + width * 1.25)]
        for polygon in (shaft, head):
            glyphs.fill(layer, np.int32([(round(x * glyphs.ONE), round(y * glyphs.ONE)) for x, y in polygon]))
    return draw


def _target(centre, radius, style, text: str | None = "+2"):
    """A target: a ring, four cross-hair ticks through it, and ``text`` in the middle."""
    cx, cy = centre

    def draw(layer):
        one = glyphs.ONE
        ring = max(2, round(0.22 * radius))
        cv2.circle(layer, (round(cx * one), round(cy * one)), round((radius - ring / 2) * one), 255, ring,
                   cv2.LINE_AA, glyphs.SHIFT)
        tick = max(2, round(0.16 * radius))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            start = (round((cx + dx * radius * 0.62) * one), round((cy + dy * radius * 0.62) * one))
            end = (round((cx + dx * radius * 1.3) * one), round((cy + dy * radius * 1.3) * one))
            cv2.line(layer, start, end, 255, tick, cv2.LINE_AA, glyphs.SHIFT)
        if text:
            glyphs.draw_text(layer, text, centre, radius * 0.62, style.slant, 0.2)
        else:
            cv2.circle(layer, (round(cx * one), round(cy * one)), round(radius * 0.3 * one), 255, -1,
                       cv2.LINE_AA, glyphs.SHIFT)
    return draw


def _middle_layers(rank: str, style, size: float):
    """The middle symbol's layers, back to front, each inked (white, black outline and shadow)
    on its own so overlapping parts keep their edges; ``size`` scales it (1: classic design)."""
    cx, cy = CENTRE
    if rank == "all-wild-reverse":
        return [lambda layer, a=arrow: glyphs.draw_reverse(layer, CENTRE, 88 * size, (a,)) for arrow in (1, 0)]
    if rank == "all-wild-skip":
        return [_skip(CENTRE, 44 * size)]
    if rank == "all-wild-skip2":
        return [_skip((cx + 15 * size, cy + 30 * size), 31 * size),
                _skip((cx - 15 * size, cy - 30 * size), 31 * size)]
    if rank == "all-wild-target-draw2":
        return [_target(CENTRE, 42 * size, style)]
    if rank == "all-wild-swap":
        return [_arrow((cx, cy - 24 * size), 110 * size, 18 * size, 1),
                _arrow((cx, cy + 24 * size), 110 * size, 18 * size, -1)]
    return []


def _index_layer(rank: str, style) -> np.ndarray:
    """The small corner symbol (top-left and, turned, bottom-right)."""
    layer = _blank()
    x, y = INDEX_AT
    if rank == "all-wild-reverse":
        glyphs.draw_reverse(layer, INDEX_AT, 18)
    elif rank == "all-wild-skip":
        glyphs.draw_skip(layer, INDEX_AT, 10.5, 30)
    elif rank == "all-wild-skip2":
        glyphs.draw_skip(layer, (x - 3, y - 8), 8, 30)
        glyphs.draw_skip(layer, (x + 5, y + 9), 8, 30)
    elif rank in ("all-wild-draw2", "all-wild-draw4"):
        glyphs.draw_text(layer, "+2" if rank == "all-wild-draw2" else "+4", (x + 6, y), 22, style.slant, 0.19)
    elif rank == "all-wild-target-draw2":
        _target((x + 2, y), 10, style, text=None)(layer)
    elif rank == "all-wild-swap":
        _arrow((x + 3, y - 6), 26, 5, 1)(layer)
        _arrow((x + 3, y + 6), 26, 5, -1)(layer)
    return _both_corners(layer)


def _oval(image: np.ndarray, axes, tilt: float, paint) -> None:
    """The wild oval in eight slices, the four colours twice round, from the top-left."""
    step = 360 / SLICES
    for i in range(SLICES):
        cv2.ellipse(image, (CARD_W // 2, CARD_H // 2), axes, tilt, 180 + i * step, 180 + (i + 1) * step,
                    paint[QUARTERS[i % len(QUARTERS)]], -1, cv2.LINE_AA)


def draw_all_wild(rank: str, design: str, style, paint) -> np.ndarray:
    """One All Wild face (``rank`` is its name), as :func:`companion.vision.render.draw_card`
    draws every face: CARD_H x CARD_W BGR, black outside the outline."""
    classic = design == "classic"
    image = np.full((CARD_H, CARD_W, 3), WHITE, np.uint8)
    field = _rounded((BORDER, BORDER, CARD_W - 1 - BORDER, CARD_H - 1 - BORDER), FIELD_RADIUS)
    _paint(image, field, paint[None])
    if classic:
        _oval(image, (style.oval[0] + 4, style.oval[1] - 16), style.tilt, paint)
    else:
        _oval(image, (78, 128), 0.0, paint)      # upright, reaching near the border
    if rank == "all-wild":
        _wild_corners(image, paint)
    else:
        _inked(image, _index_layer(rank, style), WHITE, 1, (-1.0, 1.0))
    outline, shadow, size = (3, (-4.0, 4.0), 1.0) if classic else (2, (-5.0, 6.0), 1.08)
    if rank in ("all-wild-draw2", "all-wild-draw4"):       # small white cards, back to front
        if rank == "all-wild-draw2":
            spots, cards = DRAW_CARDS["draw2"]
        else:
            spots, cards = ((-14, 27), (33, -14), (13, -46), (-26, -6)), (38, 50)
        _mini_cards(image, (None,) * len(spots), spots, cards, paint)
    for draw in _middle_layers(rank, style, size):
        layer = _blank()
        draw(layer)
        _inked(image, layer, WHITE, outline, shadow)
    image[card_mask() == 0] = 0
    return image
