"""Screenshots of the host page's views and the winner screen for docs/web.md, from a real demo.

    python docs/screenshots.py            # writes docs/screenshots/*.png

A demo table (virtual players, simulated camera and launcher, the real page) plays a few turns;
a 360 px phone in Chromium (Debian's chromium, driven by playwright from the test extras) is
the host and photographs "Now", "Fix a mistake" and "Next game" in English and German; the demo
then plays the match to its end and the phone photographs the winner screen.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.config import parse_config
from companion.simtable import SimulatedTable
from companion.table import Ask, Dismiss

OUT = Path(__file__).resolve().parent / "screenshots"
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def main() -> int:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        print("needs Debian's chromium package (apt-get install chromium)", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    config = parse_config({"table": {"players": ["Ada", "Ben", "Cem", "Dana"], "preset": "official"},
                           "rules": {"target": 100}, "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})
    with SimulatedTable(config, seed=7, speed=0, web=True, port=0) as table, sync_playwright() as playwright:
        url = table.service.web.url.replace("0.0.0.0", "127.0.0.1")
        token = table.service.web.host_token
        for _ in range(14):  # a few turns into the first round
            table.step()
        table.settle()
        seat = table.state()["turn"]
        table.service.loop.submit(Ask({"kind": "card", "seat": seat,
                                       "candidates": ["red-6", "red-9", "yellow-6"]})).result(5)
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_context(**PHONE).new_page()
        for language in ("en", "de"):
            page.goto(f"{url}/lang/{language}")
            page.goto(f"{url}/host?token={token}")
            page.wait_for_selector("#live.on")
            for view in ("now", "fix", "next"):
                page.click(f".views [data-view={view}]")
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(OUT / f"host-{view}-{language}.png"))
        for question in table.state()["questions"]:  # the photographed question, put aside
            table.service.loop.submit(Dismiss(question["id"])).result(5)
        table.play()  # to the end of the match
        table.settle()
        for language in ("en", "de"):
            page.goto(f"{url}/lang/{language}")
            page.wait_for_selector("#winner:not([hidden])")
            page.screenshot(path=str(OUT / f"winner-{language}.png"))
        browser.close()
    for path in sorted(OUT.glob("*.png")):
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
