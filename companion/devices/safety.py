"""The safety net under the outputs: a motor watchdog, and every output off on a signal or at exit.

Two independent layers keep the launcher motor from running on:

1. :class:`MotorGuard` owns the motor. The only way to power it is
   :meth:`MotorGuard.run`, which arms a deadline; a watchdog thread of its own
   switches the motor off at the deadline, whatever the dispensing code is
   doing (raised, stuck, waiting for a callback that never comes). The limit
   is capped at ``MAX_MOTOR_LIMIT`` (the Pico's ceiling too) whatever the
   caller asks, and a run that starts less than ``REST`` after the last one
   ended continues that run's deadline: no sequence of calls runs the motor
   longer than its limit without a rest.
2. :func:`install_handlers` makes SIGTERM, SIGHUP and SIGINT, and interpreter
   exit, call :meth:`safe_state` on every registered device before anything
   else happens (the previous handler runs afterwards).

Neither layer helps against SIGKILL or a Pi that hangs: the pins keep their
level. That is what the external pull-downs in the pin map and the Pico's own
watchdog are for (see docs/devices.md).
"""
from __future__ import annotations

import atexit
import logging
import os
import signal
import threading
import time
import weakref
from collections.abc import Callable

from companion.firmware.launcher import ABSOLUTE_MAX_MS, REST_MS

log = logging.getLogger(__name__)

MAX_MOTOR_LIMIT = ABSOLUTE_MAX_MS / 1000   # s: no motor run lasts longer, whatever the config says
REST = REST_MS / 1000                      # s: the shortest rest that ends a run (as on the Pico)
WATCH_STEP = 0.25                          # s: the watchdog looks at the clock at least this often

_devices: "weakref.WeakSet" = weakref.WeakSet()
_previous: dict[int, object] = {}
_atexit_done = False
HANDLED_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


def register(device) -> None:
    """Have ``device.safe_state()`` called on SIGTERM/SIGHUP/SIGINT and at exit."""
    _devices.add(device)


def unregister(device) -> None:
    _devices.discard(device)


def all_safe(reason: str = "") -> None:
    """Every registered output to its safe state now; one failing device does not stop the rest."""
    for device in list(_devices):
        try:
            device.safe_state()
        except Exception:  # a closed or broken device must not keep the others on
            log.exception("safe state failed for %r", device)
    if reason:
        log.log(logging.DEBUG if reason == "exit" else logging.INFO, "all outputs off (%s)", reason)


def install_handlers() -> bool:
    """Install the signal handlers (main thread only) and the exit hook; returns True if installed.

    Handlers chain: whatever handler was there before runs after the outputs are
    off (SIGTERM's default then ends the process as usual). Safe to call again.
    """
    global _atexit_done
    if not _atexit_done:
        atexit.register(all_safe, "exit")
        _atexit_done = True
    if threading.current_thread() is not threading.main_thread():
        log.warning("safety handlers not installed: not on the main thread")
        return False
    for signum in HANDLED_SIGNALS:
        current = signal.getsignal(signum)
        if current is not _on_signal:
            _previous[signum] = current
            signal.signal(signum, _on_signal)
    return True


def _on_signal(signum, frame) -> None:
    all_safe(signal.Signals(signum).name)
    previous = _previous.get(signum, signal.SIG_DFL)
    if callable(previous):
        previous(signum, frame)
    elif previous == signal.SIG_DFL:
        # Die the way the signal means (exit status, no atexit needed: outputs are off).
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


