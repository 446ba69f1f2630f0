"""The demo's simulated camera, read by the real discard watcher: every card it lays is read.

A question to the host about the demo's own rendered frames must come only from a deliberate
``--misreads``; so over every mat and light the renderer draws (one per seed), no reading is
unsure, and the empty mat before the first card is no card.
"""
import pytest

from companion.simtable.camera import SimCamera
from companion.vision.recognise import Recogniser
from companion.vision.watcher import DiscardWatcher


@pytest.fixture(scope="module")
def recogniser():
    return Recogniser()


@pytest.mark.parametrize("seed", range(10))
def test_every_card_laid_under_the_simulated_camera_is_read(recogniser, seed):
    camera, watcher = SimCamera(seed=seed), DiscardWatcher(recogniser)
    laid, seen = ["red-5", "red-6", "blue-6"], []
    for card in laid:
        camera.place(card)
        while (frame := camera.read()) is not None:
            if (play := watcher.feed(frame)) is not None:
                seen.append(play.card)
    assert seen == laid
