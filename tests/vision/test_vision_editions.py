"""The camera and the edition decks (E3 UNO Junior): its faces drawn with the project's own
glyphs, then taught and recognised on rendered top-down scenes."""

import cv2
import numpy as np
import pytest

from companion.engine.cards import CLASSIC_DECK, DECKS
from companion.errors import UserError
from companion.vision.profile import Profile
from companion.vision.recognise import Recogniser
from companion.vision.teach import teach, teach_images
from companion.vision.watcher import DiscardWatcher
from companion.vision.deck import split
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card

from edition_checks import one_card, read_on_table_tops, run_companion, taught_from_one_photo_each, watched_plays

CENTRE = (slice(CARD_H // 3, 2 * CARD_H // 3), slice(CARD_W // 4, 3 * CARD_W // 4))
INDEX = (slice(13, 60), slice(13, 70))


@pytest.mark.parametrize("design", DESIGNS)
def test_every_junior_face_draws_in_both_designs(design):
    inside = card_mask() > 0
    for name in DECKS["junior"].names:
        for style in range(len(STYLES)):
            image = draw_card(name, design, style)
            assert image.shape == (CARD_H, CARD_W, 3)
            assert not image[~inside].any(), name
            assert (image[3:8, CARD_W // 2] > 230).all(), name


def test_a_draw1_is_split_and_drawn_unlike_a_draw2_and_a_1():
    assert split("green-draw1") == ("green", "draw1")
    draw1, draw2, one = (draw_card(f"green-{rank}").astype(np.float32) for rank in ("draw1", "draw2", "1"))
    for other in (draw2, one):
        assert np.abs(draw1[CENTRE] - other[CENTRE]).mean() > 10    # one small card in the middle
    assert np.abs(draw1[INDEX] - draw2[INDEX]).mean() > 3            # "+1", not "+2"
    assert np.abs(draw1[INDEX] - one[INDEX]).mean() > 3              # "+1", not "1"


# --- recognising the Junior deck (deck-aware: only the faces of the deck in play) ---------

JUNIOR = DECKS["junior"]


@pytest.mark.parametrize("design", DESIGNS)
def test_the_built_in_profile_names_junior_cards_and_tells_draw1_from_draw2_and_1(design):
    recogniser = Recogniser(deck=JUNIOR)
    named = total = 0
    for i, colour in enumerate(("red", "yellow", "green", "blue")):
        for j, rank in enumerate(("draw1", "draw2", "1")):
            name = f"{colour}-{rank}"
            sighting = recogniser.recognise(one_card(name, 300 + 10 * i + j, design, ("warm", "cold")[j % 2]))
            assert sighting.card in (name, None), (name, sighting)         # never a wrong name
            named, total = named + (sighting.card == name), total + 1
    assert named >= total - 1


def test_a_junior_table_never_names_a_card_outside_its_deck():
    junior, classic = Recogniser(deck=JUNIOR), Recogniser()
    assert "red-0" not in junior.unknown and not junior.unknown        # the drawings know every face
    for seed, name in enumerate(["red-0", "blue-reverse", "wild-draw4", "green-0"]):
        sighting = junior.recognise(one_card(name, 400 + seed))
        assert sighting.card is None or JUNIOR.holds(JUNIOR.parse(sighting.card)), (name, sighting)
        assert sighting.guess in JUNIOR.names
    # and the classic table never names a Junior draw1
    for seed, colour in enumerate(("red", "blue")):
        sighting = classic.recognise(one_card(f"{colour}-draw1", 410 + seed))
        assert sighting.guess in CLASSIC_DECK.names


def test_a_junior_deck_taught_from_one_photo_per_card_names_its_cards_on_table_tops():
    profile, report = taught_from_one_photo_each("junior")
    assert len(report.taught) == len(JUNIOR.names) == 49 and not report.missing
    assert profile.deck == "junior" and "draw1" in profile.ranks and "0" not in profile.ranks
    recogniser = Recogniser(profile, deck=JUNIOR)
    right, answered, _ = read_on_table_tops(recogniser, JUNIOR.names)   # the check half, the taught print
    assert answered >= 14 and right >= answered - 1, (right, answered)


def test_a_taught_junior_profile_keeps_its_deck_in_its_file(tmp_path):
    profile, _ = taught_from_one_photo_each("junior")
    profile.save(tmp_path / "junior.json")
    loaded = Profile.load(tmp_path / "junior.json")
    assert loaded.deck == "junior" and set(loaded.ranks) == set(profile.ranks)
    # at a classic table it cannot name the faces it never saw, and says which
    assert {"red-0", "blue-reverse", "wild-draw4"} <= set(Recogniser(loaded).unknown)


def test_teaching_refuses_a_card_outside_the_deck(tmp_path):
    (tmp_path / "red-0").mkdir()
    with pytest.raises(UserError, match="not a card of the junior deck"):
        teach(tmp_path, JUNIOR)
    with pytest.raises(UserError, match="not a card of the junior deck"):
        teach_images({"red-0": [np.zeros((60, 60, 3), np.uint8)]}, JUNIOR)
    with pytest.raises(UserError, match="knows none of the junior"):
        Recogniser(Profile(source="zeros only", ranks=["0"], groups=["taught"],
                           rows=[np.ones(8, np.float32)]), deck=JUNIOR)


def test_the_watcher_reports_the_plays_of_a_junior_game():
    names = ["red-draw1", "red-1", "blue-1", "blue-draw2", "wild", "green-draw1"]
    assert DiscardWatcher(deck=JUNIOR).recogniser.deck is JUNIOR
    assert watched_plays(names, JUNIOR, seed=6) == names


def test_the_commands_teach_and_name_the_deck_they_are_told(tmp_path):
    run = run_companion
    (tmp_path / "deck" / "red-0").mkdir(parents=True)
    result = run("teach", str(tmp_path / "deck"), "--deck", "junior", "--out", str(tmp_path / "p.json"))
    assert result.returncode == 2 and "not a card of the junior deck" in result.stderr
    assert "Traceback" not in result.stderr
    photo = tmp_path / "draw1.png"
    cv2.imwrite(str(photo), one_card("yellow-draw1", 77, height=260))
    result = run("recognise", "--deck", "junior", str(photo))
    assert result.returncode == 0, result.stderr
    assert '"card": "yellow-draw1"' in result.stdout
