"""What every backend returns and what every backend's opener looks like.

A backend is a module with one function, ``open_devices(events, *, pinmap, seed,
burst_policy, launcher_options, ...)`` (the :class:`Opener` below), plus keyword
arguments of its own (``sim``: ``stack_options``; ``pico``: ``port``, ``timeout``).
Each names its arguments: an unknown one is a ``TypeError`` at the call, never ignored.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.devices.interface import Beeper, ButtonRing, EventSink, Launcher
from companion.devices.launcher import spread_angles
from companion.devices.sim import SimCardStack
from companion.errors import UserError
from companion.pinmap import PinMap

log = logging.getLogger(__name__)


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


class Opener(Protocol):
    """The arguments every backend's ``open_devices`` takes; each backend may add its own keywords.

    ``launcher_options`` go to the launcher (``motor_limit``, ``card_deadline``...); its
    ``seat_angles`` (seat -> degrees, from ``calibrate throw``) replace the even aim of those
    seats from the first job on (see :func:`aim_angles`). Every wiring problem is a
    :class:`UserError` at open.
    """

    def __call__(self, events: EventSink, *, pinmap: PinMap | None = None, seed: int | None = None,
                 burst_policy: str = "toy", launcher_options: dict | None = None) -> TableDevices: ...


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


def part_settings(pinmap: PinMap, board: str) -> dict:
    """The launcher parts' settings from the pin map: sensor polarity and servo pulse widths."""
    exit_sensor = pinmap.optional_pin(board, "launcher_exit_sensor")
    hopper = pinmap.optional_pin(board, "launcher_hopper_sensor")
    servo = pinmap.optional_pin(board, "launcher_aim_servo")
    return {"exit_active_low": exit_sensor.active_low if exit_sensor else True,
            "hopper_active_low": hopper.active_low if hopper else True,
            "servo_pulse_us": servo.pulse_us if servo else (500, 2400)}
