"""E5 UNO Show 'em No Mercy at the table: the camera knows its faces, so a table sets it up,
the setup page offers it with its preset in both languages."""
from companion.engine.options import RuleOptions
from companion.engine.presets import PRESETS
from companion.table import Setup
from companion.web.view import options_catalog


def test_a_table_plays_no_mercy_now_that_the_camera_knows_its_cards(app):
    setup = Setup(players=("Ana", "Ben", "Cem"), options=RuleOptions(no_mercy=True))
    assert setup.edition.name == "no-mercy" and setup.options.deck.size == 168
    with app.test_request_context():
        catalog = options_catalog("en")
    editions = {e["id"]: e for e in catalog["editions"]}
    assert editions["no-mercy"]["supported"] and "25 cards" in editions["no-mercy"]["help"]
    presets = {p["id"]: p for p in catalog["presets"]}
    assert presets["no-mercy"]["supported"] and presets["no-mercy"]["edition"] == "no-mercy"
    assert PRESETS["no-mercy"].scoring == "wins" and PRESETS["no-mercy"].target_wins == 3
    cards = {c["id"] for c in catalog["cards"]}
    assert {"red-draw4", "blue-discard-all", "wild-draw10", "wild-colour-roulette"} <= cards


def test_the_setup_page_offers_no_mercy_in_german(app):
    with app.test_request_context():
        catalog = options_catalog("de")
    editions = {e["id"]: e for e in catalog["editions"]}
    presets = {p["id"]: p for p in catalog["presets"]}
    assert "scheidet aus" in editions["no-mercy"]["help"]
    assert presets["no-mercy"]["name"] == "UNO Show 'em No Mercy: wer zuerst 3 Runden gewinnt"
