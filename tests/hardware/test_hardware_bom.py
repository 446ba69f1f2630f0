"""hardware/bom.csv: a part for every pin the pin map wires, in the right number."""
import csv
from fnmatch import fnmatch
from pathlib import Path

import pytest

from companion.pinmap import load_pinmap

BOM = Path(__file__).resolve().parents[2] / "hardware" / "bom.csv"
COLUMNS = ["part", "quantity", "what_it_does", "alternatives", "pin_map"]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    with BOM.open(encoding="utf-8", newline="") as file:
        reader = csv.DictReader(file)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def serving(rows, name: str) -> list[dict]:
    return [row for row in rows if any(fnmatch(name, pattern) for pattern in row["pin_map"].split())]


def test_every_row_says_what_and_how_many(rows):
    for row in rows:
        assert row["part"] and row["what_it_does"], row
        assert row["quantity"].isdigit() and int(row["quantity"]) > 0, row["part"]
    assert len({row["part"] for row in rows}) == len(rows), "a part is listed twice"


def test_every_pin_of_the_pin_map_has_a_part_and_every_reference_is_a_pin(rows):
    pins = load_pinmap()
    names = {pin.name for pin in pins.pins.values()}
    for name in names:
        assert serving(rows, name), f"no part in bom.csv for pin map entry '{name}'"
    for row in rows:
        for pattern in row["pin_map"].split():
            assert any(fnmatch(name, pattern) for name in names), f"{row['part']}: no pin '{pattern}'"


def test_quantities_cover_every_seat_and_motor_input_the_pi_wires(rows):
    pins = load_pinmap()
    for name in ("seat0_button", "seat0_light"):
        for row in serving(rows, name):
            assert int(row["quantity"]) >= pins.seats("pi"), row["part"]
    pulled = [pin for pin in pins.board("pi") if pin.pull == "external-down"]
    (resistor,) = [row for row in rows if row["part"] == "Resistor 10 kOhm"]
    assert int(resistor["quantity"]) >= len(pulled) > 0


def test_safety_parts_are_on_the_list(rows):
    parts = " ".join(row["part"] for row in rows)
    for needed in ("Fuse", "Motor supply", "DRV8833", "Resistor 10 kOhm", "Raspberry Pi Pico", "Camera Module"):
        assert needed in parts
