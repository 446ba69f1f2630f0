"""Debounce in the device class, the same on every pin library.

gpiozero's ``bounce_time`` depends on the pin library (and the mock pins ignore
it), so the buttons take raw edges and this class decides.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Debouncer:
    """A press counts when the input goes active after ``bounce_time`` without any edge.

    Leading edge: the press is reported at once (a race needs the first edge, not
    one ``bounce_time`` later). The contact chatter that follows a press or a
    release keeps resetting the quiet time, so it never counts.

    >>> clock = iter([0.0, 0.001, 0.002, 0.3, 0.6]).__next__
    >>> button = Debouncer(0.02, clock)
    >>> [button.edge(active) for active in (True, False, True, False, True)]
    [0.0, None, None, None, 0.6]
    """

    def __init__(self, bounce_time: float = 0.02, clock: Callable[[], float] = time.monotonic):
        if bounce_time < 0:
            raise ValueError("bounce time cannot be negative")
        self.bounce_time = bounce_time
        self._clock = clock
        self._last_edge = float("-inf")
        self._lock = threading.Lock()

    def edge(self, active: bool) -> float | None:
        """Feed one raw edge; returns the press time if it is a press, else None."""
        with self._lock:
            now = self._clock()
            quiet = now - self._last_edge
            self._last_edge = now
            return now if active and quiet >= self.bounce_time else None
