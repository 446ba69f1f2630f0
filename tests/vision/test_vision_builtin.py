"""The built-in default profile: taught from rendered photos of the project's drawings."""
import cv2
import numpy as np
import pytest

from companion.vision.builtin import built_in_profile, photographed, views
from companion.vision.deck import split
from companion.vision.detect import read_warp
from companion.vision.builtin import default_profile
from companion.vision.recognise import Recogniser
from companion.vision.render import DESIGNS, draw_card, drawable_names
from companion.vision.scene import Scene


def test_the_default_profile_is_made_from_the_drawings_of_both_designs_and_every_rank():
    profile = default_profile()
    assert profile.source == "built-in drawings"
    assert set(profile.groups) == set(DESIGNS)
    drawn = {split(name)[1] for name in drawable_names()}      # every edition's face drawn
    assert {"0", "wild-draw4", "draw1"} <= drawn
    assert set(profile.ranks) == drawn
    assert set(profile.symbol_ranks) >= drawn - {"wild"}


def test_a_rendered_photo_shows_the_drawn_card_where_its_outline_says():
    rng = np.random.default_rng(5)
    for design in DESIGNS:
        frame, quad = photographed("yellow-draw2", design, 1, rng)
        assert frame.dtype == np.uint8 and frame.ndim == 3
        flat = read_warp(frame, quad).astype(np.float32)
        drawing = cv2.resize(draw_card("yellow-draw2", design, 1), flat.shape[1::-1],
                             interpolation=cv2.INTER_AREA).astype(np.float32)
        turned = drawing[::-1, ::-1]          # the warp may see the card either way up
        # light, blur, noise and JPEG change it a little, not into another picture
        inner = (slice(12, -12), slice(8, -8))
        closeness = max(np.corrcoef(flat[inner].ravel(), d[inner].ravel())[0, 1] for d in (drawing, turned))
        assert closeness > 0.8


def test_the_built_in_profile_is_the_same_every_time_it_is_made():
    names = ["red-6", "blue-9", "green-2", "yellow-skip", "wild-draw4"]
    first, second = built_in_profile(names=names), built_in_profile(names=names)
    assert first.ranks == second.ranks and first.symbol_ranks == second.symbol_ranks
    assert np.array_equal(first.shapes, second.shapes)
    assert all(np.array_equal(a, b) for a, b in zip(first.symbol_rows, second.symbol_rows))
    assert len(list(views(names=names))) == len(names) * len(DESIGNS) * 3


@pytest.mark.parametrize("design", DESIGNS)
def test_drawn_cards_on_a_table_are_named_by_the_built_in_profile(design):
    recogniser = Recogniser()          # the built-in profile: no teaching
    named = 0
    for seed, name in enumerate(["red-0", "blue-6", "blue-9", "green-skip", "yellow-reverse", "red-draw2",
                                 "wild", "wild-draw4", "green-3", "yellow-8"]):
        table = Scene(seed=50 + seed, light=("warm", "cold")[seed % 2], design=design, card_height=170)
        table.random_place(name)
        sighting = recogniser.recognise(table.frame(blur=0.8))
        assert sighting.card in (name, None), (name, sighting)           # never a wrong name
        named += sighting.card == name
    assert named >= 9


def test_drawing_the_built_in_profile_reports_its_progress():
    from companion.vision.builtin import built_in_profile, view_count
    calls = []
    built_in_profile(names=["red-5", "wild"], progress=lambda done, total: calls.append((done, total)))
    total = view_count(names=["red-5", "wild"])
    assert calls == [(done, total) for done in range(1, total + 1)]
    assert view_count() == 660  # classic 54, Junior's draw1 x4, Flip's own, No Mercy's, All Wild's 8, DOS's 9, x 6
