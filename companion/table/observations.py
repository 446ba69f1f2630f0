"""What the table loop is asked to do, and what it tells its subscribers.

Every source (phone, camera, buttons, launcher sensor, timers) speaks in these
few observations. The loop turns each into one step of the engine; sources
never touch the engine themselves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.table.state import TableState


@dataclass(frozen=True)
class Happened:
    """An engine event happened at the table (a card played, a button pressed, a draw...).
    (Not the engine's :class:`~companion.engine.events.Play`: this wraps any event with its source.)

    ``answers``: the id of the open question this event settles (it is closed with it).
    """
    event: Any
    source: str = "phone"
    answers: int | None = None


@dataclass(frozen=True)
class UndoLast:
    """Take back the last event (the host's correction)."""
    source: str = "phone"


@dataclass(frozen=True)
class Correct:
    """The last card played was misread: it was really ``card`` (e.g. ``blue-7``)."""
    card: str
    source: str = "phone"


@dataclass(frozen=True)
class NewGame:
    """Start a new match with these setup choices (players, options, seed...)."""
    setup: Any
    source: str = "phone"


@dataclass(frozen=True)
class Ask:
    """A source is unsure and asks the host, e.g. the camera about a card it could not read:
    ``{"kind": "card", "seat": 1, "candidates": ["red-5", "red-6"]}``. The page shows it
    until an event answers it or the host dismisses it."""
    question: dict
    source: str = "camera"


@dataclass(frozen=True)
class Answer:
    """The host's answer to an open question that names its answer (``"answer"``: the event
    less its card, e.g. ``{"type": "start_card"}``): ``card`` is the card that lies there."""
    question_id: int
    card: str
    source: str = "phone"


@dataclass(frozen=True)
class Dismiss:
    """Close an open question without an answer."""
    question_id: int
    source: str = "phone"


Observation = Happened | UndoLast | Correct | NewGame | Ask | Answer | Dismiss


@dataclass(frozen=True)
class Update:
    """One published step: the engine's snapshot after it, and what caused it.

    ``version`` grows by one per step, so a subscriber can tell when it missed one.
    ``snapshot`` is :meth:`TableGame.state`; ``event`` is the applied event as JSON
    (None for an undo or a new game).
    """
    version: int
    kind: str  # "start", "event", "undo", "correct", "new-game"
    snapshot: TableState
    event: dict | None = None
    actions: list = field(default_factory=list)
    source: str = ""
