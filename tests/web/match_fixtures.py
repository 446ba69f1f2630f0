"""A table with a real game store behind the page: a finished match, an unfinished one, the current one."""
from __future__ import annotations

import sys
from pathlib import Path

from companion.engine import events as E
from companion.matchdb.database import MatchDatabase
from companion.service.recording import MatchArchive, StoreKeeper
from companion.table import NewGame, Happened, Setup, TableLoop

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from match_events import match_events  # noqa: E402


class StoredTable:
    """``finished``, ``unfinished`` and ``current`` are match ids; ``expected`` the finished game.

    Building it plays a whole match (about a second); :meth:`copy` opens a copy of its file.
    """

    def __init__(self, path, built: "StoredTable | None" = None):
        self.path = path
        self.keeper = StoreKeeper(MatchDatabase(path))
        game = self.keeper.restore() if built else self.keeper.new_game(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
        self.loop = TableLoop(game, self.keeper.new_game, before_apply=self.keeper.before_apply,
                              refused=self.keeper.refused).start()
        self.loop.subscribe(self.keeper.after_update)
        self.archive = MatchArchive(self.keeper)
        if built:
            self.unfinished, self.finished, self.current = built.unfinished, built.finished, built.current
            self.expected = built.expected
            return
        self.play(E.StartCard("red-5"), E.Play(1, "red-skip"))
        self.unfinished = self.current_id()
        events, self.expected = match_events(seed=4)
        self.loop.submit(NewGame(self.expected.setup)).result(5)
        for event in events:
            self.loop.submit(Happened(E.event_from_json(event))).result(5)
        self.finished = self.current_id()
        self.loop.submit(NewGame(Setup(players=("Dora", "Emil"), dealer=1))).result(5)
        self.play(E.StartCard("blue-3"))
        self.current = self.current_id()

    def copy(self, path) -> "StoredTable":
        """A fresh table on a copy of this one's file (the copy's loop resumes the current match)."""
        import shutil
        self.loop.call(lambda game: None)            # everything queued is written
        with self.keeper.store._lock:
            self.keeper.store._db.execute("PRAGMA wal_checkpoint(FULL)")
        shutil.copyfile(self.path, path)
        return StoredTable(path, built=self)

    def current_id(self) -> int:
        return self.keeper.match_of(self.keeper.current)

    def play(self, *events):
        for event in events:
            self.loop.submit(Happened(event)).result(5)

    def close(self):
        self.loop.stop()
        self.keeper.store.close()
