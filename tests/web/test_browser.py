"""The phone page in real headless Chromium at 390x844, against the real server on loopback."""
import pytest
from playwright.sync_api import expect

from companion.engine.events import event_from_json
from companion.table import Happened
from web_helpers import HOST_TOKEN, PHONE, screenshot

pytestmark = pytest.mark.slow
SECOND = 1000  # ms


def push(table, **event):
    return table.submit(Happened(event_from_json(event))).result(5)


def open_page(phone, served, path="/"):
    page = phone.new_page()
    page.goto(f"http://127.0.0.1:{served.port}{path}")
    page.wait_for_selector("#live.on", timeout=5 * SECOND)  # the stream is open
    return page


def finish_a_round(table):
    """Ben goes out: the engine moves to scoring; the hands are counted; round 2 begins."""
    push(table, type="correction", seat=1, hand_size=1)
    push(table, type="play", seat=2, card="blue-1")
    push(table, type="play", seat=0, card="blue-2")
    push(table, type="play", seat=1, card="blue-9")
    push(table, type="round_end", points=[30, 0, 48])
    push(table, type="deal")


def test_the_scoreboard_shows_the_game_in_progress(phone, served):
    errors = []
    phone.on("weberror", lambda error: errors.append(error.error))
    page = open_page(phone, served)
    assert page.locator("#turn-name").inner_text() == "Cem's turn"
    assert page.locator("#top-card").get_attribute("aria-label") == "blue 7"
    assert "blue" in page.locator("#colour").inner_text() and "◆" in page.locator("#colour").inner_text()
    assert page.locator(".player .name").all_inner_texts() == ["Ana", "Ben", "Cem"]
    assert page.locator(".player.current .name").inner_text() == "Cem"
    assert page.locator(".player").nth(0).locator(".hand").inner_text() == "8 cards"
    assert "dealer" in page.locator(".player").nth(0).inner_text()
    assert page.locator("#recent li").first.inner_text() == "Ben played blue 7"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    screenshot(page, "scoreboard")
    assert errors == []


def test_a_pushed_event_appears_within_a_second_without_reload(phone, served, table):
    page = open_page(phone, served)
    page.evaluate("window.notReloaded = true")
    push(table, type="play", seat=2, card="blue-draw2")
    expect(page.locator("#recent li").first).to_contain_text("Cem played blue draw two", timeout=SECOND)
    assert page.locator("#pending").inner_text() == "Ana must draw 2"
    push(table, type="draw", seat=0, count=2)
    page.wait_for_selector(".player[data-seat='0'] .hand:has-text('10 cards')", timeout=SECOND)
    assert page.evaluate("window.notReloaded") is True


def test_after_a_dropped_stream_the_page_reconnects_and_catches_up(phone, served, table):
    page = open_page(phone, served)
    page.route("**/api/stream", lambda route: route.abort())  # the phone is asleep / off the wifi
    served.app.extensions["hub"].shutdown()  # every stream drops, as iOS does to a sleeping page
    page.wait_for_selector("#live:not(.on)", timeout=5 * SECOND)
    push(table, type="play", seat=2, card="blue-reverse")  # happens while the phone is away
    assert page.locator("#top-card").get_attribute("aria-label") == "blue 7"
    page.unroute("**/api/stream")
    page.wait_for_selector("#live.on", timeout=10 * SECOND)
    expect(page.locator("#top-card")).to_have_attribute("aria-label", "blue reverse", timeout=SECOND)
    assert "counter-clockwise" in page.locator("#direction").inner_text()


def test_a_viewer_cannot_change_anything(phone, served, table):
    page = open_page(phone, served, "/setup")
    assert page.locator("#login").is_visible()
    assert page.locator("#undo").count() == 0 and page.locator("#setup-form").count() == 0
    before = table.latest
    status = page.evaluate("""async () => {
        const csrf = document.querySelector('meta[name="csrf-token"]').content;
        const r = await fetch('/api/undo', {method: 'POST', headers: {'Content-Type': 'application/json',
                                            'X-CSRF-Token': csrf}, body: '{}'});
        return [r.status, (await r.json()).error];
    }""")
    assert status[0] == 403 and "Only the host" in status[1]
    page.fill("#token", "not-the-token")
    page.click("#login button")
    page.wait_for_selector("#message:not([hidden])")
    assert "wrong" in page.locator("#message").inner_text()
    assert table.latest is before


