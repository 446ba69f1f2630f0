"""The live win chances in real headless Chromium: the host's bar per player and the history's
chart show the numbers the worker produced; a guest sees neither while the table keeps them
for the host (S5 off)."""
import math
import re
import time

import pytest
from playwright.sync_api import expect

from chances_helpers import ChancesTable
from companion.engine.events import event_from_json
from companion.table import Happened
from web_helpers import HOST_TOKEN, screenshot

pytestmark = pytest.mark.slow
SECOND = 1000  # ms


@pytest.fixture
def chance_table():
    table = ChancesTable()
    yield table
    table.close()


def estimated(table, observation):
    """Apply ``observation`` and wait for the worker's estimate of the state it leaves."""
    version = table.loop.submit(observation).result(5).version
    for _ in range(300):
        latest = table.chances.latest
        if latest is not None and latest.version == version:
            return latest
        time.sleep(0.05)
    raise AssertionError(f"no estimate for version {version}")


def percent(share):
    """As the page writes a share: whole percent, halves up (JavaScript's Math.round)."""
    return f"{math.floor(round(share, 4) * 100 + 0.5)}%"


def open_as(phone, table, path, host):
    page = phone.new_page()
    if host:
        page.goto(f"http://127.0.0.1:{table.port}/host?token={HOST_TOKEN}")
    page.goto(f"http://127.0.0.1:{table.port}{path}")
    page.wait_for_selector("#live.on", timeout=5 * SECOND)
    return page


def test_the_hosts_bars_show_the_workers_estimate(phone, chance_table):
    errors = []
    phone.on("weberror", lambda error: errors.append(error.error))
    page = open_as(phone, chance_table, "/", host=True)
    latest = estimated(chance_table, Happened(event_from_json({"type": "play", "seat": 2, "card": "blue-draw2"})))
    bars = page.locator("#chances")
    expect(bars).to_be_visible(timeout=5 * SECOND)
    expect(bars).not_to_have_class(re.compile("stale"), timeout=5 * SECOND)   # this state's estimate
    estimate = latest.estimate
    assert page.locator(".chance .name").all_inner_texts() == ["Ana", "Ben", "Cem"]
    assert page.locator(".chance .round-chance").all_inner_texts() == [percent(p) for p in estimate.round]
    matches = page.locator(".chance .match-chance").all_inner_texts()
    assert matches == [f"Match {percent(p)} ± {math.floor(round(se, 4) * 196 + 0.5)}%"
                       for p, se in zip(estimate.match, estimate.match_se)]
    widths = page.locator(".chance .fill").evaluate_all("nodes => nodes.map((n) => n.style.width)")
    assert [float(width.rstrip("%")) for width in widths] == [round(round(p, 4) * 100, 1) for p in estimate.round]
    assert f"{estimate.playouts} playouts" in page.locator("#chances-note").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "scoreboard-chances")
    assert errors == []


def test_the_history_chart_draws_the_rounds_chances_after_each_event(phone, chance_table):
    first = estimated(chance_table, Happened(event_from_json({"type": "play", "seat": 2, "card": "blue-draw2"})))
    page = open_as(phone, chance_table, "/history", host=True)
    latest = estimated(chance_table, Happened(event_from_json({"type": "draw", "seat": 0, "count": 2})))
    expect(page.locator("#chances-history")).to_be_visible(timeout=5 * SECOND)
    expect(page.locator("#chances-history")).not_to_have_class(re.compile("stale"), timeout=5 * SECOND)
    assert len(latest.series) == len(first.series) + 1 >= 2
    lines = page.locator("#chances-chart polyline")
    assert lines.count() == 3
    last = max(point.step for point in latest.series)
    for seat in range(3):
        points = [tuple(map(float, xy.split(","))) for xy in lines.nth(seat).get_attribute("points").split()]
        assert len(points) == len(latest.series)
        for (x, y), point in zip(points, latest.series):   # the page's own scale: 28 px margins
            assert x == pytest.approx(28 + point.step * (360 - 28 - 8) / last)
            assert y == pytest.approx(200 - 28 - round(point.round[seat], 4) * (200 - 28 - 10))
    assert [text.strip() for text in page.locator("#chances-legend span[data-seat]").all_inner_texts()] == [
        f"{name} {percent(p)}" for name, p in zip(("Ana", "Ben", "Cem"), latest.estimate.round)]
    screenshot(page, "history-chances")


def test_a_guest_sees_no_chances_when_the_table_keeps_them_for_the_host(phone, chance_table):
    estimated(chance_table, Happened(event_from_json({"type": "play", "seat": 2, "card": "blue-draw2"})))
    page = open_as(phone, chance_table, "/", host=False)
    estimated(chance_table, Happened(event_from_json({"type": "draw", "seat": 0, "count": 2})))
    expect(page.locator(".player[data-seat='0'] .hand")).to_have_text("10 cards", timeout=5 * SECOND)
    assert page.locator("#chances").is_hidden() and page.locator(".chance").count() == 0
    history = open_as(phone, chance_table, "/history", host=False)
    assert history.locator("#chances-history").is_hidden()
    assert history.locator("#chances-chart polyline").count() == 0
