"""Hand-drawn vector glyphs for the card drawings: numerals, skip, reverse, small cards.

Each numeral is a few strokes (straight lines and elliptic arcs) along its spine, in a
unit box 0.6 wide and 1 high (y down), stroked with a heavy pen: the printed UNO numerals
are a heavy, slightly slanted sans-serif. Symbols are filled polygons. Everything is drawn
into a one-channel mask (255 = ink) with OpenCV's anti-aliased polygon and line calls at
sub-pixel precision, so no font file is needed.

>>> import numpy as np
>>> mask = np.zeros((120, 80), np.uint8)
>>> draw_text(mask, "7", centre=(40, 60), height=80)
>>> bool(mask[20:100, 10:70].any())
True
"""
from __future__ import annotations

import math

import cv2
import numpy as np

BOX_W = 0.6           # numeral width / height
WEIGHT = 0.18         # stroke width / numeral height: the print is heavy
WIDE = 1.1            # the printed numerals are a little wider than the unit box
SLANT = 0.16          # horizontal lean per unit of height (about 9 degrees)
SHIFT = 4             # sub-pixel bits for OpenCV's drawing calls
ONE = 1 << SHIFT


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24):
    """Points on an ellipse from ``start`` to ``end`` degrees (0 = right, 90 = down)."""
    angles = np.radians(np.linspace(start, end, steps))
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


def _six():
    bowl = arc(0.3, 0.665, 0.2, 0.235, 0, 360, 36)
    # the stem: from the bowl's left side up and over to the top right
    stem = arc(0.48, 0.665, 0.38, 0.565, 180, 262, 16)
    return [bowl, stem]


def _turned(strokes):
    return [[(BOX_W - x, 1.0 - y) for x, y in stroke] for stroke in strokes]


# Spines of 0-9 in the unit box (inset by half the pen so the ink fills the box).
DIGITS = {
    "0": [arc(0.3, 0.5, 0.2, 0.4, 0, 360, 40)],
    "1": [[(0.36, 0.1), (0.36, 0.9)], [(0.36, 0.12), (0.12, 0.28)]],
    "2": [arc(0.3, 0.31, 0.2, 0.21, 185, 385, 24) + [(0.1, 0.9), (0.52, 0.9)]],
    "3": [arc(0.29, 0.295, 0.18, 0.195, 200, 450, 24)
          + arc(0.29, 0.695, 0.205, 0.205, 270, 520, 24)[1:]],
    "4": [[(0.41, 0.9), (0.41, 0.1), (0.09, 0.66), (0.54, 0.66)]],
    "5": [[(0.5, 0.1), (0.15, 0.1), (0.13, 0.46)]
          + arc(0.29, 0.655, 0.21, 0.245, 235, 515, 26)],
    "6": _six(),
    "7": [[(0.07, 0.1), (0.52, 0.1), (0.2, 0.9)]],
    "8": [arc(0.3, 0.29, 0.18, 0.19, 0, 360, 30), arc(0.3, 0.69, 0.2, 0.21, 0, 360, 34)],
    "9": _turned(_six()),
    "+": [[(0.03, 0.5), (0.47, 0.5)], [(0.25, 0.29), (0.25, 0.71)]],
}
UNDERLINE = [(0.08, 1.17), (0.5, 1.17)]        # under 6 and 9, which otherwise look alike
ADVANCE = {"+": 0.55, "1": 0.55}


def _pen(points, centre, height, slant, origin_x):
    """Unit-box points -> fixed-point pixel coordinates, slanted about the box middle."""
    cx, cy = centre
    out = []
    for x, y in points:
        px = cx + ((origin_x + x) * WIDE + slant * (0.5 - y)) * height
        py = cy + (y - 0.5) * height
        out.append((round(px * ONE), round(py * ONE)))
    return np.int32(out)


def text_width(text: str) -> float:
    """Width of ``text`` in numeral heights."""
    return WIDE * (sum(ADVANCE.get(ch, BOX_W + 0.06) for ch in text) - 0.06)


