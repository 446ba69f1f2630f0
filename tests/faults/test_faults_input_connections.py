"""Many connections from something on the Wi-Fi (issue 14, item 9): the table's phones still get the page.

The probe: 100 idle TCP connections locked every phone out for about 60 s (waitress's
connection limit with 60 s timeouts); with 200 streams, 103 got no answer in 30 s.
Real HTTP on loopback; 127.0.0.x source addresses stand for separate devices on the Wi-Fi.
Every count and wait is bounded, and the test closes what it opened.
"""
from __future__ import annotations

import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.table import sample_loop
from companion.web.server import WebServer
from web_helpers import HOST_TOKEN

COMPLETE_EVENT = re.compile(rb"event: \w+\n(?:id: [^\n]*\n)?data: [^\n]*\n\n")
ANSWER_SECONDS = 5.0  # what a phone may wait for the page while the flood goes on


@pytest.fixture
def server():
    with sample_loop() as table:
        served = WebServer(table, host="127.0.0.1", port=0, host_token=HOST_TOKEN).start()
        yield served
        served.close()


def connect(port: int, source: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS, source_address=(source, 0))
    return sock


def phone_get(port: int, path: str = "/api/state", source: str = "127.0.0.2") -> tuple[int, float]:
    """One phone's request on a fresh connection: (HTTP status, seconds to the first line)."""
    started = time.monotonic()
    with connect(port, source) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        first = sock.recv(64)
    status = int(first.split()[1]) if first.startswith(b"HTTP/") else 0
    return status, time.monotonic() - started


def flood(port: int, count: int, sources: list[str], send: bytes = b"") -> list[socket.socket]:
    sockets = []
    for index in range(count):
        sock = connect(port, sources[index % len(sources)])
        if send:
            sock.sendall(send)
        sockets.append(sock)
    return sockets


def read_first_event(sock: socket.socket) -> bytes:
    """What a stream sent until its first event was complete (or the wait ran out)."""
    data, deadline = b"", time.monotonic() + ANSWER_SECONDS
    while not COMPLETE_EVENT.search(data):
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(4096)
        except OSError:  # timed out: no (whole) answer
            break
        if not chunk:
            break
        data += chunk
    return data


def close_all(sockets):
    for sock in sockets:
        sock.close()


@pytest.mark.parametrize("count, sources", [(150, ["127.0.0.1"]), (150, ["127.0.0.3"]),
                                            (150, [f"127.0.1.{n}" for n in range(1, 31)]),
                                            (330, [f"127.0.1.{n}" for n in range(1, 31)])],
                         ids=["the-box-itself", "one-device", "thirty-devices", "330-from-thirty-devices"])
def test_idle_connections_leave_the_page_reachable(server, count, sources):
    idle = flood(server.port, count, sources)
    try:
        time.sleep(0.5)  # the server has accepted what it will
        for source in ("127.0.0.2", sources[0]):  # another phone, and the flooding device itself
            status, seconds = phone_get(server.port, source=source)
            assert status == 200 and seconds < ANSWER_SECONDS, (source, status, seconds)
    finally:
        close_all(idle)


def test_half_sent_requests_do_not_lock_the_page(server):
    """Slow headers (one request line, never finished) count as idle too."""
    slow = flood(server.port, 150, ["127.0.0.1"], send=b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    try:
        time.sleep(0.5)
        status, seconds = phone_get(server.port)
        assert status == 200 and seconds < ANSWER_SECONDS, (status, seconds)
    finally:
        close_all(slow)


def test_200_streams_each_get_an_answer_and_a_phone_still_gets_the_page(server):
    sources = [f"127.0.2.{n}" for n in range(1, 41)]  # forty devices, five streams each
    request = b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    streams = flood(server.port, 200, sources, send=request)
    try:
        with ThreadPoolExecutor(32) as pool:
            answers = list(pool.map(read_first_event, streams))
        unanswered = sum(1 for answer in answers if not answer.startswith(b"HTTP/1.1 200"))
        assert unanswered == 0, f"{unanswered} of 200 streams got no answer in {ANSWER_SECONDS} s"
        live = sum(1 for answer in answers if b"event: snapshot" in answer)
        full = sum(1 for answer in answers if b"event: full" in answer)
        assert live <= server.app.extensions["hub"].max_streams and live + full == 200, (live, full)
        status, seconds = phone_get(server.port)
        assert status == 200 and seconds < ANSWER_SECONDS, (status, seconds)
    finally:
        close_all(streams)


def test_one_device_gets_only_its_share_of_the_live_streams(server):
    hub = server.app.extensions["hub"]
    request = b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    greedy = flood(server.port, 12, ["127.0.3.1"], send=request)  # within its share of connections
    try:
        deadline = time.monotonic() + ANSWER_SECONDS
        while hub.open_count < hub.per_client and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        assert hub.open_count == hub.per_client < hub.max_streams
        answers = [read_first_event(sock) for sock in greedy]
        refused = [answer for answer in answers if b"event: full" in answer]
        assert len(refused) == len(greedy) - hub.per_client and all(b"too many pages" in a for a in refused)
        status, seconds = phone_get(server.port, "/api/stream", source="127.0.0.2")  # another phone's stream
        assert status == 200 and seconds < ANSWER_SECONDS
    finally:
        close_all(greedy)


def test_the_stream_cap_stays_below_the_connection_limit():
    from companion.web import server as web_server
    with sample_loop() as table:
        with pytest.raises(ValueError, match="streams"):
            WebServer(table, host="127.0.0.1", port=0, max_streams=web_server.CONNECTION_LIMIT)
    assert web_server.PER_CLIENT < web_server.IDLE_LIMIT < web_server.CONNECTION_LIMIT