class MotorGuard:
    """Runs a gpiozero :class:`~gpiozero.Motor` for at most ``limit`` seconds per run.

    >>> from gpiozero import Motor
    >>> from gpiozero.pins.mock import MockFactory, MockPWMPin
    >>> guard = MotorGuard(Motor(12, 13, pin_factory=MockFactory(pin_class=MockPWMPin)), limit=0.05)
    >>> guard.run(0.8); guard.running
    True
    >>> time.sleep(0.2); guard.running, guard.trips
    (False, 1)
    >>> guard.close()
    """

    def __init__(self, motor, limit: float, on_trip: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        if not limit > 0:                   # nan too
            raise ValueError(f"motor limit must be more than 0 s, not {limit!r}")
        self.motor = motor
        self.limit = min(float(limit), MAX_MOTOR_LIMIT)
        self.trips = 0
        self._on_trip = on_trip
        self._clock = clock
        self._deadline: float | None = None
        self._last_deadline: float | None = None  # of the run that ended last ...
        self._stopped_at: float | None = None     # ... and when it ended
        self._closed = False
        self.held_off = False     # set by safe_state(): no run starts again (the process is ending)
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._watch, name="motor-watchdog", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._deadline is not None

    def run(self, speed: float = 1.0, backward: bool = False) -> None:
        """Motor forward (or ``backward``, to clear a jam) at ``speed``.

        A run already going keeps its deadline, whichever way it turns: changing
        direction never extends a run. A run that starts less than ``REST`` after
        the last one ended is the same run: it keeps that run's deadline too.
        """
        with self._wake:
            if self._closed:
                raise RuntimeError("the motor guard is closed")
            if self.held_off:
                raise RuntimeError("the motor is held off since a signal or a service stop")
            if self._deadline is None:
                if self.rest_left() > 0:
                    if self._last_deadline <= self._clock():
                        # The run this continues has used its time: the motor stays off, rest again.
                        self.trips += 1
                        self._stopped_at = self._clock()
                        return
                    self._deadline = self._last_deadline
                else:
                    self._deadline = self._clock() + self.limit
                self._wake.notify()
            if backward:
                self.motor.backward(speed)
            else:
                self.motor.forward(speed)

    def rest_left(self) -> float:
        """Seconds until a new run gets a fresh deadline (0: it would now)."""
        if self._stopped_at is None or self._last_deadline is None:
            return 0.0
        return max(0.0, self._stopped_at + REST - self._clock())

    def off(self) -> None:
        with self._wake:
            self.motor.stop()
            self._ended()

    def _ended(self) -> None:
        """The run ends now (lock held); nothing happens if none was going."""
        if self._deadline is not None:
            self._last_deadline, self._stopped_at = self._deadline, self._clock()
            self._deadline = None

    def safe_state(self) -> None:
        """Motor off without the lock (a signal handler may interrupt a holder of it), for good.

        The worker that was running it may still be mid-job (say, between a reverse
        pulse and the forward run after it): no run may start again.
        """
        self.held_off = True
        self.motor.stop()
        self._deadline = None

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        self.safe_state()
        self._thread.join(timeout=2)

    def _watch(self) -> None:
        while True:
            try:
                if self._watch_once():
                    return
            except Exception:  # the watchdog must outlive anything: motor off, and watch on
                log.exception("motor watchdog fault; motor off")
                self._stop_quietly()
                time.sleep(WATCH_STEP)

    def _stop_quietly(self) -> None:
        try:
            self.motor.stop()
        except Exception:  # closed under us: nothing left to switch off
            log.exception("watchdog could not stop the motor")

    def _watch_once(self) -> bool:
        """Wait for the deadline and stop the motor there; True once the guard is closed."""
        with self._wake:
            # In short steps: a deadline far off (or a clock that jumps) never makes a wait too long.
            while not self._closed and (self._deadline is None or self._clock() < self._deadline):
                if self._deadline is None:
                    self._wake.wait()                   # run() and close() wake it
                else:
                    self._wake.wait(max(0.0, min(self._deadline - self._clock(), WATCH_STEP)))
            if self._closed:
                return True
            self._ended()
            self._stop_quietly()
            self.trips += 1
        self._after_trip()
        return False

    def _after_trip(self) -> None:
        log.warning("launcher motor stopped by its %.1f s safety limit", self.limit)
        if self._on_trip is not None:
            try:
                self._on_trip()
            except Exception:
                log.exception("motor trip callback failed")
