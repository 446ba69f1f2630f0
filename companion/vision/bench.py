"""``uno-companion bench vision``: milliseconds per 640x480 frame on one core.

Frames are the project's rendered top-down scenes. Three figures, medians:
an unchanged frame through the discard watcher (the common case), a frame the
recogniser names a card in, and the frame on which the watcher reports a play
(it also finds the new card on a pile). Each figure is also printed as a multiple of a
fixed reference measured in the same run (:mod:`companion.vision.yardstick`: one 640x480
frame through grey, 5x5 blur and Canny), which stays comparable across machines and load.

``--tables``: accuracy instead, on rendered top-down scenes of one card on each procedural
table top (wood, cloth, white, dark) in each print run (:data:`~companion.vision.render.PRINT_RUNS`),
both designs, three lights, some with lamp glare, with the built-in profile. Fixed split by
seed: the development half (even seeds) to work on, the check half (odd seeds) to look at
now and then; both are printed, and each half's first half again with a keyboard's black
keys beside the card (:func:`~companion.vision.tabletops.keyboard`).

``--deck junior`` lays and names the cards of another edition's deck (an engine deck: the
recogniser names only its faces); ``--taught`` (with ``--tables``) first teaches that deck
from one rendered photo per card (:func:`teaching_photos`, the classic design in the standard
print on a plain mat), as a family teaches its own deck, and names scenes of that same deck
with the taught profile.
"""
from __future__ import annotations

import argparse
import os

# one core: no thread pools in OpenCV or the BLAS numpy uses (set before numpy loads)
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import time  # noqa: E402

import numpy as np  # noqa: E402

from collections import Counter  # noqa: E402

from companion.engine.cards import DECKS  # noqa: E402
from companion.vision.deck import card_names  # noqa: E402
from companion.vision.recognise import DEFAULT_THRESHOLD, Recogniser  # noqa: E402
from companion.vision.render import PRINT_RUNS  # noqa: E402
from companion.vision.scene import LIGHTS, Scene, play_sequence  # noqa: E402
from companion.vision.tabletops import TOPS, keyboard, lay  # noqa: E402
from companion.vision.teach import teach_images  # noqa: E402
from companion.vision.watcher import DiscardWatcher  # noqa: E402
from companion.vision.yardstick import figure, one_core, reference_frame, reference_ms  # noqa: E402


def _median_ms(times: list[float]) -> float:
    return 1000.0 * float(np.median(times))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench vision", description=__doc__)
    parser.add_argument("--frames", type=int, default=200, help="frames per measurement")
    parser.add_argument("--tables", action="store_true",
                        help="accuracy on rendered table tops and print runs instead of speed")
    parser.add_argument("--deck", choices=sorted(DECKS), default="classic",
                        help="the deck whose cards are laid and named (junior: UNO Junior)")
    parser.add_argument("--taught", action="store_true",
                        help="with --tables: teach the deck from one rendered photo per card first")
    options = parser.parse_args(argv)
    n = max(5, options.frames)
    one_core()
    deck = DECKS[options.deck]
    if options.tables:
        return tables(n, deck, options.taught)
    reference_picture = reference_frame()
    before = reference_ms(100, reference_picture)   # before and after: the load may change meanwhile
    names = card_names(deck)
    recogniser = Recogniser(deck=deck)

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


