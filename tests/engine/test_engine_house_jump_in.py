"""H5 jump_in with jump_in_wild and jump_in_keeps_action; H5 together with H1. Both modes."""
import pytest

from companion.engine import RuleOptions, events as E
from companion.errors import UserError

from engine_helpers import types

# dealer 0, red-5 on top, seat 1 to play; 4 players so that someone can be skipped
HANDS = [["red-1", "blue-2"], ["red-9", "red-draw2", "wild"], ["green-3", "red-draw2"],
         ["red-9", "wild", "yellow-4"]]


def test_h5_off_an_identical_card_out_of_turn_is_a_misplay(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-9"))
    assert types(game.apply(E.Play(3, "red-9"))) == ["take_back", "dispense"]


def test_h5_an_identical_card_jumps_in_and_play_goes_on_from_that_player(mode):
    # given seat 1 played red-9 and seat 2 is next, when seat 3 jumps in with red-9
    game = mode(HANDS, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    actions = game.apply(E.Play(3, "red-9"))
    # then seat 2 is skipped and seat 0 (after seat 3) plays
    assert [(a.type, a.seat) for a in actions] == [("turn", 0)]
    assert game.snapshot()["hand_sizes"] == [2, 2, 2, 2]


def test_h5_a_card_that_is_not_identical_cannot_jump_in(mode):
    game = mode(HANDS, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    assert types(game.apply(E.Play(3, "yellow-4"))) == ["take_back", "dispense"]


def test_h5_wilds_jump_in_only_with_jump_in_wild(mode):
    for wild_too, expected in ((False, "take_back"), (True, "ask_colour")):
        game = mode(HANDS, jump_in=True, jump_in_wild=wild_too)
        game.apply(E.Play(1, "wild"))
        game.apply(E.ChooseColour(1, "green"))
        assert types(game.apply(E.Play(3, "wild")))[0] == expected


def test_h5_jumping_on_a_draw2_cancels_its_draw_by_default(mode):
    # given seat 1's draw2 aimed at seat 2, when seat 3 jumps in with the other red draw2
    game = mode([["red-1", "blue-2"], ["red-draw2", "red-9"], ["green-3", "blue-3"],
                 ["red-draw2", "yellow-4"]], jump_in=True)
    actions = game.apply(E.Play(1, "red-draw2"))
    assert [(a.type, a.may) for a in actions] == [("turn", ("answer", "take 2"))]  # waits
    game.apply(E.Play(3, "red-draw2"))
    # then seat 2 draws nothing and seat 0, after the jumper, faces 2
    state = game.snapshot()
    assert state["owed_cards"] == [0, 0, 0, 0] and state["waiting_for"] == {"seat": 0, "what": "draw 2"}


def test_h5_keeps_action_the_first_draw_still_hits(mode):
    game = mode([["red-1", "blue-2"], ["red-draw2", "red-9"], ["green-3", "blue-3"],
                 ["red-draw2", "yellow-4"]], jump_in=True, jump_in_keeps_action=True)
    game.apply(E.Play(1, "red-draw2"))
    actions = game.apply(E.Play(3, "red-draw2"))
    assert ("dispense", 2, 2) in [(a.type, getattr(a, "seat", None), getattr(a, "count", None))
                                  for a in actions]
    assert game.snapshot()["waiting_for"] == {"seat": 0, "what": "draw 2"}


def test_h5_with_h1_the_victim_stacks_and_others_jump_in(mode):
    # given stacking and jump-in: the victim's own draw2 stacks (H1), a jump-in cancels (H5)
    hands = [["red-1", "blue-draw2"], ["red-draw2", "red-9"], ["blue-draw2", "blue-3"],
             ["green-2", "yellow-4"]]
    game = mode(hands, jump_in=True, stack_draw2=True)
    game.apply(E.Play(1, "red-draw2"))
    game.apply(E.Play(2, "blue-draw2"))         # seat 2 is the victim: stacking, 4 to seat 3
    assert game.snapshot()["waiting_for"] == {"seat": 3, "what": "draw 4"}
    game.apply(E.Play(0, "blue-draw2"))         # seat 0 jumps in: the 4 are cancelled
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "draw 2"}


def test_h5_sub_options_need_jump_in():
    with pytest.raises(UserError, match="jump_in_wild \\(H5\\) only works together with jump_in"):
        RuleOptions(jump_in_wild=True)


def test_h5_no_jumping_in_after_the_last_card(mode):
    # given seat 1 went out on a draw2 (T7), when seat 3 plays the identical card, then misplay
    game = mode([["red-1", "blue-2"], ["red-draw2"], ["green-3", "blue-3"],
                 ["red-draw2", "yellow-4"]], jump_in=True)
    game.apply(E.Play(1, "red-draw2"))
    actions = game.apply(E.Play(3, "red-draw2"))
    assert types(actions) == ["take_back", "dispense"] and "(T7)" in actions[0].why
