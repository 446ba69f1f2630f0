"""Frame sources behind one interface: ``read()`` gives a BGR frame or None, ``close()``.

- :class:`CameraSource`: a USB webcam (or any cv2.VideoCapture device/URL). It keeps a
  one-frame buffer so the picture is current; when the camera disappears it says so once,
  returns None and reopens it later, so the rest of the service keeps running.
- :class:`PiCameraSource`: the Raspberry Pi camera through picamera2, imported only here. It
  asks for the sensor mode that sees the whole sensor (:func:`full_view_mode`): at 640x480
  picamera2 would pick the IMX219's cropped mode, which sees a fifth of the table.
- :class:`FolderSource`: the images of a folder, in name order (tests, recorded sessions).
- :class:`VideoFileSource`: a recorded video; None at its end.

>>> source = open_source("tests/vision")      # doctest: +SKIP
>>> frame = source.read()                      # doctest: +SKIP
"""
from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
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


# Field of view over the whole pixel array (degrees: long side, short side), from the camera
# modules' datasheets; picamera2 reports the pixel array and each mode's crop, not the lens.
FULL_SENSOR_VIEW = {"imx219": (62.2, 48.8), "ov5647": (53.5, 41.41), "imx708": (66.0, 41.0)}
CARD_MM = (56.0, 87.0)
LANDING_MARGIN_MM = 20.0
# The short side of the picture must hold a card at any angle, landing this far off centre.
DISCARD_ZONE_MM = math.hypot(*CARD_MM) + 2 * LANDING_MARGIN_MM


def _area(size) -> int:
    return size[0] * size[1]


def full_view_mode(modes: list[dict], picture: tuple[int, int] = (640, 480)) -> dict | None:
    """The sensor mode to ask for: the widest crop (the whole sensor), binned to the smallest
    size that still holds ``picture``; the higher bit depth on a tie. None: nothing to choose
    (a USB camera lists no raw modes).

    ``modes`` is picamera2's ``sensor_modes``: dicts with ``size``, ``bit_depth`` and
    ``crop_limits`` (x, y, width, height on the pixel array).
    """
    usable = [mode for mode in modes if "size" in mode and "crop_limits" in mode]
    if not usable:
        return None
    widest = max(_area(mode["crop_limits"][2:]) for mode in usable)
    full = [mode for mode in usable if _area(mode["crop_limits"][2:]) == widest]
    big_enough = [mode for mode in full if mode["size"][0] >= picture[0] and mode["size"][1] >= picture[1]]
    return min(big_enough or full, key=lambda mode: (_area(mode["size"]), -mode.get("bit_depth", 0)))


def arm_height(degrees: tuple[float, float], zone_mm: float = DISCARD_ZONE_MM) -> float:
    """Lens height (mm) at which a picture of ``degrees`` (long, short side) covers a square
    ``zone_mm`` wide: the discard zone, a card at any angle with its landing margin."""
    return zone_mm / 2 / math.tan(math.radians(min(degrees)) / 2)


@dataclass(frozen=True)
class CameraView:
    """What the pictures show: the sensor mode used, its crop, and the degrees across the picture."""
    mode_size: tuple[int, int]
    crop: tuple[int, int, int, int]
    degrees: tuple[float, float]

    def field_mm(self, height_mm: float) -> tuple[float, float]:
        """The table area (mm, long x short side) seen from ``height_mm`` above it."""
        return tuple(2 * height_mm * math.tan(math.radians(angle) / 2) for angle in self.degrees)

    def arm_height(self, zone_mm: float = DISCARD_ZONE_MM) -> float:
        return arm_height(self.degrees, zone_mm)


def camera_view(crop, pixel_array, full_degrees, picture=(640, 480), mode_size=None) -> CameraView:
    """The view of a mode whose ``crop`` (x, y, w, h) lies on a ``pixel_array`` seeing
    ``full_degrees``; the camera then keeps the picture's aspect ratio (centred, largest)."""
    width, height = crop[2:]
    aspect = picture[0] / picture[1]
    width, height = min(width, height * aspect), min(height, width / aspect)
    degrees = tuple(2 * math.degrees(math.atan(part / whole * math.tan(math.radians(full) / 2)))
                    for part, whole, full in zip((width, height), pixel_array, full_degrees))
    return CameraView(tuple(mode_size or crop[2:]), tuple(crop), degrees)