def table_scene(seed: int, names=None, design: str | None = None, run: str | None = None):
    """One rendered scene of the ``--tables`` bench: ``(frame, name, top, print run)``; the
    same seed always gives the same scene. ``names``: the faces laid in turn (default: the
    classic deck's); ``design`` and ``run``: one deck's print only (default: varied by seed)."""
    rng = np.random.default_rng(seed)
    names = names or card_names()
    name = names[seed % len(names)]
    top, run = TOPS[(seed // 2) % len(TOPS)], run or tuple(PRINT_RUNS)[(seed // 8) % len(PRINT_RUNS)]
    design = design or ("classic" if run == "wide-oval" else ("classic", "current")[(seed // 32) % 2])
    light = tuple(LIGHTS)[int(rng.integers(len(LIGHTS)))]
    glare = (float(rng.uniform(200, 440)), float(rng.uniform(140, 340))) if rng.random() < 0.3 else None
    table = lay(Scene(seed=seed, light=light, design=design, print_run=run, glare=glare,
                      card_height=float(rng.uniform(120, 220))), top)
    table.random_place(name)
    return table.frame(), name, top, run


TEACHING_SEED = 1 << 20     # the teaching photos' seeds lie apart from every scene's


def teaching_photos(names, design: str = "classic", run: str = "standard", seed: int = TEACHING_SEED):
    """One rendered photo per card, as a family takes them to teach its deck: each card whole
    and large in the picture, turned a little, on a plain mat, in one of the lights;
    ``{name: [frame]}``."""
    photos = {}
    for index, name in enumerate(names):
        rng = np.random.default_rng(seed + index)
        table = Scene(seed=seed + index, light=tuple(LIGHTS)[index % len(LIGHTS)], design=design,
                      print_run=run, card_height=float(rng.uniform(280, 340)))
        table.place(name, (320 + rng.uniform(-20, 20), 240 + rng.uniform(-15, 15)), float(rng.uniform(-12, 12)))
        photos[name] = [table.frame(blur=0.6)]
    return photos


def tables(n: int, deck=None, taught: bool = False) -> int:
    """Right of answered and answered rate on ``n`` scenes per half (development, check)."""
    names, fixed = card_names(deck), {}
    if taught:
        profile, report = teach_images(teaching_photos(names), deck)
        print(f"== {deck.name} deck taught from one rendered photo per card: {report.summary()}")
        recogniser, fixed = Recogniser(profile, deck=deck), {"design": "classic", "run": "standard"}
    else:
        recogniser = Recogniser(deck=deck)
        if deck is not None and deck.name != "classic":
            print(f"== {deck.name} deck ({len(names)} faces), built-in profile")
    reference = reference_ms(100)
    times = []
    for half, first in (("development", 0), ("check", 1)):
        results = []
        for seed in range(first, 2 * n, 2):
            frame, name, top, run = table_scene(seed, names, **fixed)
            start = time.perf_counter()
            sighting = recogniser.recognise(frame)
            times.append(time.perf_counter() - start)
            results.append((name, sighting.card, sighting.guess, top, run))
        answered = [r for r in results if r[1] is not None]
        right = sum(r[0] == r[1] for r in answered)
        print(f"== {half} half: {len(results)} scenes; answered {100 * len(answered) / len(results):.1f}% "
              f"at threshold {DEFAULT_THRESHOLD}, right of answered {100 * right / max(1, len(answered)):.1f}%")
        for key, index in (("top", 3), ("print run", 4)):
            parts = []
            for value in dict.fromkeys(r[index] for r in results):
                group = [r for r in results if r[index] == value]
                said = [r for r in group if r[1] is not None]
                parts.append(f"{value} {sum(r[0] == r[1] for r in said)}/{len(said)} right of "
                             f"{len(group)}")
            print(f"  by {key}: " + ", ".join(parts))
        wrong = Counter((r[0], r[1]) for r in answered if r[0] != r[1])
        print("  wrong answers (truth -> answer): " +
              (", ".join(f"{t}->{g} x{k}" for (t, g), k in wrong.most_common(10)) or "none"))
        print(f"tables_{half}_right={100 * right / max(1, len(answered)):.1f}")
        print(f"tables_{half}_answered={100 * len(answered) / len(results):.1f}")
        said = []           # the same scenes' first half with a keyboard's black keys beside the card
        for seed in range(first, n, 2):
            frame, name, _, _ = table_scene(seed, names, **fixed)
            said.append((name, recogniser.recognise(keyboard(frame)).card))
        kept = [(t, g) for t, g in said if g is not None]
        print(f"  beside a keyboard: {len(said)} scenes; answered {100 * len(kept) / len(said):.1f}%, "
              f"right of answered {100 * sum(t == g for t, g in kept) / max(1, len(kept)):.1f}%")
    reference = (reference + reference_ms(100)) / 2
    print(figure("recognised frame on a table top, median", _median_ms(times), reference))
    print(f"tables_ms={_median_ms(times):.2f}")
    return 0
