"""The launcher's gpiozero parts: opened one by one, closed together, sensors at their level."""
from __future__ import annotations

import logging

from gpiozero import DigitalInputDevice

log = logging.getLogger(__name__)


class Parts:
    """gpiozero devices opened so far; :meth:`close` releases them in reverse order, whatever fails."""

    def __init__(self):
        self._devices: list = []

    def add(self, device):
        self._devices.append(device)
        return device

    def close(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception:
                log.exception("closing %r failed", device)
        self._devices.clear()


def sensor(pin, active_low: bool, pin_factory) -> DigitalInputDevice:
    """A sensor input, pulled up, active at the sensor's level: low when ``active_low``.

    gpiozero ties the active level to the pull (pull-up = active low); a sensor that
    drives the pin high when active keeps the pull-up, which its output outweighs.
    """
    device = DigitalInputDevice(pin, pull_up=None, active_state=not active_low, pin_factory=pin_factory)
    device.pin.pull = "up"
    return device


def label(device) -> str:
    """The BCM name (``GPIO17``) printed in hardware/wiring.md."""
    return device.pin.info.name
