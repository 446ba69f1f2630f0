"""The project's own card drawings: every face draws, in both designs, as the print shows it."""
import numpy as np
import pytest

from companion.vision import glyphs
from companion.vision.deck import card_names
from companion.vision.render import CARD_H, CARD_W, DESIGNS, PAINT, STYLES, card_mask, draw_card

CENTRE = (slice(CARD_H // 3, 2 * CARD_H // 3), slice(CARD_W // 4, 3 * CARD_W // 4))


def _near(image, colour, tolerance=40):
    return (np.abs(image.astype(int) - np.array(colour)).max(axis=2) < tolerance)


@pytest.mark.parametrize("design", DESIGNS)
def test_every_face_draws_in_both_designs_with_white_border_and_black_outside(design):
    inside = card_mask() > 0
    for name in card_names():
        for style in range(len(STYLES)):
            image = draw_card(name, design, style)
            assert image.shape == (CARD_H, CARD_W, 3)
            assert not image[~inside].any()                            # outside the outline
            assert (image[3:8, CARD_W // 2] > 230).all(), name        # the white margin


def test_the_drawing_is_the_same_every_time_and_a_copy():
    first = draw_card("blue-7")
    first[:] = 0                                                       # a caller may scribble
    assert np.array_equal(draw_card("blue-7"), draw_card("blue-7"))
    assert draw_card("blue-7").any()


def test_an_unknown_design_is_refused():
    with pytest.raises(ValueError, match="classic"):
        draw_card("red-1", design="deluxe")


def test_classic_numbers_sit_coloured_in_a_white_oval_current_ones_are_white_on_colour():
    classic, current = draw_card("red-5", "classic"), draw_card("red-5", "current")
    beside = (slice(CARD_H // 2 - 15, CARD_H // 2 + 15), slice(40, 50))    # left of the number
    assert _near(classic[beside], (250, 250, 250)).mean() > 0.9              # the oval
    assert _near(current[beside], PAINT["red"]).mean() > 0.9                 # no oval
    # the number: red with black edges (classic), white with a black shadow (current)
    assert _near(classic[CENTRE], PAINT["red"]).mean() > 0.15
    assert _near(current[CENTRE], (250, 250, 250)).mean() > 0.15
    for image in (classic, current):
        assert _near(image[CENTRE], (20, 20, 20)).mean() > 0.05


def test_ranks_look_different_from_each_other():
    faces = {name: draw_card(name).astype(np.float32) for name in card_names() if name.startswith("green")}
    names = sorted(faces)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert np.abs(faces[a] - faces[b]).mean() > 3, (a, b)


def test_a_six_turned_round_is_not_a_nine():
    six = draw_card("blue-6")[CENTRE]
    nine = draw_card("blue-9")[CENTRE]
    assert np.abs(six[::-1, ::-1].astype(int) - nine.astype(int)).mean() > 5      # the underline


def test_wild_cards_have_a_black_field_and_wild_draw4_its_plus_four():
    for design in DESIGNS:
        wild, draw4 = draw_card("wild", design), draw_card("wild-draw4", design)
        for image in (wild, draw4):
            assert _near(image[60:80, 16:26], (20, 20, 20)).mean() > 0.9
        assert all(_near(wild[CENTRE], PAINT[c]).mean() > 0.05 for c in ("red", "yellow", "green", "blue"))
        corner = (slice(15, 55), slice(15, 60))
        assert _near(draw4[corner], (250, 250, 250)).mean() > 0.05              # the "+4"
        assert _near(wild[corner], (250, 250, 250)).mean() < _near(draw4[corner], (250, 250, 250)).mean()


def test_glyphs_fill_their_box_and_lean_right():
    for text in "0123456789":
        mask = np.zeros((200, 200), np.uint8)
        glyphs.draw_text(mask, text, (100, 100), 100)
        ys, xs = np.nonzero(mask)
        assert 95 <= ys.max() - ys.min() + 1 <= (135 if text in "69" else 125), text
        top, bottom = xs[ys < 70].mean(), xs[ys > 130].mean() if text in "69" else xs[ys > 130 - 10].mean()
        assert text in "14" or top > bottom - 12, text                 # slanted, not leaning back
    plus_four = np.zeros((60, 100), np.uint8)
    glyphs.draw_text(plus_four, "+4", (50, 30), 30)
    assert plus_four[:, :45].any() and plus_four[:, 55:].any()
