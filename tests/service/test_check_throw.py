"""``uno-companion calibrate throw``: the aim per seat, measured at the table, kept for ``run``."""
import json
import queue
import subprocess
import sys

import pytest

from companion.backends import open_devices
from companion.errors import UserError
from companion.service.throw import (CALIBRATION_FILE, ThrowCalibration, calibrated_launcher_options,
                                     calibration_path, load_calibration, save_calibration)
from companion.service.walk import Answers
from polling import wait_until

END = object()


def typed(lines):
    lines = iter(lines)

    def read_line():
        line = next(lines, END)
        if line is END:
            raise EOFError
        return line
    return read_line


def servo_pulses_us(devices):
    """Every pulse width the aim servo's mock pin was given, in order."""
    pin = devices.factory.pin(devices.pins["launcher_aim_servo"])
    return [state.state * 20000 for state in pin.states if state.state]   # 50 Hz: a 20 ms frame


def test_calibration_throws_a_card_per_seat_turns_the_aim_on_request_and_keeps_the_distances(tmp_path):
    events = queue.Queue()
    said = []
    with open_devices("sim", events, seed=1) as devices:
        # seat 0: throw, "aim more to the left", throw again, 55 cm; seat 1: skipped; seat 2: throw, not measured
        answers = Answers(typed(["", "a -70", "", "55", "s", "", ""]))
        calibration = ThrowCalibration(devices.launcher, events, answers, say=said.append, step_seconds=5).run(
            3, {})
        assert devices.stack.thrown == 3 and not devices.launcher.motor_running
    assert calibration == {0: {"angle": -70.0, "distance_cm": 55.0},
                           2: {"angle": pytest.approx(-16.0), "distance_cm": None}}
    assert any("seat 1 skipped" in line for line in said)
    path = tmp_path / CALIBRATION_FILE
    save_calibration(path, calibration)
    assert load_calibration(path) == calibration
    assert json.loads(path.read_text())["seats"]["0"] == {"angle": -70.0, "distance_cm": 55.0}


def test_a_deal_under_way_at_the_start_aims_its_first_card_with_the_calibrated_angle(tmp_path):
    """What ``run`` does: the launcher opens with the calibration beside the store, before any job."""
    from companion.config import parse_config
    from companion.engine import events as E
    from companion.service.table import TableService
    from companion.table import Happened
    config = parse_config({"table": {"players": ["Ana", "Ben"]}, "data": {"store": str(tmp_path / "games.sqlite")},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"}, "camera": {"source": "none"}})
    with TableService(config, web=False, stack_options={"jam_at": {3}}) as table:   # the deal jams mid-way
        table.loop.submit(Happened(E.LauncherDeal(0), source="devices")).result(10)
        wait_until(lambda: not table.launcher.busy and table.devices["sim"].stack.thrown == 2, timeout=15,
                   what="the deal jamming after two cards")
        assert table.loop.latest.snapshot["phase"] == "dealing"
    save_calibration(calibration_path(config.data.store), {0: {"angle": 20.0, "distance_cm": None},
                                                           1: {"angle": 40.0, "distance_cm": 61.0}})
    with TableService(config, web=False, launcher_options=calibrated_launcher_options(config.data.store)) as table:
        # The restart goes on dealing at once, seat 1 first (left of the dealer).
        devices = table.devices["sim"]
        wait_until(lambda: servo_pulses_us(devices), timeout=15, what="the first aim")
        assert servo_pulses_us(devices)[0] == pytest.approx(500 + (40 + 90) / 180 * 1900, abs=2)
        assert table.launcher.seat_angles[:2] == [20.0, 40.0]


def test_a_damaged_calibration_is_a_clear_message(tmp_path):
    path = calibration_path(str(tmp_path / "games.sqlite"))
    path.write_text('{"seats": {"0": {"angle": "left"}}}')
    with pytest.raises(UserError, match="calibrate throw again"):
        load_calibration(path)
    path.write_text('{"seats": {"0": {"angle": 120}}}')
    with pytest.raises(UserError, match="outside -90 to 90"):
        load_calibration(path)
    assert calibration_path(":memory:") is None and load_calibration(None) == {}


def test_calibrate_throw_on_the_command_line_saves_beside_the_store_and_ends_cleanly_at_eof(tmp_path):
    from tests.service.test_cli import write_config
    config = write_config(tmp_path)
    result = subprocess.run([sys.executable, "-m", "companion", "calibrate", "throw", "--config", config],
                            input="\n48\n\n62\n", capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "seat 0: aim -80 degrees, throw 48 cm" in result.stdout
    assert load_calibration(tmp_path / CALIBRATION_FILE)[1]["distance_cm"] == 62
    cut = subprocess.run([sys.executable, "-m", "companion", "calibrate", "throw", "--config", config],
                         input="\n", capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert cut.returncode == 1 and "the input ended" in cut.stdout and "nothing saved" in cut.stdout
    assert "Traceback" not in cut.stdout + cut.stderr


def test_ctrl_c_during_the_calibration_saves_nothing_and_says_the_motor_is_off(tmp_path):
    import signal
    from tests.service.test_cli import write_config
    process = subprocess.Popen([sys.executable, "-m", "companion", "calibrate", "throw", "--config",
                                write_config(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    for line in process.stdout:
        if line.startswith("Seat 0: aiming"):
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "stopped; the motor is off; nothing saved." in out
    assert "Traceback" not in out + err and not (tmp_path / CALIBRATION_FILE).exists()


def test_run_names_a_damaged_calibration_before_it_starts(tmp_path):
    from tests.service.test_cli import uno, write_config
    config = write_config(tmp_path)
    (tmp_path / CALIBRATION_FILE).write_text("{half a file")
    result = uno("run", "--config", config, timeout=60)
    assert result.returncode == 2 and "calibrate throw again" in result.stderr
    assert f"{tmp_path / CALIBRATION_FILE} cannot be read" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_calibration_that_cannot_be_written_is_a_clear_message(tmp_path):
    folder = tmp_path / "gone"
    with pytest.raises(UserError, match="cannot keep the calibration"):
        save_calibration(folder / CALIBRATION_FILE, {0: {"angle": 0.0, "distance_cm": None}})
