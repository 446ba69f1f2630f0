"""The setup page offers DOS (E7) in real Chromium: its help, its preset, the next game played
with it, in both languages."""
import pytest
from playwright.sync_api import expect

from test_browser_editions import next_game

pytestmark = pytest.mark.slow


def test_the_host_chooses_dos_and_the_next_game_is_played_with_it(phone, served, table):
    page = next_game(phone, served)
    page.select_option("#edition", "dos")
    expect(page.locator("#edition-help")).to_contain_text("Call \"DOS!\" at two cards")
    page.click(".preset[data-preset='official']")            # a classic preset keeps the edition
    expect(page.locator("#edition")).to_have_value("dos")
    page.select_option("#edition", "classic")
    page.click(".preset[data-preset='dos']")                 # the DOS preset sets the edition
    expect(page.locator("#edition")).to_have_value("dos")
    page.click("#setup-form button[type=submit]")
    expect(page.locator(".views [data-view=now]")).to_have_attribute("aria-selected", "true")
    setup = table.latest.snapshot.setup
    assert setup.edition.name == "dos" and (setup.options.dos, setup.options.target) == (True, 200)
    assert page.locator("#fix-card-choice option[value='wild-dos']").count() == 1   # a DOS card to name


def test_dos_is_offered_in_german(phone, served):
    page = next_game(phone, served, "de")
    page.select_option("#edition", "dos")
    expect(page.locator("#edition-help")).to_contain_text("„DOS!“ rufen")
    expect(page.locator(".preset[data-preset='dos']")).to_contain_text("DOS: wer zuerst 200 hat")
