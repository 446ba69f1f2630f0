"""WAL checkpoints off the table loop's path, when the table is idle.

SQLite's own automatic checkpoint runs *inside* the commit that crosses 1,000 WAL
pages: every few hundred events, one event waits for the whole WAL to be copied into
the database file and that file to be synced (tens of ms here, more on an SD card),
and a phone sees that play late. :class:`Checkpointer` switches that off on the
writer's connection and checkpoints from its own connection and thread, once the
table has been quiet for a moment. Durability is untouched: every commit is synced
in the WAL before it is acknowledged; a checkpoint only moves synced pages along.
"""
from __future__ import annotations

import logging
import sqlite3
import threading

from companion.threads import Worker

log = logging.getLogger(__name__)


class Checkpointer:
    """Checkpoints ``path`` after ``commits`` new commits once ``quiet`` seconds pass without one."""

    def __init__(self, path: str, commits: int = 100, quiet: float = 0.3, longest: float = 5.0):
        self.path, self.commits, self.quiet, self.longest = path, commits, quiet, longest
        self._pending = 0
        self._wake = threading.Event()
        self._worker = Worker("store-checkpoint", self._run, wake=self._wake.set)
        self._worker.start()

    def committed(self) -> None:
        """One more commit in the WAL (called by the writer, cheap)."""
        self._pending += 1
        self._wake.set()

    def close(self) -> None:
        self._worker.stop(5)

    def _run(self) -> None:
        db = sqlite3.connect(self.path, check_same_thread=False)
        try:
            while not self._worker.stopping.is_set():
                self._wake.wait()
                self._wake.clear()
                if self._pending < self.commits or self._worker.stopping.is_set():
                    continue
                waited = 0.0
                while waited < self.longest and not self._worker.stopping.is_set():
                    self._wake.clear()
                    if not self._wake.wait(self.quiet):
                        break                     # quiet: nobody is waiting on the disk now
                    waited += self.quiet
                self._pending = 0
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as error:   # e.g. the disk is full: the next one retries
                    log.warning("store checkpoint skipped: %s", error)
        finally:
            db.close()