def draw_text(mask: np.ndarray, text: str, centre, height: float, slant: float = SLANT,
              weight: float = WEIGHT, underline: bool = True) -> None:
    """Stroke ``text`` (digits and '+') into ``mask``, centred at ``centre``, ``height`` px tall."""
    x = -text_width(text) / WIDE / 2
    pen = max(1, round(weight * height))
    for ch in text:
        strokes = list(DIGITS[ch])
        if underline and ch in "69":
            strokes.append(UNDERLINE)
        for stroke in strokes:
            points = _pen(stroke, centre, height, slant, x - (0.06 if ch == "+" else 0.0))
            thickness = pen if stroke is not UNDERLINE else max(1, round(pen * 0.6))
            if ch == "+":
                thickness = max(1, round(thickness * 0.9))
            cv2.polylines(mask, [points], False, 255, thickness, cv2.LINE_AA, SHIFT)
        x += ADVANCE.get(ch, BOX_W + 0.06)


def _turn(points, centre, angle: float, scale: float):
    """Unit points (about 0,0) turned by ``angle`` degrees (counter-clockwise on screen),
    scaled and moved to ``centre``; fixed-point pixels."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    out = [(centre[0] + scale * (x * c + y * s), centre[1] + scale * (-x * s + y * c)) for x, y in points]
    return np.int32([(round(x * ONE), round(y * ONE)) for x, y in out])


def draw_skip(mask: np.ndarray, centre, radius: float, angle: float = 30.0) -> None:
    """The skip sign: a thick ring with a bar across it, rising ``angle`` degrees to the right."""
    ring = round(0.3 * radius)
    cv2.circle(mask, (round(centre[0] * ONE), round(centre[1] * ONE)), round((radius - ring / 2) * ONE),
               255, ring, cv2.LINE_AA, SHIFT)
    bar = [(-0.82, -0.17), (0.82, -0.17), (0.82, 0.17), (-0.82, 0.17)]
    cv2.fillPoly(mask, [_turn(bar, centre, angle, radius)], 255, cv2.LINE_AA, SHIFT)


# The upper arrow of the reverse sign (unit: 100 px of a 200 px wide card, y down): a
# head pointing up and right, its shaft running back down-left and hooking down, the top
# half of an "S". The lower arrow is the same turned half round; the hooks nest.
_HEAD = [(0.47, -0.6), (-0.01, -0.55), (0.42, -0.12)]
_SHAFT = [(0.24, -0.38)] + arc(0.03, 0.0, 0.17, 0.16, 220, 110, 12)
_SHAFT_WIDTH = 0.22


def draw_reverse(mask: np.ndarray, centre, size: float, arrows=(0, 1)) -> None:
    """The reverse sign, ``size`` px per unit: two hooked arrows pointing opposite ways
    (``arrows`` picks the upper (0) and/or the lower (1) one)."""
    for turn in arrows:
        sign = -1 if turn else 1
        head = _turn([(sign * x, sign * y) for x, y in _HEAD], centre, 0, size)
        shaft = _turn([(sign * x, sign * y) for x, y in _SHAFT], centre, 0, size)
        cv2.fillPoly(mask, [head], 255, cv2.LINE_AA, SHIFT)
        cv2.polylines(mask, [shaft], False, 255, max(1, round(_SHAFT_WIDTH * size)), cv2.LINE_AA, SHIFT)


def mini_card(centre, width: float, height: float, lean: float = 0.2):
    """Corners of a small slanted card (a parallelogram leaning right), fixed-point pixels."""
    cx, cy = centre
    dx = lean * height / 2
    corners = [(cx - width / 2 + dx, cy - height / 2), (cx + width / 2 + dx, cy - height / 2),
               (cx + width / 2 - dx, cy + height / 2), (cx - width / 2 - dx, cy + height / 2)]
    return np.int32([(round(x * ONE), round(y * ONE)) for x, y in corners])


def fill(mask: np.ndarray, polygon: np.ndarray) -> None:
    """Ink a polygon of fixed-point corners (as :func:`mini_card` gives) into ``mask``."""
    cv2.fillPoly(mask, [polygon], 255, cv2.LINE_AA, SHIFT)
