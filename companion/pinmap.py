"""The pin map: which GPIO each device uses, read from ``hardware/pinmap.toml``.

One file serves the code, the wiring docs and the diagram. Loading checks it,
so a pin used twice or a missing pin is a clear error at start, not a dead
button at the table.

>>> pins = load_pinmap()
>>> pins.pin("pi", "launcher_exit_sensor").gpio
17
>>> pins.pin("pi", "launcher_aim_servo").pulse_us
(500, 2400)

Two kinds of pin carry a setting besides the wiring, because parts differ:

* ``input``: ``active_low`` (default true), whether the sensor pulls the pin
  low when it sees its thing (a card in the exit beam, cards in the hopper).
  Bare slotted sensors and break-beams do; many LM393 modules do the opposite.
* ``servo``: ``min_pulse_us`` / ``max_pulse_us`` (defaults 500 and 2400, an
  SG90's full travel), the pulse widths at the two ends of the servo's travel.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.errors import UserError
from companion.tomlfile import read_toml

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "hardware" / "pinmap.toml"

KINDS = {"pwm", "input", "button", "led", "output", "servo", "neopixel"}
PULLS = {"up", "down", "none", "external-down"}
# Settings a pin may carry, by kind, with their defaults.
SETTINGS = {"input": {"active_low": True}, "servo": {"min_pulse_us": 500, "max_pulse_us": 2400}}
# What an input sees when active, for the wiring docs.
SENSES = {"launcher_exit_sensor": "a card in the beam", "launcher_hopper_sensor": "cards present"}
# Pulse widths a hobby servo may be given at all: beyond these most servos grind at their end stops.
PULSE_RANGE_US = (400, 2600)
# GPIO numbers a board offers on its pins (Pi: BCM 2-27 on the 40-pin header; Pico: GP0-22, 26-28).
BOARD_GPIOS = {
    "pi": frozenset(range(2, 28)),
    "pico": frozenset([*range(0, 23), 26, 27, 28]),
}
# BCM number -> physical pin on the Pi's 40-pin header, for the wiring docs.
PI_HEADER = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31,
             13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24,
             7: 26, 12: 32, 16: 36, 20: 38, 21: 40}


@dataclass(frozen=True)
class Pin:
    board: str
    name: str
    gpio: int
    kind: str
    pull: str
    part: str
    optional: bool = False
    active_low: bool = True          # input pins: low = the sensor sees its thing
    min_pulse_us: int = 500          # servo pins: pulse width at one end of the travel
    max_pulse_us: int = 2400         # ... and at the other

    @property
    def pulse_us(self) -> tuple[int, int]:
        return self.min_pulse_us, self.max_pulse_us

    @property
    def wire_to(self) -> str:
        """Where the wire goes, with the part's setting: what the wiring docs print."""
        if self.kind == "input":
            level = "low" if self.active_low else "high"
            return (f"{self.part} ({level} = {SENSES.get(self.name, 'active')}, "
                    f"active_low = {'true' if self.active_low else 'false'})")
        if self.kind == "servo":
            return f"{self.part} (pulse {self.min_pulse_us} to {self.max_pulse_us} µs)"
        return self.part

    @property
    def label(self) -> str:
        """How a maker finds the pin: ``GPIO17 (pin 11)`` or ``GP16``."""
        if self.board == "pi":
            return f"GPIO{self.gpio} (pin {PI_HEADER[self.gpio]})"
        return f"GP{self.gpio}"


@dataclass(frozen=True)
class PinMap:
    path: Path
    pins: dict[tuple[str, str], Pin]

    def pin(self, board: str, name: str) -> Pin:
        """The pin ``name`` on ``board``; a missing entry names the file to fix."""
        try:
            return self.pins[(board, name)]
        except KeyError:
            raise UserError(f"{self.path}: no pin '{name}' for the {board} board; add [{board}.{name}]") from None

    def optional_pin(self, board: str, name: str) -> Pin | None:
        return self.pins.get((board, name))

    def board(self, board: str) -> list[Pin]:
        return [pin for (b, _), pin in self.pins.items() if b == board]

    def seats(self, board: str) -> int:
        """How many seats have a button on this board."""
        return sum(1 for pin in self.board(board) if pin.name.startswith("seat") and pin.name.endswith("_button"))


