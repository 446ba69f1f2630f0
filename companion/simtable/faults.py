"""The faults the simulated table injects, the way they happen at a real table."""
from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Faults:
    misreads: float = 0.0   # share of camera readings made unsure
    jams: int = 0           # cards that jam in the launcher
    hopper: int = 108       # cards in the hopper at the start (and at each refill)
    late: int = 0           # Flash: turns on which the player lets the timer run out


class UnsureWatcher:
    """An injected misread: the watcher's reading, now and then made unsure (card None)."""

    def __init__(self, watcher, share: float, random_: random.Random, counter: list):
        self.watcher, self.share, self.random, self.counter = watcher, share, random_, counter

    def feed(self, frame):
        seen = self.watcher.feed(frame)
        if seen is not None and seen.card is not None and self.random.random() < self.share:
            self.counter.append(seen.card)
            return type(seen)(None, 0.3, seen.quad, seen.frame_number, seen.guess)
        return seen
