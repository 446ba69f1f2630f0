"""The ``sim`` backend's world: gpiozero's MockFactory pins and a card stack that moves.

The device classes are the real ones (:class:`PinLauncher`, :class:`PinButtonRing`,
:class:`PinBeeper`); only the pins are gpiozero's :class:`MockPWMPin`. The
:class:`SimCardStack` plays the hopper: while the motor's forward pin is
powered it pushes a card out every ``feed_time`` and breaks the exit beam by
driving the sensor pin low, exactly as a card would. Jams, stuck cards, double
feeds and an empty hopper are set per card number, so every path runs on a laptop.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Iterable

from gpiozero.pins.mock import MockFactory, MockPWMPin


class SimMotorPin(MockPWMPin):
    """gpiozero's MockPWMPin that also tells listeners when its duty cycle changes."""

    def __init__(self, factory, info):
        super().__init__(factory, info)
        self.listeners: list = []

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed:
            for listener in list(self.listeners):
                listener()
        return changed


def mock_factory() -> MockFactory:
    """A MockFactory for a Pi 3B whose pins all do PWM (servos and motor speed need it)."""
    return MockFactory(revision="a02082", pin_class=MockPWMPin)


class SimCardStack:
    """A hopper of ``cards`` cards in front of the friction wheel.

    Card numbers count from 1 over the stack's life. ``jam_at``: that card jams
    hard and never reaches the exit (until :meth:`clear_jam`, the player's hand);
    ``snag_at``: that card snags, and running the wheel backward for
    ``unsnag_time`` frees it (it then feeds as usual); ``stuck_at``: that card
    stops in the beam; ``double_at``: that card drags the next one out with it.
    ``exit_active_low`` / ``hopper_active_low``: how the simulated sensors drive
    their pins (low when they see a card, as the pin map's default), so a sensor
    wired the other way round can be simulated too.

    Claim the motor pin with ``factory.pin(n, pin_class=SimMotorPin)`` *before*
    the launcher opens it (:func:`companion.backends.open_devices` does).
    """

    def __init__(self, factory: MockFactory, *, motor_forward, motor_backward, exit_sensor,
                 hopper_sensor=None, cards: int = 108, feed_time: float = 0.03,
                 beam_time: float = 0.006, jam_at: Iterable[int] = (),
                 stuck_at: Iterable[int] = (), double_at: Iterable[int] = (),
                 snag_at: Iterable[int] = (), unsnag_time: float = 0.05,
                 exit_active_low: bool = True, hopper_active_low: bool = True):
        self.forward = factory.pin(motor_forward, pin_class=SimMotorPin)
        self.backward = factory.pin(motor_backward, pin_class=SimMotorPin)
        self.exit = factory.pin(exit_sensor)
        self.hopper = factory.pin(hopper_sensor) if hopper_sensor is not None else None
        self.feed_time, self.beam_time = feed_time, beam_time
        self.exit_active_low, self.hopper_active_low = exit_active_low, hopper_active_low
        self.jam_at, self.stuck_at, self.double_at = set(jam_at), set(stuck_at), set(double_at)
        self.snag_at, self.unsnag_time = set(snag_at), unsnag_time
        self.cards = cards
        self.thrown = 0          # cards that left the launcher
        self.jammed = False
        self.snagged = False     # the jam is a snag: backing off frees it
        self.unsnagged = 0       # snags freed by running backward
        self._reverse_since: float | None = None
        self._changed = threading.Condition()
        self._closed = False
        for pin in (self.forward, self.backward):
            pin.listeners.append(self._motor_changed)
        self._thread = threading.Thread(target=self._run, name="sim-card-stack", daemon=True)

    def start(self) -> "SimCardStack":
        """Set the sensors to the stack's state and start moving cards (after the devices opened)."""
        _show(self.exit, False, self.exit_active_low)
        self._show_hopper()
        self._thread.start()
        return self

    @property
    def wheel_speed(self) -> float:
        """The forward duty cycle the motor driver sees (0 when backward or off)."""
        return float(self.forward.state) if not self.backward.state else 0.0

    def reload(self, cards: int) -> None:
        with self._changed:
            self.cards += cards
            self._changed.notify_all()
        self._show_hopper()

    def clear_jam(self) -> None:
        """Take the jammed or stuck card out by hand (it does not count as thrown)."""
        with self._changed:
            self.jammed = self.snagged = False
            self.jam_at = {n for n in self.jam_at if n > self.thrown + 1}
            self.snag_at = {n for n in self.snag_at if n > self.thrown + 1}
            self.stuck_at.discard(self.thrown)
            self._changed.notify_all()
        _show(self.exit, False, self.exit_active_low)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        for pin in (self.forward, self.backward):
            if self._motor_changed in pin.listeners:
                pin.listeners.remove(self._motor_changed)
        if self._thread.is_alive():
            self._thread.join(timeout=2)

    # -- the stack's own thread -----------------------------------------------------------
    def _motor_changed(self) -> None:
        with self._changed:
            if not self.backward.state:
                self._reverse_since = None
            elif self._reverse_since is None:
                self._reverse_since = time.monotonic()
            self._changed.notify_all()

    def _backing_off_a_snag(self) -> bool:
        return self.snagged and self._reverse_since is not None

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._closed and not (self.wheel_speed > 0 and self.cards and not self.jammed) \
                        and not self._backing_off_a_snag():
                    self._changed.wait()
                if self._closed:
                    return
                if self._backing_off_a_snag():
                    # The wheel turns backward: the snagged card is pulled back and freed.
                    left = self._reverse_since + self.unsnag_time - time.monotonic()
                    if left > 0:
                        self._changed.wait(left)
                    elif self.snagged:
                        self.jammed = self.snagged = False
                        self.snag_at.discard(self.thrown + 1)
                        self.unsnagged += 1
                    continue
                # The wheel needs feed_time at full speed to push the bottom card out.
                self._changed.wait(self.feed_time / self.wheel_speed)
                if self._closed:
                    return
                if not (self.wheel_speed > 0 and self.cards and not self.jammed):
                    continue  # stopped before the card got out: it stays in the hopper
                number = self.thrown + 1
                if number in self.jam_at or number in self.snag_at:
                    self.jammed, self.snagged = True, number in self.snag_at
                    continue
                passing = 2 if number in self.double_at and self.cards >= 2 else 1
                if number in self.stuck_at:
                    passing = 1  # a card stuck in the throat holds back the one behind it
                self.cards -= passing
                self.thrown += passing
            # Pins are driven outside the lock: their callbacks take the launcher's lock,
            # and the launcher holds that lock while it switches the motor (which notifies us).
            self._show_hopper()
            for card in range(passing):
                self._pass_card(stuck=number + card in self.stuck_at)

    def _pass_card(self, stuck: bool) -> None:
        _show(self.exit, True, self.exit_active_low)
        if stuck:
            with self._changed:
                self.jammed = True
            return
        threading.Event().wait(self.beam_time)
        _show(self.exit, False, self.exit_active_low)

    def _show_hopper(self) -> None:
        if self.hopper is not None:
            _show(self.hopper, self.cards > 0, self.hopper_active_low)


def _show(pin, sees: bool, active_low: bool) -> None:
    """Drive a simulated sensor's pin: low when it sees its thing, if it is an active-low sensor."""
    if sees == active_low:
        if pin.state:
            pin.drive_low()
    elif not pin.state:
        pin.drive_high()
