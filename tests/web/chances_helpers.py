"""A table with live win chances served on loopback, and phones that speak plain HTTP to it."""
from __future__ import annotations

import http.client
import json
import urllib.request
from http.cookiejar import CookieJar

from companion.table import sample_loop
from companion.table.chances import ChancesConfig, TableChances
from companion.web.server import WebServer
from web_helpers import HOST_TOKEN

BUDGET = ChancesConfig(budget_s=0.03)   # small: tests stay quick, a few dozen playouts each


class ChancesTable:
    """The sample round, its chances worker and the page (close() stops all three)."""

    def __init__(self, loop=None):
        self.loop = (loop or sample_loop()).start()
        self.chances = TableChances(BUDGET, seed=1).attach(self.loop)
        self.web = WebServer(self.loop, host="127.0.0.1", port=0, host_token=HOST_TOKEN, max_streams=8,
                             chances=self.chances).start()
        self.port = self.web.port

    def close(self):
        self.web.close()
        self.chances.close()
        self.loop.stop()


class Phone:
    """One phone: its own cookies; ``host()`` signs it in with the host token."""

    def __init__(self, port: int):
        self.port, self.jar, self.csrf = port, CookieJar(), ""
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path: str) -> dict:
        with self.opener.open(self.url(path), timeout=10) as response:
            return json.load(response)

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url(path), data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "X-CSRF-Token": self.csrf})
        with self.opener.open(request, timeout=10) as response:
            return json.load(response)

    def host(self) -> "Phone":
        self.csrf = self.post("/api/login", {"token": HOST_TOKEN})["csrf"]
        return self

    def stream(self) -> "Stream":
        cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.jar)
        return Stream(self.port, cookies)


class Stream:
    """The phone's live stream (SSE) read line by line."""

    def __init__(self, port: int, cookies: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        headers = {"Accept": "text/event-stream", **({"Cookie": cookies} if cookies else {})}
        self.connection.request("GET", "/api/stream", headers=headers)
        self.response = self.connection.getresponse()

    def next_event(self):
        name, data = None, None
        while True:
            line = self.response.readline().decode()
            if not line:
                return None
            line = line.rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "" and name:
                return name, data

    def chances_for(self, version: int) -> dict:
        """The first ``chances`` message for the table's update ``version`` (others are skipped)."""
        while True:
            message = self.next_event()
            assert message is not None, "the stream ended"
            name, data = message
            if name == "chances" and data["version"] == version:
                return data

    def close(self):
        self.response.close()
        self.connection.close()
