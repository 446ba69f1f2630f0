"""The engine's contract with the table loop, the web page and the game log."""
import json

import pytest

from companion.engine import Game, events as E, parse_card
from companion.engine.events import event_from_json, EVENT_TYPES
from companion.engine.log import format_log, read_log
from companion.errors import UserError

from engine_helpers import table, texts, types


def test_apply_answers_what_the_table_must_do():
    game = Game(["Ada", "Ben", "Cem"])
    assert types(game.apply(E.Deal(dealer=2))) == ["flip_start_card"]
    assert texts(game.apply(E.StartCard("blue-4"))) == ["seat 0's turn: play or draw"]


def test_an_illegal_play_is_recorded_and_answered_with_p1():
    # given a red 5 on top, when seat 1 plays a blue 7, then it is a misplay: take back, draw 2
    game = table(full=False)
    actions = game.apply(E.Play(1, "blue-7"))
    assert types(actions) == ["take_back", "dispense"]
    assert actions[1].seat == 1 and actions[1].count == 2
    assert game.log[-1] == E.Play(1, "blue-7")
    assert game.snapshot()["top_card"] == "red-5"
    assert game.snapshot()["owed_cards"] == [0, 2, 0]


@pytest.mark.parametrize("event", [
    E.Play(7, "red-6"), E.Play(1, "purple-6"), E.Play("1", "red-6"), E.ChooseColour(1, "red"),
    E.Pass(1), E.Draw(2, 1), E.Draw(1, 5), E.Challenge(1), E.Deal(dealer=1),
    E.RoundEnd((0, 0, 0)), E.Catch(1, 9), E.Penalty(1, "rudeness"), E.Undo(99),
])
def test_garbage_is_refused_and_changes_nothing(event):
    game = table(full=False)
    before = game.snapshot(), list(game.log)
    with pytest.raises(UserError):
        game.apply(event)
    assert (game.snapshot(), game.log) == before


def test_events_after_the_round_ended_are_refused():
    game = table([["red-6"], ["blue-1"], ["green-1"]], full=True)
    # given one card each, when seats 1 and 2 draw and play and seat 0 plays its last card
    game.apply(E.Draw(1, 1, ("red-7",)))
    game.apply(E.Play(1, "red-7"))
    game.apply(E.Draw(2, 1, ("red-9",)))
    game.apply(E.Play(2, "red-9"))
    game.apply(E.Play(0, "red-6"))  # seat 0 goes out
    # then the round is over and a further play is refused
    assert game.snapshot()["round_winner"] == 0
    with pytest.raises(UserError, match="round"):
        game.apply(E.Play(1, "blue-1"))


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
def test_every_event_type_round_trips_through_json(kind):
    examples = {"choose_dealer": E.ChooseDealer(("red-5", None)), "deal": E.Deal(0, None, (7, 7)),
                "start_card": E.StartCard("wild"), "play": E.Play(0, "red-1"),
                "colour": E.ChooseColour(0, "blue"), "draw": E.Draw(0, 2, ("red-1", "wild")),
                "pass": E.Pass(0), "uno": E.CallUno(1), "catch": E.Catch(0, 1),
                "challenge": E.Challenge(1), "accept": E.Accept(2), "target": E.ChooseTarget(0, 2), "race": E.RaceResult(1),"challenge_verdict": E.ChallengeVerdict(True),
                "penalty": E.Penalty(1, "social", 1), "reshuffle": E.Reshuffle(),
                "reveal": E.RevealHand(0, ("red-1",)), "round_end": E.RoundEnd((0, 12)),
                "correction": E.Correction(0, 3), "undo": E.Undo(2),
                "burst": E.Burst(1, 0), "launcher_deal": E.LauncherDeal(2), "jump_in": E.JumpIn(3),
                    "flip_top": E.FlipTop("pink-5"),
                    "match": E.Match(1, 0, ("red-3", "blue-5")),
                    "discard_all": E.DiscardAll(1, 2, ("red-3", "red-5"))}
    event = examples[kind]
    assert event_from_json(json.loads(json.dumps(event.to_json()))) == event


@pytest.mark.parametrize("record, message", [
    ([], "JSON object"), ({"type": "fly"}, "unknown event type"), ({"type": "play"}, "missing field"),
    ({"type": "play", "seat": 1, "card": "red-1", "extra": 1}, "unknown field"),
    ({"type": "play", "seat": True, "card": "red-1"}, "whole number"),
    ({"type": "draw", "seat": 1, "count": 1, "cards": "red-1"}, "must be a list"),
])
def test_malformed_records_are_clear_errors(record, message):
    with pytest.raises(UserError, match=message):
        event_from_json(record)


def test_undo_is_exact_and_pop_returns_the_event():
    game = table(full=False)
    before = game.snapshot()
    game.apply(E.Play(1, "red-9"))
    game.apply(E.CallUno(1))
    assert game.pop() == E.CallUno(1)
    assert game.pop() == E.Play(1, "red-9")
    assert game.snapshot() == before
    game.apply(E.Play(1, "red-9"))
    game.apply(E.Undo(1))
    assert game.snapshot() == before


def test_snapshot_is_json_ready_with_the_table_state():
    state = table(full=False).snapshot()
    json.dumps(state.to_json())
    assert state["turn"] == 1 and state["direction"] == "clockwise"
    assert state["top_card"] == "red-5" and state["colour"] == "red"
    assert state["hand_sizes"] == [7, 7, 7] and state["dealer"] == 0 and state["round"] == 1
    assert state["scores"] == [0, 0, 0] and state["match"]["over"] is False


def test_log_round_trips_and_a_truncated_log_names_the_line():
    game = table(full=False)
    game.apply(E.Play(1, "red-9"))
    text = format_log(game)
    assert read_log(text).snapshot() == game.snapshot()
    with pytest.raises(UserError, match="line 4: not valid JSON.*truncated"):
        read_log(text[:-5])
    with pytest.raises(UserError, match="line 2: .*no seat"):
        read_log(text.replace('"dealer":0', '"dealer":5'))


def test_a_copy_is_independent_also_in_house_rule_state():
    # given play-on places kept in the round's state, when a copy plays on and a second
    # player goes out there, then the original's places are untouched
    game = table([["red-1", "blue-2"], ["red-6"], ["blue-9"], ["yellow-1", "red-7"]],
                 full=False, play_on=True, six_nine=True)
    game.apply(E.Play(1, "red-6"))           # seat 1 is out: first place
    before = game.snapshot()
    other = game.copy()
    other.play(2, parse_card("blue-9"))      # a 9 turned into a 6 (V10), seat 2 out too
    assert game.snapshot() == before and before["house"]["places"] == [1]
    assert other.snapshot()["house"]["places"] == [1, 2]
