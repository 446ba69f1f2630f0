"""A damaged game store: move it aside (never delete it) and keep what can still be read.

SQLite reports a damaged file ("database disk image is malformed", a failed
``PRAGMA quick_check``, tables that are not ours) when it is opened. The table must
start anyway: :func:`repair_into` renames the file (and its WAL) to
``<name>.damaged-<time>``, reads every match and event it still can, from both ends
of each table (a scan stops at a damaged page, so reading backwards too gets the rows
behind it), and :meth:`Recovery.fill` copies them into the fresh store. A match keeps
its events up to the first gap: a replay needs every event before the next one.
"""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

MATCH_COLUMNS = ("id", "started", "header", "finished", "summary")
#: The columns each table must have; a file with other tables under these names is not ours.
COLUMNS = {"matches": {"id", "started", "header", "finished"},
           "events": {"match_id", "seq", "event"}, "meta": {"key", "value"}}


@dataclass
class Recovery:
    """What was found, where the damaged file went, and what was copied from it."""
    path: str
    aside: str
    problem: str
    matches: list[tuple] = field(default_factory=list)      # MATCH_COLUMNS rows
    events: dict[int, list[tuple]] = field(default_factory=dict)  # match id -> [(seq, text)]
    current: str | None = None

    @property
    def event_count(self) -> int:
        return sum(len(rows) for rows in self.events.values())

    @property
    def text(self) -> str:
        return (f"the game store {self.path} was damaged ({self.problem}); it was moved aside to "
                f"{self.aside} (kept, not deleted) and {len(self.matches)} match(es) with "
                f"{self.event_count} event(s) were copied from it into a fresh store")

    def notice(self) -> dict:
        """The question the host's phone shows (dismissed by the host once read)."""
        return {"kind": "store_recovered", "text": self.text, "aside": self.aside,
                "matches": len(self.matches), "events": self.event_count}

    def fill(self, store) -> None:
        """Copy what was read into ``store`` (a fresh :class:`~companion.matchdb.database.MatchDatabase`)."""
        db = store._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for row in self.matches:
                db.execute("INSERT INTO matches (id, started, header, finished, summary) "
                           "VALUES (?, ?, ?, ?, ?)", row)
            for match_id, rows in self.events.items():
                db.executemany("INSERT INTO events (match_id, seq, event) VALUES (?, ?, ?)",
                               [(match_id, seq, text) for seq, text in rows])
            if self.current is not None:
                db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)",
                           (self.current,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def schema_problem(db: sqlite3.Connection) -> str:
    """What makes this file not a game store ("" when its tables are ours or absent)."""
    for table, needed in COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if have and not needed <= have:
            return (f"its {table} table has the columns {', '.join(sorted(have))}, not "
                    f"{', '.join(sorted(needed))}")
    return ""


def quick_check(db: sqlite3.Connection, full: bool = False) -> str:
    """SQLite's own check of every page ("" when sound); ``full`` also checks the indexes
    against the tables (PRAGMA integrity_check, slower)."""
    rows = [row[0] for row in db.execute("PRAGMA integrity_check(5)" if full else "PRAGMA quick_check(5)")]
    if rows == ["ok"]:
        return ""
    text = " ".join(" ".join(map(str, rows)).replace("*** in database main ***", "").split())
    return text[:300] or "SQLite's integrity check failed"


def repair_into(path: str, problem: str) -> Recovery:
    """Move the damaged ``path`` aside and read what it still holds (the caller fills a new one)."""
    aside = _aside_name(path)
    for suffix in ("", "-wal", "-shm"):   # the WAL may hold the last acknowledged events
        if os.path.exists(path + suffix):
            os.replace(path + suffix, aside + suffix)
    recovery = Recovery(path, aside, problem)
    try:
        source = sqlite3.connect(Path(aside).resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error:
        return recovery
    try:
        _read(source, recovery)
    finally:
        source.close()
    return recovery


def _aside_name(path: str) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside, number = f"{path}.damaged-{stamp}", 1
    while os.path.exists(aside):
        number += 1
        aside = f"{path}.damaged-{stamp}-{number}"
    return aside


def _rows(db: sqlite3.Connection, columns: str, table: str) -> dict[int, tuple]:
    """Every row that can be read, by rowid: forwards until a damaged page, then backwards."""
    found: dict[int, tuple] = {}
    for order in ("ASC", "DESC"):
        try:
            for row in db.execute(f"SELECT rowid, {columns} FROM {table} ORDER BY rowid {order}"):
                found.setdefault(row[0], row[1:])
        except sqlite3.Error:
            continue
    return found


def _read(db: sqlite3.Connection, recovery: Recovery) -> None:
    matches = {}
    for row in _rows(db, ", ".join(MATCH_COLUMNS[:4]), "matches").values():
        if type(row[0]) is int and isinstance(row[2], str):
            matches[row[0]] = (*row, None)  # summaries are counted again by the match list
    events: dict[int, dict[int, str]] = {}
    for match_id, seq, text in _rows(db, "match_id, seq, event", "events").values():
        if match_id in matches and type(seq) is int and isinstance(text, str):
            events.setdefault(match_id, {})[seq] = text
    for match_id, by_seq in events.items():
        seq, kept = 1, []
        while seq in by_seq:            # up to the first gap: a replay needs every earlier event
            kept.append((seq, by_seq[seq]))
            seq += 1
        recovery.events[match_id] = kept
    recovery.matches = [matches[key] for key in sorted(matches)]
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        recovery.current = row[0] if row and isinstance(row[0], str) else None
    except sqlite3.Error:
        pass
