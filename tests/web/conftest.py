"""Fixtures for the web tests: a real table loop, the real app on loopback, real Chromium."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.table import demo_table
from companion.web.app import create_app
from companion.web.server import WebServer

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
HOST_TOKEN = "test-host-token"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@pytest.fixture
def table():
    with demo_table() as loop:
        yield loop


@pytest.fixture
def app(table):
    return create_app(table, host_token=HOST_TOKEN, trusted_hosts=["localhost", "127.0.0.1"])


@pytest.fixture
def host_client(app):
    """A test client that is the host, with its CSRF token sent on every POST."""
    client = app.test_client()
    csrf = client.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
    client.environ_base["HTTP_X_CSRF_TOKEN"] = csrf
    return client


@pytest.fixture
def served(table):
    server = WebServer(table, host="127.0.0.1", port=0, host_token=HOST_TOKEN, max_streams=8)
    server.start()
    yield server
    server.close()


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip("browser tests need Debian's chromium package (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium):
    """A fresh phone: its own cookies, a 390x844 portrait screen."""
    context = chromium.new_context(**PHONE)
    yield context
    context.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
