"""``uno-companion run``, ``check`` and ``motor-off`` as a Pi owner uses them."""
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.cli import COMMANDS
from companion.pinmap import load_pinmap
from companion.service.cli import MOTOR_PINS, motor_off

ROOT = Path(__file__).resolve().parents[2]


def uno(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_config(tmp_path, launcher="sim", ring="sim", camera="none", extra=""):
    path = tmp_path / "table.toml"
    path.write_text(f'[table]\nplayers = ["Ana", "Ben"]\n[launcher]\nbackend = "{launcher}"\n'
                    f'[ring]\nbackend = "{ring}"\n[camera]\nsource = "{camera}"\n'
                    f'[web]\nhost = "127.0.0.1"\nport = {free_port()}\n'
                    f'[data]\nstore = "{tmp_path / "games.sqlite"}"\n{extra}')
    return str(path)


def test_motor_off_drives_both_motor_pins_low():
    factory = MockFactory()
    pins = [load_pinmap().pin("pi", name).gpio for name in MOTOR_PINS]
    for gpio in pins:                      # what a SIGKILLed service may leave behind
        factory.pin(gpio).output_with_state(1)
    assert motor_off([], pin_factory=factory) == 0
    assert [factory.pin(gpio).state for gpio in pins] == [0, 0]


def test_motor_off_for_a_pico_launcher_says_the_pico_does_it(tmp_path):
    result = uno("motor-off", "--config", write_config(tmp_path, launcher="pico"))
    assert result.returncode == 0 and "Pico stops its motor by itself" in result.stdout


def test_motor_off_without_gpio_pins_is_a_plain_error(tmp_path):
    result = uno("motor-off", "--config", write_config(tmp_path, launcher="gpio"))
    if result.returncode == 0:
        pytest.skip("this machine has GPIO pins")
    assert result.returncode == 2 and "no GPIO pins found" in result.stderr and "Traceback" not in result.stderr


def test_check_says_each_part_is_right_on_the_simulated_table(tmp_path):
    result = uno("check", "--config", write_config(tmp_path))
    assert result.returncode == 0, result.stdout
    lines = result.stdout.splitlines()
    assert any(line.startswith("ok") and "launcher: sim: reads right at rest" in line for line in lines)
    assert any("ring: sim: reads right at rest, 6 seats" in line for line in lines)
    assert any("camera: none" in line for line in lines)
    assert lines[-1].startswith("no problem found, but no real part was tested: launcher (sim), ring (sim)")


@pytest.mark.parametrize("config, says", [
    (dict(launcher="gpio"), "PROBLEM  devices: no GPIO pins found"),
    (dict(camera="usb:7"), "PROBLEM  camera: usb:7 gave no picture"),
    (dict(camera="webcam"), "PROBLEM  camera: [camera] source = 'webcam'"),
    (dict(extra='[rules]\nuno_penalty = 99\n'), "PROBLEM  rules:"),
])
def test_check_names_what_is_missing_or_miswired(tmp_path, config, says):
    result = uno("check", "--camera-seconds", "1", "--config", write_config(tmp_path, **config))
    assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
    assert says in result.stdout, result.stdout
    assert result.stdout.splitlines()[-1].startswith("1 problem")


def test_check_of_a_broken_config_file_names_the_key(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('[launcher]\nbackend = "usb"\n')
    result = uno("check", "--config", str(path))
    assert result.returncode == 1 and "PROBLEM  config:" in result.stdout and "backend" in result.stdout


def test_run_serves_the_table_and_a_sigterm_stops_it_with_outputs_off(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", write_config(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    banner = [process.stdout.readline() for _ in range(2)]
    assert banner[0].startswith("Scoreboard: http://127.0.0.1:")
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "stopped; every output is off." in out and "Traceback" not in err


def test_run_with_a_bad_config_is_a_clear_message(tmp_path):
    result = uno("run", "--config", str(tmp_path / "missing.toml"))
    assert result.returncode == 2 and "cannot read the config file" in result.stderr


def test_the_unit_and_the_commands_it_calls_agree():
    unit = (ROOT / "companion/deploy/uno-companion.service").read_text()
    lines = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    assert lines["Type"] == "notify" and lines["Restart"] == "on-failure" and int(lines["WatchdogSec"]) > 0
    assert lines["ExecStart"].endswith("uno-companion run --config /etc/uno-companion/table.toml")
    assert "uno-companion motor-off" in lines["ExecStopPost"]
    assert {"run", "check", "motor-off"} <= set(COMMANDS)
    assert subprocess.run(["bash", "-n", str(ROOT / "companion/deploy/install-pi.sh")]).returncode == 0


def printed_token(config):
    """Start ``uno-companion run``, read the host token it prints, stop it."""
    process = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", *config],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    token = next(line.split(": ", 1)[1].strip() for line in process.stdout if line.startswith("Host token: "))
    process.send_signal(signal.SIGTERM)
    try:
        process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("uno-companion run did not stop on SIGTERM: " + process.communicate()[1][-3000:])
    return token


def test_the_printed_host_code_stays_the_same_until_a_new_one_is_asked_for(tmp_path):
    config = write_config(tmp_path)
    first = printed_token([config])
    assert printed_token([config]) == first                    # a reboot: the printed QR code still works
    renewed = printed_token([config, "--new-host-token"])
    assert renewed != first and printed_token([config]) == renewed


def test_check_says_where_the_host_code_is_kept_and_names_a_damaged_one(tmp_path):
    config = write_config(tmp_path)
    assert f"host code: made at the first start and kept in {tmp_path / 'host-token'}" in uno(
        "check", "--config", config).stdout
    (tmp_path / "host-token").write_text("x")
    result = uno("check", "--config", config)
    assert result.returncode == 1 and f"PROBLEM  host code: {tmp_path / 'host-token'} is damaged" in result.stdout
