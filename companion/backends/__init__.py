"""Where the table's devices live: one module per backend, all behind one opener.

- :mod:`~companion.backends.gpio`: the Pi's header, through gpiozero;
- :mod:`~companion.backends.sim`: the same classes on mock pins, with a simulated card stack;
- :mod:`~companion.backends.pico`: a Raspberry Pi Pico over USB serial (the link's
  ``transport``, ``session``, and the devices on it).

Each backend's ``open_devices(events, *, ...)`` takes the arguments of
:class:`~companion.backends.base.Opener` plus its own and returns a
:class:`~companion.backends.base.TableDevices`. :func:`open_devices` below opens one by name.

>>> import queue
>>> events = queue.Queue()
>>> with open_devices("sim", events, seed=1) as devices:
...     devices.ring.seats, devices.launcher.motor_running
(6, False)
"""
from __future__ import annotations

from companion.backends.base import Opener, TableDevices, aim_angles, part_settings
from companion.devices.interface import EventSink
from companion.errors import UserError
from companion.pinmap import PinMap

BACKENDS = ("gpio", "sim", "pico")

__all__ = ["BACKENDS", "Opener", "TableDevices", "aim_angles", "open_devices", "part_settings"]


def open_devices(backend: str, events: EventSink, *, pinmap: PinMap | None = None, seed: int | None = None,
                 burst_policy: str = "toy", launcher_options: dict | None = None,
                 stack_options: dict | None = None, port: str | None = None) -> TableDevices:
    """Open launcher, ring and beeper on ``backend``; every wiring problem is a :class:`UserError` at start.

    The table's config names a backend per device and always carries a port, so the two
    backend-only options go where they belong and nowhere else: ``stack_options`` to
    ``sim``'s :class:`~companion.devices.sim.SimCardStack` (``cards``, ``jam_at``...),
    ``port`` to ``pico`` (the Pico's serial port; the link has a default).
    """
    common = dict(pinmap=pinmap, seed=seed, burst_policy=burst_policy, launcher_options=launcher_options)
    if backend == "gpio":
        from companion.backends import gpio
        return gpio.open_devices(events, **common)
    if backend == "sim":
        from companion.backends import sim
        return sim.open_devices(events, **common, stack_options=stack_options)
    if backend == "pico":
        return _pico_opener()(events, **common, **({"port": port} if port else {}))
    raise UserError(f"unknown device backend {backend!r}; choose one of: {', '.join(BACKENDS)}")


def _pico_opener() -> Opener:
    # Imported only when asked for: a Pi wired to its own header never loads pyserial.
    try:
        from companion.backends.pico.devices import open_devices as open_pico
    except ImportError as missing:
        raise UserError(f"the pico backend is not available in this installation ({missing})") from None
    return open_pico
