"""The setup page's UNO Flip (E4) in real Chromium: the edition and its preset, its help, in
both languages; the next game is played with the Flip deck."""
import pytest
from playwright.sync_api import expect

from test_browser_editions import next_game

pytestmark = pytest.mark.slow


def test_the_host_chooses_uno_flip_by_its_preset_and_the_next_game_plays_its_deck(phone, served, table):
    page = next_game(phone, served)
    expect(page.locator("#edition option[value='flip']")).to_be_enabled()
    page.click(".preset[data-preset='flip']")
    expect(page.locator("#edition")).to_have_value("flip")
    expect(page.locator("#edition-help")).to_contain_text("turn the discard pile over")
    page.click("#setup-form button[type=submit]")
    expect(page.locator(".views [data-view=now]")).to_have_attribute("aria-selected", "true")
    setup = table.latest.snapshot.setup
    assert setup.edition.name == "flip" and setup.options.deck.name == "flip" and setup.options.target == 500
    assert page.locator("#fix-card-choice option[value='wild-draw-colour']").count() == 1


def test_uno_flip_is_offered_in_german(phone, served):
    page = next_game(phone, served, "de")
    page.select_option("#edition", "flip")
    expect(page.locator("#edition-help")).to_contain_text("den Ablagestapel umdrehen")
    assert "bis 500 Punkte" in page.locator(".preset[data-preset='flip']").inner_text()
