"""The ``gpio`` backend: the table's devices on the Raspberry Pi's header, through gpiozero.

The pins are the ``[pi.*]`` entries of ``hardware/pinmap.toml``. The ``sim``
backend (:mod:`companion.backends.sim`) opens the very same classes on the same
pin numbers with mock pins, so the code a Pi owner runs first is the code the tests run.
"""
from __future__ import annotations

import warnings

from gpiozero.exc import BadPinFactory, GPIOZeroError, PinFactoryFallback

from companion.backends.base import TableDevices, aim_angles, part_settings
from companion.devices import safety
from companion.devices.beeper import PinBeeper
from companion.devices.interface import EventSink
from companion.devices.launcher import PinLauncher
from companion.devices.policies import make_policy
from companion.devices.ring import PinButtonRing
from companion.devices.sim import SimCardStack
from companion.errors import UserError
from companion.pinmap import PinMap, load_pinmap

# What each pin map entry must be wired as, for a clear error instead of a dead part.
NEEDS = {"launcher_motor_forward": "pwm", "launcher_motor_backward": "pwm", "launcher_exit_sensor": "input",
         "launcher_hopper_sensor": "input", "launcher_aim_servo": "servo", "launcher_draw_button": "button",
         "buzzer": "output"}


def open_devices(events: EventSink, *, pinmap: PinMap | None = None, seed: int | None = None,
                 burst_policy: str = "toy", launcher_options: dict | None = None) -> TableDevices:
    """Open launcher, ring and beeper on the Pi's pins (see :class:`~companion.backends.base.Opener`)."""
    return open_pins(events, pinmap=pinmap, seed=seed, burst_policy=burst_policy,
                     launcher_options=launcher_options, backend="gpio")


def open_pins(events: EventSink, *, pinmap: PinMap | None, seed: int | None, burst_policy: str,
              launcher_options: dict | None, backend: str, factory=None,
              stack_options: dict | None = None) -> TableDevices:
    """The Pi's devices on ``factory`` (None: gpiozero's own); with a factory, a simulated card stack too."""
    pinmap = pinmap or load_pinmap()
    pins = pi_pins(pinmap)
    settings = part_settings(pinmap, "pi")
    seats = pinmap.seats("pi")
    launcher_options = dict(launcher_options or {})
    angles = aim_angles(seats, launcher_options.pop("seat_angles", None))
    stack = None
    if factory is not None:
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


def pi_pins(pinmap: PinMap) -> dict[str, int]:
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


def _close_all(parts: list, stack: SimCardStack | None) -> None:
    for part in reversed(parts):
        part.close()
    if stack is not None:
        stack.close()
