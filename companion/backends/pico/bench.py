"""``uno-companion bench link``: how fast the Pico link is, measured, not promised.

Figures: frames encoded and decoded per second by the shared codec on this
machine (the Pico runs the same code far slower), and the round trip of one
acknowledged command from the ``pico`` backend through pyserial and a
pseudo-terminal to the firmware logic in a simulated Pico process and back.
The last line is ``link_roundtrip_ms_median=...``.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.firmware.protocol import TO_PICO, FrameReader, encode_message
from companion.backends.pico.session import HostLink


def codec_rate(frames: int) -> float:
    """Frames per second through encode_message and FrameReader (host CPU)."""
    reader = FrameReader(TO_PICO)
    start = time.perf_counter()
    for index in range(frames):
        frame = encode_message(TO_PICO, index % 255 + 1, "LAUNCH", (3, 3000, 800, 70, 150, 2))
        assert reader.feed(frame)
    return frames / (time.perf_counter() - start)


def roundtrips(count: int) -> list[float]:
    """Milliseconds per acknowledged AIM command, host to simulated Pico and back."""
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory) / "ttyPico")
        child = subprocess.Popen([sys.executable, "-m", "companion.backends.pico.simulator", path],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            child.stdout.readline()
            link = HostLink(path).start()
            try:
                link.wait_ready(10)
                times = []
                for index in range(count):
                    start = time.perf_counter()
                    link.command("AIM", index % 181)
                    times.append((time.perf_counter() - start) * 1000)
                return times
            finally:
                link.close()
        finally:
            child.stdin.close()
            child.wait(timeout=5)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench link", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20000, help="frames for the codec figure")
    parser.add_argument("--commands", type=int, default=300, help="commands for the round-trip figure")
    options = parser.parse_args(argv)
    print(f"codec: {codec_rate(options.frames):,.0f} frames/s (encode + check + decode, CPython)")
    times = sorted(roundtrips(options.commands))
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"command round trip over a pty ({len(times)} commands): median {statistics.median(times):.2f} ms, "
          f"95th percentile {p95:.2f} ms, worst {times[-1]:.2f} ms")
    print(f"link_roundtrip_ms_median={statistics.median(times):.2f}")
    return 0
