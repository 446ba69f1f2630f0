"""The teaching contact sheet: one image showing what teaching learned from each photo.

Each photo becomes a small tile with the outline teaching took drawn on it (green: taught,
red: refused, with the reason), so a wrong outline is caught at setup, not in a game.

>>> import numpy as np
>>> photo = np.full((300, 200, 3), 90, np.uint8)
>>> quad = np.float32([[50, 50], [150, 50], [150, 250], [50, 250]])
>>> contact_sheet([("red-5", 1, photo, quad, None), ("blue-2", 1, photo, None, "no card found")]).shape
(176, 320, 3)
"""
from __future__ import annotations

import cv2
import numpy as np

TILE_W, TILE_H = 160, 160        # the photo area of a tile; a caption line under it
CAPTION = 16
COLUMNS = 8
TAUGHT, REFUSED = (60, 200, 60), (40, 40, 230)


def _tile(name: str, number: int, image: np.ndarray, quad, reason: str | None) -> np.ndarray:
    h, w = image.shape[:2]
    f = min(TILE_W / w, TILE_H / h)
    small = cv2.resize(image, (max(1, int(w * f)), max(1, int(h * f))), interpolation=cv2.INTER_AREA)
    tile = np.full((TILE_H + CAPTION, TILE_W, 3), 255, np.uint8)
    y, x = (TILE_H - small.shape[0]) // 2, (TILE_W - small.shape[1]) // 2
    tile[y:y + small.shape[0], x:x + small.shape[1]] = small
    colour = REFUSED if reason else TAUGHT
    if quad is not None:
        points = (np.float32(quad).reshape(-1, 2) * f + np.float32([x, y])).astype(np.int32)
        cv2.polylines(tile, [points], True, colour, 2, cv2.LINE_AA)
    text = f"{name} {number}" + (f": {reason}" if reason else "")
    cv2.putText(tile, text[:30], (2, TILE_H + CAPTION - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.33, colour, 1,
                cv2.LINE_AA)
    return tile


def contact_sheet(looked) -> np.ndarray:
    """One BGR image of tiles, one per ``(card, photo number, image, outline or None,
    reason refused or None)``, in rows of COLUMNS (fewer when there are fewer photos)."""
    tiles = [_tile(*entry) for entry in looked] or [np.full((TILE_H + CAPTION, TILE_W, 3), 255, np.uint8)]
    columns = min(COLUMNS, len(tiles))
    blank = np.full_like(tiles[0], 255)
    tiles += [blank] * (-len(tiles) % columns)
    rows = [np.hstack(tiles[i:i + columns]) for i in range(0, len(tiles), columns)]
    return np.vstack(rows)
