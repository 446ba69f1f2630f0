"""Fixtures of the link tests: a simulated Pico (companion.backends.pico.simulator) in a child process
on a pseudo-terminal, the host's devices on it, and a bare host for faults."""
import queue

import pytest

from link_helpers import PicoProcess, RawHost


@pytest.fixture
def pico(tmp_path):
    child = PicoProcess(tmp_path / "ttyPico")
    yield child
    child.close()


@pytest.fixture
def devices(pico):
    from companion.backends.pico.devices import open_devices
    events: queue.Queue = queue.Queue()
    opened = open_devices(events, port=pico.path, timeout=10,
                          launcher_options={"motor_limit": 3.0, "card_deadline": 0.8})
    opened.events = events
    yield opened
    opened.close()


@pytest.fixture
def raw_host(pico):
    host = RawHost(pico.path)
    yield host
    host.close()
