"""The camera and E4 UNO Flip's deck: both sides drawn with the project's own glyphs, then
taught and recognised on rendered top-down scenes, each card named with the side it shows."""
import numpy as np
import pytest

from companion.engine.cards import DARK_COLOURS, DECKS
from companion.vision.deck import side
from companion.vision.recognise import Recogniser
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card
from companion.vision.scene import Scene

from edition_checks import one_card, read_on_table_tops, taught_from_one_photo_each, watched_plays

FLIP = DECKS["flip"]
CENTRE = (slice(CARD_H // 3, 2 * CARD_H // 3), slice(CARD_W // 4, 3 * CARD_W // 4))
INK = (slice(CARD_H // 2 - 2, CARD_H // 2 + 2), slice(20, 26))   # the field, left of the oval


@pytest.mark.parametrize("design", DESIGNS)
def test_every_flip_face_of_both_sides_draws_in_both_designs(design):
    inside = card_mask() > 0
    assert len(FLIP.names) == 108
    for index, name in enumerate(FLIP.names):
        image = draw_card(name, design, index % len(STYLES))          # each style in turn
        assert not image[~inside].any(), name
        assert (image[3:8, CARD_W // 2] > 230).all(), name            # the white border


def test_the_dark_side_has_its_own_inks_and_symbols():
    light, dark = draw_card("red-5").astype(np.float32), draw_card("pink-5").astype(np.float32)
    assert np.abs(light[INK] - dark[INK]).mean() > 40                 # another ink, same numeral
    inks = {colour: tuple(draw_card(f"{colour}-flip")[INK].reshape(-1, 3).mean(0).round())
            for colour in ("red", "yellow", "green", "blue", *DARK_COLOURS)}
    assert len(set(inks.values())) == 8
    for a, b in (("red-flip", "red-reverse"), ("pink-draw5", "red-draw1"),
                 ("teal-skip-everyone", "blue-skip"), ("dark-wild", "wild"),
                 ("wild-draw-colour", "wild-draw2")):
        assert np.abs(draw_card(a).astype(np.float32)[CENTRE] - draw_card(b)[CENTRE]).mean() > 10, (a, b)


SAMPLE = ["red-flip", "yellow-draw1", "green-skip", "blue-reverse", "wild", "wild-draw2", "red-7",
          "pink-flip", "teal-draw5", "orange-skip-everyone", "purple-reverse", "dark-wild",
          "wild-draw-colour", "pink-3", "teal-9", "orange-1", "purple-6"]


@pytest.mark.parametrize("design", DESIGNS)
def test_the_built_in_profile_names_flip_cards_of_both_sides_with_the_side(design):
    recogniser = Recogniser(deck=FLIP)
    assert not recogniser.unknown                      # the drawings know every face, both sides
    named = 0
    for i, name in enumerate(SAMPLE):
        sighting = recogniser.recognise(one_card(name, 600 + i, design, ("neutral", "warm", "cold")[i % 3]))
        assert sighting.card in (name, None), (name, sighting)         # never a wrong name
        assert sighting.guess in FLIP.names
        if sighting.card:
            named += 1
            assert sighting.side == side(name, FLIP) == ("dark" if name.split("-")[0] in DARK_COLOURS
                                                         or name in ("dark-wild", "wild-draw-colour")
                                                         else "light")
            assert sighting.to_json()["side"] == sighting.side
    assert named >= len(SAMPLE) - 1


def test_a_classic_table_never_names_a_flip_face_and_says_no_side():
    classic = Recogniser()
    for seed, name in enumerate(["pink-5", "teal-flip", "wild-draw-colour"]):
        sighting = classic.recognise(one_card(name, 700 + seed))
        assert sighting.guess in DECKS["classic"].names and sighting.side is None


#: Every symbol of both sides in two inks of each side: a third of the deck, to keep the test
#: cheap (``bench vision --tables --deck flip --taught`` teaches all 108 faces).
TAUGHT = tuple(n for n in FLIP.names if n.split("-")[0] in ("red", "blue", "pink", "orange")
               or n in ("wild", "wild-draw2", "dark-wild", "wild-draw-colour"))


def test_a_flip_deck_taught_from_one_photo_per_face_names_both_sides_on_table_tops():
    profile, report = taught_from_one_photo_each("flip", TAUGHT)
    assert len(report.taught) == len(TAUGHT) == 56 and profile.deck == "flip"
    assert set(report.missing) == set(FLIP.names) - set(TAUGHT)      # said, not guessed
    recogniser = Recogniser(profile, deck=FLIP)
    right, answered, read_right = read_on_table_tops(recogniser, TAUGHT, count=20, step=5)
    assert answered >= 17 and right >= answered - 1, (right, answered)
    assert {"light", "dark"} <= {sighting.side for sighting in read_right}


def test_the_watcher_reports_the_plays_of_both_sides():
    names = ["red-5", "red-flip", "pink-5", "teal-5", "wild-draw-colour", "teal-flip", "blue-2"]
    assert watched_plays(names, FLIP) == names


def test_a_turned_pile_shows_its_old_bottom_cards_other_side_named_with_its_side():
    pile = ["red-5", "yellow-5", "yellow-flip"]            # the flip was played on top
    turned = Scene(seed=9, card_height=170)
    for name in reversed(pile):                            # turned over as a whole
        turned.random_place(FLIP.other_side[name], near=(320, 240), spread=30)
    sighting = Recogniser(deck=FLIP).recognise(turned.frame())
    assert (sighting.card, sighting.side) == (FLIP.other_side["red-5"], "dark")
