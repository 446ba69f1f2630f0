"""Writes ``firmware/pins.py``, the Pico's copy of the [pico.*] pins of the pin map.

The Pico cannot read TOML, so the pin numbers travel as a tiny generated
module; tests check that it, and the table in docs/protocol.md
(``--markdown``), never drift from ``hardware/pinmap.toml``.

    python -m companion.backends.pico.firmware_pins > firmware/pins.py
"""
from __future__ import annotations

import sys

from companion.pinmap import PinMap, load_pinmap

HEADER = ('"""Pico GP numbers, generated from hardware/pinmap.toml by\n'
          '``python -m companion.backends.pico.firmware_pins``: edit the pin map, not this file."""\n')
SINGLE = ("ring_leds", "launcher_motor_forward", "launcher_motor_backward", "launcher_exit_sensor",
          "launcher_hopper_sensor", "launcher_aim_servo", "launcher_draw_button", "buzzer")


def render(pinmap: PinMap) -> str:
    seats = tuple(pinmap.pin("pico", f"seat{seat}_button").gpio for seat in range(pinmap.seats("pico")))
    lines = [HEADER, f"SEAT_BUTTONS = {seats!r}"]
    for name in SINGLE:
        pin = pinmap.optional_pin("pico", name) if name != "ring_leds" else pinmap.pin("pico", name)
        lines.append(f"{name.upper()} = {pin.gpio if pin else None}")
    return "\n".join(lines) + "\n"


def render_markdown(pinmap: PinMap) -> str:
    """The Pico's pins as a Markdown table, in GP order."""
    rows = ["| Pico pin | name | kind | pull | wire to |", "|---|---|---|---|---|"]
    for pin in sorted(pinmap.board("pico"), key=lambda pin: pin.gpio):
        optional = " (optional)" if pin.optional else ""
        rows.append(f"| {pin.label} | `{pin.name}` | {pin.kind} | {pin.pull} | {pin.wire_to}{optional} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    markdown = "--markdown" in args
    paths = [arg for arg in args if arg != "--markdown"]
    pinmap = load_pinmap(paths[0] if paths else None)
    sys.stdout.write(render_markdown(pinmap) if markdown else render(pinmap))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
