"""The host page's views, the winner screen and the "not answering" state in real Chromium,
on a 360 px phone in both languages."""
import pytest
from playwright.sync_api import expect

from companion.engine.events import event_from_json
from companion.table import Ask, Happened
from web_helpers import HOST_TOKEN, screenshot

pytestmark = pytest.mark.slow
SMALL = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
# Elements (visible ones) reaching past the right edge, and texts cut inside their own box.
OVERFLOW = """() => {
  const out = [];
  for (const node of document.querySelectorAll('body *')) {
    const box = node.getBoundingClientRect();
    if (!box.width || getComputedStyle(node).visibility === 'hidden') continue;
    if (box.right > innerWidth + 0.5 || box.left < -0.5) out.push(node.tagName + '#' + node.id + '.' + node.className + ' ' + Math.round(box.right));
  }
  for (const node of document.querySelectorAll('nav.tabs a, .views button, legend, button'))
    if (node.offsetWidth && node.scrollWidth > node.clientWidth + 1) out.push('cut: ' + node.textContent.trim());
  return out;
}"""


def push(table, **event):
    return table.submit(Happened(event_from_json(event))).result(5)


def win_the_match(table):
    """Ben goes out and scores 600: the match (target 500) is his."""
    push(table, type="correction", seat=1, hand_size=1)
    push(table, type="uno", seat=1)
    push(table, type="play", seat=2, card="blue-1")
    push(table, type="play", seat=0, card="blue-2")
    push(table, type="play", seat=1, card="blue-9")
    push(table, type="round_end", points=[300, 0, 300])


def host_page(chromium, served, language="en"):
    context = chromium.new_context(**SMALL)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/lang/{language}")
    page.goto(f"http://127.0.0.1:{served.port}/host?token={HOST_TOKEN}")
    page.wait_for_selector("#live.on")
    return page


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_host_view_fits_a_360_px_phone(chromium, served, table, language):
    table.submit(Ask({"kind": "card", "seat": 2, "candidates": ["blue-6", "blue-9", "wild"]})).result(5)
    page = host_page(chromium, served, language)
    for name in ("now", "fix", "next"):
        page.click(f".views [data-view={name}]")
        expect(page.locator(f"#view-{name}")).to_be_visible()
        assert page.evaluate(OVERFLOW) == [], name
        screenshot(page, f"host-{name}-{language}-360")
    # each tab gets its share of the bar: "Gastgeber" does not push the others aside
    widths = page.locator("nav.tabs a").evaluate_all("tabs => tabs.map(t => t.getBoundingClientRect().width)")
    assert max(widths) - min(widths) < 1, widths
    for path in ("/", "/history", "/matches"):
        page.goto(f"http://127.0.0.1:{served.port}{path}")
        assert page.evaluate(OVERFLOW) == [], path
    page.context.close()


def test_a_camera_question_shows_card_tiles_and_another_card(chromium, served, table):
    table.submit(Ask({"kind": "card", "seat": 2, "candidates": ["blue-6", "blue-9"]})).result(5)
    page = host_page(chromium, served)
    tiles = page.locator("[data-question] .tile")
    assert tiles.all_inner_texts() == ["6\nblue 6", "9\nblue 9"]
    assert tiles.first.bounding_box()["height"] >= 100  # a card to tap at arm's length
    page.locator("[data-question] .other-card").select_option("blue-3")
    expect(page.locator("[data-question]")).to_have_count(0)
    assert table.latest.snapshot["top_card"] == "blue-3"
    page.context.close()


def test_the_next_game_starts_from_the_rules_of_the_match_at_the_table(chromium, served, table):
    page = host_page(chromium, served)
    page.click(".views [data-view=next]")
    page.fill("#opt-target", "150")
    page.click("#start-game")
    page.wait_for_function("() => UNO.view.status.round_text.includes('150')")
    page.reload()
    page.click(".views [data-view=next]")
    assert page.locator("#opt-target").input_value() == "150"  # not the default 500 again
    page.context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_winner_screen_and_playing_again_with_the_same_rules(chromium, served, table, language):
    page = host_page(chromium, served, language)
    viewer = page.context.browser.new_context(**SMALL).new_page()
    viewer.goto(f"http://127.0.0.1:{served.port}/lang/{language}")
    viewer.wait_for_selector("#live.on")
    win_the_match(table)
    for phone in (viewer, page):
        expect(phone.locator("#winner")).to_be_visible()
        expect(phone.locator("#winner-title")).to_have_text("Ben wins the match!" if language == "en"
                                                             else "Ben gewinnt das Spiel!")
        assert phone.locator("#winner-scores li").first.inner_text().split() == ["★", "Ben", "600"]
        assert phone.locator("#winner-chart polyline").count() == 3
        assert phone.evaluate(OVERFLOW) == []
    assert viewer.locator("#play-again").count() == 0  # only the host starts the next match
    assert viewer.locator(".badge.uno").count() == 0  # Ben is out: no UNO badge
    text = viewer.locator("#turn-name").inner_text()
    assert "nothing" not in text and "nichts" not in text
    screenshot(viewer, f"winner-{language}-360")
    options = table.latest.snapshot["setup"]["options"]
    page.click("#play-again")
    expect(page.locator("#winner")).to_be_hidden()
    expect(viewer.locator("#winner")).to_be_hidden()
    state = table.latest.snapshot
    assert state["players"] == ["Ana", "Ben", "Cem"] and state["setup"]["options"] == options
    assert state["scores"] == [0, 0, 0] and not state["match"]["over"]
    viewer.context.close()
    page.context.close()


def test_when_the_companion_stops_answering_the_page_says_so_and_hides_the_turn(chromium, served):
    context = chromium.new_context(**SMALL)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/")
    page.wait_for_selector("#live.on")
    assert page.locator("#turn-name").is_visible()
    served.close()
    expect(page.locator("#gone")).to_be_visible(timeout=10000)
    expect(page.locator("#gone")).to_contain_text("The companion is not answering.")
    assert not page.locator("#turn-name").is_visible()  # the stale turn is not shown
    context.close()
