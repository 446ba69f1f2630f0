"""What every launcher backend shares: the job queue (jobs in order, one worker, stop and
close), the bounds of jam clearing and the aim angles.

A backend says how one job runs (:meth:`QueuedLauncher._run_job`) and how its
motor stops (:meth:`~QueuedLauncher._halt`); this class keeps the promises of
:class:`~companion.devices.interface.Launcher` once, for the ``gpio``/``sim``
launcher (:mod:`companion.devices.launcher`) and the Pico's
(:mod:`companion.backends.pico.launcher`):

* jobs run one after another, in the order asked, on one worker thread;
* each job gets exactly one final observation;
* ``stop()`` ends the running job, then the waiting ones (``"stop"``), in order;
* after a jam, an empty hopper, the time limit or an error, the waiting jobs end
  as ``"after fault"``: the table decides what is still owed;
* ``close()`` ends what runs and what waits (``"closed"``) and lets the worker go.
"""
from __future__ import annotations

import collections
import logging
import threading
from abc import abstractmethod

from companion.devices import observations as obs
from companion.devices import safety
from companion.devices.interface import DispenseJob, EventSink, Launcher
from companion.devices.policies import BurstPolicy
from companion.errors import UserError

log = logging.getLogger(__name__)

# How a job ends that safe_state() (a signal, the service stopping) cut short: no motor run after it.
HELD_OFF = "outputs off (a signal or the service stopping)"
MAX_JAM_REVERSE = 0.5     # s: a longer reverse pulse would pull the next cards back too
MAX_JAM_RETRIES = 5
MAX_MOTOR_LIMIT = safety.MAX_MOTOR_LIMIT
# Allowed motor times (s), as the config names them: the link's LAUNCH carries 50-15000 ms and 50-5000 ms.
MOTOR_TIMES = {"motor_limit": (0.1, MAX_MOTOR_LIMIT), "card_deadline": (0.05, 5.0)}


def spread_angles(seats: int, low: float = -80.0, high: float = 80.0) -> list[float]:
    """Seat angles for the aim servo: seat 0 at ``low``, the last seat at ``high``, evenly between."""
    if seats == 1:
        return [(low + high) / 2]
    return [low + (high - low) * seat / (seats - 1) for seat in range(seats)]


def game_angles(pod_angles: list[float], players: int) -> list[float]:
    """Where to aim for a game of ``players`` at a table whose launcher knows ``pod_angles`` (one
    per pod, calibrated or spread): the pods' own while the game fits them; a larger game (D2
    allows ten, the Pi wires six pods) sits wherever there is room, so it is spread evenly.

    >>> game_angles([-80.0, 0.0, 80.0], 2), game_angles([-80.0, 0.0, 80.0], 5)
    ([-80.0, 0.0, 80.0], [-80.0, -40.0, 0.0, 40.0, 80.0])
    """
    if players <= len(pod_angles):
        return list(pod_angles)
    return spread_angles(players)


def jam_reason(retries: int) -> str:
    """What a jam report says when no card came, after ``retries`` reverse pulses (every backend)."""
    if not retries:
        return "no card came within the deadline"
    return f"no card came within the deadline ({retries} reverse pulse{'s' if retries > 1 else ''} did not clear it)"


def check_motor_times(motor_limit: float, card_deadline: float,
                      names: tuple[str, str] = ("launcher motor_limit", "launcher card_deadline")) -> None:
    """Bounds of the motor limit and the card deadline, the same for every backend.

    ``names``: how the message names the two values (the config passes its keys).
    inf, nan and negatives are refused here; :class:`~companion.devices.safety.MotorGuard`
    and the Pico cap a run at ``MAX_MOTOR_LIMIT`` again, whatever gets through.
    """
    for name, value, (low, high) in zip(names, (motor_limit, card_deadline), MOTOR_TIMES.values()):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            sign = " must be more than 0 seconds;" if isinstance(value, (int, float)) and value <= 0 else ""
            raise UserError(f"{name} = {value!r}:{sign} the allowed range is {low:g} to {high:g} s")
    if not card_deadline < motor_limit:
        raise UserError(f"{names[1]} ({card_deadline:g} s) must be shorter than {names[0]} ({motor_limit:g} s)")


def check_jam_clearing(jam_reverse: float, jam_retries: int) -> None:
    """Bounds of jam clearing, the same for every backend (the Pico caps them again)."""
    if not 0 < jam_reverse <= MAX_JAM_REVERSE:
        raise UserError(f"launcher: the jam-clearing reverse pulse must be above 0 and at most "
                        f"{MAX_JAM_REVERSE} s, not {jam_reverse}")
    if not isinstance(jam_retries, int) or not 0 <= jam_retries <= MAX_JAM_RETRIES:
        raise UserError(f"launcher: jam retries must be a whole number from 0 to {MAX_JAM_RETRIES}, not {jam_retries!r}")



