"""hardware/pinmap.toml: one file, checked at load."""
import pytest

from companion.errors import UserError
from companion.pinmap import load_pinmap


def test_shipped_pin_map_loads_with_all_seats():
    pins = load_pinmap()
    assert pins.seats("pi") == 6
    assert pins.seats("pico") == 10
    assert pins.pin("pi", "launcher_exit_sensor").label == "GPIO17 (pin 11)"


def test_pin_used_twice_is_named(tmp_path):
    path = tmp_path / "pins.toml"
    path.write_text('schema = 1\n[pi.a]\ngpio = 4\nkind = "led"\n[pi.b]\ngpio = 4\nkind = "button"\n')
    with pytest.raises(UserError, match="GPIO 4 is used twice: by 'a' and by 'b'"):
        load_pinmap(path)


def test_missing_pin_names_the_entry_to_add(tmp_path):
    path = tmp_path / "pins.toml"
    path.write_text('schema = 1\n[pi.a]\ngpio = 4\nkind = "led"\n')
    with pytest.raises(UserError, match=r"no pin 'buzzer' for the pi board; add \[pi.buzzer\]"):
        load_pinmap(path).pin("pi", "buzzer")


@pytest.mark.parametrize("text, message", [
    ("schema = 1\n[pi.a]\ngpio = 1\nkind = 'led'\n", "not a usable pi GPIO"),
    ("schema = 1\n[pi.a]\ngpio = 4\nkind = 'laser'\n", "kind 'laser'"),
    ("schema = 1\n[mars.a]\ngpio = 4\nkind = 'led'\n", "unknown board"),
    ("schema = 2\n", "schema = 1 expected"),
    ("schema = [", "not valid TOML"),
])
def test_bad_pin_maps_are_clear_errors(tmp_path, text, message):
    path = tmp_path / "pins.toml"
    path.write_text(text)
    with pytest.raises(UserError, match=message):
        load_pinmap(path)
