"""A classic deck taught from one photo per card: which colours teaching compares a photo's
field with, and how sure a taught profile must be before it names a card."""
import cv2
import pytest

from companion.engine.cards import CLASSIC_DECK
from companion.vision.bench import teaching_photos
from companion.vision.builtin import default_profile
from companion.vision.deck import colours
from companion.vision.features import look
from companion.vision.recognise import Recogniser, nearest_colour
from companion.vision.detect import READ_H, READ_W
from companion.vision.render import PRINT_RUNS, draw_card
from companion.vision.teach import teach_images

from edition_checks import one_card


def test_a_bluish_green_print_is_green_among_the_decks_own_colours(monkeypatch):
    # On a real photo a classic green read at hue 151 degrees, nearer to Flip's dark teal
    # than to the drawings' green: teaching took its whole-card outline for the wrong colour
    # and taught green-skip from a corner of the card instead.
    monkeypatch.setitem(PRINT_RUNS, "bluish-green", {"green": (120, 160, 20)})    # hue 164
    card = cv2.resize(draw_card("green-5", "classic", print_run="bluish-green"), (READ_W, READ_H))
    builtin = default_profile().colours
    classic = {c: builtin[c] for c in colours(CLASSIC_DECK)}
    assert nearest_colour(look(card).chroma, classic) == "green"
    assert nearest_colour(look(card).chroma, builtin) == "teal"      # every edition's colours


@pytest.mark.parametrize("left_out", ["8", "skip"])
def test_a_rank_never_taught_is_not_named_as_another(left_out):
    # a template taught from part of a card, or the nearest other rank, must not pass for a
    # card the deck never showed: a taught profile asks for a clearer lead and likeness
    names = [n for n in CLASSIC_DECK.names if not n.endswith("-" + left_out)]
    recogniser = Recogniser(teach_images(teaching_photos(names), CLASSIC_DECK)[0])
    seen = [recogniser.recognise(one_card(f"{colour}-{left_out}", 50 + i)).card
            for i, colour in enumerate(["red", "yellow", "green", "blue"] * 3)]
    assert seen == [None] * 12, seen
