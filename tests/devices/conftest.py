"""The ``sim`` fixture: the real device classes on gpiozero MockFactory pins."""
import queue

import pytest

from companion.backends import open_devices

from devices_helpers import FAST


@pytest.fixture
def sim():
    """``sim(**stack_options, launcher=dict(...))`` -> (devices, events); closed after the test."""
    opened = []

    def open_sim(launcher=None, seed=1, **stack_options):
        events = queue.Queue()
        devices = open_devices("sim", events, seed=seed, launcher_options={**FAST, **(launcher or {})},
                               stack_options=stack_options)
        opened.append(devices)
        return devices, events

    yield open_sim
    for devices in opened:
        devices.close()
