"""E7 DOS on the phone: "DOS!" where classic says "UNO!", in both languages."""
from flask_babel import force_locale

from companion.engine.editions import EDITIONS
from companion.table import Setup, TableGame, event_from_json
from companion.web.view import build_view, options_catalog


def _view(game, app, locale):
    with app.test_request_context(), force_locale(locale):
        return build_view(game.state())


def test_the_phone_says_dos_where_classic_says_uno(app):
    dos = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0, options=EDITIONS["dos"].rules()))
    for event in ({"type": "start_card", "card": "red-5"}, {"type": "start_card", "card": "blue-8"}):
        dos.apply(event_from_json(event))
    assert dos.state().game.centre_row == (("red-5",), ("blue-8",))
    for locale, catch in (("en", "no DOS called!"), ("de", "kein DOS gerufen!")):
        players = _view(dos, app, locale)["players"]
        assert {p["uno_text"] for p in players} == {"DOS!"}
        assert {p["catch_text"] for p in players} == {catch}
    classic = TableGame(Setup(players=("Ana", "Ben"), dealer=0))
    assert {p["uno_text"] for p in _view(classic, app, "en")["players"]} == {"UNO!"}


def test_the_setup_page_explains_dos_in_german(app):
    with app.test_request_context():
        catalog = options_catalog("de")
    help_text = {e["id"]: e["help"] for e in catalog["editions"]}["dos"]
    assert "„DOS!“ rufen" in help_text
    assert {p["id"]: p["name"] for p in catalog["presets"]}["dos"] == "DOS: wer zuerst 200 hat"
