"""The camera and the DOS deck (E7): its faces drawn with the project's own glyphs (the 10,
the wild # in each colour, the wild DOS), then taught and recognised on rendered top-down
scenes; a DOS table names only DOS's faces."""

import numpy as np
import pytest

from companion.engine.cards import CLASSIC_DECK, DECKS
from companion.vision.deck import split
from companion.vision.recognise import Recogniser
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card

from edition_checks import one_card, read_on_table_tops, recognise_photo, taught_from_one_photo_each, watched_plays

DOS = DECKS["dos"]
CENTRE = (slice(CARD_H // 3, 2 * CARD_H // 3), slice(CARD_W // 4, 3 * CARD_W // 4))
INDEX = (slice(13, 60), slice(13, 70))


@pytest.mark.parametrize("design", DESIGNS)
def test_every_dos_face_draws_in_both_designs(design):
    inside = card_mask() > 0
    for name in DOS.names:
        for style in range(len(STYLES)):
            image = draw_card(name, design, style)
            assert image.shape == (CARD_H, CARD_W, 3)
            assert not image[~inside].any(), name
            assert (image[3:8, CARD_W // 2] > 230).all(), name      # the white margin


def test_the_dos_faces_split_into_their_own_ranks_and_look_unlike_their_neighbours():
    assert split("red-10") == ("red", "10")
    assert split("blue-wild-number") == ("blue", "wild-number")
    assert split("wild-dos") == (None, "wild-dos")
    ten, one, wild_number, three = (draw_card(f"green-{rank}").astype(np.float32)
                                    for rank in ("10", "1", "wild-number", "3"))
    assert np.abs(ten[CENTRE] - one[CENTRE]).mean() > 10            # two digits, not one
    assert np.abs(ten[INDEX] - one[INDEX]).mean() > 3               # "10" in the corner, not "1"
    assert np.abs(wild_number[CENTRE] - three[CENTRE]).mean() > 10  # "#", not a number
    wild_dos, wild = draw_card("wild-dos").astype(np.float32), draw_card("wild").astype(np.float32)
    assert np.abs(wild_dos[CENTRE] - wild[CENTRE]).mean() > 10
    field = draw_card("wild-dos")[60:90, 16:26].astype(int)
    assert field.max() < 80                                         # a black field, as wilds have


@pytest.mark.parametrize("design", DESIGNS)
def test_the_built_in_profile_names_the_dos_faces_on_rendered_tables(design):
    recogniser = Recogniser(deck=DOS)
    assert not recogniser.unknown                                   # the drawings know every face
    named = total = 0
    names = ["red-10", "blue-wild-number", "wild-dos", "green-1", "yellow-10", "green-wild-number",
             "blue-3", "red-wild-number", "wild-dos", "yellow-9"]
    for seed, name in enumerate(names):
        sighting = recogniser.recognise(one_card(name, 500 + seed, design, ("warm", "cold")[seed % 2]))
        assert sighting.card in (name, None), (name, sighting)      # never a wrong name
        named, total = named + (sighting.card == name), total + 1
    assert named >= total - 1


def test_a_dos_table_never_names_a_card_outside_its_deck_nor_a_classic_one_a_dos_card():
    dos, classic = Recogniser(deck=DOS), Recogniser()
    for seed, name in enumerate(["red-0", "blue-2", "green-skip", "wild-draw4"]):
        sighting = dos.recognise(one_card(name, 520 + seed))
        assert sighting.guess in DOS.names, (name, sighting)
    for seed, name in enumerate(["red-10", "blue-wild-number", "wild-dos"]):
        sighting = classic.recognise(one_card(name, 530 + seed))
        assert sighting.guess in CLASSIC_DECK.names, (name, sighting)


def test_a_dos_deck_taught_from_one_photo_per_card_names_its_cards_on_table_tops():
    profile, report = taught_from_one_photo_each("dos")
    assert len(report.taught) == len(DOS.names) == 41 and not report.missing
    assert profile.deck == "dos" and {"10", "wild-number", "wild-dos"} <= set(profile.ranks)
    assert "0" not in profile.ranks and "2" not in profile.ranks
    recogniser = Recogniser(profile, deck=DOS)
    right, answered, _ = read_on_table_tops(recogniser, DOS.names)   # the check half, the taught print
    assert answered >= 14 and right >= answered - 1, (right, answered)


def test_the_watcher_reports_dos_cards_settling_on_a_pile():
    names = ["red-10", "red-wild-number", "wild-dos", "blue-10", "blue-1"]
    assert watched_plays(names, DOS) == names


def test_recognise_names_a_dos_card_from_the_command_line(tmp_path):
    result = recognise_photo(tmp_path, "green-10", "dos", seed=77)
    assert result.returncode == 0, result.stderr
    assert '"card": "green-10"' in result.stdout
