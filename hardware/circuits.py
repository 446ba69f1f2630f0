"""Every part's pins and where each goes, for the wiring docs (used by make_wiring.py).

A connection names a pin map entry as {entry}; it is written out as that entry's GPIO and
header pin for the board of the build, so the circuits follow the pin map like the tables do.
"""
from __future__ import annotations

import re
from html import escape

# (title, build, [(part pin, goes to)]); build: "both", "pi" or "pico".
SEAT = "{seat%d_button}"
CIRCUITS = [
    ("Motor supply, fuse", "both", [
        ("jack +", "fuse 2 A T, then MOTOR_5V (driver VM, servo +, pile light +)"),
        ("jack −", "GND; one wire from here to a GND pin of the board (Pi pin 6 / Pico pin 3)")]),
    ("DRV8833 module (both motors)", "both", [
        ("VM", "MOTOR_5V, 470 µF + 100 nF to GND right at the pin"),
        ("GND", "GND"),
        ("nSLEEP (SLP, EEP)", "3V3: left loose the driver sleeps and the motors never turn"),
        ("AIN1 + BIN1", "{launcher_motor_forward}, 10 kΩ to GND at the driver"),
        ("AIN2 + BIN2", "{launcher_motor_backward}, 10 kΩ to GND at the driver"),
        ("AOUT1 / AOUT2", "feed N20 (100 nF across its terminals)"),
        ("BOUT1 / BOUT2", "throw N20 (100 nF across its terminals)"),
        ("AISEN / BISEN", "GND on most modules: then there is no current limiting, only the chip's "
                          "over-current and thermal shutdown; a sense resistor there (e.g. 0.2 Ω) limits it"),
        ("nFAULT", "not connected")]),
    ("TB6612FNG module (instead of the DRV8833)", "both", [
        ("VCC", "3V3 (its logic supply: left loose it does nothing)"),
        ("VM", "MOTOR_5V, 470 µF to GND"), ("GND", "GND"),
        ("STBY", "3V3: left loose the driver stays in standby"),
        ("PWMA + PWMB", "3V3"),
        ("AIN1 + BIN1", "{launcher_motor_forward}, 10 kΩ to GND"),
        ("AIN2 + BIN2", "{launcher_motor_backward}, 10 kΩ to GND"),
        ("AO1 / AO2, BO1 / BO2", "feed N20, throw N20 (no current limiting on this chip)")]),
    ("Exit sensor ITR9608 (emitter follower)", "both", [
        ("LED anode", "3V3 through 100 Ω"), ("LED cathode", "GND"),
        ("collector", "3V3"), ("emitter", "{launcher_exit_sensor}, 4.7 kΩ to GND")]),
    ("Hopper sensor TCRT5000 module", "both", [
        ("VCC", "3V3"), ("GND", "GND"), ("DO", "{launcher_hopper_sensor}")]),
    ("Aim servo SG90", "both", [
        ("brown", "GND"), ("red", "MOTOR_5V"),
        ("orange", "{launcher_aim_servo} (Pi: software-timed pulses, see the pin map)")]),
    ("Draw button (60 mm)", "both", [("NO", "{launcher_draw_button}, 100 nF to GND"), ("COM", "GND")]),
    ("Buzzer", "both", [
        ("driver", "{buzzer} through 1 kΩ to the NPN's base"), ("NPN emitter", "GND"),
        ("NPN collector", "buzzer −"), ("buzzer +", "5 V of the board: Pi pin 2 / Pico VBUS (pin 40)")]),
    ("Pile light (LED strip piece)", "both", [("+", "MOTOR_5V"), ("−", "GND")]),
    ("Camera", "both", [("ribbon", "the Pi's camera port (CAM/DISP 0 on a Pi 5), contacts as the Pi's guide shows")]),
    *[(f"Pod {n}: J-SEAT{n}, JST-XH 3-pin, 3-core cable", "pi", [
        ("1 GND", "GND; in the pod: LED cathode, button COM"),
        ("2 BTN", f"{{seat{n}_button}}, 4.7 kΩ to 3V3 at the board; in the pod: button NO, 100 nF to pin 1"),
        ("3 LED", f"{{seat{n}_light}} through 330 Ω at the board; in the pod: LED anode")]) for n in range(6)],
    ("Level shifter 74AHCT125", "pico", [
        ("VCC", "Pico VBUS (pin 40)"), ("GND, 1OE", "GND"), ("1A", "{ring_leds}"),
        ("1Y", "330 Ω, then J-SEAT0 pin 4 (DIN); 470 µF across 5 V and GND at J-SEAT0")]),
    *[(f"Pod {n}: J-SEAT{n}, JST-XH 5-pin, 5-core cable" + (" (tables of 7 to 10)" if n > 5 else ""), "pico", [
        ("1 GND", "GND; in the pod: pixel GND, button COM"),
        ("2 5V", "Pico VBUS (pin 40); in the pod: pixel 5V"),
        ("3 BTN", f"{{seat{n}_button}}, 4.7 kΩ to 3V3 at the board; in the pod: button NO, 100 nF to pin 1"),
        ("4 DIN", "the shifter's 1Y through 330 Ω" if n == 0 else f"J-SEAT{n - 1} pin 5 (pixel {n - 1}'s DOUT)"),
        ("5 DOUT", f"J-SEAT{n + 1} pin 4 (the last pod's: not connected)" if n < 9 else "not connected")])
      for n in range(10)],
]