def exit_blocked_at_rest(where: str, active_low: bool, board: str) -> str:
    """What ``check`` says when the exit sensor reads "card in the beam" with nothing moving."""
    level, other = ("low", "false") if active_low else ("high", "true")
    return (f"launcher exit sensor ({where}) reads {level}, 'card in the beam', with no card moving: clear "
            f"the exit throat; if it is clear, the sensor reads the other way round: set active_low = {other} "
            f"in [{board}.launcher_exit_sensor] of the pin map (or check its wiring and power)")


def hopper_empty_at_rest(where: str, active_low: bool, board: str) -> str:
    """What ``check`` says when the hopper sensor sees no cards."""
    return (f"launcher hopper sensor ({where}) sees no cards: load the deck; if it is loaded, the sensor "
            f"reads the other way round: set active_low = {'false' if active_low else 'true'} in "
            f"[{board}.launcher_hopper_sensor] of the pin map (or check its wiring)")


class QueuedLauncher(Launcher):
    """A :class:`Launcher` whose jobs run in order on one worker; subclasses run one job.

    ``_stop_reason`` is ``"stop"`` or ``"closed"`` while the running job must end;
    a subclass's :meth:`_run_job` checks it (under ``_cond``) wherever it waits.
    """

    worker_name = "launcher"
    motor_limit = 3.0                 # how long close() waits for the worker, plus a second

    def __init__(self, events: EventSink, policy: BurstPolicy | None = None):
        super().__init__(events, policy)
        self._cond = threading.Condition()
        self._jobs: collections.deque[DispenseJob] = collections.deque()
        self._current: DispenseJob | None = None
        self._stop_reason: str | None = None
        self._dropped_by_stop: list[DispenseJob] = []
        self._closed = False
        self._worker: threading.Thread | None = None

    def _start_worker(self) -> None:
        """Register for the safety net and start the worker (at the end of the subclass's __init__)."""
        safety.register(self)
        self._worker = threading.Thread(target=self._work, name=self.worker_name, daemon=True)
        self._worker.start()

    # -- what a backend supplies ----------------------------------------------------------
    @abstractmethod
    def _run_job(self, job: DispenseJob) -> obs.DispenseEnded | str:
        """Throw the job's cards: its final observation, or a word for :meth:`DispenseJob.ended`."""

    @abstractmethod
    def _halt(self, closing: bool = False) -> None:
        """Motor off now, for ``stop()`` (return at once) or ``close()`` (may wait for the answer)."""

    def _begin(self, job: DispenseJob) -> None:
        """Reset the per-job counters (lock held)."""

    def _job_count(self) -> int:
        """Cards counted so far in the running job (for an end given as a word)."""
        return 0

    def _job_failed(self) -> None:
        """``_run_job`` raised: make sure the motor is off."""

    def _job_over(self) -> None:
        """Always after a job, however it ended."""

    def _check_job(self, job: DispenseJob) -> None:
        """Refuse a job when it is asked (raise ValueError), not as a fault mid-deal."""

    def _release(self) -> None:
        """Let go of pins or links after the worker ended."""

    # -- the interface --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        with self._cond:
            return self._current is not None or bool(self._jobs)

    def stop(self) -> None:
        self._halt()
        with self._cond:
            dropped = list(self._jobs)
            self._jobs.clear()
            if self._current is not None:
                # The worker answers these right after the running job, keeping job order.
                self._stop_reason = "stop"
                self._dropped_by_stop += dropped
                dropped = []
            for job in dropped:
                self.events.put(job.stopped(0, "stop"))
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            dropped = list(self._jobs)
            self._jobs.clear()
            if self._current is not None:
                self._stop_reason = "closed"
            self._cond.notify_all()
        self._halt(closing=True)
        if self._worker is not None:
            self._worker.join(timeout=self.motor_limit + 1)
        for job in dropped:
            self.events.put(job.stopped(0, "closed"))
        safety.unregister(self)
        self._release()

    def _submit(self, job: DispenseJob) -> None:
        self._check_job(job)
        with self._cond:
            if self._closed:
                raise RuntimeError("the launcher is closed")
            self._jobs.append(job)
            self._cond.notify_all()

    # -- the worker -----------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                job = self._current = self._jobs.popleft()
                self._stop_reason, self._dropped_by_stop = None, []
                self._begin(job)
            try:
                end = self._run_job(job)
            except Exception as error:  # a fault in the device code: motor off, say so, go on
                log.exception("dispensing job %d failed", job.job)
                self._job_failed()
                end = f"error: {type(error).__name__}: {error}"
            finally:
                self._job_over()
            with self._cond:
                self._current = None
                if isinstance(end, str):
                    end = job.ended(end, self._job_count())
                self.events.put(end)
                for waiting in self._dropped_by_stop:
                    self.events.put(waiting.stopped(0, "stop"))
                self._dropped_by_stop = []
                if not isinstance(end, obs.DispenseFinished) and getattr(end, "reason", "") != "stop":
                    for waiting in self._jobs:  # asked before the fault was known: the table asks again
                        self.events.put(waiting.stopped(0, "after fault"))
                    self._jobs.clear()
