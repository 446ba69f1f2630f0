"""``uno-companion bench vision``: milliseconds per 640x480 frame on one core.

Frames are the project's rendered top-down scenes. Three figures, medians:
an unchanged frame through the discard watcher (the common case), a frame the
recogniser names a card in, and the frame on which the watcher reports a play
(it also finds the new card on a pile). Each figure is also printed as a multiple of a
fixed reference measured in the same run (:mod:`companion.vision.yardstick`: one 640x480
frame through grey, 5x5 blur and Canny), which stays comparable across machines and load.
"""
from __future__ import annotations

import argparse
import os

# one core: no thread pools in OpenCV or the BLAS numpy uses (set before numpy loads)
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import time  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.vision.deck import card_names  # noqa: E402
from companion.vision.recognise import Recogniser  # noqa: E402
from companion.vision.scene import Scene, play_sequence  # noqa: E402
from companion.vision.watcher import DiscardWatcher  # noqa: E402
from companion.vision.yardstick import figure, one_core, reference_frame, reference_ms  # noqa: E402


def _median_ms(times: list[float]) -> float:
    return 1000.0 * float(np.median(times))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench vision", description=__doc__)
    parser.add_argument("--frames", type=int, default=200, help="frames per measurement")
    options = parser.parse_args(argv)
    n = max(5, options.frames)
    one_core()
    reference_picture = reference_frame()
    before = reference_ms(100, reference_picture)   # before and after: the load may change meanwhile
    names = card_names()
    recogniser = Recogniser()

    watcher = DiscardWatcher(recogniser)
    table = Scene(seed=7)
    table.random_place("red-5")
    frames = [table.frame() for _ in range(8)]
    for frame in frames:
        watcher.feed(frame)                       # settle first
    unchanged = []
    for i in range(n):
        frame = frames[i % len(frames)]
        start = time.perf_counter()
        watcher.feed(frame)
        unchanged.append(time.perf_counter() - start)

    recognised, right, unsure = [], 0, 0
    for i in range(n):
        scene = Scene(seed=100 + i, design=("classic", "current")[i % 2])
        name = names[i % len(names)]
        scene.random_place(name)
        frame = scene.frame()
        start = time.perf_counter()
        sighting = recogniser.recognise(frame)
        recognised.append(time.perf_counter() - start)
        right += sighting.card == name
        unsure += sighting.card is None

    plays = []
    watcher = DiscardWatcher(recogniser)
    sequence = [names[(7 * i) % len(names)] for i in range(max(5, n // 10))]
    for frame, _ in play_sequence(sequence, seed=3):
        start = time.perf_counter()
        play = watcher.feed(frame)
        if play:
            plays.append(time.perf_counter() - start)

    after = reference_ms(100, reference_picture)
    reference = (before + after) / 2
    print(f"reference (640x480 grey, 5x5 blur, Canny): {reference:.3f} ms "
          f"(before {before:.3f}, after {after:.3f}); figures as multiples of it in brackets")
    print(figure("unchanged frame (watcher), median", _median_ms(unchanged), reference)
          + f" of {len(unchanged)}")
    print(figure("recognised frame (recogniser), median", _median_ms(recognised), reference)
          + f" of {len(recognised)} ({right}/{n} named right, {unsure} unsure, {n - right - unsure} wrong)")
    print(figure("play frame (watcher, on a pile), median", _median_ms(plays), reference)
          + f" of {len(plays)}")
    print(f"vision_reference_ms={reference:.3f}")
    print(f"vision_play_ms={_median_ms(plays):.2f}")
    print(f"vision_unchanged_ms={_median_ms(unchanged):.2f}")
    print(f"vision_recognised_ms={_median_ms(recognised):.2f}")
    return 0
