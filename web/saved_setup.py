"""The host's saved next setup, kept in a small JSON file beside the game store.

The setup page offers it again after the box restarts. Without a store (a demo, a
test) it lives in memory only. A damaged or foreign file is read as "nothing saved"
(the next save replaces it); a failed write loses only this convenience, never a game.

>>> memory = SavedSetup(None)
>>> memory.load() is None
True
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from companion.errors import UserError
from companion.table import game as table_game

log = logging.getLogger(__name__)


def beside_store(matches) -> Path | None:
    """``games.sqlite`` -> ``games.next-setup.json``; None for no store or one in memory."""
    path = getattr(getattr(matches, "store", None), "path", None)
    if not path or path == ":memory:":
        return None
    path = Path(path)
    return path.with_name(path.stem + ".next-setup.json")


class SavedSetup:
    """The next setup: :meth:`save` it, :meth:`load` it back (also after a restart)."""

    def __init__(self, path: Path | None):
        self.path, self._setup = path, None
        if path is not None:
            self._setup = self._read(path)

    def load(self):
        return self._setup

    def save(self, setup) -> None:
        self._setup = setup
        if self.path is None:
            return
        spare = self.path.with_name(self.path.name + ".new")
        try:
            spare.write_text(json.dumps(setup.to_json()), encoding="utf-8")
            os.replace(spare, self.path)  # whole or not at all
        except OSError as error:
            log.warning("the next setup was not kept for a restart: %s", error)

    @staticmethod
    def _read(path: Path):
        try:
            return table_game.setup_from_json(json.loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, UserError) as error:
            log.warning("ignoring the saved next setup in %s: %s", path, error)
            return None
