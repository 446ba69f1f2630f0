"""The button ring on gpiozero pins (backends ``gpio`` and ``sim``): a button input and an LED per seat.

Turn light, race, colour choice and the Flash turn timer are the shared logic of
:class:`~companion.devices.interface.ButtonRing`; this class only reads buttons
(debounced here, see :mod:`companion.devices.debounce`) and drives the lights.
Single-colour LEDs show a colour group as plain "on" (E4 Flip's dark colours and its
dark-side turn light too: they only show which buttons count); RGB rings live on the Pico.
"""
from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Sequence

from gpiozero import LED, DigitalInputDevice

from companion.devices import safety
from companion.devices.debounce import Debouncer
from companion.devices.interface import ButtonRing, EventSink

log = logging.getLogger(__name__)


class PinButtonRing(ButtonRing):
    """``buttons[seat]`` and ``lights[seat]`` are pins (a light may be None: not fitted).

    >>> import queue
    >>> from companion.devices.sim import mock_factory
    >>> factory, events = mock_factory(), queue.Queue()
    >>> ring = PinButtonRing(events, buttons=[4, 6], lights=[5, 19], pin_factory=factory)
    >>> factory.pin(6).drive_low()          # seat 1 presses
    >>> events.get_nowait().seat
    1
    >>> ring.close()
    """

    def __init__(self, events: EventSink, *, buttons: Sequence, lights: Sequence,
                 bounce_time: float = 0.02, blink_time: float = 0.25, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic):
        if len(lights) != len(buttons):
            raise ValueError("one light entry per button (None where no light is fitted)")
        super().__init__(events, len(buttons), clock)
        self.blink_time = blink_time
        # DigitalInputDevice rather than Button: debounce and timing are ours, and Button's
        # hold thread would only add a thread per seat (and 0.1 s per seat to close).
        self._buttons: list[DigitalInputDevice] = []
        self._leds: list[LED | None] = []
        self._shown: dict[int, str] = {}
        try:
            for seat, pin in enumerate(buttons):
                button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self._buttons.append(button)
                debounce = Debouncer(bounce_time, clock)
                button.when_activated = functools.partial(self._edge, seat, debounce, True)
                button.when_deactivated = functools.partial(self._edge, seat, debounce, False)
            for pin in lights:
                self._leds.append(None if pin is None else LED(pin, pin_factory=pin_factory))
        except BaseException:
            self._close_pins()
            raise
        safety.register(self)

    def _edge(self, seat: int, debounce: Debouncer, active: bool) -> None:
        at = debounce.edge(active)
        if at is not None:
            self._pressed(seat, at)

    def _show(self, lights: dict[int, str]) -> None:
        for seat, state in lights.items():
            led = self._leds[seat]
            if led is None or self._shown.get(seat) == state:
                continue
            if state == "off":
                led.off()
            elif state == "blink":
                led.blink(on_time=self.blink_time, off_time=self.blink_time, background=True)
            else:
                led.on()  # "on" and every colour: a single-colour LED just lights
            self._shown[seat] = state

    def self_check(self) -> list[str]:
        return [f"seat {seat} button ({button.pin.info.name}) reads pressed: check it is wired "
                "between the pin and GND, and not stuck" for seat, button in enumerate(self._buttons)
                if button.is_active]

    def safe_state(self) -> None:
        for led in self._leds:
            if led is not None:
                led.off()
        self._shown = {}

    def _close_pins(self) -> None:
        safety.unregister(self)
        for device in [*self._buttons, *self._leds]:
            if device is not None:
                try:
                    device.off() if isinstance(device, LED) else None
                    device.close()
                except Exception:
                    log.exception("closing %r failed", device)
        self._buttons, self._leds = [], []
