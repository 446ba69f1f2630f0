"""Frame sources: a folder, a video file, a camera that goes away and comes back."""
import logging

import cv2
import numpy as np
import pytest

from companion.errors import UserError
from companion.vision.scene import Scene
from companion.vision.sources import (CameraSource, FolderSource, PiCameraSource, VideoFileSource,
                                      open_source)


def _write_video(path, frames: int = 6) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (320, 240))
    assert writer.isOpened(), "this OpenCV cannot write MJPG video"
    table = Scene(seed=1, size=(320, 240), card_height=80)
    table.random_place("red-3")
    for _ in range(frames):
        writer.write(table.frame())
    writer.release()


def test_a_folder_gives_its_images_in_order_and_skips_damaged_ones(tmp_path, caplog):
    for name, value in (("b.png", 200), ("a.png", 100)):
        cv2.imwrite(str(tmp_path / name), np.full((40, 40, 3), value, np.uint8))
    (tmp_path / "c.jpg").write_bytes(b"garbage")
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(str(tmp_path))
    assert isinstance(source, FolderSource)
    assert [int(source.read()[0, 0, 0]) for _ in range(2)] == [100, 200]
    assert source.read() is None
    assert "c.jpg: not a readable image" in caplog.text


def test_a_video_file_plays_to_its_end(tmp_path):
    path = tmp_path / "game.avi"
    _write_video(path)
    source = open_source(str(path))
    assert isinstance(source, VideoFileSource)
    shapes = []
    while (frame := source.read()) is not None:
        shapes.append(frame.shape)
    assert shapes == [(240, 320, 3)] * 6
    source.close()


def test_a_camera_that_disappears_is_reported_and_retried(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    now = [0.0]
    device = tmp_path / "camera.avi"          # a stream OpenCV opens like a device
    camera = CameraSource(str(device), retry_seconds=2.0, clock=lambda: now[0])
    assert camera.read() is None and camera.lost          # not plugged in yet
    assert "is not there" in caplog.text
    _write_video(device, frames=3)
    assert camera.read() is None                          # waits before trying again
    now[0] = 2.5
    got = [camera.read() for _ in range(3)]
    assert all(frame is not None for frame in got) and not camera.lost
    assert "is back" in caplog.text
    assert camera.read() is None and camera.lost          # the stream ended: lost again
    assert "stopped sending pictures" in caplog.text
    now[0] = 5.0
    assert camera.read() is not None                      # and found again
    camera.close()


def test_missing_files_and_the_pi_camera_off_a_pi_are_clear_errors(tmp_path):
    with pytest.raises(UserError, match="no such folder"):
        FolderSource(tmp_path / "nope")
    with pytest.raises(UserError, match="no such video"):
        VideoFileSource(tmp_path / "nope.avi")
    (tmp_path / "fake.avi").write_bytes(b"not a video")
    with pytest.raises(UserError, match="not a video"):
        VideoFileSource(tmp_path / "fake.avi")
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(UserError, match="picamera2"):
            PiCameraSource()
