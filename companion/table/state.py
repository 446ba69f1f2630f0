"""The table's state: the engine's :class:`~companion.engine.state.GameView` plus what the
table keeps around it (setup, round rows, this round's journal, recent entries, open
questions, what an undo or a card fix would change).

The loop publishes one per step (``Update.snapshot``); the page, the camera and the
store read its attributes; :meth:`TableState.to_json` is the JSON of ``/api/state``
(the engine's keys first, then the table's). Journal entries, round rows and questions
are JSON objects already (they hold events and actions as JSON): they stay dicts.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.state import GameView, JsonReadable


@dataclass(frozen=True, slots=True, eq=False)
class TableState(JsonReadable):
    game: GameView
    setup: object                   # companion.table.game.Setup
    rounds: tuple[dict, ...]        # one row per finished round
    journal: tuple[dict, ...]       # this round's entries, oldest first
    recent: tuple[dict, ...]        # the last few entries of any round
    questions: tuple[dict, ...]     # open questions to the host
    undo_next: dict | None          # the journal entry an undo takes back
    fix_next: dict | None           # the entry of the card a card fix replaces
    _json: dict | None = field(default=None, init=False, repr=False)

    def to_json(self) -> dict:
        return {**self.game.to_json(), "setup": self.setup.to_json(), "rounds": list(self.rounds),
                "journal": list(self.journal), "recent": list(self.recent),
                "questions": list(self.questions), "undo_next": self.undo_next,
                "fix_next": self.fix_next}
