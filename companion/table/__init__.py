"""The table loop: one queue, one thread, the only caller of the engine (see loop.py)."""
from __future__ import annotations

from companion.table.game import Setup, TableGame, event_from_json, setup_from_json
from companion.table.loop import TableLoop
from companion.table.observations import Answer, Ask, Correct, Dismiss, NewGame, Happened, UndoLast, Update

__all__ = ["Answer", "Ask", "Correct", "Dismiss", "NewGame", "Happened", "Setup", "TableGame", "TableLoop", "UndoLast", "Update",
           "event_from_json", "sample_loop", "setup_from_json", "SAMPLE_EVENTS"]

#: A few turns of a three-player round, as a real table would report them.
SAMPLE_EVENTS = (
    {"type": "start_card", "card": "red-5"},
    {"type": "play", "seat": 1, "card": "red-skip"},
    {"type": "play", "seat": 0, "card": "blue-skip"},
    {"type": "play", "seat": 2, "card": "blue-draw2"},
    {"type": "draw", "seat": 0, "count": 2},
    {"type": "play", "seat": 1, "card": "blue-7"},
)


def sample_loop(players=("Ana", "Ben", "Cem"), events=SAMPLE_EVENTS) -> TableLoop:
    """A table loop (not yet started) with a sample round in progress (``SAMPLE_EVENTS``):
    for docs, tests and benchmarks; no devices, no camera (the simulated table with those is
    :class:`companion.simtable.SimulatedTable`)."""
    game = TableGame(Setup(players=tuple(players), dealer=0))
    for event in events:
        game.apply(event_from_json(event))
    return TableLoop(game)
