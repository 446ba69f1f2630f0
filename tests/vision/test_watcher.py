"""The discard watcher on rendered top-down scenes of a growing pile.

CI plays a long game of 80 plays (the same card twice in a row 4 times); the 200-play soak:
``UNO_WATCHER_PLAYS=200 python -m pytest tests/vision/test_watcher.py`` (docs/vision.md).
"""
import os
import random

import numpy as np
import pytest

from companion.vision.deck import card_names
from companion.vision.scene import Scene, play_sequence
from companion.vision.watcher import DiscardWatcher

LONG_GAME = int(os.environ.get("UNO_WATCHER_PLAYS", "80"))


def _plays(names, **scene):
    watcher = DiscardWatcher()
    reported, settled = [], 0
    for frame, truth in play_sequence(names, **scene):
        settled += truth is not None
        play = watcher.feed(frame)
        if play:
            # a play is reported while its card is the newest one down, never before
            assert settled == len(reported) + 1, f"play {play.card} reported without a new card"
            reported.append(play.card)
    return reported


def _shuffled_plays(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    names = [rng.choice(card_names()) for _ in range(count)]
    for i in range(5, count, 23):       # the same card twice in a row now and then
        names[i] = names[i - 1]
    return names


@pytest.mark.slow
def test_a_long_game_is_reported_exactly_in_order():
    names = _shuffled_plays(seed=11, count=LONG_GAME)
    assert _plays(names, seed=11, light="warm", design="classic", still_frames=4) == names


def test_the_current_design_under_cold_light_with_hands_over_the_pile():
    names = _shuffled_plays(seed=5, count=40)
    assert _plays(names, seed=5, light="cold", design="current", still_frames=4, hand_every=2) == names


def test_two_identical_cards_in_a_row_are_two_plays():
    assert _plays(["red-5", "red-5", "red-5"], seed=2, still_frames=4) == ["red-5"] * 3


def test_a_hand_lingering_over_the_pile_is_not_a_play():
    table = Scene(seed=4)
    table.random_place("green-7")
    watcher = DiscardWatcher()
    plays = [watcher.feed(table.frame()) for _ in range(5)]
    plays += [watcher.feed(table.frame(hand_at=(320, 260))) for _ in range(6)]   # rests, still
    plays += [watcher.feed(table.frame()) for _ in range(6)]
    assert [p.card for p in plays if p] == ["green-7"]


def test_bad_frames_are_skipped_and_watching_goes_on(caplog):
    table = Scene(seed=8)
    watcher = DiscardWatcher()
    bad = [None, np.zeros((0, 0, 3), np.uint8), np.zeros((480, 640), np.uint8),
           np.zeros((10, 10, 3), np.uint8), np.zeros((480, 640, 3), np.float64), "frame"]
    for frame in bad:
        assert watcher.feed(frame) is None
    assert watcher.bad_frames == len(bad)
    assert "skipped a frame" in caplog.text
    black = np.zeros((480, 640, 3), np.uint8)
    assert all(watcher.feed(black) is None for _ in range(5))
    table.random_place("blue-skip")
    plays = [watcher.feed(table.frame()) for _ in range(5)]
    assert [p.card for p in plays if p] == ["blue-skip"]


def test_a_frame_of_another_size_restarts_watching_without_a_phantom(caplog):
    table = Scene(seed=9)
    table.random_place("yellow-2")
    watcher = DiscardWatcher()
    first = [watcher.feed(table.frame()) for _ in range(5)]
    small = Scene(seed=9, size=(320, 240), card_height=75)
    small.random_place("yellow-2")
    later = [watcher.feed(small.frame()) for _ in range(5)]
    assert [p.card for p in first if p] == ["yellow-2"]
    assert "frame size changed" in caplog.text
    assert [p.card for p in later if p] == ["yellow-2"]    # the pile as it now looks, reported once