def load_pinmap(path: str | Path | None = None) -> PinMap:
    """Read and check a pin map; every problem is a :class:`UserError` naming the entry."""
    path = Path(path) if path is not None else DEFAULT_PATH
    data = read_toml(path, "the pin map")
    if data.get("schema") != 1:
        raise UserError(f"{path}: schema = 1 expected, found {data.get('schema')!r}")
    pins: dict[tuple[str, str], Pin] = {}
    for board in data:
        if board == "schema":
            continue
        if board not in BOARD_GPIOS:
            raise UserError(f"{path}: unknown board [{board}]; boards are: {', '.join(BOARD_GPIOS)}")
        used: dict[int, str] = {}
        for name, entry in data[board].items():
            pin = _parse_pin(path, board, name, entry)
            if pin.gpio in used:
                raise UserError(f"{path}: {board} GPIO {pin.gpio} is used twice: by '{used[pin.gpio]}' and by '{name}'")
            used[pin.gpio] = name
            pins[(board, name)] = pin
    return PinMap(path=path, pins=pins)


def _parse_pin(path: Path, board: str, name: str, entry: object) -> Pin:
    where = f"{path}: [{board}.{name}]"
    if not isinstance(entry, dict):
        raise UserError(f"{where} must be a table with gpio, kind, pull and part")
    settings = SETTINGS.get(entry.get("kind"), {})
    unknown = set(entry) - {"gpio", "kind", "pull", "part", "optional"} - set(settings)
    if unknown:
        other = {key for key in unknown if any(key in keys for keys in SETTINGS.values())}
        if other:
            raise UserError(f"{where}: {', '.join(sorted(other))} is a setting of "
                            f"{' or '.join(kind for kind, keys in SETTINGS.items() if other & set(keys))} pins, "
                            f"not of kind {entry.get('kind')!r}")
        raise UserError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    gpio = entry.get("gpio")
    if not isinstance(gpio, int) or isinstance(gpio, bool) or gpio not in BOARD_GPIOS[board]:
        raise UserError(f"{where}: gpio {gpio!r} is not a usable {board} GPIO number")
    if entry.get("kind") not in KINDS:
        raise UserError(f"{where}: kind {entry.get('kind')!r} is not one of {', '.join(sorted(KINDS))}")
    if entry.get("pull", "none") not in PULLS:
        raise UserError(f"{where}: pull {entry.get('pull')!r} is not one of {', '.join(sorted(PULLS))}")
    if not isinstance(entry.get("part", ""), str) or not isinstance(entry.get("optional", False), bool):
        raise UserError(f"{where}: part must be text and optional true or false")
    return Pin(board=board, name=name, gpio=gpio, kind=entry["kind"], pull=entry.get("pull", "none"),
               part=entry.get("part", ""), optional=entry.get("optional", False),
               **_settings(where, entry, settings))


def _settings(where: str, entry: dict, defaults: dict) -> dict:
    values = {key: entry.get(key, default) for key, default in defaults.items()}
    if "active_low" in values and not isinstance(values["active_low"], bool):
        raise UserError(f"{where}: active_low must be true or false (no quotes), not {values['active_low']!r}")
    if "min_pulse_us" in values:
        low, high = PULSE_RANGE_US
        for key in ("min_pulse_us", "max_pulse_us"):
            value = values[key]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise UserError(f"{where}: {key} must be a whole number of microseconds from {low} to {high}, "
                                f"not {value!r} (an SG90 wants about 500 and 2400)")
        if values["max_pulse_us"] - values["min_pulse_us"] < 500:
            raise UserError(f"{where}: max_pulse_us ({values['max_pulse_us']}) must be at least 500 more than "
                            f"min_pulse_us ({values['min_pulse_us']})")
    return values
