"""The chances' worker: playouts in a process of their own, the newest event first.

The table loop calls :meth:`ChancesWorker.submit` after each event. There, in the loop's
own thread, the game is packed (:mod:`companion.chances.wire`: the engine's copy without its
log, constant time however long the match) and the events new in its log are read with a
:class:`~companion.chances.inference.Tracker` (what the seats' draws and passes imply narrows
the sampled hands; ``infer=False`` keeps only what is certain). A thread of the table's
process (``chances``) hands the newest state to the worker process
(:mod:`companion.chances.process`) and takes its answers: playouts are pure Python, and in a
process of their own they never hold the interpreter the loop, the camera and the pages
run in. The budget is the worker process's CPU time.

A newer submit raises the generation and the running estimate stops at its next playout;
its result is dropped. ``on_result(generation, estimate)`` is called in the ``chances``
thread for estimates no newer event overtook.

The process ends with the table: :meth:`close` stops it (within a second, however busy),
and if the table's process dies the pipe closes and the worker ends at its next playout.
A worker process that dies (killed, out of memory) is reported once and a new one takes the
state at hand; after :data:`MAX_DEATHS` deaths in a row without an estimate between them the
chances are turned :attr:`~ChancesWorker.off` with a clear line in the log, and the table
goes on without them.

>>> import os, threading
>>> from companion.engine import Game, events as E
>>> done = threading.Event()
>>> worker = ChancesWorker(lambda generation, result: done.set(), budget_s=0.05)
>>> game = Game(2); _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> worker.submit(game)
1
>>> done.wait(60), worker.pid != os.getpid()
(True, True)
>>> worker.close(); worker.alive
False
"""
from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import threading
from multiprocessing.connection import wait

from companion.chances import playout, process
from companion.chances.inference import Tracker
from companion.chances.wire import pack

log = logging.getLogger(__name__)
#: A fresh interpreter for the worker: forking a process that runs threads is unsafe.
CONTEXT = multiprocessing.get_context("spawn")
#: Worker processes that may die in a row (no estimate between) before the chances turn off.
MAX_DEATHS = 3
#: What the worker process runs on each state (a module-level function: it is sent by name).
ESTIMATE = playout.estimate


