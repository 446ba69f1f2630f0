"""Image files of any size (issue 14, items 8 and 11): read the header first, refuse or downscale.

A Raspberry Pi has 1 to 8 GB: a PNG that claims 60000x60000 made ``recognise`` and
``teach`` exit 70 on an OpenCV assertion; a real 20000x20000 PNG took 2.4 GB and 11 s.
"""
from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.errors import UserError
from companion.vision.imagefile import DECODE_PIXELS, declared_size, read_image
from companion.vision.render import draw_card


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def black_png(path: Path, width: int, height: int, rows_per_block: int = 64) -> Path:
    """A real greyscale PNG of width x height black pixels, written without ever holding its pixels:
    one deflate block (flushed so it stands alone) repeated for every group of rows."""
    block = (b"\x00" * (width + 1)) * rows_per_block
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    repeated = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    blocks, rest = divmod(height, rows_per_block)
    last = block[:rest * (width + 1)]
    ending = deflate.compress(last) + deflate.flush()
    check = 1
    for _ in range(blocks):
        check = zlib.adler32(block, check)
    stream = b"\x78\xda" + repeated * blocks + ending + struct.pack(">I", zlib.adler32(last, check))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                     + _chunk(b"IDAT", stream) + _chunk(b"IEND", b""))
    return path


def lying_png(path: Path, width: int, height: int) -> Path:
    """A small real PNG whose header (with a correct checksum) claims width x height."""
    data = bytearray(cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1].tobytes())
    ihdr = struct.pack(">II", width, height) + bytes(data[24:29])
    data[16:33] = ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    path.write_bytes(bytes(data))
    return path


# The child's own peak, read from /proc as it exits: a fork's high-water mark (wait4's ru_maxrss)
# starts at the parent's, so under a long pytest run it measured pytest, not the command.
PEAK_THEN_RUN = """
import atexit, os, runpy, sys
def report():
    with open('/proc/self/status') as status, open(os.environ['PEAK_FILE'], 'w') as out:
        out.write(next(line for line in status if line.startswith('VmHWM:')).split()[1])
atexit.register(report)
sys.argv = ['uno-companion', *sys.argv[1:]]
runpy.run_module('companion', run_name='__main__')
"""


def cli(*args: str, tmp_path: Path) -> tuple[subprocess.CompletedProcess, int]:
    """The real command, and its peak memory in MB (its own resident high-water mark)."""
    peak = tmp_path / "peak-kb"
    result = subprocess.run([sys.executable, "-c", PEAK_THEN_RUN, *args], capture_output=True, text=True,
                            env={**os.environ, "PEAK_FILE": str(peak)})
    return result, int(peak.read_text()) // 1024


def assert_no_traceback(result):
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr[-600:]
    assert "[ WARN" not in result.stderr, result.stderr[-600:]  # OpenCV's own lines stay off the terminal


def test_a_png_claiming_60000_by_60000_is_refused_by_recognise_with_its_size(tmp_path):
    bomb = lying_png(tmp_path / "bomb.png", 60000, 60000)
    result, _megabytes = cli("recognise", str(bomb), tmp_path=tmp_path)
    assert result.returncode == 2, result.stderr
    assert_no_traceback(result)
    assert "bomb.png" in result.stderr and "60000x60000" in result.stderr and "too big" in result.stderr


def test_teach_skips_a_png_claiming_60000_by_60000_and_says_why(tmp_path):
    folder = tmp_path / "deck"
    (folder / "red-5").mkdir(parents=True)
    cv2.imwrite(str(folder / "red-5" / "good.png"), draw_card("red-5"))
    lying_png(folder / "red-5" / "bomb.png", 60000, 60000)
    result, _megabytes = cli("teach", str(folder), "--out", str(tmp_path / "profile.json"), tmp_path=tmp_path)
    assert_no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert "60000x60000" in result.stdout and (tmp_path / "profile.json").exists()


def test_a_real_20000_by_20000_png_is_refused_before_it_is_decoded(tmp_path):
    big = black_png(tmp_path / "big.png", 20000, 20000)
    assert declared_size(big.read_bytes()[:64]) == (20000, 20000)
    result, megabytes = cli("recognise", str(big), tmp_path=tmp_path)
    assert result.returncode == 2 and "20000x20000" in result.stderr, result.stderr
    assert_no_traceback(result)
    assert megabytes < 400, f"{megabytes} MB to refuse it (decoding it took 2.4 GB)"


def test_a_large_real_jpeg_is_read_at_a_fraction_of_its_size(tmp_path):
    height, width = 6000, 8000  # 48 megapixels: a modern phone's photo
    assert width * height > DECODE_PIXELS
    photo = np.full((height, width), 200, np.uint8)
    path = tmp_path / "phone.jpg"
    cv2.imwrite(str(path), photo)
    del photo
    image = read_image(path)
    assert image.shape == (height // 2, width // 2, 3)


def test_a_png_just_over_the_limit_is_refused_in_process(tmp_path):
    big = black_png(tmp_path / "big.png", 7000, 7000)
    with pytest.raises(UserError, match="7000x7000 pixels is too big"):
        read_image(big)


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".webp", ".tiff"])
def test_the_header_says_the_size_the_decoder_finds(tmp_path, suffix):
    path = tmp_path / f"card{suffix}"
    assert cv2.imwrite(str(path), np.zeros((37, 53, 3), np.uint8))
    assert declared_size(path.read_bytes()) == (53, 37)
    assert read_image(path).shape == (37, 53, 3)


def test_recognise_a_folder_says_it_is_a_folder_and_what_to_give(tmp_path):
    result, _megabytes = cli("recognise", str(tmp_path), tmp_path=tmp_path)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "is a folder" in result.stderr and "*.jpg" in result.stderr, result.stderr


def test_a_damaged_png_gives_our_message_and_no_opencv_warning(tmp_path):
    data = cv2.imencode(".png", draw_card("blue-7"))[1].tobytes()
    path = tmp_path / "cut.png"
    path.write_bytes(data[:len(data) // 2])
    result, _megabytes = cli("recognise", str(path), tmp_path=tmp_path)
    assert result.returncode == 2 and "not a readable image" in result.stderr
    assert_no_traceback(result)


def test_the_folder_camera_source_reads_through_the_same_guard(tmp_path):
    from companion.vision.sources import FolderSource
    lying_png(tmp_path / "0.png", 60000, 60000)
    cv2.imwrite(str(tmp_path / "1.png"), draw_card("red-5"))
    source = FolderSource(tmp_path)
    assert source.read().shape == (310, 200, 3)  # the bomb is skipped (and logged), the card read
    assert source.read() is None


def test_a_large_progressive_jpeg_is_refused_not_decoded_smaller(tmp_path):
    """libjpeg keeps a progressive JPEG's every coefficient while decoding, even at 1/8."""
    height, width = 6000, 8000
    path = tmp_path / "progressive.jpg"
    cv2.imwrite(str(path), np.full((height, width), 200, np.uint8), [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    with pytest.raises(UserError, match="8000x6000 pixels is too big"):
        read_image(path)
