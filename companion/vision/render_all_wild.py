"""E6 UNO All Wild's faces, drawn with the project's own glyphs (no photo of a real card).

Every All Wild card is wild: a black field with a wild oval in the middle, so cards are told
apart by the white symbol on the oval and the small symbol in two corners, never by colour.
The oval is cut into eight slices (the four colours twice round), where the classic wild has
four quarters: the edition's look, and a plain All Wild wild is not drawn as the classic one.
This module says what each face shows, as masks and data, with the glyphs below it;
render.py (which imports it, never the other way) paints the card and inks the symbols.

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

from companion.engine.cards import ALL_WILD_FACES
from companion.vision import glyphs

#: The faces drawn here: each its own rank (no colour).
RANKS = tuple(name for name, _points in ALL_WILD_FACES)
#: The oval's slices from the top-left, clockwise: the four colours twice round.
SLICES = ("red", "yellow", "green", "blue") * 2
#: The small white cards of the draw faces, as render.py lays the classic ones: centre offsets
#: back to front, (width, height).
SMALL_CARDS = {"all-wild-draw2": (((20, -24), (-20, 24)), (44, 70)),
               "all-wild-draw4": (((-14, 27), (33, -14), (13, -46), (-26, -6)), (38, 50))}


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
    """A target: a ring, four cross-hair ticks through it, and ``text`` in the middle (or a dot)."""
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


def middle_layers(rank: str, style, centre, size: float):
    """The middle symbol's layers, back to front, each a function drawing into a mask; render.py
    inks each on its own (white, black outline and shadow) so overlapping parts keep their
    edges. ``size`` scales it (1: the classic design)."""
    cx, cy = centre
    if rank == "all-wild-reverse":
        return [lambda layer, a=arrow: glyphs.draw_reverse(layer, centre, 88 * size, (a,)) for arrow in (1, 0)]
    if rank == "all-wild-skip":
        return [_skip(centre, 44 * size)]
    if rank == "all-wild-skip2":
        return [_skip((cx + 15 * size, cy + 30 * size), 31 * size),
                _skip((cx - 15 * size, cy - 30 * size), 31 * size)]
    if rank == "all-wild-target-draw2":
        return [_target(centre, 42 * size, style)]
    if rank == "all-wild-swap":
        return [_arrow((cx, cy - 24 * size), 110 * size, 18 * size, 1),
                _arrow((cx, cy + 24 * size), 110 * size, 18 * size, -1)]
    return []


def draw_index(layer: np.ndarray, rank: str, style, at) -> None:
    """The small corner symbol at ``at`` (the top-left corner's middle) into a mask; the plain
    wild has none (render.py gives it the small four-colour oval)."""
    x, y = at
    if rank == "all-wild-reverse":
        glyphs.draw_reverse(layer, at, 18)
    elif rank == "all-wild-skip":
        glyphs.draw_skip(layer, at, 10.5, 30)
    elif rank == "all-wild-skip2":
        glyphs.draw_skip(layer, (x - 3, y - 8), 8, 30)
        glyphs.draw_skip(layer, (x + 5, y + 9), 8, 30)
    elif rank in SMALL_CARDS:
        glyphs.draw_text(layer, "+2" if rank == "all-wild-draw2" else "+4", (x + 6, y), 22, style.slant, 0.19)
    elif rank == "all-wild-target-draw2":
        _target((x + 2, y), 10, style, text=None)(layer)
    elif rank == "all-wild-swap":
        _arrow((x + 3, y - 6), 26, 5, 1)(layer)
        _arrow((x + 3, y + 6), 26, 5, -1)(layer)


def draw_oval(image: np.ndarray, centre, design: str, style, paint) -> None:
    """The wild oval in eight slices: tilted as the classic oval on the classic design, upright
    and reaching near the border on the current one."""
    if design == "classic":
        axes, tilt = (style.oval[0] + 4, style.oval[1] - 16), style.tilt
    else:
        axes, tilt = (78, 128), 0.0
    step = 360 / len(SLICES)
    for i, colour in enumerate(SLICES):
        cv2.ellipse(image, (round(centre[0]), round(centre[1])), axes, tilt, 180 + i * step,
                    180 + (i + 1) * step, paint[colour], -1, cv2.LINE_AA)