class ChancesWorker:
    """One worker process that estimates the latest submitted state."""

    def __init__(self, on_result, budget_s: float = 0.25, *, seed: int = 0, match: bool = False,
                 infer: bool = True, settle_s: float = 0.0):
        self.on_result = on_result
        self.tracker = Tracker(infer=infer)
        self.budget_s, self.match, self.settle_s, self.seed = budget_s, match, settle_s, seed
        self.generation = 0
        self.finished = 0       # estimates delivered
        self.overtaken = 0      # estimates stopped or skipped because a newer event came
        self.failures = 0       # estimates that raised in the worker (a bug; logged)
        self.restarts = 0       # worker processes that died and were replaced
        self.off = False        # True once the chances gave up (see the module)
        self._lock = threading.Lock()
        self._job = None        # the newest job not sent yet
        self._last = None       # the newest job sent (a new process gets it again)
        self._closed = False
        self._deaths = 0
        self._reported: set[str] = set()
        self._process = self._conn = None
        self._wake, self._poke_end = socket.socketpair()
        self._poke_end.setblocking(False)
        self._start_process()
        self._thread = threading.Thread(target=self._run, name="chances", daemon=True)
        self._thread.start()

    # -- the table's side (any thread) --------------------------------------------------------
    def submit(self, game) -> int:
        """Estimate ``game`` as it stands now; answers this estimate's generation."""
        data = pack(game)
        self.tracker.follow(game)  # the new log entries only: constant time per event
        masks = self.tracker.masks(game)
        with self._lock:
            self.generation += 1
            self._job = (self.generation, self.budget_s, data, masks)
            generation = self.generation
        self._poke()
        return generation

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread and the worker process (a busy one stops at its next playout)."""
        with self._lock:
            self._closed = True
        self._poke()
        self._thread.join(min(timeout, 1.0))
        self._stop_process(timeout)
        self._thread.join(timeout)
        for end in (self._wake, self._poke_end):
            end.close()

    @property
    def alive(self) -> bool:
        """True while the worker process and the thread that talks to it run."""
        return (self._thread.is_alive() and self._process is not None
                and self._process.is_alive())

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when there is none)."""
        return None if self._process is None else self._process.pid

    def _poke(self) -> None:
        try:
            self._poke_end.send(b".")
        except OSError:  # full (the thread is awake anyway) or closed (stopping)
            pass

    # -- the process ------------------------------------------------------------------------
    def _start_process(self) -> bool:
        try:
            conn, child_end = CONTEXT.Pipe()
            worker = CONTEXT.Process(target=process.serve, name="uno-companion-chances", daemon=True,
                                     args=(child_end, self.seed + self.restarts, self.match,
                                           self.settle_s, ESTIMATE))
            worker.start()
        except (OSError, RuntimeError) as error:
            self._give_up(f"cannot start their worker process ({error})")
            return False
        child_end.close()
        self._process, self._conn = worker, conn
        return True

    def _stop_process(self, timeout: float) -> None:
        worker, conn = self._process, self._conn
        if worker is None:
            return
        conn.close()  # the worker sees the pipe closed at its next playout and ends
        worker.join(min(timeout, 1.0))
        if worker.is_alive():
            worker.terminate()  # SIGTERM is ignored by the worker ...
            worker.join(0.2)
        if worker.is_alive():
            worker.kill()  # ... and a stuck one is ended all the same
            worker.join(timeout)

    def _give_up(self, why: str) -> None:
        self.off = True
        log.error("the live chances are off: %s; the table goes on without them", why)

    # -- the chances thread -----------------------------------------------------------------
    def _run(self) -> None:
        try:
            while True:
                with self._lock:
                    if self._closed or self.off:
                        return
                    job, self._job = self._job, None
                if job is not None and not self._send(job):
                    continue
                conn, sentinel = self._conn, self._process.sentinel
                ready = wait([conn, sentinel, self._wake])
                if self._wake in ready:
                    self._wake.recv(4096)
                if conn in ready:
                    self._receive()
                elif sentinel in ready:
                    self._died()
        except Exception:  # a bug here must not reach the table: no chances, the table goes on
            log.exception("the chances thread failed")
            self._give_up("their thread failed")

    def _send(self, job) -> bool:
        self._last = job
        try:
            self._conn.send(job)
            return True
        except (OSError, ValueError):  # the worker process is gone
            self._died()
            return False

    def _receive(self) -> None:
        try:
            kind, generation, payload, skipped = self._conn.recv()
        except (EOFError, OSError):
            self._died()
            return
        self.overtaken += skipped
        if kind == "failed":
            self.failures += 1
            line, trace = payload
            level = logging.DEBUG if line in self._reported else logging.ERROR
            self._reported.add(line)
            log.log(level, "a chances estimate failed (%s); the next event gets a new one", line)
            log.debug("the worker's traceback:\n%s", trace)
            return
        self._deaths = 0
        if kind == "overtaken" or generation != self.generation:
            self.overtaken += 1
            return
        self.finished += 1
        try:
            self.on_result(generation, payload)
        except Exception:
            log.exception("the chances' listener failed")

    def _died(self) -> None:
        worker = self._process
        worker.join(0.5)
        if worker.is_alive():  # its pipe broke but it runs on: it must not linger beside a new one
            worker.kill()
            worker.join(1.0)
        self._conn.close()
        with self._lock:
            if self._closed:
                return
        self._deaths += 1
        how = _ending(worker.exitcode)
        if self._deaths >= MAX_DEATHS:
            self._give_up(f"their worker process stopped {self._deaths} times in a row ({how})")
            return
        self.restarts += 1
        log.error("the chances' worker process stopped (%s); a new one takes over", how)
        if self._start_process():
            with self._lock:
                if self._job is None:
                    self._job = self._last  # the state at hand, estimated again


def _ending(code: int | None) -> str:
    if code is None:
        return "it does not answer"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
