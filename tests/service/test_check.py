"""``uno-companion check``: what it says it tested, so a simulated table is never taken for a real one."""
import subprocess
import sys

import cv2
import numpy as np

from tests.service.test_cli import write_config
from tests.vision.test_sources_picamera import fake_picamera2  # noqa: F401 - a fixture


def check(*args, cwd):
    return subprocess.run([sys.executable, "-m", "companion", "check", "--camera-seconds", "1", *args],
                          capture_output=True, text=True, timeout=60, cwd=cwd)


def test_check_without_config_or_hardware_says_only_simulated_parts_were_tested(tmp_path):
    # No config, no /etc/uno-companion/table.toml on a laptop: the defaults are simulated parts.
    result = check(cwd=tmp_path)
    out = result.stdout
    assert "Traceback" not in result.stderr + out
    assert "everything looks right" not in out, out
    assert "no real part was tested" in out
    summary = out.splitlines()[-2:]
    assert any("launcher (sim)" in line and "ring (sim)" in line for line in summary), out
    assert any("camera (none)" in line for line in summary), out


def test_check_of_a_simulated_table_from_a_config_names_each_simulated_part(tmp_path):
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    cv2.imwrite(str(pictures / "frame.png"), np.zeros((48, 64, 3), np.uint8))
    result = check("--config", write_config(tmp_path, camera=f"folder:{pictures}"), cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    last = result.stdout.splitlines()[-1]
    assert "no real part was tested" in last and "launcher (sim)" in last and "ring (sim)" in last
    assert "camera (folder: recorded pictures)" in last


def test_check_of_the_pi_camera_says_its_sensor_mode_and_the_arm_height_it_needs(fake_picamera2):
    from companion.config import parse_config
    from companion.service.cli import _check_camera
    said = []
    _check_camera(parse_config({"camera": {"source": "picamera"}}), lambda *line: said.append(line), 2.0)
    assert said == [("camera", True, "picamera gives 640x480 pictures, sensor mode 1640x1232 (62 x 49 degrees): "
                                     "the lens must be at least 158 mm above the discard pile")]
