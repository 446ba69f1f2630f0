"""The camera and E6 UNO All Wild: every card is wild (a black field, the wild oval), so its
eight faces are told apart by their symbol alone. Drawn with the project's own glyphs
(render_all_wild.py), then taught and recognised on rendered top-down scenes."""

import cv2
import numpy as np
import pytest

from companion.engine.cards import CLASSIC_DECK, DECKS
from companion.errors import UserError
from companion.vision.bench import teaching_photos
from companion.vision.deck import WILD_RANKS, split
from companion.vision.recognise import Recogniser
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card
from companion.vision.teach import teach_images

from edition_checks import one_card, read_on_table_tops, run_companion, taught_from_one_photo_each, watched_plays

ALL_WILD = DECKS["all-wild"]
CENTRE = (slice(CARD_H // 4, 3 * CARD_H // 4), slice(CARD_W // 5, 4 * CARD_W // 5))
INDEX = (slice(13, 60), slice(13, 60))


@pytest.mark.parametrize("design", DESIGNS)
def test_every_all_wild_face_draws_as_a_wild_card_in_both_designs(design):
    inside = card_mask() > 0
    assert len(ALL_WILD.names) == 8
    for name in ALL_WILD.names:
        assert split(name) == (None, name) and name in WILD_RANKS    # no colour: its own rank
        for style in range(len(STYLES)):
            image = draw_card(name, design, style)
            assert image.shape == (CARD_H, CARD_W, 3)
            assert not image[~inside].any(), name
            assert (image[3:8, CARD_W // 2] > 230).all(), name         # the white border
            assert (image[22:26, CARD_W // 2] < 40).all(), name        # the black field inside it


def test_the_all_wild_faces_differ_from_each_other_and_from_the_classic_wilds_by_their_symbol():
    faces = {name: draw_card(name).astype(np.float32) for name in (*ALL_WILD.names, "wild", "wild-draw4")}
    names = list(faces)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert np.abs(faces[a][CENTRE] - faces[b][CENTRE]).mean() > 8, (a, b)
    # the corners too: each action face's own small symbol (the plain wild keeps the small oval)
    actions = [n for n in ALL_WILD.names if n != "all-wild"]
    for i, a in enumerate(actions):
        for b in actions[i + 1:]:
            assert np.abs(faces[a][INDEX] - faces[b][INDEX]).mean() > 2, (a, b)


@pytest.mark.parametrize("design", DESIGNS)
def test_the_built_in_profile_names_every_all_wild_face_by_its_symbol(design):
    recogniser = Recogniser(deck=ALL_WILD)
    assert not recogniser.unknown                    # the drawings know every face
    named = 0
    for i, name in enumerate(ALL_WILD.names):
        sighting = recogniser.recognise(one_card(name, 500 + 10 * i, design, ("neutral", "warm", "cold")[i % 3]))
        assert sighting.card in (name, None), (name, sighting)         # never a wrong name
        named += sighting.card == name
    assert named >= len(ALL_WILD.names) - 1


def test_an_all_wild_table_names_only_its_faces_and_a_classic_one_none_of_them():
    all_wild, classic = Recogniser(deck=ALL_WILD), Recogniser()
    for seed, name in enumerate(["wild", "wild-draw4", "red-skip", "blue-reverse"]):
        sighting = all_wild.recognise(one_card(name, 600 + seed))
        assert sighting.guess in ALL_WILD.names and sighting.card in (None, *ALL_WILD.names), (name, sighting)
    for seed, name in enumerate(["all-wild", "all-wild-skip", "all-wild-draw4"]):
        sighting = classic.recognise(one_card(name, 610 + seed))
        assert sighting.guess in CLASSIC_DECK.names, (name, sighting)


def test_an_all_wild_deck_taught_from_one_photo_per_card_names_its_cards_on_table_tops():
    profile, report = taught_from_one_photo_each("all-wild")
    assert len(report.taught) == 8 and not report.missing
    assert profile.deck == "all-wild" and set(profile.ranks) == set(ALL_WILD.names)
    recogniser = Recogniser(profile, deck=ALL_WILD)
    right, answered, _ = read_on_table_tops(recogniser, ALL_WILD.names)   # the check half, the taught print
    assert answered >= 14 and right >= answered - 1, (right, answered)


def test_teaching_the_all_wild_deck_refuses_a_classic_card():
    with pytest.raises(UserError, match="not a card of the all-wild deck"):
        teach_images({"wild": [np.zeros((60, 60, 3), np.uint8)]}, ALL_WILD)


def test_the_watcher_reports_the_plays_of_an_all_wild_game():
    names = ["all-wild-skip2", "all-wild", "all-wild-target-draw2", "all-wild-swap", "all-wild-draw4",
             "all-wild-reverse"]
    assert watched_plays(names, ALL_WILD) == names


def test_the_commands_teach_an_all_wild_deck_from_one_photo_per_card_and_name_its_cards(tmp_path):
    run = run_companion
    for name, (photo,) in teaching_photos(ALL_WILD.names).items():    # deck/all-wild-swap/1.png ...
        (tmp_path / "deck" / name).mkdir(parents=True)
        cv2.imwrite(str(tmp_path / "deck" / name / "1.png"), photo)
    profile = tmp_path / "all-wild.json"
    result = run("teach", str(tmp_path / "deck"), "--deck", "all-wild", "--out", str(profile))
    assert result.returncode == 0, result.stderr
    assert "taught 8 cards from 8 photos" in result.stdout
    photo = tmp_path / "swap.png"
    cv2.imwrite(str(photo), one_card("all-wild-swap", 77, height=260))
    for source in ([], ["--profile", str(profile)]):      # the built-in drawings, the taught deck
        result = run("recognise", *source, "--deck", "all-wild", str(photo))
        assert result.returncode == 0, result.stderr
        assert '"card": "all-wild-swap"' in result.stdout
