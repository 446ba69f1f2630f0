"""The centre symbol of a card, cut out and compared on its own.

In the classic design the rank sits in a white tilted oval: the number (or skip ring,
reverse arrows, "+2" cards, wild-draw4's four cards) is printed in the card's colour with
a black outline. Cut out of the oval, scaled to a fixed box and described by its outline
directions, the symbol reads the same whether the card's outline was found a little too
large, shifted or turned, and whatever the colour: a 6 taught on a red card reads a blue 6.

>>> import numpy as np
>>> card = np.full((192, 128, 3), 1.0, np.float32)          # a white card, balanced
>>> card[60:130, 50:80] = (0.2, 0.2, 0.9)                   # a red bar in the middle
>>> symbol = centre_symbol(card)
>>> symbol.shape, int(symbol[24, 16]) > 200
((48, 32), True)
>>> describe(symbol).shape
(576,)
"""
from __future__ import annotations

import cv2
import numpy as np

SYMBOL_W, SYMBOL_H = 32, 48       # the symbol's box, its height filled (a 1 stays thin)
BINS = 8                          # outline directions per cell
CELL = 8                          # px of the symbol box per direction histogram
# where the symbol may lie, as fractions of the card (top, bottom, left, right): the middle,
# then nearly all of it (an outline found too small shows the symbol larger, near the edge)
AREAS = ((0.14, 0.86, 0.08, 0.92), (0.03, 0.97, 0.03, 0.97))
MIN_PART = 0.06                   # parts smaller than this share of the largest are specks


def extremes(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and the highest channel of each pixel (cv2: numpy's per-pixel reduction over
    three channels is several times slower)."""
    b, g, r = cv2.split(np.ascontiguousarray(image))
    return cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)


def _paper(card: np.ndarray) -> np.ndarray:
    """0..255 paper whiteness of a balanced card: bright and uncoloured."""
    low, high = extremes(card)
    return np.clip((2 * low - high) * 255, 0, 255).astype(np.uint8)


def _inner_parts(ink: np.ndarray) -> np.ndarray | None:
    """The connected parts of ``ink`` that do not touch the edge of the area, specks left
    out, as a 0/255 mask; None when there are none."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    h, w = ink.shape
    x, y, bw, bh, area = (stats[:, i] for i in range(5))
    keep = (area >= 12) & (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    keep[0] = False
    if not keep.any():
        return None
    keep &= area >= MIN_PART * area[keep].max()
    return (keep[labels] * 255).astype(np.uint8)


def centre_symbol(card: np.ndarray) -> np.ndarray | None:
    """The symbol in the middle of a balanced card (float BGR, white border ~1), as a
    SYMBOL_H x SYMBOL_W 0..255 mask, upright as the card lies; None when there is none
    (an outline so far off that the symbol touches the edge of the middle, or no oval)."""
    h, w = card.shape[:2]
    for top, bottom, left, right in AREAS:
        paper = _paper(card[int(h * top):int(h * bottom), int(w * left):int(w * right)])
        level, _ = cv2.threshold(paper, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        parts = _inner_parts((paper <= level).astype(np.uint8))      # coloured symbol in a white oval
        if parts is None:
            parts = _inner_parts((paper > level).astype(np.uint8))   # white symbol on the field
        if parts is not None:
            break
    else:
        return None
    x, y, bw, bh = cv2.boundingRect(parts)
    scale = min(SYMBOL_H / bh, SYMBOL_W / bw)
    nw, nh = max(1, round(bw * scale)), max(1, round(bh * scale))
    box = np.zeros((SYMBOL_H, SYMBOL_W), np.uint8)
    ox, oy = (SYMBOL_W - nw) // 2, (SYMBOL_H - nh) // 2
    box[oy:oy + nh, ox:ox + nw] = cv2.resize(parts[y:y + bh, x:x + bw], (nw, nh), interpolation=cv2.INTER_AREA)
    return box


def _directions(image: np.ndarray) -> np.ndarray:
    """Histograms of outline direction per CELL x CELL cell (a small HOG), each cell
    normalised against the whole symbol's strength so empty cells stay near zero."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3)
    magnitude, angle = cv2.cartToPolar(gx, gy)
    position = (angle % np.pi) * (BINS / np.pi)
    low = np.floor(position).astype(np.int32) % BINS
    frac = position - np.floor(position)
    h, w = image.shape
    cells = []
    for b in range(BINS):
        share = magnitude * ((low == b) * (1 - frac) + ((low + 1) % BINS == b) * frac)
        cells.append(cv2.resize(share, (w // CELL, h // CELL), interpolation=cv2.INTER_AREA))
    histogram = np.stack(cells, axis=-1)
    norms = np.linalg.norm(histogram, axis=2, keepdims=True)
    return np.sqrt(histogram / (norms + 0.2 * norms.mean() + 1e-6)).ravel()


def _unit(vector: np.ndarray) -> np.ndarray:
    vector = vector - vector.mean()
    return vector / max(float(np.linalg.norm(vector)), 1e-6)


def describe(symbol: np.ndarray) -> np.ndarray:
    """A unit vector for comparing symbols by dot product: the blurred shape at half size
    and its outline directions, weighted equally."""
    image = symbol.astype(np.float32) / 255.0
    shape = cv2.resize(cv2.GaussianBlur(image, (0, 0), 1.5), (SYMBOL_W // 2, SYMBOL_H // 2),
                       interpolation=cv2.INTER_AREA)
    both = np.concatenate([_unit(shape.ravel()), _unit(_directions(image))])
    return (both / np.sqrt(2.0)).astype(np.float32)


def symbol_vectors(card: np.ndarray) -> tuple[np.ndarray, ...]:
    """``(upright, upside down)`` descriptors of a balanced card's symbol, or ``()``."""
    symbol = centre_symbol(card)
    if symbol is None:
        return ()
    return describe(symbol), describe(np.ascontiguousarray(symbol[::-1, ::-1]))


SAME_SYMBOL = 0.97       # templates of one rank more alike than this are kept once


def distinct(templates: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Indices of the templates to keep (in their order): within each rank, one left out that
    is nearly the same as one kept (the built-in profile draws each symbol in many lights and
    poses, most of them alike); a card is compared with every kept one, so fewer is faster.

    >>> rows = np.float32([[1, 0], [0.99, 0.14], [0, 1], [1, 0]])
    >>> distinct(rows, np.array(["6", "6", "6", "9"])).tolist()   # a 9 like a 6 is still a 9
    [0, 2, 3]
    """
    keep = []
    for rank in dict.fromkeys(ranks.tolist()):
        rows = np.flatnonzero(ranks == rank)
        alike = templates[rows] @ templates[rows].T
        kept: list[int] = []
        for i in range(len(rows)):
            if not kept or alike[i, kept].max() < SAME_SYMBOL:
                kept.append(i)
        keep += rows[kept].tolist()
    return np.array(sorted(keep), dtype=np.intp)
