"""Open the table's devices on a backend: ``gpio`` (the Pi's header), ``sim`` (mock pins), ``pico``.

``gpio`` and ``sim`` are the same classes on the same pin numbers (the ``[pi.*]``
entries of ``hardware/pinmap.toml``); only the pin factory differs, so the code
a Pi owner runs first is the code the tests run.

>>> import queue
>>> events = queue.Queue()
>>> with open_devices("sim", events, seed=1) as devices:
...     devices.ring.seats, devices.launcher.motor_running
(6, False)
"""
from __future__ import annotations

import importlib
import logging
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpiozero.exc import BadPinFactory, GPIOZeroError, PinFactoryFallback

from companion.devices import safety
from companion.devices.beeper import PinBeeper
from companion.devices.interface import Beeper, ButtonRing, EventSink, Launcher
from companion.devices.launcher import PinLauncher, spread_angles
from companion.devices.policies import make_policy
from companion.devices.ring import PinButtonRing
from companion.devices.sim import SimCardStack, mock_factory
from companion.errors import UserError
from companion.pinmap import PinMap, load_pinmap

log = logging.getLogger(__name__)

BACKENDS = ("gpio", "sim", "pico")
# The Pico's host side (the serial link) offers open_devices(events, **options) with the same result.
PICO_ENTRY = "companion.link.devices:open_devices"
# What each pin map entry must be wired as, for a clear error instead of a dead part.
NEEDS = {"launcher_motor_forward": "pwm", "launcher_motor_backward": "pwm", "launcher_exit_sensor": "input",
         "launcher_hopper_sensor": "input", "launcher_aim_servo": "servo", "launcher_draw_button": "button",
         "buzzer": "output"}