def test_the_host_enters_an_event_by_hand_and_undo_restores_the_state(phone, served, table):
    page = open_page(phone, served, f"/host?token={HOST_TOKEN}")
    before = table.latest.snapshot
    page.click(".views [data-view=fix]")
    page.select_option("#event-type", "play")
    page.select_option("#event-seat", "2")
    page.select_option("#event-card", "blue-skip")
    page.click("#event-form button[type=submit]")
    expect(page.locator("#event-done")).to_have_text("Entered: Cem played blue skip – Ana is skipped")
    assert table.latest.snapshot["turn"] == 1
    expect(page.locator("#undo-text")).to_have_text("Cem played blue skip – Ana is skipped")
    page.click("#undo")  # asks first, in words
    expect(page.locator("#undo-confirm")).to_contain_text("Cem played blue skip – Ana is skipped")
    assert table.latest.snapshot["turn"] == 1
    page.click("#undo-yes")
    expect(page.locator("#undo-done")).to_have_text("Taken back: Cem played blue skip – Ana is skipped")
    expect(page.locator("#undo-text")).to_have_text("Ben played blue 7")
    assert table.latest.snapshot == before
    page.goto(page.url.replace("/setup", "/"))
    page.wait_for_selector("#live.on")
    assert page.locator("#turn-name").inner_text() == "Cem's turn"


def test_setup_changes_the_rules_of_the_next_game(phone, served, table):
    page = open_page(phone, served, f"/host?token={HOST_TOKEN}")
    screenshot(page, "setup")
    assert page.locator(".qr svg").is_visible()  # the host QR code, of the IP address link
    assert f"http://127.0.0.1:{served.port}/host?token={HOST_TOKEN}" in page.locator(".qr + p").inner_text()
    page.click(".views [data-view=next]")
    page.locator(".seat-name").nth(2).fill("Cemile")
    page.click("#add-seat")
    page.locator(".seat-name").nth(3).fill("Dora")
    page.select_option("#dealer", "3")
    page.click(".preset[data-preset='gentle']")
    page.fill("#opt-target", "250")
    page.uncheck("#opt-challenge_wd4")
    page.click("#save-setup")
    page.wait_for_selector("#save-setup:has-text('saved')")
    assert table.latest.snapshot["players"] == ["Ana", "Ben", "Cem"]  # this game goes on as it was
    page.click("#setup-form button[type=submit]")
    expect(page.locator(".views [data-view=now]")).to_have_attribute("aria-selected", "true")
    page.goto(f"http://127.0.0.1:{served.port}/")
    page.wait_for_selector("#live.on")
    options = table.latest.snapshot["setup"]["options"]
    assert table.latest.snapshot["players"] == ["Ana", "Ben", "Cemile", "Dora"]
    assert (options["target"], options["uno_penalty"], options["misplay_penalty"],
            options["challenge_wd4"]) == (250, 1, 1, False)
    assert "target 250" in page.locator("#round-line").inner_text()
    assert "dealer" in page.locator(".player[data-seat='3']").inner_text()


def test_history_shows_points_per_round_totals_and_a_chart(phone, served, table):
    finish_a_round(table)
    page = open_page(phone, served, "/history")
    rows = page.locator("#rounds tbody tr")
    assert rows.nth(0).locator("td").all_inner_texts() == ["1", "0", "78", "0"]
    assert rows.nth(1).locator("td").all_inner_texts() == ["Total", "0", "78", "0"]
    assert page.locator("#chart polyline").count() == 3
    assert page.locator("#round-events li").all_inner_texts() == ["Ben dealt"]  # round 2 so far
    screenshot(page, "history")


