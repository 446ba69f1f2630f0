"""What the editions' vision tests share: one card on a rendered table, a deck taught from one
rendered photo per card and read on the check half's table tops, the watcher's plays, and the
command line. Each edition's test file asks these of its own deck."""
from __future__ import annotations

import functools
import subprocess
import sys

from companion.engine.cards import DECKS
from companion.vision.bench import table_scene, teaching_photos
from companion.vision.scene import Scene, play_sequence
from companion.vision.teach import teach_images
from companion.vision.watcher import DiscardWatcher


def one_card(name, seed, design="classic", light="neutral", height=170):
    """A top-down frame of ``name`` lying somewhere on a rendered table."""
    table = Scene(seed=seed, light=light, design=design, card_height=height)
    table.random_place(name)
    return table.frame(blur=0.8)


@functools.lru_cache(maxsize=2)
def taught_from_one_photo_each(deck_name: str, names: tuple | None = None):
    """The deck ``deck_name`` taught from one rendered photo of each of ``names`` (default: all
    its faces): (profile, report), made once per module run."""
    deck = DECKS[deck_name]
    return teach_images(teaching_photos(names or deck.names), deck)


def read_on_table_tops(recogniser, names, count=16, step=1):
    """(right, answered, the sightings read right) on ``count`` of the check half's scenes of
    ``names`` (odd seeds, times ``step``), in the taught deck's print."""
    right, answered, read_right = 0, 0, []
    for seed in range(1, 2 * count, 2):
        frame, name, top, run = table_scene(seed * step, names, design="classic", run="standard")
        sighting = recogniser.recognise(frame)
        answered += sighting.card is not None
        if sighting.card == name:
            right += 1
            read_right.append(sighting)
    return right, answered, read_right


def watched_plays(names, deck, seed=8):
    """The cards the discard watcher reports when ``names`` are played one on another."""
    watcher = DiscardWatcher(deck=deck)
    return [p.card for frame, _ in play_sequence(names, seed=seed) if (p := watcher.feed(frame))]


def run_companion(*args):
    """``uno-companion ARGS`` as a user runs it."""
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)


def recognise_photo(tmp_path, name, deck_name, seed=77):
    """``uno-companion recognise --deck DECK`` on a photo of ``name`` (what it printed)."""
    import cv2
    photo = tmp_path / f"{name}.png"
    cv2.imwrite(str(photo), one_card(name, seed, height=260))
    return run_companion("recognise", "--deck", deck_name, str(photo))
