"""The host's "enter what happened" form names every colour a table plays, E4 Flip's dark side's
too, so a colour chosen on the dark side can be entered or corrected from the phone."""
import pytest

from companion.table import Setup, TableGame, event_from_json
from companion.engine.options import RuleOptions
from companion.errors import UserError
from companion.web.view import options_catalog


def test_the_form_offers_the_dark_sides_colours_with_their_names_and_symbols(app):
    with app.test_request_context():
        colours = {c["id"]: c for c in options_catalog("de")["colours"]}
    assert list(colours) == ["red", "yellow", "green", "blue", "pink", "teal", "orange", "purple"]
    assert colours["purple"]["name"] == "lila" and colours["purple"]["symbol"]


def test_a_dark_colour_at_a_classic_table_is_refused_in_words():
    game = TableGame(Setup(players=("Ana", "Ben"), dealer=0))
    game.apply(event_from_json({"type": "start_card", "card": "wild"}))
    with pytest.raises(UserError, match=r"not a colour: 'pink' \(choose one of red, yellow, green, blue\)"):
        game.apply(event_from_json({"type": "colour", "seat": 1, "colour": "pink"}))
