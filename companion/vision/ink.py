"""Painting primitives the card drawings share (render.py and the editions' render_*.py):
the card's size and landmarks, a blank layer, and inking a glyph with outline and shadow.
Its own module so that an edition's faces can use them without importing render.py back.

>>> layer = blank(); layer[100:120, 90:110] = 255
>>> image = np.full((CARD_H, CARD_W, 3), 250, np.uint8)
>>> inked(image, layer, (38, 28, 214), 3)
>>> tuple(int(v) for v in image[110, 100]), tuple(int(v) for v in image[110, 88])
((38, 28, 214), (20, 20, 20))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import cv2
import numpy as np

from companion.vision import glyphs

CARD_W, CARD_H = 200, 310          # a real card is 56 x 87 mm
BORDER = 13                        # white margin round the printed field
CORNER_RADIUS = 14
FIELD_RADIUS = 10
WHITE, BLACK = (250, 250, 250), (20, 20, 20)
CENTRE = (CARD_W / 2, CARD_H / 2)
INDEX_AT = (BORDER + 19, BORDER + 24)      # middle of the top-left corner index


def blank() -> np.ndarray:
    return np.zeros((CARD_H, CARD_W), np.uint8)


def paint(image: np.ndarray, mask: np.ndarray, colour) -> None:
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return
    region = image[y:y + h, x:x + w]
    alpha = (mask[y:y + h, x:x + w].astype(np.float32) / 255.0)[..., None]
    region[:] = (region * (1 - alpha) + np.float32(colour) * alpha).astype(np.uint8)


def moved(mask: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return cv2.warpAffine(mask, np.float32([[1, 0, dx], [0, 1, dy]]), (CARD_W, CARD_H))


def grown(mask: np.ndarray, px: int) -> np.ndarray:
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * px + 1, 2 * px + 1))
    return cv2.dilate(mask, kernel)


def inked(image, glyph, fill, outline: int, shadow=(-4.0, 4.0)) -> None:
    """Paint ``glyph`` in ``fill`` with a black outline and a black drop shadow."""
    edge = grown(glyph, outline)
    paint(image, np.maximum(edge, moved(edge, *shadow)), BLACK)
    paint(image, glyph, fill)


def mini_cards(image, colours, spots, size, inks) -> None:
    """Small slanted cards (the +2 and +4 art), back to front: each black-edged with a shadow,
    a white rim and its colour inside."""
    w, h = size
    for colour, (dx, dy) in zip(colours, spots):
        centre = (CENTRE[0] + dx, CENTRE[1] + dy)
        layer = blank()
        glyphs.fill(layer, glyphs.mini_card(centre, w, h))
        inked(image, layer, WHITE, 2, (-3.0, 3.0))
        inner = blank()
        glyphs.fill(inner, glyphs.mini_card(centre, w - 9, h - 9))
        paint(image, inner, inks[colour] if colour else WHITE)


def rounded(box, r: int) -> np.ndarray:
    x0, y0, x1, y1 = box
    mask = np.zeros((CARD_H, CARD_W), np.uint8)
    cv2.rectangle(mask, (x0 + r, y0), (x1 - r, y1), 255, -1)
    cv2.rectangle(mask, (x0, y0 + r), (x1, y1 - r), 255, -1)
    for x in (x0 + r, x1 - r):
        for y in (y0 + r, y1 - r):
            cv2.circle(mask, (x, y), r, 255, -1, cv2.LINE_AA)
    return mask


def oval_mask(style) -> np.ndarray:
    """The design's white oval (``style``: its half-axes and lean) as a mask."""
    layer = blank()
    cv2.ellipse(layer, (CARD_W // 2, CARD_H // 2), style.oval, style.tilt, 0, 360, 255, -1, cv2.LINE_AA)
    return layer


@dataclass(frozen=True)
class Face:
    """An edition's own rank as render.py draws it: ``centre(image, colour, design, style,
    paint)`` paints the middle of the card; ``index(layer, style)``, if given, inks the top-left
    corner index into a mask (the renderer turns it into the other corner), else the index is
    the rank's text (render.INDEX_TEXT)."""
    centre: Callable
    index: Optional[Callable] = None
