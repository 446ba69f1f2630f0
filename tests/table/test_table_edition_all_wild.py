"""E6 UNO All Wild at the table: set up from the page's edition or preset, every seat lit while
the player of a targeted draw two or a forced swap chooses, the chosen seat named by its own
button on the ring (gpiozero MockFactory pins), the launcher throwing the targeted two."""
import time

from flask import Flask

from companion.config import parse_config
from companion.engine import events as E
from companion.engine import phases as P
from companion.engine.options import RuleOptions
from companion.engine.presets import PRESETS
from companion.service.table import TableService
from companion.table import Happened, Setup
from companion.web.i18n import init_babel
from companion.web.view import options_catalog
from polling import wait_until

QUICK = {"aim_time": 0.01, "settle": 0.04, "rest": 0.01}


def test_e6_a_table_sets_up_all_wild_and_the_setup_page_offers_it_in_both_languages():
    setup = Setup(players=("Ana", "Ben", "Cem"), options=RuleOptions(all_wild=True))
    assert setup.edition.name == "all-wild" and setup.options.deck.size == 112
    app = Flask(__name__)
    init_babel(app)                          # the page's catalogues, English and German
    for locale, help_word in (("en", "button"), ("de", "Knopf")):
        with app.app_context():
            catalog = options_catalog(locale)
        edition = {e["id"]: e for e in catalog["editions"]}["all-wild"]
        assert edition["supported"] and help_word in edition["help"]
        preset = {p["id"]: p for p in catalog["presets"]}["all-wild"]
        assert preset["supported"] and preset["edition"] == "all-wild"
        assert "All Wild" in preset["name"]
        assert {"all-wild-target-draw2", "all-wild-swap"} <= {c["id"] for c in catalog["cards"]}
    assert PRESETS["all-wild"].target == 500 and PRESETS["all-wild"].scoring == "winner"   # E6.6


def _table(tmp_path):
    config = parse_config({"table": {"players": ["Ana", "Ben", "Cem"], "preset": "all-wild"},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": str(tmp_path / "games.sqlite")}})
    return TableService(config, dealer=0, web=False, seed=4, launcher_options=QUICK)


def _state(table):
    return table.loop.latest.snapshot.game


def _tap(table, name):
    time.sleep(0.04)        # a finger cannot press a button twice within its debounce time
    table.devices["sim"].tap(name)


def test_e6_targets_are_named_by_the_chosen_seats_button_and_the_launcher_throws_to_it(tmp_path):
    with _table(tmp_path) as table:
        submit = lambda event: table.loop.submit(Happened(event, source="camera")).result(5)  # noqa: E731
        wait_until(lambda: _state(table).phase is P.START, what="the deal")
        submit(E.StartCard("all-wild-draw4"))                 # E6.2: its action is ignored
        assert _state(table).turn == 1 and list(_state(table).hand_sizes) == [7, 7, 7]
        submit(E.Play(1, "all-wild-target-draw2"))
        assert _state(table).phase is P.TARGET
        assert all(table.ring.lights[seat] == "on" for seat in range(3))   # every seat may be chosen
        _tap(table, "seat0_button")                           # Ben names Ana
        wait_until(lambda: list(_state(table).hand_sizes) == [9, 6, 7], what="two cards thrown to Ana")
        assert _state(table).turn == 2                        # Ana keeps her turn: play goes on from Ben
        submit(E.Play(2, "all-wild-swap"))
        _tap(table, "seat0_button")                           # Cem swaps hands with Ana
        wait_until(lambda: list(_state(table).hand_sizes) == [6, 6, 9], what="the hands swapped")
        assert _state(table).turn == 0 and table.ring.lights[0] == "on"
        assert not table.launcher.motor_running