class PiCameraSource:
    """The Raspberry Pi camera module (picamera2 is only installable on a Pi).

    It asks for :func:`full_view_mode` and lets the camera scale it to ``width`` x
    ``height``; :attr:`view` is the :class:`CameraView` of the mode the camera really
    chose (None for a camera whose lens is unknown), and a crop is logged with the arm
    height it would need.
    """

    def __init__(self, width: int = 640, height: int = 480):
        try:
            from picamera2 import Picamera2   # noqa: PLC0415 - only on a Pi
        except ImportError:
            raise UserError("the Pi camera needs picamera2 (on Raspberry Pi OS: "
                            "sudo apt install python3-picamera2)") from None
        try:
            self._open(Picamera2, width, height)
        except Exception as error:   # no camera on the ribbon, or another program has it
            camera = getattr(self, "_camera", None)
            if camera is not None:
                try:
                    camera.close()
                except Exception:   # already half gone: nothing more to release
                    pass
            raise UserError(f"the Pi camera cannot be opened ({type(error).__name__}: {error}): check the ribbon, "
                            "that the camera is detected (rpicam-hello --list-cameras) and that no other "
                            "program uses it") from None

    def _open(self, Picamera2, width: int, height: int) -> None:  # noqa: N803 - the class picamera2 names so
        self._camera = camera = Picamera2()
        modes = camera.sensor_modes
        self.mode = full_view_mode(modes, (width, height))
        main = {"size": (width, height), "format": "BGR888"}
        if self.mode is None:
            config = camera.create_video_configuration(main=main, buffer_count=2)
        else:
            try:
                config = camera.create_video_configuration(
                    main=main, raw={"size": self.mode["size"]}, buffer_count=2,
                    sensor={"output_size": self.mode["size"], "bit_depth": self.mode["bit_depth"]})
            except TypeError:   # a picamera2 from before its sensor configuration: the raw stream picks the mode
                config = camera.create_video_configuration(
                    main=main, raw={"size": self.mode["size"], "format": str(self.mode.get("unpacked", self.mode.get("format")))}, buffer_count=2)
        camera.configure(config)
        self.view = self._view_used(camera, modes, (width, height))
        camera.start()

    @staticmethod
    def _view_used(camera, modes, picture) -> CameraView | None:
        used = camera.camera_configuration() or {}
        size = tuple((used.get("sensor") or {}).get("output_size") or (used.get("raw") or {}).get("size") or ())
        mode = next((m for m in modes if tuple(m.get("size", ())) == size and "crop_limits" in m), None)
        properties = getattr(camera, "camera_properties", {}) or {}
        full = FULL_SENSOR_VIEW.get(str(properties.get("Model", "")).lower())
        array = properties.get("PixelArraySize")
        if mode is None or full is None or array is None:
            log.warning("Pi camera %s: field of view unknown; measure it (docs/vision.md) to set the arm height",
                        properties.get("Model", "?"))
            return None
        view = camera_view(mode["crop_limits"], array, full, picture, size)
        if _area(mode["crop_limits"][2:]) < _area(array) * 0.95:
            built_for = arm_height(camera_view((0, 0, *array), array, full, picture).degrees)
            log.warning("Pi camera: sensor mode %dx%d crops the sensor (%.0f x %.0f degrees): from the arm's "
                        "%.0f mm it sees only %.0f x %.0f mm; the lens would need to be %.0f mm above the pile",
                        *size, *view.degrees, built_for, *view.field_mm(built_for), view.arm_height())
        else:
            log.info("Pi camera: sensor mode %dx%d, whole sensor (%.1f x %.1f degrees): lens at least %.0f mm "
                     "above the pile", *size, *view.degrees, view.arm_height())
        return view

    def read(self) -> np.ndarray | None:
        try:
            return self._camera.capture_array()
        except Exception as error:   # a camera fault must not stop the table
            log.warning("Pi camera: %s", error)
            return None

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()     # lets the next program (or the next check) open the camera


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
