"""Tell systemd the service is ready and alive (sd_notify), with the standard library only.

Under ``Type=notify`` with ``WatchdogSec=``, systemd restarts the service when
the table loop stops sending ``WATCHDOG=1``: a hung loop is restarted like a
crashed one. Outside systemd (``NOTIFY_SOCKET`` unset) every call does nothing.
"""
from __future__ import annotations

import os
import socket


def notify(message: str) -> bool:
    """Send one sd_notify message such as ``READY=1``; False when not under systemd."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):  # abstract namespace socket
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        try:
            sock.sendto(message.encode(), address)
        except OSError:
            return False
    return True


def watchdog_interval() -> float | None:
    """Seconds between WATCHDOG=1 pings (half of what systemd allows), or None."""
    microseconds = os.environ.get("WATCHDOG_USEC")
    if not microseconds or not microseconds.isdigit():
        return None
    return int(microseconds) / 2_000_000
