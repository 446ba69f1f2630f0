"""The Pi camera's sensor mode: the whole sensor, binned, never the cropped 640x480 mode.

A fake ``picamera2`` module (put in ``sys.modules``) records the configuration asked
for and chooses a sensor mode the way picamera2 does: from ``sensor["output_size"]``
if given, else the raw stream's size, else the main stream's size, the closest mode.
"""
import math
import sys
import types

import numpy as np
import pytest

from companion.errors import UserError
from companion.vision.sources import (DISCARD_ZONE_MM, FULL_SENSOR_VIEW, PiCameraSource, arm_height, camera_view,
                                      full_view_mode)

# picamera2's sensor_modes of a Camera Module 2 (IMX219), as reported in its issue #683.
IMX219_MODES = [
    {"format": f, "unpacked": u, "bit_depth": b, "size": size, "fps": fps, "crop_limits": crop,
     "exposure_limits": (75, 11766829, None)}
    for f, u, b in (("SRGGB10_CSI2P", "SRGGB10", 10), ("SRGGB8", "SRGGB8", 8))
    for size, fps, crop in (((640, 480), 103.33, (1000, 752, 1280, 960)),
                            ((1640, 1232), 41.85, (0, 0, 3280, 2464)),
                            ((1920, 1080), 47.57, (680, 692, 1920, 1080)),
                            ((3280, 2464), 21.19, (0, 0, 3280, 2464)))]


class FakePicamera2:
    """Records what it is asked; ``with_sensor=False`` is a picamera2 without the sensor configuration."""
    instances: list = []
    with_sensor = True

    def __init__(self):
        self.asked, self.config, self.started, self.closed = None, None, False, False
        self.sensor_modes = [dict(mode) for mode in IMX219_MODES]
        self.camera_properties = {"Model": "imx219", "PixelArraySize": (3280, 2464)}
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main={}, raw={}, buffer_count=6, sensor=None, **rest):
        if sensor is not None and not self.with_sensor:
            raise TypeError("create_video_configuration() got an unexpected keyword argument 'sensor'")
        self.asked = {"main": dict(main), "raw": dict(raw or {}), "sensor": dict(sensor or {}),
                      "buffer_count": buffer_count, **rest}
        return {"main": dict(main), "raw": dict(raw or {"size": main["size"]}), "sensor": sensor}

    def configure(self, config):
        wanted = ((config.get("sensor") or {}).get("output_size") or config["raw"].get("size")
                  or config["main"]["size"])
        mode = min((m for m in self.sensor_modes if m["bit_depth"] == 10),
                   key=lambda m: abs(m["size"][0] - wanted[0]) + abs(m["size"][1] - wanted[1]))
        self.config = {**config, "raw": {**config["raw"], "size": mode["size"]},
                       "sensor": {"output_size": mode["size"], "bit_depth": mode["bit_depth"]}}

    def camera_configuration(self):
        return self.config

    def start(self):
        self.started = True

    def capture_array(self, name="main"):
        return np.zeros((*self.config["main"]["size"][::-1], 3), np.uint8)

    def stop(self):
        self.started = False

    def close(self):
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch):
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.instances = []
    monkeypatch.setattr(FakePicamera2, "with_sensor", True)
    return FakePicamera2


def used_crop(camera):
    size = camera.config["sensor"]["output_size"]
    return next(m["crop_limits"] for m in camera.sensor_modes if m["size"] == size)


def test_the_pi_camera_is_configured_for_the_full_sensor_and_scales_to_640x480(fake_picamera2):
    source = PiCameraSource()
    camera = fake_picamera2.instances[0]
    assert camera.asked["sensor"] == {"output_size": (1640, 1232), "bit_depth": 10}
    assert camera.asked["main"] == {"size": (640, 480), "format": "BGR888"}
    assert used_crop(camera) == (0, 0, 3280, 2464)            # the whole sensor, not 1280x960 of it
    assert source.read().shape == (480, 640, 3)
    assert source.view.mode_size == (1640, 1232)
    assert source.view.degrees == pytest.approx((62.2, 48.8), abs=0.1)
    assert source.view.arm_height() == pytest.approx(158, abs=1)
    source.close()
    assert not camera.started and camera.closed


