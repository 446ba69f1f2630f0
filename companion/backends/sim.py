"""The ``sim`` backend: the ``gpio`` backend's classes on gpiozero's mock pins, with a simulated card stack.

>>> import queue
>>> with open_devices(queue.Queue(), seed=1) as devices:
...     devices.ring.seats, devices.launcher.motor_running
(6, False)
"""
from __future__ import annotations

from companion.backends.base import TableDevices
from companion.backends.gpio import open_pins
from companion.devices.interface import EventSink
from companion.devices.sim import mock_factory
from companion.pinmap import PinMap


def open_devices(events: EventSink, *, pinmap: PinMap | None = None, seed: int | None = None,
                 burst_policy: str = "toy", launcher_options: dict | None = None,
                 stack_options: dict | None = None) -> TableDevices:
    """Open launcher, ring and beeper on mock pins (see :class:`~companion.backends.base.Opener`).

    ``stack_options`` go to :class:`~companion.devices.sim.SimCardStack` (``cards``, ``jam_at``...);
    the result's ``stack``, ``factory`` and ``tap()`` play the table's hands.
    """
    return open_pins(events, pinmap=pinmap, seed=seed, burst_policy=burst_policy,
                     launcher_options=launcher_options, backend="sim", factory=mock_factory(),
                     stack_options=stack_options)
