"""Every match and its events in one SQLite file, so no game is ever lost.

The table loop appends each event *before* it applies it; after a crash or a
power cut the service reopens the file and replays. WAL keeps readers (the
phone's match list) from blocking the writer; ``synchronous=FULL`` makes an
acknowledged event survive a power cut, which an SD card at a table will see.

>>> store = MatchDatabase(":memory:")
>>> match = store.create_match({"format": "uno-companion-log", "players": ["Ana", "Ben"]})
>>> store.append(match, {"type": "deal"})
1
>>> [event["type"] for event in store.events(match)]
['deal']
>>> store.current_match() == match      # the one a restart resumes
True

A damaged row (a header or event that is not JSON any more) never breaks the
list: the match is listed with its ``problem``; reading its events names the row.
A damaged *file* never stops the table: it is moved aside, never deleted, and what
can still be read is copied into a fresh store (:mod:`companion.matchdb.repair`);
``recovered`` then says what happened. A full disk is a :class:`StoreFull` (an
``OSError`` with ``errno.ENOSPC``): nothing was written, the caller's game is as it was.
"""
from __future__ import annotations

import errno
import json
import logging
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from companion.errors import UserError
from companion.matchdb.repair import quick_check, schema_problem

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    header TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
#: Columns added after the first release, added to an older file when it is opened.
ADDED_COLUMNS = {"summary": "ALTER TABLE matches ADD COLUMN summary TEXT"}
MAX_ID = 2**63 - 1  # SQLite's largest integer; a bigger id from a URL is simply not there


class StoreError(OSError):
    """The store cannot be written (or read) now; nothing was changed by the failed call."""


class StoreFull(StoreError):
    """The disk (or the store's size limit) is full: free space and the table goes on."""

    def __init__(self, path: str):
        super().__init__(errno.ENOSPC, f"the box's storage is full: {path} cannot grow; the last "
                         "change was not made (free some space and try again)")


class StoreDamaged(UserError):
    """The file is not a sound game store (``problem`` says what SQLite found)."""

    def __init__(self, path: str, problem: str):
        super().__init__(f"the game store {path} is damaged: {problem}")
        self.path, self.problem = path, problem


def store_error(error: sqlite3.Error, path: str) -> StoreError:
    """The plain-words error for a failed write (SQLite says "database or disk is full")."""
    if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(error):
        return StoreFull(path)
    return StoreError(errno.EIO, f"the game store {path} cannot be written ({error}); the last "
                      "change was not made")


class MatchProblem(UserError):
    """A stored match that cannot be used as asked; ``reason`` and ``params`` let a page say
    it in its own language (reasons: missing, damaged_header, damaged_event, old_version,
    no_setup, finished, current)."""

    def __init__(self, message: str, reason: str, **params):
        super().__init__(message)
        self.reason, self.params = reason, params


@dataclass(frozen=True)
class MatchInfo:
    """One line of the match list. ``summary`` is what the table wrote at its last change
    (scores, round, winner) or None; ``problem`` says why the header cannot be read."""
    id: int
    started: float
    players: list[str]
    events: int
    finished: bool
    header: dict | None = None
    summary: dict | None = None
    problem: str = ""


