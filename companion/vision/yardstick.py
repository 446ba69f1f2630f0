"""A fixed reference for the vision benchmarks, measured in the same run as they are.

Machines differ several-fold (and a shared machine from minute to minute), so every vision
figure is also printed as a multiple of one fixed piece of work timed right beside it: one
640x480 rendered frame through grey, a 5x5 Gaussian blur and Canny. A figure of "40x" means
the same on a Pi and on a laptop, where "12 ms" does not.

>>> ms = reference_ms(repeats=5)
>>> ms > 0
True
>>> figure("recognised frame", 2 * ms, ms).split()[-1]
'(2.0x)'
"""
from __future__ import annotations

import os
import time

import cv2
import numpy as np

REFERENCE_SIZE = (640, 480)


def one_core() -> None:
    """OpenCV single-threaded and this process pinned to one CPU."""
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def reference_frame() -> np.ndarray:
    """Always the same 640x480 picture: a rendered table with one card."""
    from companion.vision.scene import Scene

    table = Scene(seed=7, size=REFERENCE_SIZE)
    table.place("red-5", (320, 240), angle=20)
    return table.frame()


def _reference_work(frame: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return cv2.Canny(cv2.GaussianBlur(grey, (5, 5), 0), 40, 120)


def reference_ms(repeats: int = 200, frame: np.ndarray | None = None) -> float:
    """Median milliseconds of the reference work (grey, 5x5 blur, Canny on 640x480)."""
    frame = reference_frame() if frame is None else frame
    _reference_work(frame)                         # warm caches first
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        _reference_work(frame)
        times.append(time.perf_counter() - start)
    return 1000.0 * float(np.median(times))


def figure(label: str, ms: float, reference: float) -> str:
    """``label: 12.30 ms (41.0x)``: milliseconds and the multiple of the reference."""
    return f"{label}: {ms:.2f} ms ({ms / max(reference, 1e-9):.1f}x)"
