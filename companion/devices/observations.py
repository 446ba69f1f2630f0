"""What the devices tell the table: small frozen dataclasses put on the table's queue.

Devices never call the engine. Each callback (on gpiozero's threads on a Pi, on
the serial reader thread for the Pico) only builds one of these and puts it on
the queue the table loop handed to the device; the loop turns it into an
engine event in order. Every backend (``gpio``, ``sim``, ``pico``) speaks these
same classes, so the table never knows where a device lives.

Times (``at``) are :func:`time.monotonic` seconds on the host, taken when the
device saw the edge; compare them with each other, not with the wall clock.

Dispensing contract: every :meth:`Launcher.dispense` / :meth:`Launcher.burst`
call returns a job number, and exactly one *final* observation carries that job
number back: :class:`DispenseFinished`, :class:`DispenseJammed`,
:class:`HopperEmpty` or :class:`DispenseStopped`. ``count`` is always what the
exit sensor counted, never what was asked for.
"""
from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from typing import Protocol

COLOURS = ("red", "yellow", "green", "blue")
#: E4 UNO Flip's dark side: the colours the ring shows when the table asks for them.
DARK_COLOURS = ("pink", "teal", "orange", "purple")
MAX_SEATS = 10


class EventSink(Protocol):
    """Where observations go: a :class:`queue.Queue`, or anything with a non-blocking ``put``."""
    def put(self, item: object) -> None: ...


# -- launcher -------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawPressed:
    """Someone pressed the big draw button on the launcher."""
    at: float


@dataclass(frozen=True)
class CardCounted:
    """The exit sensor saw a card leave; ``count`` is the job's running total."""
    job: int
    seat: int | None
    count: int
    at: float


@dataclass(frozen=True)
class DispenseFinished:
    """The job ended normally. ``count`` may exceed ``requested`` after a double feed.

    ``burst`` tells an Extreme burst (``requested`` drawn by the burst policy, 0 =
    an empty press) from an exact dispense.
    """
    job: int
    seat: int | None
    requested: int
    count: int
    burst: bool = False


@dataclass(frozen=True)
class DispenseJammed:
    """No card came within its deadline, or a card stayed in the exit too long.

    The motor is off; ``count`` cards did reach the player. Clear the jam, then
    dispense the rest (``requested - count``) if the table still owes them.
    """
    job: int
    seat: int | None
    requested: int
    count: int
    burst: bool = False
    reason: str = "no card within the deadline"


@dataclass(frozen=True)
class HopperEmpty:
    """"Reload": the hopper sensor says no cards are left. The motor is off."""
    job: int
    seat: int | None
    requested: int
    count: int
    burst: bool = False


@dataclass(frozen=True)
class DispenseStopped:
    """The job ended early for another reason; the motor is off.

    ``reason``: ``"stop"`` (:meth:`Launcher.stop`), ``"time limit"`` (the motor's
    safety limit), ``"after fault"`` (dropped because an earlier job jammed or
    ran empty), ``"closed"``, or ``"error: ..."`` (a fault in the device code).
    """
    job: int
    seat: int | None
    requested: int
    count: int
    burst: bool = False
    reason: str = "stop"


@dataclass(frozen=True)
class HopperRefilled:
    """The hopper sensor sees cards again after :class:`HopperEmpty`."""
    at: float


DispenseEnded = DispenseFinished | DispenseJammed | HopperEmpty | DispenseStopped


# -- button ring ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPressed:
    """A seat's button was pressed (debounced). The engine decides what it means."""
    seat: int
    at: float


@dataclass(frozen=True)
class ColourChosen:
    """In colour-choice mode, a button of a colour group was pressed."""
    colour: str
    seat: int
    at: float


@dataclass(frozen=True)
class TurnTimerExpired:
    """The Flash turn timer of ``seat`` ran out before that seat pressed (RULES E2).

    ``turn`` is the number :meth:`ButtonRing.light_turn` returned, so the table can
    ignore a timer of a turn it has already moved past.
    """
    seat: int
    turn: int
    seconds: float


@dataclass(frozen=True)
class RaceEnded:
    """A race ended: all racing seats pressed, or its window closed.

    ``order`` lists groups from fastest to slowest; seats in one group pressed
    within the tie window of each other. ``no_shows`` did not press in time.
    ``race`` is the number :meth:`ButtonRing.start_race` returned.
    """
    race: int
    order: tuple[tuple[int, ...], ...]
    no_shows: tuple[int, ...]



def ends(job: int):
    """A test for :func:`collect_until`: the final observation of ``job``."""
    return lambda observation: isinstance(observation, DispenseEnded.__args__) and observation.job == job


def collect_until(events, done, timeout: float = 10.0) -> list:
    """Take observations off ``events`` up to the first with ``done(observation)`` (scripts, tests).

    Raises TimeoutError naming what arrived if ``timeout`` seconds pass without one.
    """
    seen: list = []
    deadline = time.monotonic() + timeout
    while True:
        try:
            seen.append(events.get(timeout=max(0.0, deadline - time.monotonic())))
        except queue.Empty:
            raise TimeoutError(f"no matching observation within {timeout} s; got {seen}") from None
        if done(seen[-1]):
            return seen
