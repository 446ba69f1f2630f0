"""H4 seven_o, on and off, both modes; H4 together with H8 (no_zero_finish)."""
import pytest

from companion.engine import events as E
from companion.errors import UserError

from engine_helpers import types

HANDS = [["red-1", "blue-2", "blue-3"], ["red-7", "red-0", "green-4", "green-5"],
         ["yellow-6", "yellow-8"], ["green-2", "green-3", "green-6", "blue-9", "yellow-1"]]


def test_h4_off_a_7_and_a_0_are_plain_numbers(mode):
    game = mode(HANDS)
    assert types(game.apply(E.Play(1, "red-7"))) == ["turn"]
    assert game.snapshot()["hand_sizes"] == [3, 3, 2, 5]


def test_h4_a_7_swaps_hands_with_the_chosen_player(mode):
    game = mode(HANDS, seven_o=True)
    actions = game.apply(E.Play(1, "red-7"))
    assert [(a.type, a.seat) for a in actions] == [("ask_target", 1)]
    with pytest.raises(UserError, match="another player"):
        game.apply(E.ChooseTarget(1, 1))
    actions = game.apply(E.ChooseTarget(1, 3))
    assert [(a.type, a.seat) for a in actions] == [("turn", 2)]
    assert game.snapshot()["hand_sizes"] == [3, 5, 2, 3]
    if game.full:
        assert sorted(game.snapshot()["hands"][3]) == ["green-4", "green-5", "red-0"]


def test_h4_a_0_passes_every_hand_on_in_play_direction(mode):
    game = mode(HANDS, seven_o=True)
    game.apply(E.Play(1, "red-0"))
    # seat 1's 3 cards go to seat 2, seat 2's 2 to seat 3, seat 3's 5 to seat 0, seat 0's 3 to 1
    assert game.snapshot()["hand_sizes"] == [5, 3, 3, 2]
    if game.full:
        assert sorted(game.snapshot()["hands"][1]) == ["blue-2", "blue-3", "red-1"]


def test_h4_a_0_as_the_last_card_does_not_win(mode):
    # given seat 1's last card is a 0, when played, then seat 1 takes seat 0's hand and
    # seat 2, who receives the empty hand, has gone out
    game = mode([["red-1", "blue-2"], ["red-0"], ["yellow-6", "yellow-8"]], seven_o=True)
    game.apply(E.Play(1, "red-0"))
    if not game.full:
        game.apply(E.RoundEnd((14, 3, 0)))
    state = game.snapshot()
    assert state["round_winner"] == 2 and state["hand_sizes"] == [2, 2, 0]
    assert state["scores"] == [0, 0, 14 + 3]


def test_h4_with_h8_no_zero_finish_the_0_may_not_be_the_last_card(mode):
    game = mode([["red-1", "blue-2"], ["red-0"], ["yellow-6", "yellow-8"]], seven_o=True,
                no_zero_finish=True)
    assert types(game.apply(E.Play(1, "red-0"))) == ["take_back", "dispense"]


def test_h4_a_7_as_the_last_card_wins(mode):
    game = mode([["red-1", "blue-2"], ["red-7"], ["yellow-6", "yellow-8"]], seven_o=True)
    game.apply(E.Play(1, "red-7"))
    assert game.snapshot()["round_winner"] == 1
