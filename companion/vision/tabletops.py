"""Procedural table tops for test scenes: wood grain, woven cloth, a white table, a dark mat,
varnished wood with the lamp's sheen on it.

Real tables are what outline finding struggles with (wood sheen as white as a border, orange
grain as saturated as a field), so the rendered scenes can lie on them too:

>>> from companion.vision.scene import Scene
>>> table = lay(Scene(seed=1), "wood")
>>> table.frame().shape
(480, 640, 3)
"""
from __future__ import annotations

import cv2
import numpy as np

TOPS = ("wood", "cloth", "white", "dark", "varnished")


def _wood(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Planks of grain: rings bent by low-frequency noise, a warm orange-brown, a sheen."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 25) * 400
    plank = (ys // rng.uniform(90, 160)).astype(np.int32)
    offset = rng.uniform(0, 100, plank.max() + 2).astype(np.float32)[plank]
    rings = np.sin((ys * 0.15 + warp + offset + xs * 0.01) * rng.uniform(0.6, 1.2))
    fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=6, sigmaY=0.7)
    tone = 0.5 + 0.25 * rings + 0.15 * fine * 3
    base = np.float32([rng.uniform(40, 70), rng.uniform(90, 120), rng.uniform(150, 190)])  # BGR
    image = base * (0.7 + 0.5 * tone[..., None])
    seams = (ys % np.float32(rng.uniform(90, 160))) < 2
    image[seams] *= 0.55
    return image


def _varnished(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Wood under varnish: the lamp's reflection, a broad pale streak nearly as white (and as
    uncoloured) as a card's border, across the grain."""
    image = _wood(rng, w, h)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    across = (xs - rng.uniform(0.3, 0.7) * w) * np.cos(angle) + (ys - rng.uniform(0.3, 0.7) * h) * np.sin(angle)
    streak = np.exp(-across ** 2 / (2 * rng.uniform(40, 80) ** 2)) * rng.uniform(0.5, 0.7)
    return image * (1 - streak[..., None]) + np.float32([212, 218, 224]) * streak[..., None]


def _cloth(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    weave = 0.5 + 0.25 * np.sin(xs * 1.6) * np.sin(ys * 1.6) + 0.1 * rng.normal(0, 1, (h, w))
    colour = np.float32(rng.choice([[120, 60, 40], [50, 110, 60], [140, 120, 110], [60, 50, 140]]))
    return colour * (0.8 + 0.4 * weave[..., None])


def _white(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    grain = cv2.GaussianBlur(rng.normal(0, 6, (h, w)).astype(np.float32), (0, 0), 2)
    return np.float32([205, 210, 212])[None, None, :] + grain[..., None]


def _dark(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    grain = cv2.GaussianBlur(rng.normal(0, 5, (h, w)).astype(np.float32), (0, 0), 1.5)
    return np.float32([32, 30, 30])[None, None, :] + grain[..., None]


def lay(table, top: str):
    """``table`` (a :class:`~companion.vision.scene.Scene` with no card on it yet) on the
    table top ``top`` (one of TOPS); returns the table."""
    if top not in TOPS:
        raise ValueError(f"unknown table top {top!r}; one of {', '.join(TOPS)}")
    w, h = table.size
    image = {"wood": _wood, "cloth": _cloth, "white": _white, "dark": _dark, "varnished": _varnished}[top](table.rng, w, h)
    table.canvas = np.clip(image, 0, 255).astype(np.uint8)
    table._lit = None
    return table


def keyboard(frame: np.ndarray, top_left=(0, 60), keys=(3, 5), key=(34, 50), gap=10) -> np.ndarray:
    """Black keys framed by a light keyboard, as beside a card on a desk (each key, a light
    rim round a black field, looks like a wild card's outline); drawn into ``frame``."""
    x0, y0 = top_left
    width, height = keys[0] * (key[0] + gap) + gap, keys[1] * (key[1] + gap) + gap
    frame[y0:y0 + height, x0:x0 + width] = (205, 208, 210)
    for i in range(keys[0]):
        for j in range(keys[1]):
            x, y = x0 + gap + i * (key[0] + gap), y0 + gap + j * (key[1] + gap)
            cv2.rectangle(frame, (x, y), (x + key[0], y + key[1]), (38, 36, 35), -1, cv2.LINE_AA)
    return frame
