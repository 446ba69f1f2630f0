"""Frame sources behind one interface: ``read()`` gives a BGR frame or None, ``close()``.

- :class:`CameraSource`: a USB webcam (or any cv2.VideoCapture device/URL). It keeps a
  one-frame buffer so the picture is current; when the camera disappears it says so once,
  returns None and reopens it later, so the rest of the service keeps running.
- :class:`PiCameraSource`: the Raspberry Pi camera through picamera2, imported only here.
- :class:`FolderSource`: the images of a folder, in name order (tests, recorded sessions).
- :class:`VideoFileSource`: a recorded video; None at its end.

>>> source = open_source("tests/vision")      # doctest: +SKIP
>>> frame = source.read()                      # doctest: +SKIP
"""
from __future__ import annotations

import logging
import time
from pathlib import Path

import cv2
import numpy as np

from companion.errors import UserError
from companion.vision.imagefile import read_image  # one guarded way to open an image file

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"}


class CameraSource:
    """A cv2.VideoCapture camera that survives being unplugged."""

    def __init__(self, device: int | str = 0, width: int = 640, height: int = 480,
                 retry_seconds: float = 2.0, clock=time.monotonic):
        self.device, self.width, self.height = device, width, height
        self.retry_seconds = retry_seconds
        self._clock = clock
        self._capture = None
        self._next_try = 0.0
        self.lost = False

    def _open(self) -> bool:
        capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            return False
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)       # the newest frame, not a queue of old ones
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        self._capture = capture
        return True

    def read(self) -> np.ndarray | None:
        if self._capture is None:
            if self._clock() < self._next_try:
                return None
            if not self._open():
                self._lose(f"camera {self.device!r} is not there")
                return None
            if self.lost:
                log.warning("camera %r is back", self.device)
                self.lost = False
        ok, frame = self._capture.read()
        if not ok or frame is None:
            self._capture.release()
            self._capture = None
            self._lose(f"camera {self.device!r} stopped sending pictures")
            return None
        return frame

    def _lose(self, why: str) -> None:
        if not self.lost:
            log.warning("%s; trying again every %.0f s", why, self.retry_seconds)
        self.lost = True
        self._next_try = self._clock() + self.retry_seconds

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class PiCameraSource:
    """The Raspberry Pi camera module (picamera2 is only installable on a Pi)."""

    def __init__(self, width: int = 640, height: int = 480):
        try:
            from picamera2 import Picamera2   # noqa: PLC0415 - only on a Pi
        except ImportError:
            raise UserError("the Pi camera needs picamera2 (on Raspberry Pi OS: "
                            "sudo apt install python3-picamera2)") from None
        self._camera = Picamera2()
        config = self._camera.create_video_configuration(main={"size": (width, height), "format": "BGR888"},
                                                         buffer_count=2)
        self._camera.configure(config)
        self._camera.start()

    def read(self) -> np.ndarray | None:
        try:
            return self._camera.capture_array()
        except Exception as error:   # a camera fault must not stop the table
            log.warning("Pi camera: %s", error)
            return None

    def close(self) -> None:
        self._camera.stop()


class FolderSource:
    """Images of a folder in name order; damaged files are reported and skipped."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise UserError(f"{folder}: no such folder")
        self._files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        self._next = 0

    def read(self) -> np.ndarray | None:
        while self._next < len(self._files):
            path = self._files[self._next]
            self._next += 1
            try:
                return read_image(path)
            except UserError as error:
                log.warning("skipped %s", error)
        return None

    def close(self) -> None:
        self._next = len(self._files)


class VideoFileSource:
    """A recorded video, frame by frame; None at the end."""

    def __init__(self, path: str | Path):
        if not Path(path).is_file():
            raise UserError(f"{path}: no such video file")
        self._capture = cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise UserError(f"{path}: not a video this OpenCV can read")

    def read(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        return frame if ok else None

    def close(self) -> None:
        self._capture.release()


def open_source(spec: str):
    """``"0"`` (camera index), ``"picamera"``, a folder, a video file or a camera URL/device path."""
    if spec.isdigit():
        return CameraSource(int(spec))
    if spec == "picamera":
        return PiCameraSource()
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if path.is_file() and not spec.startswith("/dev/"):
        return VideoFileSource(path)
    return CameraSource(spec)
