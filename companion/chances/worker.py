"""A background worker for the chances: off the table loop's thread, newest event first.

The table loop calls :meth:`ChancesWorker.submit` after each event (it copies the game
there, in the loop's own thread, so the worker never reads a game that changes, and reads
the events new in its log with a :class:`~companion.chances.inference.Tracker`: what the
seats' draws and passes imply narrows the sampled hands; ``infer=False`` keeps only what is
certain). A newer
submit raises the generation; the running estimate sees that between two playouts and
stops, and its result is dropped. ``on_result(generation, estimate)`` is called in the
worker's thread for estimates that were not overtaken. With ``settle_s`` the worker waits
that long after the newest submit before it starts: a burst of events (a deal, a fast demo)
costs one estimate, not one started and stopped per event (the worker shares Python's
interpreter with the loop and the pages). With ``share`` below 1 it pauses between playouts
so that it holds the interpreter at most that share of the time: the budget is CPU time,
so the estimate is as good, only later.

>>> import threading
>>> from companion.engine import Game, events as E
>>> done = threading.Event()
>>> worker = ChancesWorker(lambda generation, result: done.set(), budget_s=0.05)
>>> game = Game(2); _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> worker.submit(game)
1
>>> done.wait(30)
True
>>> worker.close()
"""
from __future__ import annotations

import random
import threading
import time

from companion.chances.inference import Tracker
from companion.chances.playout import estimate, light_copy


class ChancesWorker:
    """One thread that estimates the latest submitted state."""

    def __init__(self, on_result, budget_s: float = 0.25, *, seed: int = 0, match: bool = False,
                 infer: bool = True, settle_s: float = 0.0, share: float = 1.0):
        self.on_result = on_result
        self.tracker = Tracker(infer=infer)
        self.budget_s, self.match, self.settle_s = budget_s, match, settle_s
        self.share = share
        self.generation = 0
        self.finished = 0       # estimates delivered
        self.overtaken = 0      # estimates stopped or dropped because a newer event came
        self._random = random.Random(seed)
        self._job = None
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="chances", daemon=True)
        self._thread.start()

    def submit(self, game) -> int:
        """Estimate ``game`` as it stands now; answers this estimate's generation."""
        snapshot = light_copy(game)
        self.tracker.follow(game)  # the new log entries only: constant time per event
        masks = self.tracker.masks(game)
        with self._wake:
            self.generation += 1
            self._job = (self.generation, snapshot, masks)
            self._wake.notify()
            return self.generation

    def close(self, timeout: float = 5.0) -> None:
        with self._wake:
            self._closed = True
            self.generation += 1  # the running estimate stops at its next playout
            self._wake.notify()
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._job is None and not self._closed:
                    self._wake.wait()
                while self.settle_s > 0 and not self._closed:  # until no newer event came
                    job = self._job
                    self._wake.wait(self.settle_s)
                    if self._job is job:
                        break
                    self.overtaken += 1
                if self._closed:
                    return
                generation, game, masks = self._job
                self._job = None
            pause = _Pause(self.share)
            result = estimate(game, self.budget_s, self._random, match=self.match, masks=masks,
                              cancelled=lambda: pause() or self.generation != generation)
            if result.cancelled or self.generation != generation:
                self.overtaken += 1
                continue
            self.finished += 1
            self.on_result(generation, result)


class _Pause:
    """Asked between two playouts: after a slice of work, sleep so that the worker holds the
    interpreter at most ``share`` of the time (a thread holds it up to 5 ms at a time, so a
    busy worker would make the camera's and the pages' threads wait at every step)."""

    SLICE_S = 0.002

    def __init__(self, share: float):
        self.share = share
        self.since = time.perf_counter()

    def __call__(self) -> None:
        if self.share >= 1:
            return
        worked = time.perf_counter() - self.since
        if worked >= self.SLICE_S:
            time.sleep(worked * (1 - self.share) / self.share)
            self.since = time.perf_counter()
