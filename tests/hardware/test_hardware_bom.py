"""hardware/bom.csv: a part for every pin, the two builds apart, prices, lengths, a power budget."""
import csv
import math
import re
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

from companion.pinmap import load_pinmap

BOM = Path(__file__).resolve().parents[2] / "hardware" / "bom.csv"
COLUMNS = ["part", "quantity", "unit_price_eur", "source", "build", "supply", "current_ma", "peak_ma",
           "length_mm", "what_it_does", "alternatives", "pin_map"]
ROOT = BOM.parents[1]
sys.path.insert(0, str(ROOT / "hardware"))
import geometry  # noqa: E402
import make_parts  # noqa: E402


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
    for name in ("seat0_button", "seat0_light"):  # pi build parts
        for row in serving(rows, name):
            assert int(row["quantity"]) >= pins.seats("pi"), row["part"]
    pulled = [pin for pin in pins.board("pi") if pin.pull == "external-down"]
    (resistor,) = [row for row in rows if row["part"] == "Resistor 10 kOhm"]
    (pull_ups,) = [row for row in rows if row["part"] == "Resistor 4.7 kOhm"]
    assert int(pull_ups["quantity"]) >= pins.seats("pi") + 1
    assert int(resistor["quantity"]) >= len(pulled) > 0


def test_safety_parts_are_on_the_list(rows):
    parts = " ".join(row["part"] for row in rows)
    for needed in ("Fuse", "Motor supply", "DRV8833", "Resistor 10 kOhm", "Raspberry Pi Pico", "Camera Module"):
        assert needed in parts


def test_every_row_has_a_price_a_source_and_one_build(rows):
    for row in rows:
        assert float(row["unit_price_eur"]) > 0, row["part"]
        assert row["source"] in {"electronics shop", "marketplace", "hardware store", "printed"}, row["part"]
        assert row["build"] in {"both", "pi", "pico"}, row["part"]
    # the builds are apart: the Pi build buys no pixel, the Pico build no seat LED
    pi_only = " ".join(row["part"] for row in rows if row["build"] == "pi")
    pico_only = " ".join(row["part"] for row in rows if row["build"] == "pico")
    assert "LED, 5 mm" in pi_only and "WS2812" in pico_only and "Pico" in pico_only
    for row in rows:
        if "WS2812" in row["part"] or "74AHCT125" in row["part"]:
            assert row["build"] == "pico"


def cost(rows, build):
    return sum(int(row["quantity"]) * float(row["unit_price_eur"]) for row in rows if row["build"] in ("both", build))


def test_each_build_has_a_total_that_adds_up(rows):
    pi, pico = cost(rows, "pi"), cost(rows, "pico")
    assert 100 < pi < pico < 250, (pi, pico)


def draw(rows, build, supply, column="current_ma"):
    return sum(int(row["quantity"]) * float(row[column] or 0) for row in rows
               if row["build"] in ("both", build) and row["supply"] == supply)


FIRMWARE = (ROOT / "firmware" / "main.py").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "assembly.md").read_text(encoding="utf-8")


def test_power_budget_of_each_supply(rows):
    fuse = 2000
    for build in ("pi", "pico"):
        motor = draw(rows, build, "motor_5v")
        assert motor <= 0.5 * fuse, (build, motor)               # all running together, well under the fuse
        assert draw(rows, build, "motor_5v", "peak_ma") <= 3000  # the 3 A supply holds even stalls
        pi_supply = draw(rows, build, "pi_usb", "peak_ma") + draw(rows, build, "pico_vbus", "peak_ma")
        assert pi_supply <= 3000 - 500, (build, pi_supply)       # the Pi's 3 A, with room for USB devices
        assert draw(rows, build, "pi_3v3", "peak_ma") <= 100     # sensors on the 3V3 pin
        assert draw(rows, build, "gpio") <= 50                   # the Pi's total GPIO current
    # one stalled N20 is far from the fuse: a stall is the motor limit's job, not the fuse's
    motors = [row for row in rows if row["part"].startswith("N20")]
    assert max(float(row["peak_ma"]) for row in motors) < fuse / 2
    assert not re.search(r"stall[^.]*blows", GUIDE + BOM.read_text())


def test_pixels_draw_what_the_firmware_comment_and_the_guide_say(rows):
    brightness = int(re.search(r"^BRIGHTNESS_PERCENT = (\d+)", FIRMWARE, re.M).group(1))
    assert "USB's 500 mA" in FIRMWARE                             # the firmware's premise: pixels on USB power
    (pixels,) = [row for row in rows if "WS2812" in row["part"]]
    assert pixels["supply"] == "pico_vbus"
    assert float(pixels["current_ma"]) == pytest.approx(float(pixels["peak_ma"]) * brightness / 100)
    (pico,) = [row for row in rows if row["part"].startswith("Raspberry Pi Pico")]
    ten_seats = 10 * float(pixels["current_ma"]) + float(pico["peak_ma"])
    assert ten_seats <= 500
    assert "VBUS" in GUIDE and "pixels take 5 V from the Pico's VBUS" in re.sub(r"\s+", " ", GUIDE)


def test_cables_are_long_enough(rows):
    sizes = make_parts.load_sizes()
    box = sizes["box"]["size"]
    # a pod at the table's edge, from the nearest notch, plus slack
    pod_cable = sizes["table"]["pod_r"] - min(box[:2]) / 2 + sizes["table"]["cable_slack"]
    for row in rows:
        if "core cable" in row["part"]:
            assert float(row["length_mm"]) >= pod_cable and int(row["quantity"]) >= sizes["table"]["seats"]
    # ribbon: Pi's camera port to the lid slot, up the post and along the boom, plus slack
    pi, post = sizes["pi"]["at"], sizes["camera"]["post_at"]
    inside = math.dist(pi, post) + box[2]
    arm = sizes["camera"]["lens_height"] - box[2] + geometry.pile_centre_y(sizes) * -1 + post[1]
    (ribbon,) = [row for row in rows if "ribbon" in row["part"]]
    assert float(ribbon["length_mm"]) >= inside + arm + sizes["camera"]["ribbon_slack"]
    assert float(ribbon["length_mm"]) == sizes["throw_model"]["ribbon_bought"]
