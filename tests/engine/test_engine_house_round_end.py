"""V6 play_on and V9 call_back: when a round ends. On and off, both modes."""
import pytest

from companion.engine import RuleOptions, events as E
from companion.errors import UserError

from engine_helpers import draw

# dealer 0, red-5 on top, seat 1 to play its last card
HANDS = [["red-1", "blue-2"], ["red-9"], ["red-draw2", "green-6"], ["red-skip", "yellow-1"]]


def test_v6_v9_off_the_first_out_ends_the_round(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-9"))
    assert game.snapshot()["round_winner"] == 1 and game.snapshot()["turn"] is None


def test_v6_play_on_passes_over_finished_players_until_one_is_left(mode):
    game = mode(HANDS, play_on=True)
    game.apply(E.Play(1, "red-9"))                   # first place, the round goes on
    assert game.snapshot()["turn"] == 2 and game.snapshot()["round_winner"] is None
    draw(game, 2, "blue-0")
    game.apply(E.Pass(2))
    game.apply(E.Play(3, "red-skip"))                # skips seat 0
    assert game.snapshot()["turn"] == 2              # seat 1 has gone out: passed over


def test_v6_the_round_ends_when_one_player_is_left_and_the_first_out_wins(mode):
    game = mode([["red-1", "blue-2"], ["red-9"], ["red-6"]], play_on=True)
    game.apply(E.Play(1, "red-9"))
    actions = game.apply(E.Play(2, "red-6"))
    if not game.full:
        actions = game.apply(E.RoundEnd((3, 0, 0)))
    assert actions[0].type == "round_over" and actions[0].winner == 1
    assert game.snapshot()["scores"] == [0, 3, 0]


def test_v9_the_round_goes_on_until_the_player_who_went_out_is_due_again(mode):
    game = mode(HANDS, call_back=True)
    game.apply(E.Play(1, "red-9"))
    assert game.snapshot()["round_winner"] is None
    draw(game, 2, "blue-0")
    game.apply(E.Pass(2))
    draw(game, 3, "blue-1")
    game.apply(E.Pass(3))
    game.apply(E.Play(0, "red-1"))                   # seat 1 is due again, with no cards
    assert game.snapshot()["round_winner"] == 1


def test_v9_a_skip_passes_over_the_waiting_player_and_then_they_are_due(mode):
    game = mode(HANDS, call_back=True, dealer=3)     # seat 0 starts
    game.apply(E.Play(0, "red-1"))
    game.apply(E.Play(1, "red-9"))                   # seat 1 out, waiting
    draw(game, 2, "blue-0")
    game.apply(E.Pass(2))
    game.apply(E.Play(3, "red-skip"))                # skips seat 0; seat 1 is due: wins
    assert game.snapshot()["round_winner"] == 1


def test_v9_a_draw2_aimed_at_the_waiting_player_brings_them_back(mode):
    game = mode([["red-1", "red-draw2", "blue-2"], ["red-9"], ["green-6", "green-7"],
                 ["yellow-1", "yellow-2"]], call_back=True, dealer=3)  # seat 0 starts
    game.apply(E.Play(0, "red-1"))
    game.apply(E.Play(1, "red-9"))                   # seat 1 out, waiting
    draw(game, 2, "blue-0")
    game.apply(E.Pass(2))
    draw(game, 3, "blue-1")
    game.apply(E.Pass(3))
    game.apply(E.Play(0, "red-draw2"))               # aimed at seat 1
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "draw 2"}
    draw(game, 1, "blue-3", "blue-4")                # back in with 2 cards
    state = game.snapshot()
    assert state["round_winner"] is None and state["turn"] == 2 and state["hand_sizes"][1] == 2


@pytest.mark.parametrize("pair", [("play_on", "call_back"), ("partners", "play_on")])
def test_rules_that_each_decide_the_round_end_are_refused_together(pair):
    with pytest.raises(UserError, match="choose one"):
        RuleOptions(**{name: True for name in pair})
