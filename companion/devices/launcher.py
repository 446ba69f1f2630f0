"""The launcher on gpiozero pins (backends ``gpio`` and ``sim``).

Parts: a DC motor through a driver (:class:`~gpiozero.Motor`, PWM speed), an
exit sensor that counts cards (:class:`~gpiozero.DigitalInputDevice`, active =
beam broken), an optional hopper sensor (active = cards present), an optional
aim servo (:class:`~gpiozero.AngularServo`) and the big draw button
(a :class:`~gpiozero.DigitalInputDevice` with a pull-up, debounced here).

Counting is by the sensor, never by time. One worker thread runs the jobs in
order; the sensor's callbacks count. The motor runs in stretches of at most
``run_budget`` (a long deal pauses briefly), and the :class:`MotorGuard`
watchdog cuts it at ``motor_limit`` if the worker ever fails to.
"""
from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable, Sequence

from gpiozero import AngularServo, DigitalInputDevice, Motor

from companion.devices import observations as obs
from companion.devices import safety
from companion.devices.debounce import Debouncer
from companion.devices.interface import DispenseJob, EventSink, Launcher
from companion.devices.policies import BurstPolicy
from companion.errors import UserError

log = logging.getLogger(__name__)

MAX_JAM_REVERSE = 0.5     # s: a longer reverse pulse would pull the next cards back too
MAX_JAM_RETRIES = 5


def spread_angles(seats: int, low: float = -80.0, high: float = 80.0) -> list[float]:
    """Seat angles for the aim servo: seat 0 at ``low``, the last seat at ``high``, evenly between."""
    if seats == 1:
        return [(low + high) / 2]
    return [low + (high - low) * seat / (seats - 1) for seat in range(seats)]


