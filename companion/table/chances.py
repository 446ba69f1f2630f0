"""Live win chances at the table (issue 19): estimated off the loop's thread, following the log.

After every step the table loop calls :meth:`TableChances.after_step` on its own thread with
the game. That hands the engine to a :class:`~companion.chances.ChancesWorker` (which packs
it there, without its log: constant time however long the match) and returns; the worker
estimates in a process of its own within a CPU budget (the table's interpreter is never held
by a playout), and a newer step cancels the running estimate. A finished estimate that no
newer step overtook becomes the :class:`Chances` of that step and goes to the subscribers
(the phones' stream hub). A worker process that dies is replaced (or the chances turn off,
see :mod:`companion.chances.worker`); the table goes on either way.

Each estimate is also a point of this round's series (the history page's chart). A point
remembers the journal entry it was made after; an undo or the host's card fix replaces those
entries, so the points of withdrawn events are dropped: nothing derived splits from the log.

>>> from companion.table import sample_loop
>>> import threading
>>> loop, got = sample_loop().start(), threading.Event()
>>> chances = TableChances(ChancesConfig(budget_s=0.02)).attach(loop)
>>> _ = chances.subscribe(lambda latest: got.set())
>>> got.wait(30), len(chances.latest.estimate.round)
(True, 3)
>>> chances.close(); loop.stop()
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.chances.playout import Estimate
from companion.chances.worker import ChancesWorker
from companion.engine.options import RuleOptions
from companion.errors import UserError

log = logging.getLogger(__name__)
#: CPU seconds per event. Measured on the development machine (x86, shared): a 4-player state
#: gets about 125 playouts of round and match in 0.25 s (a match chance within +-8 points at
#: 95 %). A Pi 4 is slower (not measured here): fewer playouts, wider intervals, the same
#: wait. The worker runs in its own process, so a longer budget only makes the chances later.
DEFAULT_BUDGET_S = 0.25
MAX_BUDGET_S = 2.0
#: The table must be quiet this long before an estimate starts: a deal or a run of quick plays
#: costs one estimate, and the camera and the pages keep the processor cores meanwhile.
SETTLE_S = 0.3


@dataclass(frozen=True)
class ChancesConfig:
    """``[chances]`` in the config file: ``budget_s``, the CPU seconds spent per event."""
    budget_s: float = DEFAULT_BUDGET_S

    def __post_init__(self):
        if type(self.budget_s) is not float or not 0 < self.budget_s <= MAX_BUDGET_S:
            raise UserError(f"[chances] budget_s = {self.budget_s!r}: CPU seconds per event, more than 0 "
                            f"and at most {MAX_BUDGET_S} (the table waits for nothing, but a longer "
                            "estimate is overtaken by the next event anyway)")


@dataclass(frozen=True)
class Point:
    """The round chances after one event of the round (``step``: its place in the round)."""
    step: int
    round: tuple[float, ...]


@dataclass(frozen=True)
class Chances:
    """The estimate for the table's update ``version``, with this round's series so far."""
    version: int
    round_no: int
    players: tuple[str, ...]
    estimate: Estimate
    series: tuple[Point, ...]
    options: RuleOptions   # the match's: they answer which phones may see this

    def visible_to(self, host: bool) -> bool:
        """The engine's answer (S5 ``show_chances``): the host always, the others if chosen."""
        return self.options.shows_chances(host)


@dataclass
class _Step:
    """What the loop thread saw when it handed a state over (read by the worker's callback)."""
    generation: int
    version: int
    round_no: int
    players: tuple[str, ...]
    options: RuleOptions
    entry: dict | None   # the journal entry of the last event of this round, if any
    index: int           # its place in the journal
    step: int            # its place in this round


class TableChances:
    """The table's chances: one worker, the latest estimate, this round's series."""

    def __init__(self, config: ChancesConfig = ChancesConfig(), *, seed: int = 0):
        self.config = config
        self._lock = threading.Lock()
        self._subscribers: list[Callable[[Chances], None]] = []
        self._step: _Step | None = None
        self._points: list[tuple[dict, int, Point]] = []   # (journal entry, its index, point)
        self._latest: Chances | None = None
        self._seed = seed
        self._worker = self._new_worker()
        self._unwatch: Callable[[], None] | None = None

    def _new_worker(self) -> ChancesWorker:
        return ChancesWorker(self._finished, self.config.budget_s, seed=self._seed, match=True,
                             settle_s=SETTLE_S)

    @property
    def latest(self) -> Chances | None:
        """The last estimate no newer step overtook (None before the first)."""
        with self._lock:
            return self._latest

    @property
    def worker(self) -> ChancesWorker:
        return self._worker

    @property
    def restarts(self) -> int:
        """Worker processes that died and were replaced."""
        return self._worker.restarts

    @property
    def off(self) -> bool:
        """True once the chances gave up (their worker process kept dying; logged)."""
        return self._worker.off

    def subscribe(self, subscriber: Callable[[Chances], None]) -> Callable[[], None]:
        """``subscriber(chances)`` after each estimate, in the ``chances`` thread (must not block)."""
        with self._lock:
            self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber) if subscriber in self._subscribers else None

    def attach(self, loop) -> "TableChances":
        """Follow ``loop`` (started): every step from now on, and the state it holds now."""
        self._unwatch = loop.watch(self.after_step)
        loop.call(lambda game: self.after_step(game, loop.latest))
        return self

    def close(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
        self._worker.close()

    # -- the loop thread ----------------------------------------------------------------------
    def after_step(self, game, update) -> None:
        """Hand the game as it stands after ``update`` to the worker (quick: a copy, no playout)."""
        engine, journal = game.engine, game.journal
        index = len(journal) - 1
        entry = journal[index] if journal and journal[index]["round"] == engine.round_no else None
        with self._lock:  # held over submit, so the worker's answer finds this step recorded
            self._points = [(e, i, p) for e, i, p in self._points
                            if i < len(journal) and journal[i] is e and e["round"] == engine.round_no]
            step = sum(1 for e in journal if e["round"] == engine.round_no)
            generation = self._worker.submit(engine)
            self._step = _Step(generation, update.version, engine.round_no, tuple(game.setup.players),
                               engine.options, entry, index, step)

    # -- the chances thread -------------------------------------------------------------------
    def _finished(self, generation: int, estimate: Estimate) -> None:
        with self._lock:
            step = self._step
            if step is None or step.generation != generation:  # overtaken after all
                return
            begun = estimate.playouts > 0 or max(estimate.round, default=0) == 1.0  # else: not dealt yet
            if step.entry is not None and begun:
                self._points = [(e, i, p) for e, i, p in self._points if i < step.index]
                self._points.append((step.entry, step.index, Point(step.step, tuple(estimate.round))))
            chances = self._latest = Chances(step.version, step.round_no, step.players, estimate,
                                             tuple(p for _e, _i, p in self._points), step.options)
            subscribers = list(self._subscribers)
        for subscriber in subscribers:
            try:
                subscriber(chances)
            except Exception:  # one broken listener must not stop the estimates
                log.exception("chances listener %r failed", subscriber)
