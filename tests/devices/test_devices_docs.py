"""docs/devices.md shows the wiring the code uses: every Pi pin of the pin map, as mapped."""
from pathlib import Path

from companion.devices.interface import colour_groups
from companion.pinmap import load_pinmap

DOC = (Path(__file__).resolve().parents[2] / "docs" / "devices.md").read_text()


def test_every_pi_pin_appears_with_its_gpio_and_header_pin():
    for pin in load_pinmap().board("pi"):
        assert f"| `{pin.name}` | {pin.label} | {pin.kind} |" in DOC, pin.name


def test_the_colour_groups_described_are_the_ones_shown():
    groups = colour_groups(6)
    assert groups[0] == groups[1] == "red" and groups[2] == "yellow" and groups[5] == "blue"
    assert "(6 seats: 0-1 red, 2 yellow, 3-4 green, 5 blue)" in DOC