class PinLauncher(Launcher):
    """The launcher on gpiozero devices; ``pin_factory`` decides real pins or mock pins.

    Times are seconds: ``motor_limit`` is the longest the motor may ever run in one
    go; ``card_deadline`` the longest to wait for the next card (or for a card to
    clear the beam); ``settle`` how long to keep counting after the motor stops
    (a double feed counts as what passed). When no card comes within the deadline,
    the motor runs backward for ``jam_reverse`` to free the card and tries again,
    at most ``jam_retries`` times per jam, inside the same motor limit.
    """

    def __init__(self, events: EventSink, *, motor_forward, motor_backward, exit_sensor,
                 hopper_sensor=None, aim_servo=None, draw_button=None,
                 exit_active_low: bool = True, hopper_active_low: bool = True,
                 servo_pulse_us: tuple[int, int] = (500, 2400),
                 seat_angles: Sequence[float] = (), policy: BurstPolicy | None = None,
                 speed: float = 1.0, motor_limit: float = 3.0, card_deadline: float = 0.8,
                 settle: float = 0.2, aim_time: float = 0.3, rest: float = 0.15,
                 jam_reverse: float = 0.15, jam_retries: int = 2,
                 bounce_time: float = 0.02, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(events, policy)
        if not 0 < speed <= 1:
            raise UserError(f"launcher speed must be above 0 and at most 1, not {speed}")
        if not 0 < card_deadline < motor_limit:
            raise UserError(f"launcher: the card deadline ({card_deadline} s) must be shorter "
                            f"than the motor limit ({motor_limit} s)")
        self.speed, self.motor_limit, self.card_deadline = speed, motor_limit, card_deadline
        self.settle, self.aim_time, self.rest = settle, aim_time, rest
        check_jam_clearing(jam_reverse, jam_retries)
        self.jam_reverse, self.jam_retries = jam_reverse, jam_retries
        self._clears_left = jam_retries
        # Leave the watchdog room: the worker ends its own stretch well before the limit.
        self.run_budget = max(card_deadline, motor_limit * 0.8)
        self.seat_angles = list(seat_angles)
        self.exit_active_low = exit_active_low
        self.clock = clock
        self._cond = threading.Condition()
        self._jobs: collections.deque[DispenseJob] = collections.deque()
        self._current: DispenseJob | None = None
        self._count = 0
        self._last_card = 0.0
        self._stop_reason: str | None = None
        self._dropped_by_stop: list[DispenseJob] = []
        self._hopper_empty_at: float | None = None
        self._closed = False
        self._parts: list = []
        try:
            self._motor = self._part(Motor(motor_forward, motor_backward, pwm=True, pin_factory=pin_factory))
            self._guard = safety.MotorGuard(self._motor, motor_limit, self._tripped)
            self._exit = self._part(_sensor(exit_sensor, exit_active_low, pin_factory))
            self._exit.when_activated = self._beam_broken
            self._exit.when_deactivated = self._beam_cleared
            self._hopper = None
            if hopper_sensor is not None:
                self._hopper = self._part(_sensor(hopper_sensor, hopper_active_low, pin_factory))
                self._hopper.when_deactivated = self._hopper_ran_out
                self._hopper.when_activated = self._hopper_refilled
            self._servo = None
            if aim_servo is not None:
                low_us, high_us = servo_pulse_us
                self._servo = self._part(AngularServo(aim_servo, min_angle=-90, max_angle=90, initial_angle=None,
                                                      min_pulse_width=low_us / 1e6, max_pulse_width=high_us / 1e6,
                                                      pin_factory=pin_factory))
            self._draw = None
            if draw_button is not None:
                self._draw = self._part(DigitalInputDevice(draw_button, pull_up=True, pin_factory=pin_factory))
                self._draw_debounce = Debouncer(bounce_time, clock)
                self._draw.when_activated = lambda: self._draw_edge(True)
                self._draw.when_deactivated = lambda: self._draw_edge(False)
        except BaseException:
            self._release()
            raise
        safety.register(self)
        self._worker = threading.Thread(target=self._work, name="launcher", daemon=True)
        self._worker.start()

    # -- the interface --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        with self._cond:
            return self._current is not None or bool(self._jobs)

    @property
    def motor_running(self) -> bool:
        return self._motor.value != 0

    def aim(self, seat: int) -> None:
        if self._servo is None:
            return
        if not 0 <= seat < len(self.seat_angles):
            raise ValueError(f"no aim angle for seat {seat}; the launcher knows {len(self.seat_angles)} seats")
        self._servo.angle = self.seat_angles[seat]

    def stop(self) -> None:
        self._guard.off()
        with self._cond:
            dropped = list(self._jobs)
            self._jobs.clear()
            if self._current is not None:
                # The worker answers these right after the running job, keeping job order.
                self._stop_reason, self._dropped_by_stop = "stop", dropped
                dropped = []
            for job in dropped:
                self.events.put(job.stopped(0, "stop"))
            self._cond.notify_all()

    def safe_state(self) -> None:
        self._guard.safe_state()

    def self_check(self) -> list[str]:
        problems = []
        if not self.busy and self._exit.is_active:
            level, other = ("low", "false") if self.exit_active_low else ("high", "true")
            problems.append(f"launcher exit sensor ({_label(self._exit)}) reads {level}, 'card in the beam', with "
                            f"no card moving: clear the exit throat; if it is clear, the sensor reads the other way "
                            f"round: set active_low = {other} in [pi.launcher_exit_sensor] of the pin map "
                            "(or check its wiring and power)")
        if self._hopper is not None and not self._hopper.is_active:
            problems.append(f"launcher hopper sensor ({_label(self._hopper)}) sees no cards: "
                            "load the deck, or check the sensor's wiring")
        if self._draw is not None and self._draw.is_active:
            problems.append(f"launcher draw button ({_label(self._draw)}) reads pressed: "
                            "check it is wired between the pin and GND, not 3V3")
        return problems

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
        self._guard.off()
        self._worker.join(timeout=self.motor_limit + 1)
        for job in dropped:
            self.events.put(job.stopped(0, "closed"))
        safety.unregister(self)
        self._release()

    def _submit(self, job: DispenseJob) -> None:
        if job.seat is not None and self._servo is not None and job.seat >= len(self.seat_angles):
            raise ValueError(f"no aim angle for seat {job.seat}; the launcher knows {len(self.seat_angles)} seats")
        with self._cond:
            if self._closed:
                raise RuntimeError("the launcher is closed")
            self._jobs.append(job)
            self._cond.notify_all()

    # -- callbacks (gpiozero's threads) ---------------------------------------------------
    def _beam_broken(self) -> None:
        now = self.clock()
        with self._cond:
            self._last_card = now
            self._clears_left = self.jam_retries      # each jam gets its own tries
            if self._current is None:
                log.info("a card passed the exit with no job running")
                return
            self._count += 1
            if self._count >= self._current.requested:
                # Stop here, on the sensor's own thread: waiting for the worker to wake could
                # let one more card out on a busy machine.
                self._guard.off()
            self.events.put(obs.CardCounted(self._current.job, self._current.seat, self._count, now))
            self._cond.notify_all()

    def _beam_cleared(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def _hopper_ran_out(self) -> None:
        with self._cond:
            self._hopper_empty_at = self.clock()
            self._cond.notify_all()

    def _hopper_refilled(self) -> None:
        with self._cond:
            was_empty, self._hopper_empty_at = self._hopper_empty_at is not None, None
        if was_empty:
            self.events.put(obs.HopperRefilled(self.clock()))

    def _draw_edge(self, active: bool) -> None:
        at = self._draw_debounce.edge(active)
        if at is not None:
            self.events.put(obs.DrawPressed(at))

    def _tripped(self) -> None:
        # Runs on the watchdog thread: never wait long for a lock a stuck thread may hold.
        # The worker reads the guard's trip count itself; this only wakes it sooner.
        if self._cond.acquire(timeout=0.5):
            try:
                self._cond.notify_all()
            finally:
                self._cond.release()

    # -- the worker -----------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                job = self._current = self._jobs.popleft()
                self._count, self._stop_reason, self._dropped_by_stop = 0, None, []
                self._clears_left = self.jam_retries
            try:
                end = self._run(job)
            except Exception as error:  # a fault in the device code: motor off, say so, go on
                log.exception("dispensing job %d failed", job.job)
                end = f"error: {type(error).__name__}: {error}"
            finally:
                self._guard.off()
            with self._cond:
                count, self._current = self._count, None
                end = job.ended(end, count)
                self.events.put(end)
                for waiting in self._dropped_by_stop:
                    self.events.put(waiting.stopped(0, "stop"))
                if not isinstance(end, obs.DispenseFinished) and getattr(end, "reason", "") != "stop":
                    for waiting in self._jobs:  # asked before the fault was known: the table asks again
                        self.events.put(waiting.stopped(0, "after fault"))
                    self._jobs.clear()

    def _run(self, job: DispenseJob) -> str:
        """Throw the job's cards; returns how it ended: done, jam:<why>, empty or a stop reason."""
        if job.requested == 0:
            return "done"
        if job.seat is not None and self._servo is not None:
            self.aim(job.seat)
            if self._pause(self.aim_time):
                return self._stop_reason
        while True:
            ended = self._stretch(job)
            if ended != "budget":
                break
            self._guard.off()
            if self._pause(self.rest):
                return self._stop_reason
        self._guard.off()
        if ended == "done":
            self._pause(self.settle)  # count what is still in flight (a double feed)
        return ended

    def _stretch(self, job: DispenseJob) -> str:
        """One motor run of at most ``run_budget``; returns done, budget, empty, jam:<why> or a stop."""
        if self._hopper is not None and not self._hopper.is_active:
            with self._cond:
                self._hopper_empty_at = self._hopper_empty_at or self.clock()
            return "empty"
        with self._cond:
            # A card of the job before may still be passing the beam: give it its deadline.
            clear_by = self.clock() + self.card_deadline
            while self._exit.is_active and self._stop_reason is None and self.clock() < clear_by:
                self._cond.wait(clear_by - self.clock())
            if self._stop_reason is not None:
                return self._stop_reason
            if self._exit.is_active:
                return "jam:the exit is blocked (a card stuck, or the sensor)"
            start = self._last_card = self.clock()
            trips = self._guard.trips
            self._guard.run(self.speed)
            while True:
                if self._stop_reason is not None:
                    return self._stop_reason
                if self._count >= job.requested:
                    return "done"
                if self._guard.trips != trips:
                    return "time limit"  # the watchdog cut in: this code was late
                now = self.clock()
                deadline = self._last_card + self.card_deadline
                if self._hopper_empty_at is not None:
                    deadline = min(deadline, max(self._hopper_empty_at, self._last_card) + self.settle)
                if now >= deadline:
                    if self._hopper is not None and not self._hopper.is_active:
                        return "empty"
                    if self._exit.is_active:
                        # Never backed out: the card was counted, and fed again it would count twice.
                        return "jam:a card stayed in the exit (or the sensor is stuck)"
                    if self._clears_left > 0:
                        self._clears_left -= 1
                        self._back_off(trips, start + self.run_budget)
                        continue
                    return "jam:" + jam_reason(self.jam_retries)
                if now - start >= self.run_budget:
                    return "budget"
                self._cond.wait(min(deadline, start + self.run_budget) - now)

    def _back_off(self, trips: int, budget_end: float) -> None:
        """Run backward for ``jam_reverse`` to free a snagged card, then forward again (lock held).

        The run keeps its watchdog deadline: the reverse pulse counts against the motor limit.
        """
        log.info("no card within the deadline: motor backward %.2f s to clear a jam", self.jam_reverse)
        self._guard.run(self.speed, backward=True)
        until = min(self.clock() + self.jam_reverse, budget_end)
        while self._stop_reason is None and self._guard.trips == trips and self.clock() < until:
            self._cond.wait(until - self.clock())
        if self._stop_reason is None and self._guard.trips == trips:
            self._guard.run(self.speed)
            self._last_card = self.clock()            # a fresh deadline for the freed card

    def _pause(self, seconds: float) -> bool:
        """Wait ``seconds`` unless stopped; True if stopped."""
        end = self.clock() + seconds
        with self._cond:
            while self._stop_reason is None and self.clock() < end:
                self._cond.wait(end - self.clock())
            return self._stop_reason is not None

    # -- pins -----------------------------------------------------------------------------
    def _part(self, device):
        self._parts.append(device)
        return device

    def _release(self) -> None:
        guard = getattr(self, "_guard", None)
        if guard is not None:
            guard.close()
        for device in reversed(self._parts):
            try:
                device.close()
            except Exception:
                log.exception("closing %r failed", device)
        self._parts.clear()



def jam_reason(retries: int) -> str:
    """What a jam report says when no card came, after ``retries`` reverse pulses (every backend)."""
    if not retries:
        return "no card came within the deadline"
    return f"no card came within the deadline ({retries} reverse pulse{'s' if retries > 1 else ''} did not clear it)"


def check_jam_clearing(jam_reverse: float, jam_retries: int) -> None:
    """Bounds of jam clearing, the same for every backend (the Pico caps them again)."""
    if not 0 < jam_reverse <= MAX_JAM_REVERSE:
        raise UserError(f"launcher: the jam-clearing reverse pulse must be above 0 and at most "
                        f"{MAX_JAM_REVERSE} s, not {jam_reverse}")
    if not isinstance(jam_retries, int) or not 0 <= jam_retries <= MAX_JAM_RETRIES:
        raise UserError(f"launcher: jam retries must be a whole number from 0 to {MAX_JAM_RETRIES}, not {jam_retries!r}")


def _sensor(pin, active_low: bool, pin_factory) -> DigitalInputDevice:
    """A sensor input, pulled up, active at the sensor's level: low when ``active_low``.

    gpiozero ties the active level to the pull (pull-up = active low); a sensor that
    drives the pin high when active keeps the pull-up, which its output outweighs.
    """
    device = DigitalInputDevice(pin, pull_up=None, active_state=not active_low, pin_factory=pin_factory)
    device.pin.pull = "up"
    return device


def _label(device) -> str:
    return device.pin.info.name  # "GPIO17": the BCM name printed in hardware/wiring.md
