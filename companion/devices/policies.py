"""Burst policies for UNO Extreme (RULES E1): how many cards one press of the launcher throws.

A policy is a small seeded object with one method, ``next_burst() -> int``.
The same seed gives the same presses, so tests and demos are exact; the game
log records the counts the sensor saw, so a replay never re-draws them.

>>> toy = ToyBurst(seed=4)
>>> [toy.next_burst() for _ in range(12)]
[0, 2, 1, 0, 0, 0, 5, 0, 0, 0, 1, 1]
"""
from __future__ import annotations

import random
from typing import Protocol

from companion.errors import UserError


class BurstPolicy(Protocol):
    def next_burst(self) -> int:
        """How many cards this press throws (0 = an empty press)."""


class UniformBurst:
    """Every count from ``low`` to ``high`` equally likely (0 included by default).

    >>> UniformBurst(seed=1, high=3).next_burst() in range(0, 4)
    True
    """

    name = "uniform"

    def __init__(self, seed: int | None = None, low: int = 0, high: int = 6):
        if not 0 <= low <= high:
            raise UserError(f"uniform burst: need 0 <= low <= high, got {low} and {high}")
        self.low, self.high = low, high
        self._random = random.Random(seed)

    def next_burst(self) -> int:
        return self._random.randint(self.low, self.high)


class ToyBurst:
    """Like the original UNO Extreme launcher.

    About ``throw_share`` of all presses throw cards (a third by default); never
    more than ``max_empty_run`` empty presses in a row (the next press then
    always throws); a throw is 1 to ``most`` cards, small bursts more likely
    (weights ``most``, ``most - 1``, ..., 1).

    Because the cap on empty runs adds throws, the chance of throwing after an
    empty press is tuned below ``throw_share`` so that the long-run share of
    throwing presses is ``throw_share`` itself.
    """

    name = "toy"

    def __init__(self, seed: int | None = None, throw_share: float = 1 / 3,
                 max_empty_run: int = 3, most: int = 8):
        if max_empty_run < 0 or not 1 / (max_empty_run + 1) <= throw_share <= 1:
            raise UserError(f"toy burst: with at most {max_empty_run} empty presses in a row, "
                            f"the share of throws must be from {1 / (max(max_empty_run, 0) + 1):.2f} to 1")
        if most < 1:
            raise UserError("toy burst: a throw needs at least 1 card")
        self.throw_share, self.max_empty_run, self.most = throw_share, max_empty_run, most
        self.throw_chance = _throw_chance(throw_share, max_empty_run)
        self._sizes = list(range(1, most + 1))
        self._weights = list(range(most, 0, -1))
        self._random = random.Random(seed)
        self._empty_run = 0

    def next_burst(self) -> int:
        if self._empty_run < self.max_empty_run and self._random.random() >= self.throw_chance:
            self._empty_run += 1
            return 0
        self._empty_run = 0
        return self._random.choices(self._sizes, self._weights)[0]


def _throw_chance(share: float, cap: int) -> float:
    """The per-press throw chance p whose long-run throw share is ``share`` under the cap.

    Presses form a renewal process: a cycle is up to ``cap`` empty presses and one
    throw; its mean length is 1 + q + ... + q**cap (q = 1 - p), and there is one throw
    per cycle, so share = 1 / sum(q**k). Solved by bisection (the sum grows with q).
    """
    low, high = 0.0, 1.0
    for _ in range(60):
        q = (low + high) / 2
        if 1 / sum(q ** k for k in range(cap + 1)) > share:
            low = q
        else:
            high = q
    return 1 - (low + high) / 2


POLICIES = {"toy": ToyBurst, "uniform": UniformBurst}


def make_policy(name: str, seed: int | None = None) -> BurstPolicy:
    """The policy a config names (``[launcher] burst_policy``)."""
    try:
        return POLICIES[name](seed=seed)
    except KeyError:
        raise UserError(f"unknown burst policy {name!r}; choose one of: {', '.join(POLICIES)}") from None
