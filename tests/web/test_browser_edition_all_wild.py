"""The setup page offers UNO All Wild (E6) in real Chromium: the edition, its help (a target is
named by a seat's button), its preset, in both languages; the next game is played with it."""
import pytest
from playwright.sync_api import expect

from test_browser_editions import next_game

pytestmark = pytest.mark.slow


def test_the_host_chooses_uno_all_wild_and_its_preset_and_the_next_game_is_played_with_it(phone, served, table):
    page = next_game(phone, served)
    page.select_option("#edition", "all-wild")
    expect(page.locator("#edition-help")).to_contain_text("presses the button of the seat they choose")
    page.select_option("#edition", "classic")
    page.click(".preset[data-preset='all-wild']")            # the All Wild preset sets the edition
    expect(page.locator("#edition")).to_have_value("all-wild")
    page.click("#setup-form button[type=submit]")
    expect(page.locator(".views [data-view=now]")).to_have_attribute("aria-selected", "true")
    setup = table.latest.snapshot.setup
    assert setup.edition.name == "all-wild" and (setup.options.scoring, setup.options.target) == ("winner", 500)
    assert page.locator("#fix-card-choice option[value='all-wild-swap']").count() == 1   # its card to name


def test_uno_all_wild_is_offered_in_german(phone, served):
    page = next_game(phone, served, "de")
    page.select_option("#edition", "all-wild")
    expect(page.locator("#edition-help")).to_contain_text("drückt der Spieler den Knopf des Platzes")
    expect(page.locator(".preset[data-preset='all-wild']")).to_contain_text("wer zuerst 500 Punkte hat")