def test_an_older_picamera2_without_the_sensor_configuration_gets_the_mode_through_the_raw_stream(
        fake_picamera2, monkeypatch):
    monkeypatch.setattr(fake_picamera2, "with_sensor", False)
    source = PiCameraSource()
    camera = fake_picamera2.instances[0]
    assert camera.asked["raw"] == {"size": (1640, 1232), "format": "SRGGB10"}
    assert used_crop(camera) == (0, 0, 3280, 2464)
    assert source.view.arm_height() == pytest.approx(158, abs=1)


def test_a_camera_that_still_crops_says_how_high_the_arm_must_be(fake_picamera2, monkeypatch, caplog):
    # A camera stack that ignores the request and picks the mode nearest to 640x480.
    picks = FakePicamera2.configure
    monkeypatch.setattr(fake_picamera2, "configure",
                        lambda self, config: picks(self, {**config, "sensor": None, "raw": {}}))
    source = PiCameraSource()
    assert source.view.mode_size == (640, 480)
    assert source.view.field_mm(158) == pytest.approx((74, 56), abs=1.5)     # the 75 x 56 mm
    assert source.view.arm_height() > 400
    assert "crops the sensor" in caplog.text and "mm" in caplog.text


def test_the_full_view_mode_is_the_smallest_uncropped_one_at_least_the_picture_size():
    assert full_view_mode(IMX219_MODES)["size"] == (1640, 1232)
    assert full_view_mode(IMX219_MODES, (2000, 1500))["size"] == (3280, 2464)
    assert full_view_mode([{"format": "MJPEG"}]) is None        # a USB camera: nothing to choose


def test_arm_height_from_the_view_and_the_discard_zone():
    assert DISCARD_ZONE_MM == pytest.approx(math.hypot(56, 87) + 40)
    full = camera_view((0, 0, 3280, 2464), (3280, 2464), FULL_SENSOR_VIEW["imx219"], (640, 480))
    assert arm_height(full.degrees) == pytest.approx(158, abs=1)
    cropped = camera_view((1000, 752, 1280, 960), (3280, 2464), FULL_SENSOR_VIEW["imx219"], (640, 480))
    assert cropped.degrees[1] == pytest.approx(20.0, abs=0.2)
    assert arm_height(cropped.degrees, zone_mm=100) < arm_height(cropped.degrees)


def test_a_camera_module_3_gets_its_binned_full_sensor_mode_and_keeps_a_4_3_picture():
    # IMX708 (16:9 sensor): 1536x864 is a crop, 2304x1296 bins the whole sensor.
    modes = [{"size": size, "bit_depth": 10, "crop_limits": crop} for size, crop in (
        ((1536, 864), (768, 432, 3072, 1728)), ((2304, 1296), (0, 0, 4608, 2592)), ((4608, 2592), (0, 0, 4608, 2592)))]
    mode = full_view_mode(modes)
    assert mode["size"] == (2304, 1296)
    view = camera_view(mode["crop_limits"], (4608, 2592), FULL_SENSOR_VIEW["imx708"], (640, 480))
    assert view.degrees[1] == pytest.approx(41.0, abs=0.1) and view.degrees[0] < 66.0   # the sides are cut
    assert view.arm_height() == pytest.approx(arm_height((view.degrees[0], 41.0)))


def test_a_pi_camera_that_cannot_be_configured_is_a_plain_message(fake_picamera2, monkeypatch):
    def busy(self, config):
        raise RuntimeError("Device or resource busy")
    monkeypatch.setattr(fake_picamera2, "configure", busy)
    with pytest.raises(UserError, match="the Pi camera cannot be opened .*resource busy"):
        PiCameraSource()
    assert fake_picamera2.instances[0].closed         # released for the next try