def test_the_page_in_german(phone, served):
    page = open_page(phone, served, "/lang/de")
    assert page.locator("#turn-name").inner_text() == "Cem ist dran"
    assert "Blau" in page.locator("#colour").inner_text()
    assert page.locator("nav.tabs").inner_text().split() == ["Punkte", "Verlauf", "Partien", "Gastgeber"]
    screenshot(page, "scoreboard-de")


def test_a_german_phone_shows_why_the_launcher_deals_cards(phone, served, table):
    page = open_page(phone, served, "/lang/de")
    push(table, type="penalty", seat=1, reason="suggestion")
    expect(page.locator("#draws .chip")).to_have_text(["Ben zieht 2 Karten: Strafe fürs Vorsagen (P2)"],
                                                     timeout=SECOND)


def test_the_page_loads_nothing_from_the_internet(phone, served):
    outside = []
    phone.on("request", lambda request: outside.append(request.url)
             if "127.0.0.1" not in request.url and not request.url.startswith("data:") else None)
    for path in ("/", "/history", f"/host?token={HOST_TOKEN}"):
        open_page(phone, served, path)
    assert outside == []


@pytest.mark.parametrize("width, height, name", [(360, 740, "scoreboard-360"), (800, 1280, "scoreboard-tablet")])
def test_the_scoreboard_fits_a_small_phone_and_a_tablet(chromium, served, width, height, name):
    context = chromium.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = open_page(context, served)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.locator("#turn-name").is_visible() and page.locator(".player").count() == 3
    screenshot(page, name)
    context.close()


def test_a_phone_over_the_stream_cap_is_told_so_and_gets_in_later(phone, served):
    hub = served.app.extensions["hub"]
    hub.max_streams = 0  # as if every slot were taken
    page = phone.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/")
    expect(page.locator("#message")).to_contain_text("Too many phones are connected", timeout=5 * SECOND)
    assert page.locator("#turn-name").inner_text() == "Cem's turn"  # the page itself still shows the game
    hub.max_streams = 8
    page.wait_for_selector("#live.on", timeout=20 * SECOND)  # the browser retries (10 s hint)
    expect(page.locator("#message")).to_be_hidden()


def test_typing_the_token_makes_this_phone_the_host_without_a_reload(phone, served, table):
    page = open_page(phone, served, "/setup")
    page.evaluate("window.notReloaded = true")
    page.fill("#token", HOST_TOKEN)
    page.click("#login button")
    page.click(".views [data-view=fix]")
    page.click("#undo")
    page.click("#undo-yes")  # the new session's CSRF token is in use
    expect(page.locator("#undo-done-text")).to_have_text("Ben played blue 7")
    expect(page.locator("#undo-text")).to_have_text("Ana drew 2 cards")  # what a second undo takes
    assert table.latest.snapshot["top_card"] == "blue-draw2"
    page.click(".views [data-view=now]")
    page.click("#logout")
    page.wait_for_selector("#login")
    assert page.evaluate("window.notReloaded") is True


def test_the_host_answers_the_cameras_question_with_one_tap(chromium, served, table):
    from companion.table import Ask
    host, viewer = chromium.new_context(**PHONE), chromium.new_context(**PHONE)
    host_page = open_page(host, served, f"/host?token={HOST_TOKEN}")
    viewer_page = open_page(viewer, served)
    table.submit(Ask({"kind": "card", "seat": 2, "candidates": ["blue-6", "blue-9"]})).result(5)
    expect(viewer_page.locator("#questions")).to_contain_text("Which card did Cem play?")
    host_page.locator("[data-question] button", has_text="blue 9").click()
    expect(viewer_page.locator("#top-card")).to_have_attribute("aria-label", "blue 9")
    expect(viewer_page.locator("#questions .ask")).to_have_count(0)
    assert table.latest.snapshot["questions"] == []
    host.close()
    viewer.close()
