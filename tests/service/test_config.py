"""The table's config file: the example loads; every mistake is named."""
from pathlib import Path

import pytest

from companion.config import load_config
from companion.errors import UserError

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example-config.toml"


def test_the_documented_example_config_loads():
    config = load_config(EXAMPLE)
    assert config.table.players == ("Ana", "Ben", "Cem", "Dora")
    assert config.launcher.backend == "gpio" and config.ring.backend == "pico"
    assert config.rules["uno_penalty"] == 2
    assert (config.launcher.jam_reverse_s, config.launcher.jam_retries) == (0.15, 2)


def test_an_empty_file_gives_a_simulated_table(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text("")
    config = load_config(path)
    assert (config.launcher.backend, config.ring.backend, config.camera.source) == ("sim", "sim", "none")


@pytest.mark.parametrize("text, message", [
    ("[launcher]\nbackend = 'usb'\n", r"\[launcher\] backend = 'usb': choose one of sim, gpio, pico, none"),
    ("[web]\nport = 70000\n", "a port is 1 to 65535"),
    ("[web]\nport = 'eighty'\n", "expected int"),
    ("[table]\nplayers = ['Ana']\n", r"2 to 10 players \(D2\)"),
    ("[table]\nplayers = 'Ana, Ben'\n", "must be a list of names"),
    ("[table]\nmode = 'no mercy'\n", "choose one of classic, extreme, flash"),
    ("[launcher]\nmotor_limit_s = -1\n", "more than 0 seconds"),
    ("[launcher]\nmotor_limit_s = true\n", "expected float"),
    ("[launcher]\njam_retries = 9\n", r"\[launcher\] jam_reverse_s / jam_retries: .*from 0 to 5, not 9"),
    ("[launcher]\njam_reverse_s = 2\n", r"\[launcher\] jam_reverse_s / jam_retries: .*at most 0.5 s"),
    ("[camra]\nsource = 'usb:0'\n", r"unknown section \[camra\]"),
    ("[ring]\nbackend = 'gpio'\ncolour = 'red'\n", r"\[ring\] unknown key 'colour'"),
    ("[table\n", "not valid TOML"),
    ("[web]\ntrusted_hosts = ['http://uno.local:8000']\n", "'http://uno.local:8000' is not a host name"),
    ("[web]\ntrusted_hosts = 'uno.local'\n", "must be a list of names"),
])
def test_mistakes_are_named_with_the_file(tmp_path, text, message):
    path = tmp_path / "table.toml"
    path.write_text(text)
    with pytest.raises(UserError, match=message) as caught:
        load_config(path)
    assert str(path) in str(caught.value)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(UserError, match="cannot read the config file"):
        load_config(tmp_path / "nope.toml")


def test_trusted_host_names_are_kept_as_written(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text("[web]\ntrusted_hosts = ['uno.home.arpa', ' spielbox ', 'uno-2.fritz.box.']\n")
    assert load_config(path).web.trusted_hosts == ("uno.home.arpa", "spielbox", "uno-2.fritz.box.")


def test_the_launchers_jam_settings_reach_the_launcher(tmp_path):
    import queue

    from companion.service.table import open_table_devices
    path = tmp_path / "table.toml"
    path.write_text("[launcher]\nbackend = 'sim'\njam_reverse_s = 0.3\njam_retries = 4\n[ring]\nbackend = 'none'\n")
    launcher, _ring, _beeper, opened = open_table_devices(load_config(path), queue.Queue())
    try:
        assert (launcher.jam_reverse, launcher.jam_retries) == (0.3, 4)
    finally:
        for devices in opened.values():
            devices.close()
