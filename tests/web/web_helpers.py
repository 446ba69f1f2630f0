"""Constants and helpers of the web tests (a module name no other test folder uses)."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
HOST_TOKEN = "test-host-token"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


def screenshot(page, name: str) -> Path:
    """The whole page as a person scrolling it sees it (the tab bar at the end, not floating)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    style = page.add_style_tag(content="nav.tabs { position: static; }")
    page.screenshot(path=str(path), full_page=True)
    style.evaluate("element => element.remove()")
    return path
