"""Image files from people, opened within what a Raspberry Pi can hold (1 to 8 GB).

A picture's header says how big it is before a single pixel is decoded, so this module
reads the header first: a PNG that claims 60000x60000 would need 10 GB; a real
20000x20000 one took 2.4 GB and 11 s. Up to :data:`DECODE_PIXELS` an image is decoded
as it is; a larger JPEG is decoded at 1/2, 1/4 or 1/8 of its size (libjpeg scales while
decoding, so the memory is that of the small picture); anything else that large is
refused with its size and what to do. Every command that reads an image file uses
:func:`read_image` (``teach``, ``recognise``, the folder camera source).

>>> import numpy as np, cv2, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "card.png")
>>> _ = cv2.imwrite(path, np.zeros((30, 40, 3), np.uint8))
>>> declared_size(open(path, "rb").read())
(40, 30)
>>> read_image(path).shape
(30, 40, 3)
>>> read_image(folder)  # doctest: +ELLIPSIS
Traceback (most recent call last):
companion.errors.UserError: ... is a folder: give the image files in it (e.g. .../*.jpg)
"""
from __future__ import annotations

import logging
import struct
from pathlib import Path

import cv2
import numpy as np

from companion.errors import UserError

log = logging.getLogger(__name__)

DECODE_PIXELS = 40_000_000    # decoded as is: a 48-megapixel phone photo is read at half size
MAX_FILE_BYTES = 64 * 2**20   # a camera's JPEG is a few MB; more is not a photo of a card
REDUCED = ((1, cv2.IMREAD_COLOR), (2, cv2.IMREAD_REDUCED_COLOR_2), (4, cv2.IMREAD_REDUCED_COLOR_4),
           (8, cv2.IMREAD_REDUCED_COLOR_8))
JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
SEQUENTIAL_FRAMES = {0xC0, 0xC1}  # baseline and extended Huffman: what cameras write


def quiet_opencv() -> None:
    """Keep OpenCV's own WARN lines off a person's terminal (our messages say what happened)."""
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    except AttributeError:  # an OpenCV build without the logging module
        pass


def read_image(path: str | Path) -> np.ndarray:
    """An image file as BGR; a UserError saying what is wrong (missing, a folder, too big, damaged)."""
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path} is a folder: give the image files in it (e.g. {path}/*.jpg)")
    if not path.is_file():
        raise UserError(f"{path}: no such file")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UserError(f"{path}: {size / 2**20:.0f} MB is more than an image of a card needs "
                            f"(at most {MAX_FILE_BYTES // 2**20} MB); scale it down first")
        data = np.fromfile(str(path), np.uint8)
    except OSError as error:
        raise UserError(f"{path}: cannot read it ({error.strerror})") from None
    return decode_image(data, str(path))


def decode_image(data: np.ndarray, name: str) -> np.ndarray:
    """``data`` (the file's bytes) decoded within :data:`DECODE_PIXELS`; ``name`` is for messages."""
    size = declared_size(data.tobytes() if _is_jpeg(data) else data[:1 << 16].tobytes())
    factor, flag = REDUCED[0]
    if size is not None:
        width, height = size
        if width * height > DECODE_PIXELS:
            fits = [(f, flag) for f, flag in REDUCED if (width // f) * (height // f) <= DECODE_PIXELS]
            if not _is_sequential_jpeg(data) or not fits:
                raise UserError(f"{name}: {width}x{height} pixels is too big to open on this box (at most "
                                f"{DECODE_PIXELS // 1_000_000} megapixels; a larger JPEG photo is read at "
                                "1/2 to 1/8 of its size); scale it down first")
            factor, flag = fits[0]
    try:
        image = cv2.imdecode(data, flag) if data.size else None
    except cv2.error:  # OpenCV's own limits (a format whose header we do not read)
        image = None
    if image is None:
        raise UserError(f"{name}: not a readable image (damaged, empty or not a picture)")
    if factor > 1:
        log.info("%s: %dx%d read at 1/%d of its size", name, *size, factor)
    return image


def _is_jpeg(data: np.ndarray) -> bool:
    return data[:3].tobytes() == b"\xff\xd8\xff"


def _is_sequential_jpeg(data: np.ndarray) -> bool:
    """A JPEG libjpeg can decode smaller in little memory: a progressive one keeps every
    coefficient of the whole picture while it decodes, however small the result."""
    return _is_jpeg(data) and _jpeg_frame(data.tobytes())[0] in SEQUENTIAL_FRAMES


def declared_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) as a PNG, JPEG, BMP, WebP or TIFF header says; None if it says nothing.

    A JPEG's frame header may follow large metadata: give it the whole file."""
    try:
        if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
            return struct.unpack(">II", head[16:24])
        if head.startswith(b"\xff\xd8"):
            return _jpeg_size(head)
        if head.startswith(b"BM"):
            width, height = struct.unpack("<ii", head[18:26])
            return abs(width), abs(height)
        if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
            return _webp_size(head)
        if head[:4] in (b"II*\x00", b"MM\x00*"):
            return _tiff_size(head)
    except struct.error:  # a header cut short: the decoder will say it is damaged
        return None
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    marker, size = _jpeg_frame(head)
    return size


def _jpeg_frame(head: bytes) -> tuple[int | None, tuple[int, int] | None]:
    """The JPEG's frame marker (SOF0, SOF2 ...) and (width, height), walking the segments."""
    at = 2
    try:
        while at + 9 <= len(head):
            if head[at] != 0xFF:
                return None, None
            marker = head[at + 1]
            if marker in JPEG_FRAMES:
                height, width = struct.unpack(">HH", head[at + 5:at + 9])
                return marker, (width, height)
            if marker == 0xFF:  # fill byte
                at += 1
                continue
            at += 2 + struct.unpack(">H", head[at + 2:at + 4])[0]
    except struct.error:
        pass
    return None, None


def _webp_size(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8X":
        return (int.from_bytes(head[24:27], "little") + 1, int.from_bytes(head[27:30], "little") + 1)
    if chunk == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def _tiff_size(head: bytes) -> tuple[int, int] | None:
    order = "<" if head[:2] == b"II" else ">"
    at = struct.unpack(order + "I", head[4:8])[0]
    count = struct.unpack(order + "H", head[at:at + 2])[0]
    found = {}
    for index in range(count):
        tag, kind, _count, value = struct.unpack(order + "HHI4s", head[at + 2 + 12 * index:at + 14 + 12 * index])
        if tag in (256, 257):  # ImageWidth, ImageLength: SHORT or LONG
            found[tag] = struct.unpack(order + ("H" if kind == 3 else "I"), value[:2 if kind == 3 else 4])[0]
    return (found[256], found[257]) if len(found) == 2 else None
