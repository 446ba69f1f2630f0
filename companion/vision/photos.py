"""``uno-companion bench photos``: recognition accuracy on real photos of a deck.

The photo set (see its README for the licence: measure only, never ship) lives at
``../shared/photos`` beside the project, with ``labels.csv`` (``file,card,...``).
Honest split: teach from the first photo of each card (sorted by file name) and
measure on all the others; then measure the built-in profile (no teaching) on the
same photos. Prints exact, colour and rank accuracy, the answered rate, the
accuracy-versus-answered curve of the confidence threshold, the most frequent
confusions and every wrong answer given at the threshold (with its confidence and photo,
the list to choose what to fix from). Skips with a message when the photos are not there.
The measured photos fall in two fixed halves by a hash of their file name (:func:`half_of`),
whatever the set's order or size: ``--half development`` measures the one to work on,
``--half check`` the one to look at now and then; the whole set prints both halves' figures. Speed: milliseconds per photo on one core, each scaled to a 640x480
frame by its pixel count (median), and as a multiple of the fixed reference of
:mod:`companion.vision.yardstick` measured in the same run. ``--deck junior``: only the
photos of that deck's faces, taught and named as that deck (the recogniser names its faces
only): how one photo per card teaches an edition's deck, as far as the set holds its cards.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import os

# one core: no thread pools in OpenCV or the BLAS numpy uses (set before numpy loads)
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from companion.engine.cards import DECKS  # noqa: E402
from companion.errors import UserError  # noqa: E402
from companion.vision.deck import split  # noqa: E402
from companion.vision.recognise import DEFAULT_THRESHOLD, Recogniser  # noqa: E402
from companion.vision.sources import read_image  # noqa: E402
from companion.vision.teach import teach_images  # noqa: E402
from companion.vision.yardstick import REFERENCE_SIZE, figure, one_core, reference_ms  # noqa: E402

DEFAULT_PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "photos"
CURVE = (0.0, 0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def load_labels(folder: Path) -> dict[str, list[Path]]:
    """card -> photo paths, each list sorted by file name."""
    by_card: dict[str, list[Path]] = {}
    with open(folder / "labels.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            by_card.setdefault(row["card"], []).append(folder / row["file"])
    return {card: sorted(paths, key=lambda p: p.name) for card, paths in sorted(by_card.items())}


def half_of(file: str) -> str:
    """"development" or "check": the fixed half a photo (its ``file`` in labels.csv) is in.
    A hash, not every other photo, so the halves stay the same when photos are added and
    bursts of near-identical photos are not paired across them by position."""
    return "development" if hashlib.sha1(file.encode()).digest()[0] % 2 == 0 else "check"


def measure(recogniser: Recogniser, tests: list[tuple[Path, str]], times: list[float] | None = None):
    """(truth, best guess, confidence) per photo; a photo with no card found guesses None.
    ``times`` gets each photo's milliseconds, scaled to a 640x480 frame by pixel count."""
    results = []
    for path, truth in tests:
        image = read_image(path)
        start = time.perf_counter()
        sighting = recogniser.recognise(image)
        if times is not None:
            pixels = image.shape[0] * image.shape[1]
            times.append(1000.0 * (time.perf_counter() - start) * REFERENCE_SIZE[0] * REFERENCE_SIZE[1] / pixels)
        results.append((truth, sighting.guess, sighting.confidence, path))
    return results


def _file(path: Path, folder: Path) -> str:
    return path.relative_to(folder).as_posix()


def _parts(name: str | None):
    return split(name) if name else (None, None)


def answered_line(results, threshold: float) -> str:
    """How many of ``results`` were answered at ``threshold``, and how many of those right."""
    answered = [(t, g) for t, g, c, *_ in results if g is not None and c >= threshold]
    right = sum(t == g for t, g in answered)
    n = len(results)
    return (f"answered {len(answered)}/{n} = {100 * len(answered) / max(1, n):.1f}% at threshold "
            f"{threshold}; exact right of answered {100 * right / max(1, len(answered)):.1f}%")


