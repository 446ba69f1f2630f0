"""The project's own card drawings, made with OpenCV drawing calls.

Two designs: ``classic`` (white tilted oval, the number in colour with a black
outline) and ``current`` (no oval, a big white number with a black shadow).
They feed the built-in default profile and the synthetic table scenes; no
photo of a real card is used anywhere.

>>> image = draw_card("red-5", design="classic")
>>> image.shape
(310, 200, 3)
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

from companion.vision.deck import split

CARD_W, CARD_H = 200, 310          # a real card is 56 x 87 mm
BORDER = 12
CORNER_RADIUS = 14
DESIGNS = ("classic", "current")
# BGR, close to printed UNO colours under daylight.
PAINT = {"red": (38, 28, 214), "yellow": (10, 205, 250), "green": (70, 160, 55),
         "blue": (190, 105, 0), None: (25, 25, 25)}
WHITE, BLACK = (250, 250, 250), (20, 20, 20)
FONTS = (cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_TRIPLEX)
QUARTERS = ("red", "blue", "yellow", "green")


@functools.lru_cache(maxsize=1)
def card_mask() -> np.ndarray:
    """255 inside the card's rounded outline, 0 outside (CARD_H x CARD_W)."""
    mask = np.zeros((CARD_H, CARD_W), np.uint8)
    r = CORNER_RADIUS
    cv2.rectangle(mask, (r, 0), (CARD_W - 1 - r, CARD_H - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (CARD_W - 1, CARD_H - 1 - r), 255, -1)
    for x in (r, CARD_W - 1 - r):
        for y in (r, CARD_H - 1 - r):
            cv2.circle(mask, (x, y), r, 255, -1, cv2.LINE_AA)
    return mask


def _sheared(layer: np.ndarray, shear: float) -> np.ndarray:
    h, w = layer.shape[:2]
    matrix = np.float32([[1, -shear, shear * h / 2], [0, 1, 0]])
    return cv2.warpAffine(layer, matrix, (w, h))


def _text_layer(text: str, size: tuple[int, int], height: float, font: int,
                thickness: int, shear: float = 0.18, centre=None) -> np.ndarray:
    """A mask with ``text`` centred at ``centre`` (default: middle), ``height`` px tall."""
    w, h = size
    scale = height / cv2.getTextSize("0", font, 1.0, thickness)[0][1]
    (tw, th), _ = cv2.getTextSize(text, font, scale, thickness)
    cx, cy = centre or (w / 2, h / 2)
    layer = np.zeros((h, w), np.uint8)
    cv2.putText(layer, text, (int(cx - tw / 2), int(cy + th / 2)), font, scale, 255,
                thickness, cv2.LINE_AA)
    return _sheared(layer, shear)


def _symbol_layer(rank: str, size: tuple[int, int], scale: float) -> np.ndarray:
    """Mask of a skip or reverse symbol, centred."""
    w, h = size
    c = (w // 2, h // 2)
    layer = np.zeros((h, w), np.uint8)
    r = int(32 * scale)
    t = max(2, int(10 * scale))
    if rank == "skip":
        cv2.circle(layer, c, r, 255, t, cv2.LINE_AA)
        d = int(r * 0.7)
        cv2.line(layer, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), 255, t, cv2.LINE_AA)
    else:  # reverse: two arrows along the diagonal, pointing opposite ways
        d, o = int(r * 0.9), int(r * 0.35)
        cv2.arrowedLine(layer, (c[0] - d - o, c[1] + d - o), (c[0] + d - o, c[1] - d - o),
                        255, t, cv2.LINE_AA, tipLength=0.45)
        cv2.arrowedLine(layer, (c[0] + d + o, c[1] - d + o), (c[0] - d + o, c[1] + d + o),
                        255, t, cv2.LINE_AA, tipLength=0.45)
    return layer


def _mini_cards(image: np.ndarray, colours, scale: float, fill=None) -> None:
    """Small overlapping cards in the middle (the draw2 / wild-draw4 art)."""
    cx, cy = CARD_W // 2, CARD_H // 2
    n = len(colours)
    w, h = int(36 * scale), int(54 * scale)
    for i, colour in enumerate(colours):
        ox = int((i - (n - 1) / 2) * 22 * scale)
        oy = int(((i % 2) - 0.5) * 20 * scale) if n > 2 else int((i - 0.5) * -22 * scale)
        box = cv2.boxPoints(((cx + ox, cy + oy), (w, h), 20)).astype(np.int32)
        cv2.fillConvexPoly(image, box, BLACK, cv2.LINE_AA)
        inner = cv2.boxPoints(((cx + ox, cy + oy), (w - 6, h - 6), 20)).astype(np.int32)
        cv2.fillConvexPoly(image, inner, fill or PAINT[colour], cv2.LINE_AA)


def _paint(image: np.ndarray, mask: np.ndarray, colour) -> None:
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return
    region = image[y:y + h, x:x + w]
    alpha = (mask[y:y + h, x:x + w].astype(np.float32) / 255.0)[..., None]
    region[:] = (region * (1 - alpha) + np.float32(colour) * alpha).astype(np.uint8)


def _index_text(rank: str) -> str:
    return {"draw2": "+2", "wild-draw4": "+4"}.get(rank, rank)


def _corner_layer(rank: str, font: int) -> np.ndarray:
    """The small index in the top-left corner and, turned, in the bottom-right."""
    size = (CARD_W, CARD_H)
    centre = (BORDER + 20, BORDER + 24)
    if rank in ("skip", "reverse"):
        small = _symbol_layer(rank, (60, 60), 0.45)
        layer = np.zeros((CARD_H, CARD_W), np.uint8)
        layer[centre[1] - 30:centre[1] + 30, centre[0] - 30:centre[0] + 30] = small
    elif rank == "wild":
        layer = np.zeros((CARD_H, CARD_W), np.uint8)
        cv2.ellipse(layer, centre, (10, 15), 30, 0, 360, 255, -1, cv2.LINE_AA)
    else:
        layer = _text_layer(_index_text(rank), size, 26, font, 3, centre=centre)
    return np.maximum(layer, layer[::-1, ::-1])


def _oval(image: np.ndarray, colour=WHITE) -> None:
    cv2.ellipse(image, (CARD_W // 2, CARD_H // 2), (72, 128), 35, 0, 360, colour, -1, cv2.LINE_AA)


def _centre(image: np.ndarray, colour: str | None, rank: str, design: str, font: int) -> None:
    ink = PAINT[colour]
    size = (CARD_W, CARD_H)
    classic = design == "classic"
    fill, edge = (ink, BLACK) if classic else (WHITE, BLACK)
    if rank in ("wild", "wild-draw4"):
        if rank == "wild":
            for i, quarter in enumerate(QUARTERS):
                cv2.ellipse(image, (CARD_W // 2, CARD_H // 2), (62, 112) if classic else (70, 70),
                            35, i * 90, i * 90 + 90, PAINT[quarter], -1, cv2.LINE_AA)
        else:
            if classic:
                _oval(image)
            _mini_cards(image, ("blue", "green", "red", "yellow"), 1.1)
        return
    if rank == "draw2":
        _mini_cards(image, (colour, colour), 1.4, None if classic else WHITE)
        return
    if rank in NUMBERS:
        text = rank
        glyph = _text_layer(text, size, 92, font, 16 if font != cv2.FONT_HERSHEY_SIMPLEX else 18)
        if rank in ("6", "9"):  # the underline that tells 6 from 9
            cv2.line(glyph, (CARD_W // 2 - 24, CARD_H // 2 + 62), (CARD_W // 2 + 24, CARD_H // 2 + 62),
                     255, 8)
    else:
        glyph = _symbol_layer(rank, size, 1.6)
    outline = cv2.dilate(glyph, np.ones((7, 7), np.uint8))
    shift = np.float32([[1, 0, 4], [0, 1, 5]]) if not classic else np.float32([[1, 0, 0], [0, 1, 0]])
    _paint(image, cv2.warpAffine(outline, shift, size), edge)
    _paint(image, glyph, fill)


NUMBERS = frozenset(str(n) for n in range(10))


@functools.lru_cache(maxsize=512)
def _draw_cached(name: str, design: str, font_index: int) -> np.ndarray:
    colour, rank = split(name)
    font = FONTS[font_index % len(FONTS)]
    image = np.full((CARD_H, CARD_W, 3), WHITE, np.uint8)
    field = PAINT[colour]
    cv2.rectangle(image, (BORDER, BORDER), (CARD_W - 1 - BORDER, CARD_H - 1 - BORDER), field, -1)
    if design == "classic" and rank != "wild":
        _oval(image)
    _paint(image, _corner_layer(rank, font), WHITE)
    if rank == "wild":  # the corner index of a wild is a small four-colour oval
        _paint(image, _corner_layer(rank, font), PAINT["red"])
    _centre(image, colour, rank, design, font)
    image[card_mask() == 0] = 0
    return image


def draw_card(name: str, design: str = "classic", font_index: int = 0) -> np.ndarray:
    """A flat, upright drawing of one card face, CARD_H x CARD_W BGR; black outside the outline."""
    if design not in DESIGNS:
        raise ValueError(f"unknown design {design!r}; choose one of {DESIGNS}")
    return _draw_cached(name, design, font_index).copy()
