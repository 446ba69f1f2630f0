"""The launcher on gpiozero pins (backends ``gpio`` and ``sim``).

Parts: a DC motor through a driver (:class:`~gpiozero.Motor`, PWM speed), an
exit sensor that counts cards (:class:`~gpiozero.DigitalInputDevice`, active =
beam broken), an optional hopper sensor (active = cards present), an optional
aim servo (:class:`~gpiozero.AngularServo`) and the big draw button
(a :class:`~gpiozero.DigitalInputDevice` with a pull-up, debounced here).

Counting is by the sensor, never by time. The worker of
:class:`~companion.devices.jobqueue.QueuedLauncher` runs the jobs in order; the
sensor's callbacks count. The motor runs in stretches of at most
``run_budget`` (a long deal pauses briefly), and the :class:`MotorGuard`
watchdog cuts it at ``motor_limit`` if the worker ever fails to.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

from gpiozero import AngularServo, DigitalInputDevice, Motor

from companion.devices import observations as obs
from companion.devices import safety
from companion.devices.debounce import Debouncer
from companion.devices.interface import DispenseJob, EventSink
from companion.devices.jobqueue import (HELD_OFF, QueuedLauncher, check_jam_clearing, check_motor_times,
                                        exit_blocked_at_rest, hopper_empty_at_rest, jam_reason, spread_angles)
from companion.devices.parts import Parts, label, sensor
from companion.devices.policies import BurstPolicy
from companion.errors import UserError

log = logging.getLogger(__name__)

__all__ = ["PinLauncher", "spread_angles"]

class PinLauncher(QueuedLauncher):
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
        check_motor_times(motor_limit, card_deadline)
        self.speed, self.motor_limit, self.card_deadline = speed, motor_limit, card_deadline
        self.settle, self.aim_time, self.rest = settle, aim_time, rest
        check_jam_clearing(jam_reverse, jam_retries)
        self.jam_reverse, self.jam_retries = jam_reverse, jam_retries
        self._clears_left = jam_retries
        # Leave the watchdog room: the worker ends its own stretch well before the limit.
        self.run_budget = max(card_deadline, motor_limit * 0.8)
        self.seat_angles = list(seat_angles)
        self.exit_active_low, self.hopper_active_low = exit_active_low, hopper_active_low
        self.clock = clock
        self._count = 0
        self._last_card = 0.0
        self._hopper_empty_at: float | None = None
        self._parts = Parts()
        try:
            self._motor = self._parts.add(Motor(motor_forward, motor_backward, pwm=True, pin_factory=pin_factory))
            self._guard = safety.MotorGuard(self._motor, motor_limit, self._tripped)
            self._exit = self._parts.add(sensor(exit_sensor, exit_active_low, pin_factory))
            self._exit.when_activated = self._beam_broken
            self._exit.when_deactivated = self._beam_cleared
            self._hopper = None
            if hopper_sensor is not None:
                self._hopper = self._parts.add(sensor(hopper_sensor, hopper_active_low, pin_factory))
                self._hopper.when_deactivated = self._hopper_ran_out
                self._hopper.when_activated = self._hopper_refilled
            self._servo = None
            if aim_servo is not None:
                low_us, high_us = servo_pulse_us
                self._servo = self._parts.add(AngularServo(aim_servo, min_angle=-90, max_angle=90, initial_angle=None,
                                                      min_pulse_width=low_us / 1e6, max_pulse_width=high_us / 1e6,
                                                      pin_factory=pin_factory))
            self._draw = None
            if draw_button is not None:
                self._draw = self._parts.add(DigitalInputDevice(draw_button, pull_up=True, pin_factory=pin_factory))
                self._draw_debounce = Debouncer(bounce_time, clock)
                self._draw.when_activated = lambda: self._draw_edge(True)
                self._draw.when_deactivated = lambda: self._draw_edge(False)
        except BaseException:
            self._release()
            raise
        self._start_worker()

    # -- the interface --------------------------------------------------------------------
    @property
    def motor_running(self) -> bool:
        return self._motor.value != 0

    def aim(self, seat: int) -> None:
        if self._servo is None:
            return
        if not 0 <= seat < len(self.seat_angles):
            raise ValueError(f"no aim angle for seat {seat}; the launcher knows {len(self.seat_angles)} seats")
        self._servo.angle = self.seat_angles[seat]

    def safe_state(self) -> None:
        self._guard.safe_state()

    def self_check(self) -> list[str]:
        problems = []
        if not self.busy and self._exit.is_active:
            problems.append(exit_blocked_at_rest(label(self._exit), self.exit_active_low, "pi"))
        if self._hopper is not None and not self._hopper.is_active:
            problems.append(hopper_empty_at_rest(label(self._hopper), self.hopper_active_low, "pi"))
        if self._draw is not None and self._draw.is_active:
            problems.append(f"launcher draw button ({label(self._draw)}) reads pressed: "
                            "check it is wired between the pin and GND, not 3V3")
        return problems

    # -- the job queue's hooks ---------------------------------------------------------------
    def _check_job(self, job: DispenseJob) -> None:
        if job.seat is not None and self._servo is not None and job.seat >= len(self.seat_angles):
            raise ValueError(f"no aim angle for seat {job.seat}; the launcher knows {len(self.seat_angles)} seats")

    def _halt(self, closing: bool = False) -> None:
        self._guard.off()

    def _begin(self, job: DispenseJob) -> None:
        self._count, self._clears_left = 0, self.jam_retries

    def _job_count(self) -> int:
        return self._count

    def _job_over(self) -> None:
        self._guard.off()

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

    # -- one job (on the worker) -----------------------------------------------------------
    def _run_job(self, job: DispenseJob) -> str:
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
            if self._guard.held_off:
                return HELD_OFF
            # Started sooner after the last run, this one would only continue that run's time.
            rested_at = self.clock() + self._guard.rest_left()
            while self._stop_reason is None and self.clock() < rested_at:
                self._cond.wait(rested_at - self.clock())
            if self._stop_reason is not None:
                return self._stop_reason
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
                if self._guard.held_off:
                    return HELD_OFF
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
        if self._stop_reason is None and self._guard.trips == trips and not self._guard.held_off:
            self._guard.run(self.speed)
            self._last_card = self.clock()            # a fresh deadline for the freed card

    def _pause(self, seconds: float) -> bool:
        """Wait ``seconds`` unless stopped; True if stopped."""
        end = self.clock() + seconds
        with self._cond:
            while self._stop_reason is None and self.clock() < end:
                self._cond.wait(end - self.clock())
            return self._stop_reason is not None

    def _release(self) -> None:
        guard = getattr(self, "_guard", None)
        if guard is not None:
            guard.close()
        self._parts.close()
