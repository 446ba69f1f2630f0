"""Every match and its events in one SQLite file, so no game is ever lost.

The table loop appends each event *before* it applies it; after a crash or a
power cut the service reopens the file and replays. WAL keeps readers (the
phone's match list) from blocking the writer; ``synchronous=FULL`` makes an
acknowledged event survive a power cut, which an SD card at a table will see.

>>> store = GameStore(":memory:")
>>> match = store.create_match({"format": "uno-companion-log", "players": ["Ana", "Ben"]})
>>> store.append(match, {"type": "deal"})
1
>>> [event["type"] for event in store.events(match)]
['deal']
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from companion.errors import UserError

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
"""


@dataclass(frozen=True)
class MatchInfo:
    id: int
    started: float
    players: list[str]
    events: int
    finished: bool


class GameStore:
    """One SQLite file of matches; safe to share between the table loop and web threads."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise UserError(f"cannot open the game store {self.path}: {error}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_match(self, header: dict) -> int:
        """Start a match with its log header (players, options); returns its id."""
        with self._lock:
            cursor = self._db.execute("INSERT INTO matches (started, header) VALUES (?, ?)",
                                      (time.time(), json.dumps(header, sort_keys=True)))
            return int(cursor.lastrowid)

    def append(self, match_id: int, event: dict) -> int:
        """Write one event durably; returns its sequence number (1, 2, ...)."""
        text = json.dumps(event, sort_keys=True)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?",
                                           (match_id,)).fetchone()
                self._db.execute("INSERT INTO events (match_id, seq, event) VALUES (?, ?, ?)",
                                 (match_id, last + 1, text))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return last + 1

    def mark_finished(self, match_id: int) -> None:
        with self._lock:
            self._db.execute("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,))

    def header(self, match_id: int) -> dict:
        with self._lock:
            row = self._db.execute("SELECT header FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise UserError(f"there is no match {match_id} in {self.path}")
        return json.loads(row[0])

    def events(self, match_id: int) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT event FROM events WHERE match_id = ? ORDER BY seq",
                                    (match_id,)).fetchall()
        return [json.loads(text) for (text,) in rows]

    def matches(self) -> list[MatchInfo]:
        """All matches, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT m.id, m.started, m.header, m.finished, COUNT(e.seq) FROM matches m "
                "LEFT JOIN events e ON e.match_id = m.id GROUP BY m.id ORDER BY m.id DESC").fetchall()
        return [MatchInfo(id=id_, started=started, players=list(json.loads(header).get("players", [])),
                          events=count, finished=bool(finished))
                for id_, started, header, finished, count in rows]

    def latest_unfinished(self) -> int | None:
        """The match to resume after a restart, if any."""
        with self._lock:
            row = self._db.execute("SELECT MAX(id) FROM matches WHERE finished = 0").fetchone()
        return row[0]

    def export_lines(self, match_id: int) -> list[str]:
        """The match as JSON Lines: the header, then one event a line (the game log format)."""
        return [json.dumps(self.header(match_id), sort_keys=True)] + [
            json.dumps(event, sort_keys=True) for event in self.events(match_id)]
