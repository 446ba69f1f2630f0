"""``uno-companion pico``: what a Pi owner types first."""
import subprocess
import sys

from companion.firmware.app import VERSION


def run(*args, timeout=30):
    return subprocess.run([sys.executable, "-m", "companion", "pico", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_check_names_the_firmware_of_the_pico_that_answers(pico):
    result = run("check", "--port", pico.path)
    assert result.returncode == 0, result.stderr
    assert f"Pico on {pico.path}: firmware {VERSION}, boot {pico.first['boot_id']:08X}, 6 seats, with launcher" \
        in result.stdout


def test_check_without_a_pico_says_what_to_check_without_a_traceback(tmp_path):
    result = run("check", "--port", str(tmp_path / "ttyACM9"), "--timeout", "1")
    assert result.returncode == 2
    assert "no such port (is the Pico plugged in?)" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_simulator_command_is_answered_not_fatal(pico):
    assert "unknown command" in pico.do("launch everything")["error"]
    assert pico.report()["thrown"] == 0


def test_aim_turns_the_servo_with_the_pin_maps_pulse_widths(pico):
    result = run("aim", "-90", "--port", pico.path)
    assert result.returncode == 0, result.stderr
    assert "aim servo at -90 degrees: pulse 500 us (min_pulse_us 500, max_pulse_us 2400)" in result.stdout
    report = pico.report()
    assert (report["aim"], report["servo_us"]) == (0, 500)
    result = run("aim", "91", "--port", pico.path)
    assert result.returncode == 2 and "'91' is not a whole number of degrees from -90 to 90" in result.stderr
