"""V3 action_number, V8 complementary, V10 six_nine: on and off, both modes."""
import pytest

from companion.engine import RuleOptions, events as E
from companion.errors import UserError

from engine_helpers import draw, types

# dealer 0, red-5 on top, seat 1 to play
HANDS = [["red-1", "blue-2", "green-9"], ["red-6", "blue-3", "green-4"],
         ["blue-9", "green-6", "yellow-6"], ["yellow-1", "green-2", "blue-5"]]


def test_v3_off_no_race(mode):
    game = mode(HANDS)
    assert types(game.apply(E.Play(1, "red-6"))) == ["turn"]
    with pytest.raises(UserError, match="no race"):
        game.apply(E.RaceResult(2))


def test_v3_the_action_number_starts_a_race_and_the_slowest_draws_one(mode):
    game = mode(HANDS, action_number=6)
    actions = game.apply(E.Play(1, "red-6"))
    assert [(a.type, getattr(a, "number", None)) for a in actions] == [("race", 6), ("turn", None)]
    actions = game.apply(E.RaceResult(3))
    assert [(a.type, a.seat, a.count) for a in actions] == [("dispense", 3, 1)]
    with pytest.raises(UserError, match="no race"):
        game.apply(E.RaceResult(3))
    assert game.snapshot()["turn"] == 2  # the race does not change whose turn it is


def test_v3_the_number_must_be_0_to_9():
    with pytest.raises(UserError, match="action_number \\(V3\\): 10"):
        RuleOptions(action_number=10)


def test_v8_off_same_colour_is_fine(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-6"))
    assert game.snapshot()["turn"] == 2


def test_v8_the_chosen_number_toggles_complementary_colours(mode):
    game = mode(HANDS, complementary=6)
    game.apply(E.Play(1, "red-6"))                  # red 6: complementary mode on
    # then red (same colour) is not allowed; green (red's complement) is, numbers still match
    actions = game.apply(E.Play(2, "blue-9"))
    assert types(actions) == ["take_back", "dispense"]
    game.apply(E.Play(2, "green-6"))                # green on red; a 6 again: mode off
    assert types(game.apply(E.Play(3, "green-2"))) == ["turn"]  # same colour allowed again


def test_v8_same_colour_is_refused_while_on(mode):
    game = mode([["red-1"], ["red-6", "red-3"], ["red-9", "green-8"]], complementary=6)
    game.apply(E.Play(1, "red-6"))
    actions = game.apply(E.Play(2, "red-9"))
    assert types(actions) == ["take_back", "dispense"] and "(V8)" in actions[0].why
    assert types(game.apply(E.Play(2, "green-8"))) == ["turn"]


def test_v10_off_a_9_does_not_go_on_a_6_of_another_colour(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-6"))
    assert types(game.apply(E.Play(2, "blue-9"))) == ["take_back", "dispense"]


def test_v10_a_9_played_as_a_6_costs_one_card_at_the_next_turn(mode):
    game = mode(HANDS, six_nine=True)
    game.apply(E.Play(1, "red-6"))
    assert types(game.apply(E.Play(2, "blue-9"))) == ["turn"]   # turned into a 6
    game.apply(E.Play(3, "blue-5"))
    game.apply(E.Play(0, "blue-2"))
    actions = game.apply(E.Play(1, "blue-3"))
    # seat 2's turn comes again: it draws its one card first
    assert ("dispense", 2, 1) in [(a.type, getattr(a, "seat", None), getattr(a, "count", None))
                                  for a in actions]


def test_v10_the_turned_card_counts_as_the_other_number(mode):
    game = mode(HANDS, six_nine=True)
    game.apply(E.Play(1, "red-6"))
    game.apply(E.Play(2, "blue-9"))                 # lies as a 6 now
    actions = game.apply(E.Play(3, "yellow-1"))     # neither blue nor 6
    assert types(actions) == ["take_back", "dispense"]
    game.apply(E.Undo())
    draw(game, 3, "yellow-6")
    assert types(game.apply(E.Play(3, "yellow-6"))) == ["turn"]  # a 6 matches the turned 9


def test_the_snapshot_shows_house_rule_state_as_json(mode):
    import json
    game = mode(HANDS, complementary=6, six_nine=True)
    game.apply(E.Play(1, "red-6"))
    state = json.loads(json.dumps(game.snapshot().to_json()))
    assert state["house"] == {"complementary": True}
    assert state["rules"] == {"complementary": 6, "six_nine": True}
