"""What a flat card looks like, as numbers: a rank shape vector and a colour.

Both are measured after white-balancing on the card's own white border, so a
warm lamp or a cold window changes neither. The shape vector ignores colour:
it is where the card is paper-white and where it is black, which is what tells
a 5 from a 6 and a wild from a wild-draw4 (its corner "+4" included).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.detect import INNER_RING, OUTER_RING, RIM, WARP_H, WARP_W
from companion.vision.symbol import extremes, symbol_vectors

SHAPE_W, SHAPE_H = 12, 18         # the whole field, coarse
CENTRE_W, CENTRE_H = 24, 32       # the middle, where the number is, finer
CORNER_W, CORNER_H = 8, 10        # the top-left index


@dataclass(frozen=True)
class CardLook:
    shape: np.ndarray            # unit vector, upright as warped
    shape_turned: np.ndarray     # the same card seen upside down
    chroma: np.ndarray           # mean white-balanced (b, g, r) of coloured pixels, sums to 1
    coloured: float              # fraction of the field that is coloured (low on wild cards)
    black_edge: float = 0.0      # how black (uncoloured, darker than the border) the field is
                                 # just inside the border (wild cards: ~1)
    variants: tuple = ()         # more shape vectors: slightly closer crops, both ways up
    symbols: tuple = ()          # the centre symbol's descriptors, upright and upside down (or none)


def balanced(card: np.ndarray) -> np.ndarray:
    """The card scaled so its white border reads (1, 1, 1)."""
    image = card.astype(np.float32)
    if image.shape[:2] == OUTER_RING.shape:
        border = np.percentile(image[OUTER_RING], 60, axis=0)
    else:
        border = np.percentile(image[_ring(image.shape[:2])], 60, axis=0)
    return np.clip(image / np.maximum(border, 8.0), 0.0, 1.5)


@functools.lru_cache(maxsize=4)
def _ring(size: tuple[int, int]) -> np.ndarray:
    """OUTER_RING at another card size."""
    return cv2.resize(OUTER_RING.astype(np.uint8), size[::-1], interpolation=cv2.INTER_NEAREST) > 0


def _unit(vector: np.ndarray) -> np.ndarray:
    vector = vector - vector.mean()
    return vector / max(float(np.linalg.norm(vector)), 1e-6)


def _shape(white: np.ndarray, dark: np.ndarray) -> np.ndarray:
    inner = slice(RIM + 1, WARP_H - RIM - 1), slice(RIM + 1, WARP_W - RIM - 1)
    parts = []
    for channel in (white, dark):
        field = cv2.GaussianBlur(channel[inner], (0, 0), 1.2)
        h, w = field.shape
        parts.append(0.6 * cv2.resize(field, (SHAPE_W, SHAPE_H), interpolation=cv2.INTER_AREA).ravel())
        centre = field[h // 5:h - h // 5, w // 8:w - w // 8]
        parts.append(cv2.resize(centre, (CENTRE_W, CENTRE_H), interpolation=cv2.INTER_AREA).ravel())
        corner = field[:h // 4, :w * 2 // 5]
        parts.append(0.6 * cv2.resize(corner, (CORNER_W, CORNER_H), interpolation=cv2.INTER_AREA).ravel())
    return _unit(np.concatenate(parts))


def _zoom(channel: np.ndarray, factor: float) -> np.ndarray:
    h, w = channel.shape
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), 0, factor)
    return cv2.warpAffine(channel, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def look(card: np.ndarray, zooms=()) -> CardLook:
    """Measure a warped card (BGR, portrait; READ_H x READ_W for the centre symbol, which a
    smaller card is too coarse for). ``zooms`` (e.g. 1.05) add shape vectors of closer crops,
    for outlines found a little too large, when no symbol was found."""
    symbols = ()
    image = balanced(card)
    if card.shape[0] > WARP_H:
        symbols = symbol_vectors(image)
        image = cv2.resize(image, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    low, high = extremes(image)
    white = np.clip((low - 0.45) / 0.4, 0, 1)
    dark = np.clip((0.45 - high) / 0.3, 0, 1)
    chroma_map = high - low
    field = image[RIM + 2:WARP_H - RIM - 2, RIM + 2:WARP_W - RIM - 2]
    f_chroma = chroma_map[RIM + 2:WARP_H - RIM - 2, RIM + 2:WARP_W - RIM - 2]
    f_high = high[RIM + 2:WARP_H - RIM - 2, RIM + 2:WARP_W - RIM - 2]
    coloured = (f_chroma > 0.35) & (f_high > 0.3)
    # the colour from the most coloured part of the field: under dim or tinted light a whole
    # field can stay under a fixed level (a dull green is still green, not grey)
    vivid = (f_chroma >= max(0.08, float(np.percentile(f_chroma, 75)))) & (f_high > 0.15)
    if vivid.sum() >= 8:
        mean = field[vivid].mean(axis=0)
    else:
        mean = np.ones(3, np.float32)
    chroma = mean / max(float(mean.sum()), 1e-6)
    variants = []
    for factor in zooms if not symbols else ():      # a symbol, cut out, needs no closer crop
        w, d = _zoom(white, factor), _zoom(dark, factor)
        variants += [_shape(w, d), _shape(w[::-1, ::-1], d[::-1, ::-1])]
    # black ink just inside the border: uncoloured and well below the border's own white,
    # relative to it (a glossy black reads at 45% of the border, a matt one at 10%)
    ink = np.clip((0.75 - high) / 0.2, 0, 1) * np.clip((0.14 - chroma_map) / 0.07, 0, 1)
    band = ink[INNER_RING]
    return CardLook(_shape(white, dark), _shape(white[::-1, ::-1], dark[::-1, ::-1]),
                    chroma.astype(np.float32), float(coloured.mean()), float(np.median(band)),
                    tuple(variants), symbols)
