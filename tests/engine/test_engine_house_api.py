"""The API a house rule may use (companion/engine/house/base.py): documented, public, runnable."""
import doctest
import re

from companion.engine import Game
from companion.engine.house import base


def test_the_house_rule_example_runs():
    result = doctest.testmod(base)
    assert result.failed == 0 and result.attempted > 3


def test_every_method_the_api_names_is_a_public_documented_method_of_the_game():
    named = set(re.findall(r"``game\.([a-z_]+)\(", base.__doc__))
    assert {"advance_turn", "make_current_draw", "owe_cards", "go_out", "finish_round",
            "tell"} <= named
    for name in named:
        assert not name.startswith("_") and callable(getattr(Game, name)), name
        assert getattr(Game, name).__doc__, f"Game.{name} has no docstring"
