"""H1 stack_draw2 and H2 stack_mixed, on and off, in both modes; the Accept event (T6)."""
import pytest

from companion.engine import events as E
from companion.errors import UserError

from engine_helpers import draw, types

HANDS = [["red-1", "red-draw2", "wild-draw4", "blue-3"],
         ["red-draw2", "blue-draw2", "wild-draw4", "green-4"],
         ["yellow-draw2", "wild-draw4", "green-5", "green-6"]]


def test_h1_off_a_draw2_on_a_pending_draw2_is_a_misplay(mode):
    game = mode(HANDS)
    assert types(game.apply(E.Play(1, "red-draw2"))) == ["turn", "dispense"]
    assert types(game.apply(E.Play(2, "yellow-draw2"))) == ["take_back", "dispense"]


def test_h1_a_draw2_answers_a_draw2_and_the_total_passes_on(mode):
    # given stacking, when seat 1 plays draw2, then seat 2 may answer: no cards are dispensed yet
    game = mode(HANDS, stack_draw2=True)
    actions = game.apply(E.Play(1, "red-draw2"))
    assert [(a.type, a.seat, a.may) for a in actions] == [("turn", 2, ("answer", "take 2"))]
    # when seat 2 answers with any draw2, then seat 0 faces 4
    game.apply(E.Play(2, "yellow-draw2"))
    assert game.snapshot()["waiting_for"] == {"seat": 0, "what": "draw 4"}
    # when seat 0 takes them, then 4 are dispensed and seat 0 loses the turn
    actions = game.apply(E.Accept(0))
    assert [(a.type, a.seat, getattr(a, "count", None)) for a in actions][-1] == ("dispense", 0, 4)
    draw(game, 0, "blue-0", "blue-1", "blue-2", "blue-4")
    assert game.snapshot()["turn"] == 1 and game.snapshot()["hand_sizes"] == [8, 3, 3]


def test_h1_wild_draw4_answers_wild_draw4_and_the_challenge_goes_to_the_last_one(mode):
    game = mode(HANDS, stack_draw2=True)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "blue"))
    game.apply(E.Play(2, "wild-draw4"))     # seat 2 answers in its challenge window
    actions = game.apply(E.ChooseColour(2, "green"))
    assert [(a.type, a.seat, a.against) for a in actions] == [("challenge_window", 0, 2)]
    assert game.snapshot()["pending_draw"] == 8


def test_h1_alone_does_not_mix_draw2_and_wild_draw4(mode):
    game = mode(HANDS, stack_draw2=True)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "yellow"))
    assert types(game.apply(E.Play(2, "yellow-draw2"))) == ["take_back", "dispense"]


def test_h2_mixed_stacking_adds_totals(mode):
    # (yellow start card: seat 1 holds no yellow, so its wild-draw4 is legal, T2)
    game = mode(HANDS, stack_mixed=True, challenge_wd4=False, start="yellow-5")
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "yellow"))
    game.apply(E.Play(2, "yellow-draw2"))   # 4 + 2
    game.apply(E.Play(0, "red-draw2"))      # + 2, any colour answers a draw
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "draw 8"}


def test_h1_no_answer_to_a_last_draw2(mode):
    # given seat 1 goes out on a draw2 (T7), then seat 2 must draw; the round is over
    game = mode([["red-1", "red-2"], ["red-draw2"], ["yellow-draw2", "green-5"]], stack_draw2=True)
    actions = game.apply(E.Play(1, "red-draw2"))
    assert types(actions) == ["turn", "dispense"]
    assert types(game.apply(E.Play(2, "yellow-draw2"))) == ["take_back", "dispense"]


def test_t6_accept_takes_the_wild_draw4_and_dispenses(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "blue"))
    actions = game.apply(E.Accept(2))
    assert [(a.type, getattr(a, "count", None)) for a in actions] == [("turn", None), ("dispense", 4)]
    with pytest.raises(UserError, match="cannot challenge"):
        game.apply(E.Challenge(2))


def test_accept_is_refused_when_the_cards_are_already_on_their_way(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-draw2"))
    with pytest.raises(UserError, match="on their way"):
        game.apply(E.Accept(2))
