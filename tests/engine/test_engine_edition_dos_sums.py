"""E7.3 a sum laid stacked: the camera sees the first card of a sum settle on its pile, then the
second on it; the table makes one two-card match of them, never a misplay of the first."""
from companion.engine import events as E
from companion.engine.dos import DosGame
from companion.engine.inputs import RowSighted, meaning
from companion.engine.log import format_log, read_log

from test_engine_edition_dos import SEAT0, dos, match, row
from engine_helpers import types


def seen(game, pile, *cards):
    """What the table does with the camera's report of cards settling on ``pile``."""
    actions = []
    for event in meaning(game.snapshot(), RowSighted(pile, cards)).events:
        actions += game.apply(event)
    return actions


def test_e7_3_a_sum_laid_card_on_card_is_one_two_card_match():
    game = dos()
    first = seen(game, 1, "red-3")                 # 3 alone is not 8: the first card of a sum
    assert types(first) == ["notice"] and "first card of a sum" in first[0].text
    assert game.owed[1] == 0 and game.snapshot().house["half_sum"] == {"pile": 1, "card": "red-3"}
    assert seen(game, 1, "red-5") == []           # 3 + 5 = 8
    assert row(game)[1] == ["blue-8", "red-3", "red-5"] and game.sizes[1] == 5
    assert game.snapshot().house["matched_piles"] == [1] and "half_sum" not in game.snapshot().house
    game.apply(E.Pass(1))
    assert row(game) == [["red-5"]] and game.owed == [0, 0]  # the matched pile went, no penalty


def test_e7_3_a_stacked_sum_that_does_not_add_up_is_a_misplay_of_both_cards():
    game = dos()
    seen(game, 1, "red-3")
    actions = seen(game, 1, "blue-4")              # 3 + 4 is not 8
    assert types(actions) == ["take_back", "take_back", "dispense"]
    assert game.sizes[1] == 7 and game.owed[1] == 2 and row(game)[1] == ["blue-8"]


def test_e7_3_the_first_card_left_alone_when_the_turn_moves_on_goes_back():
    game = dos()
    seen(game, 1, "red-3")
    actions = match(game, 1, 0, "yellow-5")        # a match on the other pile instead
    assert "left alone" in actions[0].text and types(actions)[:2] == ["take_back", "dispense"]
    assert row(game) == [["red-5", "yellow-5"], ["blue-8"]] and game.sizes[1] == 6


def test_e7_3_a_card_that_could_be_no_sum_is_a_misplay_at_once():
    game = dos(hands=(SEAT0, ["green-7", "red-3", "yellow-9", "blue-4", "red-6", "green-1", "red-1"]))
    actions = match(game, 1, 0, "yellow-9")        # 9 is more than the 5: no sum starts with it
    assert types(actions) == ["take_back", "dispense"]


def test_e7_3_a_stacked_sum_replays_from_its_log_and_undo_takes_it_back_card_by_card():
    game = dos(full=False)
    seen(game, 1, "red-3")
    seen(game, 1, "yellow-5")
    again = read_log(format_log(game))
    assert isinstance(again, DosGame) and again.snapshot() == game.snapshot()
    game.apply(E.Undo(1))
    assert game.snapshot().house == {"half_sum": {"pile": 1, "card": "red-3"}} and game.sizes[1] == 7
