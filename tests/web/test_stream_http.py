"""The event stream over real HTTP on loopback (waitress): snapshot, changes, the cap."""
import http.client
import json
import time

from companion.engine.events import event_from_json
from companion.table import Happened


class StreamReader:
    """A minimal SSE client: yields (event name, data) pairs."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        self.connection.request("GET", "/api/stream", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()

    def next_event(self):
        name, data = None, None
        while True:
            line = self.response.readline().decode()
            if not line:
                return None  # the server ended the stream
            line = line.rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "" and name:
                return name, data

    def close(self):
        self.response.close()  # the response holds the socket too
        self.connection.close()


def test_a_phone_gets_the_snapshot_then_only_what_changed(served, table):
    reader = StreamReader(served.port)
    assert reader.response.getheader("Content-Type").startswith("text/event-stream")
    assert reader.response.getheader("Cache-Control") == "no-store"
    name, snapshot = reader.next_event()
    assert name == "snapshot" and snapshot["view"]["top"]["id"] == "blue-7"
    table.submit(Happened(event_from_json({"type": "draw", "seat": 2, "count": 1}))).result(2)
    name, change = reader.next_event()
    assert name == "change" and change["base"] == snapshot["version"]
    assert change["version"] == snapshot["version"] + 1
    assert "top" not in change["view"]  # the top card did not change, so it is not sent again
    assert change["view"]["players"][2]["hand"] == 7
    reader.close()


def test_when_the_streams_are_full_the_next_phone_is_told_clearly(served):
    readers = [StreamReader(served.port) for _ in range(8)]  # the fixture's cap is 8
    for reader in readers:
        assert reader.next_event()[0] == "snapshot"
    extra = StreamReader(served.port)
    name, data = extra.next_event()
    assert name == "full" and "Too many phones are connected (8)" in data["error"]
    assert extra.next_event() is None  # and the response ends; the browser retries later
    readers.pop().close()
    hub = served.app.extensions["hub"]
    for _ in range(50):  # the server sees the hang-up within about a second
        if hub.open_count < 8:
            break
        time.sleep(0.1)
    again = StreamReader(served.port)
    assert again.next_event()[0] == "snapshot"
    for reader in readers + [again, extra]:
        reader.close()
