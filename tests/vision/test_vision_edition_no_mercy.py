"""The camera and E5 UNO Show 'em No Mercy's deck: its faces drawn with the project's own
glyphs (companion/vision/render_no_mercy.py), then taught and recognised on rendered
top-down scenes, as the Junior deck is (test_vision_editions.py)."""

import numpy as np
import pytest

from companion.engine.cards import CLASSIC_DECK, DECKS
from companion.vision.recognise import Recogniser
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card

from edition_checks import one_card, read_on_table_tops, recognise_photo, taught_from_one_photo_each, watched_plays

NO_MERCY = DECKS["no-mercy"]
CENTRE = (slice(CARD_H // 3, 2 * CARD_H // 3), slice(CARD_W // 4, 3 * CARD_W // 4))
INDEX = (slice(13, 60), slice(13, 70))
ACTIONS = ("draw4", "skip-everyone", "discard-all")
WILDS = ("wild-reverse-draw4", "wild-draw6", "wild-draw10", "wild-colour-roulette")


@pytest.mark.parametrize("design", DESIGNS)
def test_every_no_mercy_face_draws_in_both_designs(design):
    inside = card_mask() > 0
    for name in NO_MERCY.names:
        for style in range(len(STYLES)):
            image = draw_card(name, design, style)
            assert image.shape == (CARD_H, CARD_W, 3)
            assert not image[~inside].any(), name
            assert (image[3:8, CARD_W // 2] > 230).all(), name       # the white border


def _differ(a, b, where):
    return np.abs(draw_card(a).astype(np.float32)[where] - draw_card(b).astype(np.float32)[where]).mean()


def test_each_new_face_looks_unlike_its_nearest_classic_or_no_mercy_neighbour():
    assert _differ("red-draw4", "red-draw2", CENTRE) > 10 and _differ("red-draw4", "red-draw2", INDEX) > 3
    assert _differ("blue-skip-everyone", "blue-skip", CENTRE) > 5
    assert _differ("green-discard-all", "green-draw2", CENTRE) > 10
    assert _differ("wild-draw6", "wild-draw10", CENTRE) > 10 and _differ("wild-draw6", "wild-draw10", INDEX) > 3
    assert _differ("wild-reverse-draw4", "wild-draw4", CENTRE) > 10
    roulette = draw_card("wild-colour-roulette")[CENTRE].reshape(-1, 3).astype(int)
    assert roulette.std(axis=0).max() > 40              # a wheel of colours on the black field


@pytest.mark.parametrize("design", DESIGNS)
def test_the_built_in_profile_names_every_no_mercy_action_card(design):
    recogniser = Recogniser(deck=NO_MERCY)
    assert not recogniser.unknown                         # the drawings show every face
    named = total = 0
    for i, colour in enumerate(("red", "yellow", "green", "blue")):
        for j, rank in enumerate((*ACTIONS, "skip", "draw2", WILDS[i])):
            name = rank if rank.startswith("wild") else f"{colour}-{rank}"
            sighting = recogniser.recognise(one_card(name, 600 + 10 * i + j, design, ("warm", "cold")[j % 2]))
            assert sighting.card in (name, None), (name, sighting)         # never a wrong name
            named, total = named + (sighting.card == name), total + 1
    assert named >= total - 1


def test_a_classic_table_never_names_a_no_mercy_card():
    classic = Recogniser()
    for seed, name in enumerate(["red-draw4", "blue-skip-everyone", "wild-draw10", "wild-colour-roulette"]):
        assert classic.recognise(one_card(name, 700 + seed)).guess in CLASSIC_DECK.names


def test_a_no_mercy_deck_taught_from_one_photo_per_card_names_its_cards_on_table_tops():
    profile, report = taught_from_one_photo_each("no-mercy")
    assert len(report.taught) == len(NO_MERCY.names) == 68 and not report.missing
    assert profile.deck == "no-mercy" and {"draw4", "wild-draw10", "discard-all"} <= set(profile.ranks)
    recogniser = Recogniser(profile, deck=NO_MERCY)
    right, answered, _ = read_on_table_tops(recogniser, NO_MERCY.names)   # the check half, the taught print
    assert answered >= 14 and right >= answered - 1, (right, answered)


def test_the_watcher_reports_the_plays_of_a_no_mercy_game():
    names = ["red-draw4", "wild-draw6", "blue-skip-everyone", "blue-discard-all", "wild-colour-roulette",
             "green-7", "wild-draw10", "wild-reverse-draw4"]
    assert watched_plays(names, NO_MERCY) == names


def test_recognise_names_a_no_mercy_card_when_told_the_deck(tmp_path):
    result = recognise_photo(tmp_path, "wild-draw10", "no-mercy", seed=78)
    assert result.returncode == 0, result.stderr
    assert '"card": "wild-draw10"' in result.stdout
