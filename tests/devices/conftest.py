"""The ``sim`` fixture: the real device classes on gpiozero MockFactory pins."""
import queue

import pytest

from companion.devices import open_devices

# Test timings: short, with wide margins over the sim's 30 ms per card on a loaded machine.
FAST = dict(motor_limit=2.0, card_deadline=0.5, settle=0.15, aim_time=0.02, rest=0.05)


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
