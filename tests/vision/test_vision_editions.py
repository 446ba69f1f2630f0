"""The camera and the edition decks (E3 UNO Junior): its faces drawn with the project's own
glyphs, then taught and recognised on rendered top-down scenes."""
import numpy as np
import pytest

from companion.engine.cards import DECKS
from companion.vision.deck import split
from companion.vision.render import CARD_H, CARD_W, DESIGNS, STYLES, card_mask, draw_card

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
