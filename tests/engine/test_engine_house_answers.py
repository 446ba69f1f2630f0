"""V4 reverse_bounce and V5 skip_pass_on, on and off, both modes; V4 together with H1."""
from companion.engine import events as E

from engine_helpers import draw, types

# dealer 0, red-5 on top: seat 1 plays a draw2 at seat 2
HANDS = [["red-1", "red-draw2", "blue-3"], ["red-draw2", "blue-draw2", "wild-draw4"],
         ["red-reverse", "red-skip", "blue-reverse", "green-5"], ["yellow-6", "yellow-8"]]


def test_v4_v5_off_reverse_and_skip_do_not_answer_a_draw2(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-draw2"))
    assert types(game.apply(E.Play(2, "red-reverse"))) == ["take_back", "dispense"]
    assert types(game.apply(E.Play(2, "red-skip"))) == ["take_back", "dispense"]


def test_v4_a_reverse_of_the_same_colour_sends_the_draw_back(mode):
    game = mode(HANDS, reverse_bounce=True)
    game.apply(E.Play(1, "red-draw2"))
    actions = game.apply(E.Play(2, "red-reverse"))
    assert [(a.type, a.seat) for a in actions] == [("turn", 1)]
    state = game.snapshot()
    assert state["waiting_for"] == {"seat": 1, "what": "draw 2"}
    assert state["direction"] == "counter-clockwise"
    game.apply(E.Accept(1))
    draw(game, 1, "blue-0", "blue-1")
    assert game.snapshot()["turn"] == 0  # seat 1 lost the turn; play goes on counter-clockwise


def test_v4_a_reverse_of_another_colour_does_not_bounce(mode):
    game = mode(HANDS, reverse_bounce=True)
    game.apply(E.Play(1, "red-draw2"))
    assert types(game.apply(E.Play(2, "blue-reverse"))) == ["take_back", "dispense"]


def test_v4_on_a_wild_draw4_the_reverse_must_be_of_the_chosen_colour(mode):
    game = mode(HANDS, reverse_bounce=True)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "blue"))
    assert types(game.apply(E.Play(2, "red-reverse"))) == ["take_back", "dispense"]
    game.apply(E.Play(2, "blue-reverse"))
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "draw 4"}


def test_v4_with_h1_the_bounced_draw_can_be_stacked(mode):
    # given bounce and stacking, when seat 2 sends seat 1's draw2 back, then seat 1 may stack
    game = mode(HANDS, reverse_bounce=True, stack_draw2=True)
    game.apply(E.Play(1, "red-draw2"))
    game.apply(E.Play(2, "red-reverse"))       # back to seat 1, now counter-clockwise
    assert types(game.apply(E.Play(1, "wild-draw4"))) == ["take_back", "dispense"]  # H1: no mix
    game.apply(E.Play(1, "blue-draw2"))         # 2 + 2 go on to seat 0
    assert game.snapshot()["waiting_for"] == {"seat": 0, "what": "draw 4"}


def test_v5_a_skip_of_the_same_colour_passes_the_draw_on(mode):
    game = mode(HANDS, skip_pass_on=True)
    game.apply(E.Play(1, "red-draw2"))
    game.apply(E.Play(2, "red-skip"))
    state = game.snapshot()
    assert state["waiting_for"] == {"seat": 3, "what": "draw 2"} and state["hand_sizes"][2] == 3


def test_v5_does_not_answer_a_wild_draw4(mode):
    game = mode(HANDS, skip_pass_on=True)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "red"))
    assert types(game.apply(E.Play(2, "red-skip"))) == ["take_back", "dispense"]
