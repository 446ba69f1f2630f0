"""hardware/wiring.md and wiring.svg: generated from the pin map, never drifting from it."""
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from companion.pinmap import BOARD_GPIOS, load_pinmap

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "hardware" / "make_wiring.py"
spec = importlib.util.spec_from_file_location("make_wiring", SCRIPT)
make_wiring = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_wiring)


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_committed_wiring_docs_equal_a_fresh_generation():
    for name, text in make_wiring.outputs(load_pinmap()).items():
        committed = (ROOT / "hardware" / name).read_text(encoding="utf-8")
        assert committed == text, f"hardware/{name} is stale: run python hardware/make_wiring.py"


def test_check_flags_docs_after_a_pin_moves(tmp_path):
    moved = tmp_path / "pinmap.toml"
    text = (ROOT / "hardware" / "pinmap.toml").read_text(encoding="utf-8")
    moved.write_text(text.replace("gpio = 16\nkind = \"output\"", "gpio = 10\nkind = \"output\"", 1))
    assert run_script("--pinmap", str(moved), "--out", str(ROOT / "hardware"), "--check").returncode == 1

    assert run_script("--pinmap", str(moved), "--out", str(tmp_path)).returncode == 0
    wiring = (tmp_path / "wiring.md").read_text(encoding="utf-8")
    assert "| 19 | GPIO10 | `buzzer` (optional) |" in wiring
    assert "| 36 | GPIO16 |" not in wiring
    assert run_script("--pinmap", str(moved), "--out", str(tmp_path), "--check").returncode == 0


def test_every_pin_appears_with_its_header_pin_in_table_and_diagram():
    pins = load_pinmap()
    wiring = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    svg_texts = [element.text for element in ElementTree.parse(ROOT / "hardware" / "wiring.svg").iter()
                 if element.tag.endswith("text")]
    for pin in pins.pins.values():
        gpio = make_wiring.gpio_name(pin)
        assert f"| {make_wiring.header_pin(pin)} | {gpio} | `{pin.name}`" in wiring
        assert any(text.startswith(f"{gpio} {pin.name}") for text in svg_texts), pin.name


def test_motor_driver_inputs_get_a_pull_down_resistor_listed():
    pins = load_pinmap()
    wiring = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    motor = pins.pin("pi", "launcher_motor_forward")
    assert motor.pull == "external-down"
    assert f"- GPIO{motor.gpio} (pin {make_wiring.header_pin(motor)}): `{motor.name}`" in wiring
    svg_texts = [element.text for element in ElementTree.parse(ROOT / "hardware" / "wiring.svg").iter()
                 if element.tag.endswith("text")]
    pulled = {pin.name for pin in pins.pins.values() if pin.pull == "external-down"}
    assert pulled <= set(svg_texts)
    assert svg_texts.count("10k to GND") == len(pulled)
    assert any(f"GPIO{motor.gpio} (pin {make_wiring.header_pin(motor)})" in text for text in svg_texts)


def test_header_tables_account_for_all_forty_pins_of_each_board():
    for board, spec in make_wiring.BOARDS.items():
        assert set(spec.header) == BOARD_GPIOS[board]
        assert sorted([*spec.header.values(), *spec.power]) == list(range(1, 41)), board
        assert sorted(n for row in range(20) for n in spec.row_pins(row)) == list(range(1, 41))


def test_bad_pin_map_is_one_clear_line(tmp_path):
    bad = tmp_path / "pinmap.toml"
    bad.write_text('schema = 1\n[pi.buzzer]\ngpio = 99\nkind = "output"\n')
    result = run_script("--pinmap", str(bad), "--out", str(tmp_path))
    assert result.returncode == 2
    assert "gpio 99 is not a usable pi GPIO number" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "wiring.md").exists()


def test_assembly_guide_says_where_every_device_of_the_pin_map_goes():
    guide = (ROOT / "docs" / "assembly.md").read_text(encoding="utf-8")
    for pin in load_pinmap().pins.values():
        name = re.sub(r"^seat\d+_", "seatN_", pin.name)
        assert f"`{name}`" in guide, f"docs/assembly.md does not say how to wire '{name}'"


def test_circuits_name_every_part_pin_the_driver_needs_and_every_pod_connector():
    pins = load_pinmap()
    wiring = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    circuits = wiring[wiring.index("## Circuits"):]
    for needed in ("nSLEEP", "| STBY |", "| VCC | 3V3", "AISEN", "| emitter |", "| LED anode |", "NPN", "MOTOR_5V"):
        assert needed in circuits, needed
    for pin in pins.pins.values():                       # every pin map entry, with its header pin
        assert f"{make_wiring.gpio_name(pin)} (pin {make_wiring.header_pin(pin)})" in circuits, pin.name
    for seat in range(pins.seats("pi")):
        assert f"Pod {seat}: J-SEAT{seat}, JST-XH 3-pin" in circuits
        assert f"Pod {seat}: J-SEAT{seat}, JST-XH 5-pin" in circuits
    assert circuits.count("100 nF to pin 1") == pins.seats("pi") + pins.seats("pico")   # at every button
    assert "4-core" not in wiring + (ROOT / "docs" / "assembly.md").read_text(encoding="utf-8")
    svg_texts = [element.text for element in ElementTree.parse(ROOT / "hardware" / "circuits.svg").iter()
                 if element.tag.endswith("text")]
    assert "nSLEEP (SLP, EEP)" in svg_texts and "STBY" in svg_texts
