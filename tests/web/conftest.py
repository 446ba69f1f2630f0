"""Fixtures for the web tests: a real table loop, the real app on loopback, real Chromium."""
from __future__ import annotations


import pytest

from companion.table import sample_loop
from companion.web.app import create_app
from companion.web.server import WebServer
from match_fixtures import StoredTable
from web_helpers import HOST_TOKEN, PHONE


@pytest.fixture
def table():
    with sample_loop() as loop:
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


@pytest.fixture
def phone(chromium):
    """A fresh phone: its own cookies, a 390x844 portrait screen."""
    context = chromium.new_context(**PHONE)
    yield context
    context.close()


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A store with a finished, an unfinished and a current match; tests work on copies of it."""
    table = StoredTable(tmp_path_factory.mktemp("built") / "games.sqlite")
    yield table
    table.close()
