"""V1 doubling: on and off, both modes."""
from companion.engine import events as E

from engine_helpers import types

# dealer 0, red-5 on top, seat 1 to play; seat 1 holds pairs
HANDS = [["red-1", "blue-2", "green-9"], ["red-7", "red-7", "red-skip", "red-skip", "green-4"],
         ["red-draw2", "red-draw2", "yellow-6"], ["yellow-1", "green-2", "blue-5"],
         ["red-reverse", "red-reverse", "blue-1"]]


def test_v1_off_the_second_identical_card_is_out_of_turn(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-7"))
    assert types(game.apply(E.Play(1, "red-7"))) == ["take_back", "dispense"]


def test_v1_a_pair_of_numbers_is_one_play(mode):
    game = mode(HANDS, doubling=True)
    game.apply(E.Play(1, "red-7"))
    assert [(a.type, a.seat) for a in game.apply(E.Play(1, "red-7"))] == [("turn", 2)]
    assert game.snapshot()["hand_sizes"][1] == 3


def test_v1_only_right_away(mode):
    game = mode(HANDS, doubling=True)
    game.apply(E.Play(1, "red-7"))
    game.apply(E.Draw(2, 1, ("blue-0",) if game.full else None))  # seat 2 began its turn
    assert types(game.apply(E.Play(1, "red-7"))) == ["take_back", "dispense"]


def test_v1_two_skips_skip_two_players(mode):
    game = mode(HANDS, doubling=True)
    game.apply(E.Play(1, "red-skip"))
    game.apply(E.Play(1, "red-skip"))
    assert game.snapshot()["turn"] == 4


def test_v1_two_draw2_make_the_next_player_draw_4(mode):
    game = mode(HANDS, doubling=True, dealer=1)  # seat 2 starts
    actions = game.apply(E.Play(2, "red-draw2"))
    assert ("dispense", 3, 2) in [(a.type, getattr(a, "seat", None), getattr(a, "count", None))
                                  for a in actions]
    actions = game.apply(E.Play(2, "red-draw2"))
    assert [(a.type, a.seat, a.count) for a in actions] == [("dispense", 3, 2)]
    assert game.snapshot()["waiting_for"] == {"seat": 3, "what": "draw 4"}


def test_v1_two_reverses_keep_the_direction(mode):
    game = mode(HANDS, doubling=True, dealer=3)  # seat 4 starts
    game.apply(E.Play(4, "red-reverse"))
    game.apply(E.Play(4, "red-reverse"))
    state = game.snapshot()
    assert (state["direction"], state["turn"]) == ("clockwise", 0)


def test_v1_no_pair_of_wilds(mode):
    game = mode([["red-1", "blue-2"], ["wild", "wild", "red-1"], ["blue-3", "blue-4"]], doubling=True)
    game.apply(E.Play(1, "wild"))
    game.apply(E.ChooseColour(1, "blue"))
    assert types(game.apply(E.Play(1, "wild"))) == ["take_back", "dispense"]
