"""The chances' worker process: it receives states, plays them out, answers estimates.

Started by :class:`~companion.chances.worker.ChancesWorker` (the ``spawn`` way: a fresh
interpreter, never a fork of the table's threads). It holds no interpreter but its own, so
the table's loop, camera and pages never wait for a playout. Each job is ``(generation,
budget_s, packed state, masks)``; a newer job, or the table closing the pipe, stops the
running estimate at its next playout (``cancelled`` asks the pipe). With ``settle_s`` it
waits until no newer job came for that long before it starts: a burst of events (a deal, a
fast demo) costs one estimate. Every answer is ``(kind, generation, payload, skipped)``:
``estimate`` with the :class:`~companion.chances.playout.Estimate`, ``overtaken`` for a
stopped one, ``failed`` with the error's line and its traceback as a pair (the process goes on);
``skipped`` counts the jobs replaced before they began.

Interrupts are the table's business: Ctrl-C on its terminal and the service manager's
SIGTERM reach this process too, and the table stops it itself (a closed pipe ends it).
The process runs at a lower priority (:data:`NICENESS`): a core the table does not need runs
the playouts at full speed (a Pi 4 has four), a busy one serves the table first; the budget
is CPU time, so the estimate is as good, only later.
"""
from __future__ import annotations

import os
import random
import signal
import traceback

from companion.chances.wire import unpack

#: How much lower than the table the worker process is scheduled (``nice``; 19 is the lowest).
NICENESS = 10


def serve(conn, seed: int, match: bool, settle_s: float, estimator) -> None:
    """The process's main: answer jobs from ``conn`` until the table closes it."""
    for name in ("SIGINT", "SIGTERM"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):  # no such call here: the same priority as the table
        pass
    rnd = random.Random(seed)
    try:
        job = conn.recv()
        while True:
            job, skipped = _newest(conn, job, settle_s)
            generation, budget_s, data, masks = job
            try:
                game = unpack(data)
                result = estimator(game, budget_s, rnd, match=match, masks=masks, cancelled=conn.poll)
            except Exception as error:  # a bug on one state: say so, take the next
                line = f"{type(error).__name__}: {error}"[:300]
                conn.send(("failed", generation, (line, traceback.format_exc()), skipped))
            else:
                kind = "overtaken" if result.cancelled else "estimate"
                conn.send((kind, generation, result, skipped))
            job = conn.recv()
    except (EOFError, OSError):  # the table closed the pipe (a stop) or is gone (a crash)
        return


def _newest(conn, job, settle_s: float):
    """The newest job once the table was quiet ``settle_s``, and how many it replaced."""
    skipped = 0
    while conn.poll(settle_s):
        job = conn.recv()
        skipped += 1
    return job, skipped
