"""The device interface every backend offers: :class:`Launcher`, :class:`ButtonRing`, :class:`Beeper`.

The table loop only ever sees these three classes. ``gpio`` and ``sim`` build
them on gpiozero pins (:mod:`companion.devices.launcher`, ``ring``, ``beeper``);
``pico`` builds them over the serial link. A backend subclass supplies a few
primitives (marked abstract); the host-side logic that must be the same
everywhere (job numbers, burst policies, turn timer, race order, colour groups)
lives here, once.

Rules for every backend:

* Methods return at once; results arrive later as observations
  (:mod:`companion.devices.observations`) put on the ``events`` queue given at
  construction. Callbacks only ``events.put(...)``; they never call the engine.
* :meth:`safe_state` switches every output off without taking any lock, so a
  signal handler may call it at any moment; register each device with
  :func:`companion.devices.safety.register`.
* ``close()`` is idempotent and leaves outputs in their safe state.
"""
from __future__ import annotations

import itertools
import logging
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass

from companion.devices import observations as obs
from companion.devices.closing import ClosedOnExit
from companion.devices.observations import MAX_SEATS, EventSink
from companion.devices.policies import BurstPolicy, ToyBurst
from companion.devices.ring_logic import LIGHT_STATES, ButtonRing, colour_groups

__all__ = ["MAX_DISPENSE", "MAX_SEATS", "LIGHT_STATES", "EventSink", "DispenseJob", "Launcher", "ButtonRing",
           "Beeper", "colour_groups"]

log = logging.getLogger(__name__)

MAX_DISPENSE = 112  # a full deck plus spares; anything more is a bug upstream


@dataclass(frozen=True)
class DispenseJob:
    """One dispense request; builds the one final observation that answers it."""
    job: int
    seat: int | None
    requested: int
    burst: bool = False

    def finished(self, count: int) -> obs.DispenseFinished:
        return obs.DispenseFinished(self.job, self.seat, self.requested, count, self.burst)

    def jammed(self, count: int, reason: str) -> obs.DispenseJammed:
        return obs.DispenseJammed(self.job, self.seat, self.requested, count, self.burst, reason)

    def empty(self, count: int) -> obs.HopperEmpty:
        return obs.HopperEmpty(self.job, self.seat, self.requested, count, self.burst)

    def stopped(self, count: int, reason: str) -> obs.DispenseStopped:
        return obs.DispenseStopped(self.job, self.seat, self.requested, count, self.burst, reason)

    def ended(self, how: str, count: int) -> obs.DispenseEnded:
        """The final observation from a short word: ``done``, ``empty``, ``jam:<why>`` or a stop reason."""
        if how == "done":
            return self.finished(count)
        if how == "empty":
            return self.empty(count)
        if how.startswith("jam:"):
            return self.jammed(count, how[4:])
        return self.stopped(count, how)


class Launcher(ClosedOnExit, ABC):
    """The card launcher: throws cards, counts them at the exit, aims at a seat.

    Jobs run one after another in the order asked. Each job ends with exactly one
    final observation (see :mod:`~companion.devices.observations`); after a jam or
    an empty hopper the jobs still waiting end as ``DispenseStopped("after
    fault")``, so the table decides what is still owed. The motor never runs
    longer than the backend's limit, whatever happens.

    >>> import queue
    >>> from companion.backends import open_devices
    >>> events = queue.Queue()
    >>> with open_devices("sim", events, seed=7) as devices:
    ...     job = devices.launcher.dispense(2, seat=1)
    ...     seen = obs.collect_until(events, obs.ends(job))
    >>> [type(observation).__name__ for observation in seen]
    ['CardCounted', 'CardCounted', 'DispenseFinished']
    """

    def __init__(self, events: EventSink, policy: BurstPolicy | None = None):
        self.events = events
        self.policy = policy if policy is not None else ToyBurst(seed=None)
        self._job_numbers = itertools.count(1)
        self._numbers_lock = threading.Lock()

    def dispense(self, count: int, seat: int | None = None) -> int:
        """Throw exactly ``count`` cards (towards ``seat`` if there is a servo); returns the job number."""
        return self._queue(count, seat, burst=False)

    def burst(self, seat: int | None = None) -> int:
        """An Extreme burst (RULES E1): the policy draws how many, maybe 0; returns the job number."""
        return self._queue(self.policy.next_burst(), seat, burst=True)

    def _queue(self, count: int, seat: int | None, burst: bool) -> int:
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_DISPENSE:
            raise ValueError(f"cannot dispense {count!r} cards (0 to {MAX_DISPENSE})")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < MAX_SEATS):
            raise ValueError(f"no seat {seat!r}")
        with self._numbers_lock:
            job = DispenseJob(next(self._job_numbers), seat, count, burst)
        self._submit(job)
        return job.job

    @abstractmethod
    def _submit(self, job: DispenseJob) -> None:
        """Backend: run ``job`` after those before it and report its end on ``events``."""

    @abstractmethod
    def stop(self) -> None:
        """Motor off now; the running and waiting jobs end as ``DispenseStopped("stop")``."""

    @abstractmethod
    def aim(self, seat: int) -> None:
        """Turn towards ``seat`` (no-op without a servo). Jobs with a seat aim by themselves."""

    @property
    @abstractmethod
    def busy(self) -> bool:
        """True while a job runs or waits."""

    @property
    @abstractmethod
    def motor_running(self) -> bool:
        """True while the motor is powered (for ``check`` and tests)."""

    @abstractmethod
    def safe_state(self) -> None:
        """Motor off, no locks taken: safe from a signal handler."""

    def self_check(self) -> list[str]:
        """What looks miswired or blocked right now, in plain words (empty = nothing seen).

        For ``uno-companion check``: only what can be read without moving anything.
        """
        return []

    @abstractmethod
    def close(self) -> None:
        """Stop, end every job, release the pins (idempotent)."""


class Beeper(ClosedOnExit, ABC):
    """Short sound cues; silent (but harmless) when no buzzer is fitted.

    Each cue is (on seconds, off seconds, how many beeps).
    """

    CUES: dict[str, tuple[float, float, int]] = {
        "illegal": (0.6, 0.1, 1),
        "uno": (0.1, 0.08, 2),
        "timer": (0.07, 0.07, 3),
    }

    def play(self, cue: str) -> None:
        """Start playing ``cue`` (one of :attr:`CUES`) and return at once; a new cue cuts the old one."""
        if cue not in self.CUES:
            raise ValueError(f"unknown cue {cue!r}; cues are: {', '.join(self.CUES)}")
        self._play(self.CUES[cue])

    @abstractmethod
    def _play(self, beeps: tuple[float, float, int]) -> None:
        """Backend: play the beeps in the background."""

    @abstractmethod
    def safe_state(self) -> None:
        """Buzzer off, no locks."""

    @abstractmethod
    def close(self) -> None:
        """Silence and release (idempotent)."""
