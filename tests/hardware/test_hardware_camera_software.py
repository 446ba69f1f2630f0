"""The box and the software agree on the camera: the arm's lens height in hardware/sizes.toml
and the view companion.vision.sources computes for the sensor mode it asks picamera2 for."""
import sys
import tomllib
from pathlib import Path

import pytest

from companion.vision.sources import DISCARD_ZONE_MM, FULL_SENSOR_VIEW, arm_height, camera_view

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
sys.path.insert(0, str(HARDWARE))
import geometry  # noqa: E402


@pytest.fixture(scope="module")
def sizes():
    return tomllib.loads((HARDWARE / "sizes.toml").read_text())


def test_the_arm_is_at_least_as_high_as_the_software_says_the_chosen_mode_needs(sizes):
    cam = sizes["camera"]
    assert FULL_SENSOR_VIEW["imx219"] == pytest.approx((cam["hfov"], cam["vfov"]))
    view = camera_view((0, 0, *cam["sensor"]), cam["sensor"], FULL_SENSOR_VIEW["imx219"],
                       picture=tuple(cam["output"]), mode_size=tuple(cam["sensor_mode"]))
    assert cam["lens_height"] >= arm_height(view.degrees, DISCARD_ZONE_MM)
    # one geometry: the software's field at the arm's height is the hardware's
    assert view.field_mm(cam["lens_height"]) == pytest.approx(geometry.camera_field(sizes), rel=0.02)
