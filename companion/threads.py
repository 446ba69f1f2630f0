"""One background thread's start and stop, written once.

A :class:`Worker` runs ``run()`` on a named daemon thread (daemon: a hung worker never keeps
the process, and so a motor, from ending). ``stop(timeout)`` sets :attr:`Worker.stopping`,
wakes the thread if it sleeps elsewhere (a queue, a socket), and waits ``timeout`` seconds
for it: each owner states its own timeout, so stop order and waits stay visible where they
matter. A stopped worker stays stopped (``stopping`` is not cleared by a second ``start``):
a thread that outlived its join can never run beside a new one.

>>> import queue
>>> jobs, done = queue.Queue(), queue.Queue()
>>> def run():
...     while not worker.stopping.is_set():
...         job = jobs.get()
...         if job is not None:
...             done.put(job * 2)
>>> worker = Worker("doubler", run, wake=lambda: jobs.put(None))
>>> worker.start().running
True
>>> jobs.put(21); done.get(timeout=5)
42
>>> worker.stop(5), worker.running, worker.alive
(True, False, False)

Assign the worker before starting it: ``run`` may look at it at once.
"""
from __future__ import annotations

import threading
from typing import Callable


class Worker:
    """``run`` on a daemon thread called ``name``; ``wake()`` unblocks it when asked to stop."""

    def __init__(self, name: str, run: Callable[[], None], *, wake: Callable[[], None] | None = None):
        self.name = name
        self.stopping = threading.Event()
        self._run, self._wake = run, wake
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until :meth:`stop` (even if ``run`` has returned on its own)."""
        return self._thread is not None

    @property
    def alive(self) -> bool:
        """True while the thread itself still runs."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> "Worker":
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float | None) -> bool:
        """Ask the thread to end and wait up to ``timeout`` s (None: as long as it takes).
        False if it was not started (or already stopped); nothing is woken then."""
        self.stopping.set()
        if self._thread is None:
            return False
        if self._wake is not None:
            self._wake()
        self._thread.join(timeout)
        self._thread = None   # only now: until it has ended, the owner still counts as running
        return True
