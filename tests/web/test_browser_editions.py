"""The setup page's edition choice (issue 17) in real Chromium: classic or UNO Junior at either
level, its presets, what level 1's open hands mean, in both languages."""
import pytest
from playwright.sync_api import expect

from web_helpers import HOST_TOKEN

pytestmark = pytest.mark.slow


def next_game(phone, served, language="en"):
    page = phone.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/lang/{language}")
    page.goto(f"http://127.0.0.1:{served.port}/host?token={HOST_TOKEN}")
    page.wait_for_selector("#live.on")
    page.click(".views [data-view=next]")
    return page


def test_the_host_chooses_uno_junior_and_its_preset_and_the_next_game_is_played_with_it(phone, served, table):
    page = next_game(phone, served)
    expect(page.locator("#edition")).to_have_value("classic")
    page.select_option("#edition", "junior-level1")
    expect(page.locator("#edition-help")).to_contain_text("The hands lie open")
    page.click(".preset[data-preset='gentle']")              # a classic preset keeps the edition
    expect(page.locator("#edition")).to_have_value("junior-level1")
    page.click(".preset[data-preset='junior-level2']")       # a Junior preset sets its level
    expect(page.locator("#edition")).to_have_value("junior")
    page.click("#setup-form button[type=submit]")
    expect(page.locator(".views [data-view=now]")).to_have_attribute("aria-selected", "true")
    options = table.latest.snapshot.setup.options
    assert (options.junior_level, options.scoring, options.target_wins) == (2, "wins", 3)
    assert table.latest.snapshot.setup.edition.name == "junior"
    assert page.locator("#fix-card-choice option[value='red-draw1']").count() == 1  # a Junior card to name


def test_the_editions_are_offered_in_german(phone, served):
    page = next_game(phone, served, "de")
    names = page.locator("#edition option").all_inner_texts()
    assert names[0].startswith("klassisches UNO") and "Spielstufe 1" in names[1] and "Spielstufe 2" in names[2]
    page.select_option("#edition", "junior-level1")
    expect(page.locator("#edition-help")).to_contain_text("Die Karten liegen offen")
    assert page.locator("label[for=mode]").inner_text() == "Spielweise"