class MatchDatabase:
    """One SQLite file of matches; safe to share between the table loop and web threads."""

    def __init__(self, path: str | Path, *, repair: bool = True):
        """Open (or create) the store at ``path``. A damaged file is moved aside and what can be
        read is recovered into a fresh one (``repair=False``: :class:`StoreDamaged` instead)."""
        self.path = str(path)
        self.recovered = None   # a repair.Recovery when the file was damaged
        folder = Path(self.path).parent
        if self.path not in ("", ":memory:") and not folder.is_dir():
            raise UserError(f"cannot open the game store {self.path}: the folder {folder} does not "
                            "exist (create it, or change [data] store in the config)")
        try:
            self._db = self._open()
        except StoreDamaged as damage:
            if not repair:
                raise
            from companion.matchdb.repair import repair_into
            self.recovered = repair_into(self.path, damage.problem)
            log.error("%s", self.recovered.text)
            self._db = self._open()   # the fresh file, with what could be read
            self.recovered.fill(self)
        self._lock = threading.Lock()
        self._checkpoints = None
        if self.path not in ("", ":memory:"):
            from companion.matchdb.checkpoint import Checkpointer
            self._db.execute("PRAGMA wal_autocheckpoint=0")   # done off the loop's path instead
            self._checkpoints = Checkpointer(self.path)

    def _open(self) -> sqlite3.Connection:
        db = None
        try:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            problem = schema_problem(db) or quick_check(db)   # before anything is written
            if problem:
                raise StoreDamaged(self.path, problem)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
            for name, statement in ADDED_COLUMNS.items():
                if name not in columns:
                    db.execute(statement)
            return db
        except sqlite3.DatabaseError as error:
            if db is not None:
                db.close()
            if isinstance(error, sqlite3.OperationalError) and "unable to open" in str(error):
                raise UserError(f"cannot open the game store {self.path}: {error} (is the folder "
                                "writable by the service?)") from None
            raise StoreDamaged(self.path, str(error)) from None
        except BaseException:
            if db is not None:
                db.close()
            raise

    def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.close()
        with self._lock:
            self._db.close()         # the last connection to close checkpoints what is left

    def create_match(self, header: dict, events: list[dict] = ()) -> int:
        """Start a match with its log header (players, options) and its first ``events``
        (the deal), all in one transaction; returns its id.

        The new match becomes the current one (the one a restart resumes)."""
        with self._lock, self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            cursor = self._db.execute("INSERT INTO matches (started, header) VALUES (?, ?)",
                                      (time.time(), json.dumps(header, sort_keys=True)))
            match_id = int(cursor.lastrowid)
            self._db.executemany("INSERT INTO events (match_id, seq, event) VALUES (?, ?, ?)",
                                 [(match_id, seq, json.dumps(event, sort_keys=True))
                                  for seq, event in enumerate(events, 1)])
            self._set_meta("current", str(match_id))
            self._db.execute("COMMIT")
            return match_id

    def append(self, match_id: int, event: dict) -> int:
        """Write one event durably; returns its sequence number (1, 2, ...)."""
        text = json.dumps(event, sort_keys=True)
        with self._lock, self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?",
                                       (match_id,)).fetchone()
            self._db.execute("INSERT INTO events (match_id, seq, event) VALUES (?, ?, ?)",
                             (match_id, last + 1, text))
            self._db.execute("COMMIT")
            if self._checkpoints is not None:
                self._checkpoints.committed()
            return last + 1

    def set_summary(self, match_id: int, summary: dict, finished: bool) -> None:
        """What the list shows without replaying: scores, round, winner (an undo may unfinish)."""
        with self._lock, self._writing():
            self._db.execute("UPDATE matches SET summary = ?, finished = ? WHERE id = ?",
                             (json.dumps(summary, sort_keys=True), int(finished), match_id))

    def set_current(self, match_id: int) -> None:
        """The match at the table now: a restart resumes this one (e.g. after a reopen)."""
        self._check_exists(match_id)
        with self._lock, self._writing():
            self._set_meta("current", str(match_id))

    def current_match(self) -> int | None:
        """The match to resume after a restart: the one last started or reopened, if any."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
            chosen = int(row[0]) if row and row[0].isdigit() else None
            if chosen is not None and self._db.execute("SELECT 1 FROM matches WHERE id = ?",
                                                       (chosen,)).fetchone():
                return chosen
            (newest,) = self._db.execute("SELECT MAX(id) FROM matches").fetchone()
            return newest

    def exists(self, match_id: int) -> bool:
        if not 0 <= match_id <= MAX_ID:
            return False
        with self._lock:
            return self._db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is not None

    def header(self, match_id: int) -> dict:
        self._check_exists(match_id)
        with self._lock:
            (text,) = self._db.execute("SELECT header FROM matches WHERE id = ?", (match_id,)).fetchone()
        header, problem = _read_header(text)
        if problem:
            raise MatchProblem(f"match {match_id}: {problem}", "damaged_header", id=match_id)
        return header

    def events(self, match_id: int) -> list[dict]:
        """The match's events in order; a damaged row is a UserError naming it."""
        with self._lock:
            rows = self._db.execute("SELECT seq, event FROM events WHERE match_id = ? ORDER BY seq",
                                    (match_id,)).fetchall() if 0 <= match_id <= MAX_ID else []
        events = []
        for seq, text in rows:
            try:
                event = json.loads(text)
            except (TypeError, ValueError):
                event = None
            if not isinstance(event, dict):
                raise MatchProblem(f"match {match_id}: event {seq} is damaged in the store (not a JSON object)",
                                   "damaged_event", id=match_id, seq=seq)
            events.append(event)
        return events

    def matches(self) -> list[MatchInfo]:
        """All matches, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT m.id, m.started, m.header, m.finished, m.summary, COUNT(e.seq) FROM matches m "
                "LEFT JOIN events e ON e.match_id = m.id GROUP BY m.id ORDER BY m.id DESC").fetchall()
        return [_match_info(*row) for row in rows]

    @contextmanager
    def _writing(self):
        """A write that fails leaves nothing half done, and says why in plain words (SQLite
        may already have rolled back: a second ROLLBACK would hide the first error)."""
        try:
            yield
        except BaseException as error:
            if self._db.in_transaction:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    log.exception("rollback after %s failed", error)
            if isinstance(error, sqlite3.Error):
                raise store_error(error, self.path) from error
            raise

    def _check_exists(self, match_id: int) -> None:
        if not self.exists(match_id):
            raise MatchProblem(f"there is no match {match_id} in {self.path}", "missing", id=match_id)

    def _set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


def _read_header(text) -> tuple[dict, str]:
    try:
        header = json.loads(text)
    except (TypeError, ValueError):
        header = None
    if not isinstance(header, dict):
        return {}, "its header is damaged in the store (not a JSON object)"
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return header, "its header names no players"
    return header, ""


def _match_info(id_, started, header_text, finished, summary_text, count) -> MatchInfo:
    header, problem = _read_header(header_text)
    try:
        summary = json.loads(summary_text) if summary_text else None
    except ValueError:
        summary = None
    return MatchInfo(id=id_, started=float(started) if isinstance(started, (int, float)) else 0.0,
                     players=[] if problem else list(header["players"]), events=count,
                     finished=bool(finished), header=None if problem else header,
                     summary=summary if isinstance(summary, dict) else None, problem=problem)
