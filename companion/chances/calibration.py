"""A calibration map for the raw playout shares, fitted on simulated rounds (issue 19).

Raw playout shares are not the chances a table should see: sampled hands know less than
the true ones (a seat's good hidden cards are missed), and a hundred playouts are noisy.
Measured before the map (docs/benchmarks.md): the shares lean towards the middle in the
upper deciles and barely beat the hand-size baseline. The map is a softmax over the seats of

    score = SHARPEN * log(smoothed share) + SIZE_WEIGHT * log(1 / hand size)

fitted by maximum likelihood (Newton's method, two numbers) on a *development* set of
simulated rounds (fixed seeds); ``bench chances`` judges it on a disjoint *check* set and
prints both, raw and mapped. Refit with ``uno-companion bench chances --fit`` (the printed
constants go below). The map is fitted with the virtual players' policy, official rules,
3 players and 100 playouts; fewer playouts (a slower machine) give noisier shares than it
was fitted for (``bench chances --playouts N --players N`` shows what that costs).

>>> mapped = calibrate([0.5, 0.3, 0.2], [3, 4, 6], playouts=100)
>>> round(sum(mapped), 9), mapped[0] > 0.5
(1.0, True)
"""
from __future__ import annotations

import math

#: Fitted by ``uno-companion bench chances --fit --seed 1000001 --rounds 500`` (3 players,
#: 100 playouts: the development set, 988 estimates; see docs/benchmarks.md).
SHARPEN = 0.726
SIZE_WEIGHT = 0.688


def features(shares: list[float], sizes: list[int], playouts: int) -> list[tuple[float, float]]:
    """Per seat: (log smoothed share, log 1 / hand size). Half a win is added to each seat,
    so a share of 0 of a few playouts is not taken as certain."""
    n = len(shares)
    total = playouts + 0.5 * n
    return [(math.log((share * playouts + 0.5) / total), -math.log(max(size, 1)))
            for share, size in zip(shares, sizes)]


def _softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def calibrate(shares: list[float], sizes: list[int], playouts: int,
              params: tuple[float, float] | None = None) -> list[float]:
    """The mapped chances of each seat (they add up to 1)."""
    sharpen, size_weight = params or (SHARPEN, SIZE_WEIGHT)
    return _softmax([sharpen * a + size_weight * b for a, b in features(shares, sizes, playouts)])


def fit(rows, steps: int = 25) -> tuple[float, float]:
    """Maximum-likelihood (sharpen, size_weight) for rows of (shares, sizes, playouts, winner)."""
    data = [(features(shares, sizes, playouts), winner) for shares, sizes, playouts, winner in rows
            if winner >= 0]
    theta = [1.0, 0.0]
    for _ in range(steps):
        grad, hess = [0.0, 0.0], [[0.0, 0.0], [0.0, 0.0]]
        for xs, winner in data:
            q = _softmax([theta[0] * a + theta[1] * b for a, b in xs])
            mean = [sum(qs * x[k] for qs, x in zip(q, xs)) for k in (0, 1)]
            for k in (0, 1):
                grad[k] += xs[winner][k] - mean[k]
                for j in (0, 1):
                    hess[k][j] -= sum(qs * (x[k] - mean[k]) * (x[j] - mean[j]) for qs, x in zip(q, xs))
        det = hess[0][0] * hess[1][1] - hess[0][1] * hess[1][0]
        if abs(det) < 1e-12:
            break
        step = [(hess[1][1] * grad[0] - hess[0][1] * grad[1]) / det,
                (hess[0][0] * grad[1] - hess[1][0] * grad[0]) / det]
        theta = [theta[0] - step[0], theta[1] - step[1]]
        if max(abs(s) for s in step) < 1e-6:
            break
    return theta[0], theta[1]


def mapped_errors(shares: list[float], errors: list[float], sizes: list[int], playouts: int,
                  params=None) -> list[float]:
    """Standard errors carried through the map (each seat's share moved by its own error)."""
    base = calibrate(shares, sizes, playouts, params)
    out = []
    for seat, error in enumerate(errors):
        moved = list(shares)
        moved[seat] = min(1.0, moved[seat] + error)
        out.append(abs(calibrate(moved, sizes, playouts, params)[seat] - base[seat]))
    return out
