"""Reopening the port with back-off until a Pico appears, then the session starts by itself."""
import time

from companion.backends.pico.session import BACKOFF_S, HostLink
from companion.backends.pico.transport import SerialTransport

from link_helpers import PicoProcess
from polling import wait_until


def test_the_host_retries_with_growing_pauses_and_connects_when_the_pico_appears(tmp_path):
    path = str(tmp_path / "ttyPico")
    attempts = []

    def opening(port):                       # the real transport, with each attempt noted
        attempts.append(time.monotonic())
        return SerialTransport(port)

    link = HostLink(path, transport=opening).start()
    try:
        wait_until(lambda: len(attempts) >= 4, what="four attempts")
        pauses = [later - earlier for earlier, later in zip(attempts, attempts[1:])]
        for pause, backoff in zip(pauses, BACKOFF_S):
            assert pause >= backoff * 0.9           # never hammering the port; late is fine
        assert "no such port" in link.problem and not link.ready
        pico = PicoProcess(path)                    # plugged in
        try:
            wait_until(lambda: link.ready, timeout=15, what="a session after plugging in")
            assert link.info.boot_id == pico.first["boot_id"] and link.sessions == 1
        finally:
            pico.close()
    finally:
        link.close()
