"""Tracking mode: hidden hands, sizes only, shown cards remembered, contradictions reported."""
import pytest

from companion.engine import events as E
from companion.errors import UserError

from engine_helpers import table, types


def test_hand_sizes_follow_plays_draws_and_penalties():
    game = table(full=False)
    game.apply(E.Play(1, "red-9"))
    game.apply(E.Draw(2, 1))
    game.apply(E.Pass(2))
    game.apply(E.Penalty(0, "suggestion"))
    game.apply(E.Draw(0, 2))
    assert game.snapshot()["hand_sizes"] == [9, 6, 8]
    assert game.snapshot()["draw_pile"] == 86 - 3


def test_a_shown_hand_is_remembered_until_its_cards_are_played():
    game = table(full=False)
    game.apply(E.RevealHand(1, ("red-9", "blue-1", "blue-1", "wild", "green-2", "green-3", "yellow-0")))
    game.apply(E.Play(1, "red-9"))
    known = game.snapshot()["known_cards"][1]
    assert sorted(known) == sorted(["blue-1", "blue-1", "wild", "green-2", "green-3", "yellow-0"])


def test_a_shown_hand_of_another_size_is_reported_and_the_size_follows_it():
    # given seat 2 counted with 7 cards, when it shows 6, then the host is asked to check
    game = table(full=False)
    actions = game.apply(E.RevealHand(2, ("red-1",) * 6))
    assert types(actions) == ["needs_correction"] and "counted with 7" in actions[0].text
    assert game.snapshot()["hand_sizes"][2] == 6 and game.snapshot()["draw_pile"] == 87


def test_a_correction_sets_the_size_and_keeps_the_cards_conserved():
    game = table(full=False)
    game.apply(E.Correction(0, 9))
    assert game.snapshot()["hand_sizes"] == [9, 7, 7] and game.snapshot()["draw_pile"] == 84
    with pytest.raises(UserError, match="from 1"):
        game.apply(E.Correction(0, 0))
    with pytest.raises(UserError, match="only the player who went out"):
        game.apply(E.RevealHand(0, ()))


def test_more_cards_drawn_than_the_pile_held_is_reported_not_hidden():
    # given an almost empty launcher and nothing to reshuffle, when it counts more than it held
    game = table(full=False)
    game.apply(E.Correction(0, 92))  # 108 - 92 - 7 - 7 - 1 (top card) = 1 left
    game.apply(E.Penalty(1, "suggestion"))
    actions = game.apply(E.Draw(1, 2))
    assert types(actions) == ["needs_correction"]
    assert game.snapshot()["draw_pile"] == 0 and min(game.snapshot()["hand_sizes"]) >= 0


def test_full_information_refuses_a_hand_that_differs_from_the_known_one():
    game = table()
    with pytest.raises(UserError, match="differs"):
        game.apply(E.RevealHand(1, ("red-9",)))
    with pytest.raises(UserError, match="nothing to correct"):
        game.apply(E.Correction(1, 3))