def resolve(pins, text: str, build: str, label_of) -> str:
    """{entry} -> 'Pi GPIO17 (pin 11) / Pico GP16 (pin 21)', or one board in a one-board build."""
    def label(match):
        name = match.group(1)
        boards = ["pi"] if build == "pi" else ["pico"] if build == "pico" else ["pi", "pico"]
        present = [b for b in boards if pins.optional_pin(b, name)]
        parts = [f"{'Pi' if b == 'pi' else 'Pico'} {label_of(pins.optional_pin(b, name))}" for b in present]
        return f"`{name}` = " + " / ".join(parts)
    return re.sub(r"\{(\w+)\}", label, text)


def markdown(pins, label_of) -> list[str]:
    lines = ["## Circuits", "",
             "Each part's pins. `both`: wire it to the board whose backend drives it (Pi or Pico).",
             "MOTOR_5V is the fused motor supply; 3V3 and GND are the board's.", ""]
    for title, build, connections in CIRCUITS:
        lines += [f"### {title} ({build if build != 'both' else 'both builds'})", "",
                  "| Part pin | Goes to |", "|---|---|"]
        lines += [f"| {pin} | {resolve(pins, where, build, label_of)} |" for pin, where in connections]
        lines.append("")
    return lines


def svg(pins, label_of) -> str:
    """All circuits as boxes with a labelled wire per pin, one under the other."""
    col_w, row_h, x_pad = 1160, 18, 20
    columns, heights = [[], []], [20, 1e9]
    for title, build, connections in CIRCUITS:
        column = 0 if heights[0] <= heights[1] else 1
        top = heights[column]
        x = x_pad + column * (col_w + 40)
        height = 28 + row_h * len(connections)
        body = [f'<rect x="{x}" y="{top}" width="{col_w}" height="{height}" rx="5" fill="#f6f5f4" stroke="#333"/>',
                f'<text x="{x + 8}" y="{top + 18}" font-weight="bold">{escape(title)} [{build}]</text>']
        for i, (pin, where) in enumerate(connections):
            y = top + 38 + i * row_h
            body += [f'<text x="{x + 8}" y="{y}">{escape(pin)}</text>',
                     f'<line x1="{x + 190}" y1="{y - 4}" x2="{x + 225}" y2="{y - 4}" stroke="#e66100" stroke-width="2"/>',
                     f'<text x="{x + 230}" y="{y}">{escape(resolve(pins, where, build, label_of).replace("`", ""))}</text>']
        columns[column].append("\n".join(body))
        heights[column] += height + 14
    width, height = col_w + 40, heights[0] + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="DejaVu Sans, sans-serif" font-size="11">\n<rect width="100%" height="100%" fill="#fff"/>\n'
            + "\n".join(columns[0] + columns[1]) + "\n</svg>\n")