@dataclass
class TableDevices:
    """The three devices of a table; ``stack`` and ``factory`` only on ``sim`` (to play the hands)."""
    launcher: Launcher
    ring: ButtonRing
    beeper: Beeper
    stack: SimCardStack | None = None
    factory: Any = None
    pins: dict[str, int] = field(default_factory=dict)

    def tap(self, name: str) -> None:
        """Sim only: press and release a button by its pin map name (``seat2_button``, ``launcher_draw_button``)."""
        if self.factory is None:
            raise RuntimeError("tap() presses simulated buttons; this table has real ones")
        pin = self.factory.pin(self.pins[name])
        pin.drive_low()
        pin.drive_high()

    def self_check(self) -> list[str]:
        """Everything that looks miswired or blocked, in plain words (for ``uno-companion check``)."""
        return [*self.launcher.self_check(), *self.ring.self_check()]

    def close(self) -> None:
        for part in (self.launcher, self.ring, self.beeper, self.stack):
            if part is not None:
                part.close()

    def __enter__(self) -> "TableDevices":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_devices(backend: str, events: EventSink, *, pinmap: PinMap | None = None, seed: int | None = None,
                 burst_policy: str = "toy", launcher_options: dict | None = None,
                 stack_options: dict | None = None, port: str | None = None) -> TableDevices:
    """Open launcher, ring and beeper; every wiring problem is a :class:`UserError` at start.

    ``launcher_options`` go to :class:`PinLauncher` (``motor_limit``, ``card_deadline``...);
    its ``seat_angles`` (seat -> degrees, e.g. from ``calibrate throw``) replace the even
    aim of those seats from the launcher's first job on (see :func:`aim_angles`);
    ``stack_options`` to :class:`SimCardStack` (``cards``, ``jam_at``...);
    ``port`` is the Pico's serial port (``pico`` only; the link has a default).
    """
    if backend not in BACKENDS:
        raise UserError(f"unknown device backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if backend == "pico":
        options = dict(seed=seed, burst_policy=burst_policy, launcher_options=launcher_options, pinmap=pinmap)
        return _open_pico(events, **options, **({"port": port} if port else {}))
    pinmap = pinmap or load_pinmap()
    pins = _pi_pins(pinmap)
    settings = part_settings(pinmap, "pi")
    seats = pinmap.seats("pi")
    launcher_options = dict(launcher_options or {})
    angles = aim_angles(seats, launcher_options.pop("seat_angles", None))
    factory = mock_factory() if backend == "sim" else None
    stack = None
    if backend == "sim":
        # The simulated sensors read as the pin map says, unless a test wires them the other way.
        sensors = {key: settings[key] for key in ("exit_active_low", "hopper_active_low")}
        stack = SimCardStack(factory, motor_forward=pins["launcher_motor_forward"],
                             motor_backward=pins["launcher_motor_backward"],
                             exit_sensor=pins["launcher_exit_sensor"],
                             hopper_sensor=pins.get("launcher_hopper_sensor"), **{**sensors, **(stack_options or {})})
    opened: list = []
    try:
        warnings.simplefilter("ignore", PinFactoryFallback)  # the UserError below says it plainly
        launcher = PinLauncher(
            events, motor_forward=pins["launcher_motor_forward"], motor_backward=pins["launcher_motor_backward"],
            exit_sensor=pins["launcher_exit_sensor"], hopper_sensor=pins.get("launcher_hopper_sensor"),
            aim_servo=pins.get("launcher_aim_servo"), draw_button=pins.get("launcher_draw_button"), **settings,
            seat_angles=angles, policy=make_policy(burst_policy, seed), pin_factory=factory, **launcher_options)
        opened.append(launcher)
        ring = PinButtonRing(events, buttons=[pins[f"seat{s}_button"] for s in range(seats)],
                             lights=[pins.get(f"seat{s}_light") for s in range(seats)], pin_factory=factory)
        opened.append(ring)
        beeper = PinBeeper(pins.get("buzzer"), pin_factory=factory)
        opened.append(beeper)
    except BadPinFactory:
        _close_all(opened, stack)
        raise UserError("no GPIO pins found: on a Raspberry Pi install the pin library "
                        "(pip install 'uno-companion[pi]'); elsewhere use the sim backend") from None
    except GPIOZeroError as error:
        _close_all(opened, stack)
        raise UserError(f"cannot open the {backend} devices: {error}") from None
    if stack is not None:
        stack.start()
    safety.install_handlers()
    return TableDevices(launcher, ring, beeper, stack, factory, pins)


def aim_angles(seats: int, calibrated: Mapping[int, float] | Sequence[float] | None = None) -> list[float]:
    """Each seat's aim angle: the calibrated ones (a list counts from seat 0), the others spread evenly.

    >>> aim_angles(3, {0: -70})
    [-70.0, 0.0, 80.0]

    Every backend takes them at open, so the very first job (a deal at start) aims with them.
    """
    angles = spread_angles(seats)
    given = dict(enumerate(calibrated)) if isinstance(calibrated, Sequence) else dict(calibrated or {})
    for seat, angle in given.items():
        if not (isinstance(seat, int) and seat >= 0 and isinstance(angle, (int, float))
                and not isinstance(angle, bool) and -90 <= angle <= 90):
            raise UserError(f"launcher seat_angles: seat {seat!r} at {angle!r} degrees; each seat needs "
                            "an angle from -90 to 90 (run uno-companion calibrate throw again)")
        if seat < seats:
            angles[seat] = float(angle)
        else:
            log.warning("seat %d has an aim angle but the launcher knows %d seats: not used", seat, seats)
    return angles


def _pi_pins(pinmap: PinMap) -> dict[str, int]:
    """The Pi's pins by name, each checked for the kind its device needs."""
    pins: dict[str, int] = {}
    for pin in pinmap.board("pi"):
        need = NEEDS.get(pin.name) or ("button" if pin.name.endswith("_button") else
                                       "led" if pin.name.endswith("_light") else None)
        if need is not None and pin.kind != need:
            raise UserError(f"{pinmap.path}: [pi.{pin.name}] has kind {pin.kind!r}; "
                            f"this device needs kind = {need!r}")
        pins[pin.name] = pin.gpio
    for required in ("launcher_motor_forward", "launcher_motor_backward", "launcher_exit_sensor"):
        pinmap.pin("pi", required)  # a clear "add [pi.name]" when missing
    for seat in range(pinmap.seats("pi")):
        pinmap.pin("pi", f"seat{seat}_button")
    return pins


def part_settings(pinmap: PinMap, board: str) -> dict:
    """The launcher parts' settings from the pin map: sensor polarity and servo pulse widths."""
    exit_sensor = pinmap.optional_pin(board, "launcher_exit_sensor")
    hopper = pinmap.optional_pin(board, "launcher_hopper_sensor")
    servo = pinmap.optional_pin(board, "launcher_aim_servo")
    return {"exit_active_low": exit_sensor.active_low if exit_sensor else True,
            "hopper_active_low": hopper.active_low if hopper else True,
            "servo_pulse_us": servo.pulse_us if servo else (500, 2400)}


def _open_pico(events: EventSink, **options) -> TableDevices:
    module_name, function_name = PICO_ENTRY.split(":")
    try:
        opener = getattr(importlib.import_module(module_name), function_name)
    except (ImportError, AttributeError):
        raise UserError("the pico backend is not available in this installation") from None
    return opener(events, **options)


def _close_all(parts: list, stack: SimCardStack | None) -> None:
    for part in reversed(parts):
        part.close()
    if stack is not None:
        stack.close()
