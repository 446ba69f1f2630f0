"""firmware/pins.py is the [pico.*] part of hardware/pinmap.toml, never a second pin map."""
from pathlib import Path

from companion.backends.pico.firmware_pins import render
from companion.pinmap import load_pinmap

ROOT = Path(__file__).resolve().parents[2]


def test_the_firmware_pins_match_the_pin_map():
    assert (ROOT / "firmware" / "pins.py").read_text() == render(load_pinmap()), \
        "regenerate: python -m companion.backends.pico.firmware_pins > firmware/pins.py"


def test_a_changed_pin_map_changes_the_firmware_pins(tmp_path):
    text = (ROOT / "hardware" / "pinmap.toml").read_text().replace("gpio = 28", "gpio = 27")
    (tmp_path / "pinmap.toml").write_text(text)
    assert "RING_LEDS = 27" in render(load_pinmap(tmp_path / "pinmap.toml"))


def test_the_pin_table_in_the_protocol_doc_matches_the_pin_map():
    from companion.backends.pico.firmware_pins import render_markdown
    assert render_markdown(load_pinmap()) in (ROOT / "docs" / "protocol.md").read_text(), \
        "update docs/protocol.md: python -m companion.backends.pico.firmware_pins --markdown"


def test_the_flashing_commands_copy_every_firmware_module():
    doc = (ROOT / "docs" / "protocol.md").read_text()
    copy_line = next(line for line in doc.splitlines() if " cp firmware/__init__.py " in line)
    for module in sorted((ROOT / "firmware").glob("*.py")):
        if module.name != "main.py":
            assert f"firmware/{module.name}" in copy_line, f"docs/protocol.md does not copy {module.name}"
    assert "cp firmware/main.py :main.py" in doc
