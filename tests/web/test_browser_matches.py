"""Stored matches in real headless Chromium at 390x844: list, open, reopen as host, download the log."""
import json
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from companion.web.server import WebServer
from web_helpers import HOST_TOKEN, screenshot

pytestmark = pytest.mark.slow
SECOND = 1000  # ms


@pytest.fixture
def stored(built, tmp_path):
    table = built.copy(tmp_path / "games.sqlite")
    server = WebServer(table.loop, host="127.0.0.1", port=0, host_token=HOST_TOKEN, max_streams=8,
                       matches=table.archive).start()
    table.url = f"http://127.0.0.1:{server.port}"
    yield table
    server.close()
    table.close()


def test_the_list_shows_every_match_and_opens_one(phone, stored):
    errors = []
    phone.on("weberror", lambda error: errors.append(error.error))
    page = phone.new_page()
    page.goto(stored.url + "/")
    page.click("nav.tabs a:has-text('Matches')")
    page.wait_for_url("**/matches")
    items = page.locator("#matches li")
    expect(items).to_have_count(3)
    assert items.nth(0).locator(".status").inner_text() == "at the table now · round 1"
    winner = stored.expected.state()["match"]["winner"]
    assert items.nth(1).locator(".status").inner_text() == f"{['Ana', 'Ben', 'Cem'][winner]} won the match"
    assert items.nth(1).locator(".standing b").all_inner_texts() == [str(s) for s in stored.expected.state()["scores"]]
    assert "Official" in items.nth(1).locator(".rules").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "matches")
    items.nth(1).locator("a").click()
    page.wait_for_url(f"**/matches/{stored.finished}")
    assert page.locator("#final li .score").all_inner_texts() == [str(s) for s in stored.expected.state()["scores"]]
    rows = page.locator("#match-rounds tbody tr")
    expect(rows).to_have_count(len(stored.expected.rounds) + 1)    # every round and the totals
    assert page.locator("#chart polyline").count() == 3 and page.locator("#legend span").count() == 3
    assert page.locator("details.round-events[open] li").last.inner_text().endswith("wins the match!")
    assert page.locator("#reopen").count() == 0                   # a finished match is not reopened
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "match")
    assert errors == []


def test_the_host_reopens_an_unfinished_match_and_every_phone_follows(chromium, phone, stored):
    from web_helpers import PHONE
    viewer = chromium.new_context(**PHONE)
    watching = viewer.new_page()
    watching.goto(stored.url + "/")
    watching.wait_for_selector("#live.on", timeout=5 * SECOND)
    assert watching.locator(".player .name").all_inner_texts() == ["Dora", "Emil"]
    viewer_detail = viewer.new_page()
    viewer_detail.goto(f"{stored.url}/matches/{stored.unfinished}")
    assert viewer_detail.locator("#reopen").count() == 0 and viewer_detail.locator("#reopen-host-only").is_visible()

    page = phone.new_page()
    page.goto(f"{stored.url}/host?token={HOST_TOKEN}")
    page.goto(f"{stored.url}/matches/{stored.unfinished}")
    screenshot(page, "match-unfinished-host")
    page.click("#reopen")
    page.wait_for_url(stored.url + "/")
    page.wait_for_selector("#live.on", timeout=5 * SECOND)
    assert page.locator(".player .name").all_inner_texts() == ["Ana", "Ben", "Cem"]
    assert page.locator("#top-card").get_attribute("aria-label") == "red skip"
    expect(watching.locator(".player .name")).to_have_text(["Ana", "Ben", "Cem"], timeout=2 * SECOND)
    assert stored.keeper.store.current_match() == stored.unfinished
    viewer.close()


def test_a_refused_reopen_is_shown_on_the_page(phone, stored):
    page = phone.new_page()
    page.goto(f"{stored.url}/host?token={HOST_TOKEN}")
    page.goto(f"{stored.url}/matches/{stored.unfinished}")
    stored.loop.submit(stored.archive.reopening(stored.unfinished)).result(5)   # another phone was quicker
    page.click("#reopen")
    expect(page.locator("#message")).to_have_text(f"Match {stored.unfinished} is the one at the table now.")
    assert page.url.endswith(f"/matches/{stored.unfinished}")


def test_the_downloaded_log_replays_to_the_final_scores(phone, stored, tmp_path):
    page = phone.new_page()
    page.goto(f"{stored.url}/matches/{stored.finished}")
    with page.expect_download() as download:
        page.click("#export")
    assert download.value.suggested_filename == f"uno-match-{stored.finished}.jsonl"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    replayed = subprocess.run([sys.executable, "-m", "companion", "replay", str(path)],
                              capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout)["scores"] == stored.expected.state()["scores"]


def test_the_matches_in_german(phone, stored):
    page = phone.new_page()
    page.goto(f"{stored.url}/matches")
    page.click(".langs a[lang=de]")                   # the language link comes back to this page
    page.wait_for_url("**/matches")
    assert page.locator("h1").inner_text() == "Partien"
    assert page.locator("#matches li .status").nth(0).inner_text() == "jetzt am Tisch · Runde 1"
    assert page.locator("#matches li .status").nth(2).inner_text() == "nicht beendet · Runde 1"
    screenshot(page, "matches-de")
    page.goto(f"{stored.url}/matches/{stored.finished}")
    assert page.locator("#export").inner_text() == "Spielprotokoll herunterladen (JSON Lines)"
    assert "hat die Partie gewonnen" in page.locator("#match-status").inner_text()
    page.goto(f"{stored.url}/matches/99")
    assert "Es gibt keine Partie 99." in page.locator(".banner.error").inner_text()