def report(title: str, results, threshold: float, halves_of: Path | None = None) -> list[str]:
    """The figures of one profile; with ``halves_of`` (the photo folder) each half's too."""
    wrong = sorted((r for r in results if r[1] is not None and r[1] != r[0] and r[2] >= threshold),
                   key=lambda r: -r[2])
    lines = [f"== {title}: {len(results)} photos", answered_line(results, threshold)]
    if halves_of is not None:
        for half in ("development", "check"):
            part = [r for r in results if half_of(_file(r[3], halves_of)) == half]
            lines.append(f"  {half} half ({len(part)} photos): {answered_line(part, threshold)}")
    results = [r[:3] for r in results]
    n = len(results)
    colour = sum(_parts(t)[0] == _parts(g)[0] for t, g, _ in results)
    rank = sum(_parts(t)[1] == _parts(g)[1] for t, g, _ in results)
    every = sum(t == g for t, g, _ in results)
    lines += [f"answering everything: exact {100 * every / n:.1f}%, colour {100 * colour / n:.1f}%, "
              f"rank {100 * rank / n:.1f}%, no card found {sum(g is None for _, g, _ in results)}",
              "threshold  answered  exact-of-answered"]
    for level in CURVE:
        kept = [(t, g) for t, g, c in results if g is not None and c >= level]
        ok = sum(t == g for t, g in kept)
        lines.append(f"  {level:4.2f}     {100 * len(kept) / n:5.1f}%    {100 * ok / max(1, len(kept)):5.1f}%")
    confusions = Counter((t, g or "no card") for t, g, _ in results if t != g)
    lines.append("most frequent confusions (truth -> answer): " +
                 ", ".join(f"{t}->{g} x{k}" for (t, g), k in confusions.most_common(10)))
    lines.append("wrong answers at the threshold (truth -> answer, confidence, photo): " +
                 (", ".join(f"{t}->{g} {c:.2f} {name.parent.name}/{name.name}" for t, g, c, name in wrong) or "none"))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench photos", description=__doc__)
    parser.add_argument("--photos", type=Path, default=DEFAULT_PHOTOS, help="photo set folder")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--limit", type=int, default=0, help="measure at most this many photos (quick look)")
    parser.add_argument("--half", choices=("all", "development", "check"), default="all",
                        help="measure one fixed half of the photos only (by a hash of the file "
                             "name): the development half to work on, the check half to look at "
                             "now and then, so the recogniser is not fitted to all photos")
    parser.add_argument("--deck", choices=sorted(DECKS), default="classic",
                        help="only the photos of this deck's cards, taught and named as this deck")
    options = parser.parse_args(argv)
    deck = DECKS[options.deck]
    if not (options.photos / "labels.csv").is_file():
        print(f"skipped: no photo set at {options.photos} (needs labels.csv); "
              "see docs/vision.md for how the figures were measured")
        return 0
    one_core()
    before = reference_ms(100)
    started = time.perf_counter()
    by_card = {card: paths for card, paths in load_labels(options.photos).items() if card in deck.names}
    if deck.name != "classic":
        print(f"{deck.name} deck: {len(by_card)} of its {len(deck.names)} faces in the photo set")
    try:
        teaching = {card: [read_image(paths[0])] for card, paths in by_card.items()}
    except UserError as error:
        raise UserError(f"photo set: {error}") from None
    tests = [(path, card) for card, paths in by_card.items() for path in paths[1:]
             if options.half in ("all", half_of(_file(path, options.photos)))]
    if options.limit:
        tests = tests[::max(1, len(tests) // options.limit)][:options.limit]
    profile, taught = teach_images(teaching, deck)
    print(f"taught from {sum(taught.taught.values())} photos (first of each card); "
          f"{len(taught.skipped)} skipped: " + "; ".join(taught.skipped))
    taught_times, default_times = [], []
    halves = options.half == "all"
    lines = report("taught profile", measure(Recogniser(profile, deck=deck), tests, taught_times),
                   options.threshold, options.photos if halves else None)
    default = measure(Recogniser(deck=deck), tests, default_times)
    lines += report("built-in profile (no teaching)", default, options.threshold,
                    options.photos if halves else None)
    reference = (before + reference_ms(100)) / 2
    lines += [f"reference (640x480 grey, 5x5 blur, Canny): {reference:.3f} ms; one core",
              figure("ms per photo scaled to 640x480, taught profile, median",
                     float(np.median(taught_times)), reference),
              figure("ms per photo scaled to 640x480, built-in profile, median",
                     float(np.median(default_times)), reference),
              f"photos_reference_ms={reference:.3f}",
              f"photos_ms_640x480={float(np.median(taught_times + default_times)):.2f}"]
    print("\n".join(lines))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0
