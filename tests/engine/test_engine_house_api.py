"""The API a house rule may use (companion/engine/house/base.py): documented, public, runnable."""
import doctest
import re

from companion.engine import Game
import pytest

from companion.engine.house import base, flags


@pytest.mark.parametrize("module", [base, flags])
def test_the_house_rule_examples_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 2


def test_every_method_the_api_names_is_a_public_documented_method_of_the_game():
    named = set(re.findall(r"``game\.([a-z_]+)\(", base.__doc__))
    assert {"advance_turn", "make_current_draw", "owe_cards", "go_out", "finish_round",
            "tell"} <= named
    for name in named:
        assert not name.startswith("_") and callable(getattr(Game, name)), name
        assert getattr(Game, name).__doc__, f"Game.{name} has no docstring"


def test_a_game_without_house_rules_shares_flags_that_nothing_can_set():
    game = Game(2, full_information=True)
    assert not game.house and list(game.flags.items()) == []
    with pytest.raises(AttributeError, match="no house rule is on"):
        game.flags.race = True


def test_copied_flags_are_independent_of_the_original():
    from companion.engine.house.flags import RoundFlags
    flags = RoundFlags(places=[2], finished=frozenset({2}), announced={1: 3})
    twin = flags.copy()
    twin.places.append(0)
    twin.announced[0] = 1
    assert flags.places == [2] and flags.announced == {1: 3}
    assert dict(twin.items()) == {"places": [2, 0], "finished": frozenset({2}), "announced": {1: 3, 0: 1}}


def _engine_sources():
    from pathlib import Path
    import companion.engine as engine
    return {path: path.read_text() for path in sorted(Path(engine.__file__).parent.rglob("*.py"))}


def test_the_rules_read_round_flags_by_name_not_by_string_key():
    found = [f"{path.name}:{text[:match.start()].count(chr(10)) + 1}"
             for path, text in _engine_sources().items() if path.name != "sim.py"  # sim: players
             for match in re.finditer(r"flags(\[|\.get\(|\.pop\(|\.setdefault\()", text)
             if path.name != "flags.py"]
    assert not found, "flags read by a string key: " + ", ".join(found)


def test_events_enter_the_game_log_in_one_place():
    found = [f"{path.name}:{text[:match.start()].count(chr(10)) + 1}"
             for path, text in _engine_sources().items()
             for match in re.finditer(r"\blog\.(append|extend|insert)\(", text)]
    assert len(found) == 1 and found[0].startswith("apply.py"), found
