"""Serving the page: the start banner a host reads, and a clean stop."""
import json
import signal
import subprocess
import sys
import urllib.request

from web_helpers import HOST_TOKEN


def test_the_banner_gives_the_page_the_host_link_and_the_token(served):
    banner = served.banner()
    assert f"Scoreboard: http://127.0.0.1:{served.port}/" in banner
    assert f"/host?token={HOST_TOKEN}" in banner and f"Host token: {HOST_TOKEN}" in banner
    assert "█" in banner  # the QR code, drawn for a terminal


def test_the_sample_server_answers_and_stops_cleanly_on_sigterm():
    process = subprocess.Popen([sys.executable, "-m", "companion.web.server", "--host", "127.0.0.1",
                                "--port", "0", "--token", "t0ken"], stdout=subprocess.PIPE, text=True)
    try:
        address = process.stdout.readline().split("Scoreboard: ")[1].strip()
        with urllib.request.urlopen(address + "api/state", timeout=5) as response:
            assert json.load(response)["state"]["players"] == ["Ana", "Ben", "Cem"]
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(10) == 0


def test_the_sample_server_stops_cleanly_on_sigterm_sent_as_soon_as_its_banner_is_out():
    # the handler was set after the banner was printed: a stop sent at once killed the
    # process outright (exit -15), before it closed the server and the table
    process = subprocess.Popen([sys.executable, "-m", "companion.web.server", "--host", "127.0.0.1",
                                "--port", "0", "--token", "t0ken"], stdout=subprocess.PIPE, text=True)
    try:
        assert "Scoreboard: " in process.stdout.readline()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(10) == 0


def test_connections_of_vanished_phones_time_out(served):
    """A phone that leaves without closing (Wi-Fi off) must not hold a stream slot for long."""
    import socket
    import time
    client = socket.create_connection(("127.0.0.1", served.port))
    client.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    client.recv(100)
    time.sleep(0.1)
    server = served._server
    accepted = [channel.socket for channel in list(server._map.values())
                if channel is not server and channel is not server.trigger]
    assert accepted and all(sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) for sock in accepted)
    if hasattr(socket, "TCP_USER_TIMEOUT"):
        assert {sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) for sock in accepted} == {30_000}
    client.close()


def test_a_phone_leaving_its_stream_is_not_logged_as_news(caplog):
    import logging
    with caplog.at_level(logging.INFO, logger="waitress"):
        logging.getLogger("waitress").info("Client disconnected while serving /api/stream")
        logging.getLogger("waitress").info("Client disconnected while serving /api/state")
    assert [r.getMessage() for r in caplog.records] == ["Client disconnected while serving /api/state"]
