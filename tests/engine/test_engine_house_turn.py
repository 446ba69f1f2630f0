"""H6 must_play_drawn, H7 draw_until_playable, H8 no_action_finish / no_zero_finish: on and off."""
import pytest

from companion.engine import events as E, parse_card
from companion.errors import UserError

from engine_helpers import draw, table, types

HANDS = [["red-1", "red-2"], ["blue-3", "green-4"], ["green-5", "green-6"]]


def test_h6_off_a_fitting_drawn_card_may_be_kept(mode):
    game = mode(HANDS)
    draw(game, 1, "red-9")
    game.apply(E.Pass(1))
    assert game.snapshot()["turn"] == 2


def test_h6_a_fitting_drawn_card_must_be_played_with_full_information():
    game = table(HANDS, must_play_drawn=True)
    draw(game, 1, "red-9")
    with pytest.raises(UserError, match="must be played \\(H6\\)"):
        game.apply(E.Pass(1))
    game.apply(E.Play(1, "red-9"))
    # a drawn card that does not fit may still be kept
    draw(game, 2, "blue-8")
    game.apply(E.Pass(2))


def test_h6_tracking_cannot_see_the_drawn_card_and_trusts_the_pass():
    game = table(HANDS, must_play_drawn=True, full=False)
    draw(game, 1, "red-9")
    game.apply(E.Pass(1))
    assert game.snapshot()["turn"] == 2


def test_h7_off_only_one_card_is_drawn(mode):
    game = mode(HANDS)
    draw(game, 1, "blue-9")
    with pytest.raises(UserError, match="may draw 0"):
        draw(game, 1, "blue-8")


def test_h7_draw_until_a_card_fits(mode):
    # given draw-until-playable, when the drawn cards do not fit, then the player draws again
    game = mode(HANDS, draw_until_playable=True)
    draw(game, 1, "blue-9")
    if game.full:
        with pytest.raises(UserError, match="draw again \\(H7\\)"):
            game.apply(E.Pass(1))
    draw(game, 1, "green-9")
    draw(game, 1, "red-9")
    assert game.snapshot()["hand_sizes"][1] == 5
    if game.full:  # a fitting card has come: no further draw
        with pytest.raises(UserError, match="may draw 0"):
            draw(game, 1, "red-8")
    game.apply(E.Play(1, "red-9"))
    assert game.snapshot()["turn"] == 2


def test_h7_full_information_lists_no_play_until_the_drawn_card_fits():
    game = table(HANDS, draw_until_playable=True)
    draw(game, 1, "blue-9")
    assert game.legal_plays(1) == []
    draw(game, 1, "red-9")
    assert game.legal_plays(1) == [parse_card("red-9")]


@pytest.mark.parametrize("last", ["red-skip", "wild", "red-draw2"])
def test_h8_the_last_card_must_be_a_number_card(mode, last):
    game = mode([["red-1", "red-2"], [last], ["green-5", "green-6"]], no_action_finish=True)
    actions = game.apply(E.Play(1, last))
    assert types(actions) == ["take_back", "dispense"] and "(H8)" in actions[0].why


def test_h8_off_an_action_card_may_finish(mode):
    game = mode([["red-1", "red-2"], ["red-skip"], ["green-5", "green-6"]])
    game.apply(E.Play(1, "red-skip"))
    assert game.snapshot()["round_winner"] == 1


def test_h8_a_number_card_still_finishes(mode):
    game = mode([["red-1", "red-2"], ["red-0"], ["green-5", "green-6"]], no_action_finish=True)
    game.apply(E.Play(1, "red-0"))
    assert game.snapshot()["round_winner"] == 1


def test_h8_no_zero_finish(mode):
    game = mode([["red-1", "red-2"], ["red-0"], ["green-5", "green-6"]], no_zero_finish=True)
    actions = game.apply(E.Play(1, "red-0"))
    assert types(actions) == ["take_back", "dispense"] and "may not be a 0" in actions[0].why
    assert game.snapshot()["round_winner"] is None


def test_h8_an_action_card_before_the_last_is_fine(mode):
    game = mode([["red-1", "red-2"], ["red-skip", "red-3"], ["green-5", "green-6"]],
                no_action_finish=True)
    game.apply(E.Play(1, "red-skip"))
    assert game.snapshot()["turn"] == 0
