"""Serving the page: the start banner a host reads, and a clean stop."""
import json
import signal
import subprocess
import sys
import urllib.request

from conftest import HOST_TOKEN


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
