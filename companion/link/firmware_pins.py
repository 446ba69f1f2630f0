"""Writes ``firmware/pins.py``, the Pico's copy of the [pico.*] pins of the pin map.

The Pico cannot read TOML, so the pin numbers travel as a tiny generated
module; a test checks it never drifts from ``hardware/pinmap.toml``.

    python -m companion.link.firmware_pins > firmware/pins.py
"""
from __future__ import annotations

import sys

from companion.pinmap import PinMap, load_pinmap

HEADER = ('"""Pico GP numbers, generated from hardware/pinmap.toml by\n'
          '``python -m companion.link.firmware_pins``: edit the pin map, not this file."""\n')
SINGLE = ("ring_leds", "launcher_motor_forward", "launcher_motor_backward", "launcher_exit_sensor",
          "launcher_hopper_sensor", "launcher_aim_servo", "launcher_draw_button", "buzzer")


def render(pinmap: PinMap) -> str:
    seats = tuple(pinmap.pin("pico", f"seat{seat}_button").gpio for seat in range(pinmap.seats("pico")))
    lines = [HEADER, f"SEAT_BUTTONS = {seats!r}"]
    for name in SINGLE:
        pin = pinmap.optional_pin("pico", name) if name != "ring_leds" else pinmap.pin("pico", name)
        lines.append(f"{name.upper()} = {pin.gpio if pin else None}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    sys.stdout.write(render(load_pinmap(args[0] if args else None)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
