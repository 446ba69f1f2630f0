"""V7 bruno_kuno: announcements at 3, 2 and 1 cards, on and off, both modes."""
import pytest

from companion.engine import events as E
from companion.errors import UserError

from engine_helpers import draw, types

# dealer 0, red-5 on top; seat 1 holds 4 cards and plays down
HANDS = [["red-1", "blue-2", "green-9", "green-8"], ["red-6", "green-7", "red-8", "red-9"],
         ["blue-9", "green-6", "yellow-6", "yellow-1"]]


def test_v7_off_no_bruno_and_no_catch_at_three_cards(mode):
    game = mode(HANDS)
    game.apply(E.Play(1, "red-6"))
    assert types(game.apply(E.Catch(0, 1))) == ["notice"]
    with pytest.raises(UserError, match="bruno_kuno"):
        game.apply(E.CallUno(1, "bruno"))


def test_v7_a_forgotten_bruno_costs_two(mode):
    game = mode(HANDS, bruno_kuno=True)
    game.apply(E.Play(1, "red-6"))                 # 3 cards left, nothing said
    actions = game.apply(E.Catch(2, 1))
    assert [(a.type, a.seat, a.count) for a in actions] == [("dispense", 1, 2)]


def test_v7_announced_bruno_and_kuno_protect(mode):
    game = mode(HANDS, bruno_kuno=True)
    game.apply(E.CallUno(1, "bruno"))
    game.apply(E.Play(1, "red-6"))
    assert types(game.apply(E.Catch(2, 1))) == ["notice"]
    game.apply(E.Play(2, "green-6"))
    draw(game, 0, "blue-0")
    game.apply(E.Pass(0))
    game.apply(E.Play(1, "green-7"))               # 2 left, no Kuno
    assert game.apply(E.Catch(0, 1))[0].count == 2


def test_v7_the_window_closes_when_the_next_player_begins(mode):
    game = mode(HANDS, bruno_kuno=True)
    game.apply(E.Play(1, "red-6"))
    draw(game, 2, "blue-0")
    assert types(game.apply(E.Catch(0, 1))) == ["notice"]


def test_v7_drawing_back_up_to_three_needs_a_new_bruno(mode):
    game = mode([["red-1", "blue-2"], ["red-6", "red-7"], ["blue-9", "green-6"]], bruno_kuno=True)
    game.apply(E.CallUno(1))
    game.apply(E.Play(1, "red-6"))                 # UNO said: 1 card
    game.apply(E.Penalty(1, "suggestion"))         # draws 2: back to 3
    draw(game, 1, "blue-0", "blue-1")
    actions = game.apply(E.Catch(0, 1))
    assert [(a.type, a.count) for a in actions] == [("dispense", 2)]


def test_v7_uno_still_follows_t5(mode):
    game = mode([["red-1", "blue-2"], ["red-6", "red-7"], ["blue-9", "green-6"]],
                bruno_kuno=True, uno_penalty=1)
    game.apply(E.Play(1, "red-6"))
    assert game.apply(E.Catch(0, 1))[0].count == 1
