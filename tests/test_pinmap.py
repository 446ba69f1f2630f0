"""hardware/pinmap.toml: one file, checked at load."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_part_settings_default_to_an_active_low_sensor_and_an_sg90():
    pins = load_pinmap()
    for board in ("pi", "pico"):
        assert pins.pin(board, "launcher_exit_sensor").active_low is True
        assert pins.pin(board, "launcher_aim_servo").pulse_us == (500, 2400)


def test_settings_are_read(tmp_path):
    path = tmp_path / "pins.toml"
    path.write_text("schema = 1\n[pi.s]\ngpio = 17\nkind = 'input'\nactive_low = false\n"
                    "[pi.v]\ngpio = 18\nkind = 'servo'\nmin_pulse_us = 550\nmax_pulse_us = 2350\n")
    pins = load_pinmap(path)
    assert pins.pin("pi", "s").active_low is False
    assert pins.pin("pi", "v").pulse_us == (550, 2350)
    assert "high = active, active_low = false" in pins.pin("pi", "s").wire_to


@pytest.mark.parametrize("entry, message", [
    ("kind = 'input'\nactive_low = 'yes'", r"\[pi.s\]: active_low must be true or false \(no quotes\), not 'yes'"),
    ("kind = 'input'\nactive_low = 0", "active_low must be true or false"),
    ("kind = 'led'\nactive_low = false", "active_low is a setting of input pins, not of kind 'led'"),
    ("kind = 'input'\nmin_pulse_us = 500", "min_pulse_us is a setting of servo pins, not of kind 'input'"),
    ("kind = 'servo'\nmin_pulse_us = 0.5", "min_pulse_us must be a whole number of microseconds from 400 to 2600"),
    ("kind = 'servo'\nmax_pulse_us = 3000", "max_pulse_us must be a whole number of microseconds"),
    ("kind = 'servo'\nmin_pulse_us = 2000\nmax_pulse_us = 1000",
     r"max_pulse_us \(1000\) must be at least 500 more than min_pulse_us \(2000\)"),
])
def test_bad_settings_name_the_entry_and_the_fix(tmp_path, entry, message):
    path = tmp_path / "pins.toml"
    path.write_text(f"schema = 1\n[pi.s]\ngpio = 17\n{entry}\n")
    with pytest.raises(UserError, match=message):
        load_pinmap(path)


TOML_VALUES = st.one_of(st.booleans(), st.integers(-10_000, 10_000), st.floats(allow_nan=False, width=32),
                        st.text(alphabet="abc01 ", max_size=4))


def _toml(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)            # numbers and short strings are spelt the same in TOML


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(["active_low", "min_pulse_us", "max_pulse_us"]), value=TOML_VALUES,
       kind=st.sampled_from(["input", "servo", "led"]))
def test_any_setting_value_loads_or_is_a_clear_error(tmp_path_factory, key, value, kind):
    path = tmp_path_factory.mktemp("pins") / "pins.toml"
    path.write_text(f"schema = 1\n[pi.s]\ngpio = 17\nkind = '{kind}'\n{key} = {_toml(value)}\n")
    try:
        pin = load_pinmap(path).pin("pi", "s")
    except UserError as error:
        assert "[pi.s]" in str(error)
    else:
        low, high = pin.pulse_us
        assert isinstance(pin.active_low, bool) and 400 <= low <= high - 500 and high <= 2600
