"""Small changes to a card outline: polishing one found in a frame, and the near misses
a taught template should also match."""
from __future__ import annotations

import numpy as np

from companion.vision.detect import Judge, order_corners


def _moved(quad: np.ndarray, dx: float, dy: float, turn: float, grow: float) -> np.ndarray:
    centre = quad.mean(axis=0)
    c, s = np.cos(np.deg2rad(turn)), np.sin(np.deg2rad(turn))
    rotation = np.float32([[c, -s], [s, c]])
    return ((quad - centre) * grow) @ rotation.T + centre + np.float32([dx, dy])


def jittered(quad: np.ndarray) -> list[np.ndarray]:
    """The outline shifted, turned and resized a little: how outlines found in a frame differ."""
    step = 0.03 * float(np.linalg.norm(quad[0] - quad[1]))
    moves = [(step, 0, 0, 1), (-step, 0, 0, 1), (0, step, 0, 1), (0, -step, 0, 1),
             (0, 0, 3, 1), (0, 0, -3, 1), (0, 0, 0, 0.95), (0, 0, 0, 1.05)]
    return [_moved(order_corners(quad), *move) for move in moves]


def polish(frame: np.ndarray, quad: np.ndarray, rounds: int = 3,
           judge: Judge | None = None) -> tuple[np.ndarray, float]:
    """Nudge an outline (shift, turn, size) while that makes it look more like a card.
    ``judge``: the frame's :class:`Judge` when one is made already."""
    judge = judge or Judge(frame)
    best = order_corners(quad)
    best_score = judge.score(best)
    for step in (4.0, 2.0, 1.0)[:rounds]:
        improved = True
        while improved:
            improved = False
            for linear, shift in _NUDGES[step]:
                centre = best.mean(axis=0)
                trial = (best - centre) @ linear + (centre + shift)
                score = judge.score(trial)
                if score > best_score + 1e-3:
                    best, best_score, improved = trial, score, True
    return best, best_score


def _nudges(step: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """:func:`polish`'s eight nudges of one step as (linear map about the centre, shift):
    made once, as polishing tries them some fifty times per outline."""
    moves = ((step, 0, 0, 1), (-step, 0, 0, 1), (0, step, 0, 1), (0, -step, 0, 1),
             (0, 0, step / 2, 1), (0, 0, -step / 2, 1), (0, 0, 0, 1 + step / 100), (0, 0, 0, 1 - step / 100))
    nudges = []
    for dx, dy, turn, grow in moves:
        c, s = np.cos(np.deg2rad(turn)), np.sin(np.deg2rad(turn))
        nudges.append((np.float32([[c, -s], [s, c]]).T * np.float32(grow), np.float32([dx, dy])))
    return nudges


_NUDGES = {step: _nudges(step) for step in (4.0, 2.0, 1.0)}
