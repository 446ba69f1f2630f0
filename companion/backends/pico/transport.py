"""The USB serial port to the Pico, through pyserial, with one kind of error.

Every failure (port missing, busy, unplugged mid-read, a write that cannot
finish) becomes a :class:`TransportError` with a readable message, so the
session above has one thing to catch and reconnect on.
"""
from __future__ import annotations

import serial

BAUDRATE = 115200      # ignored by the Pico's USB CDC, kept for USB-UART adapters
READ_TIMEOUT_S = 0.05  # how long a read waits: the session's heartbeat clock ticks this often


class TransportError(Exception):
    """The serial port cannot be used (now)."""


class SerialTransport:
    def __init__(self, port: str):
        self.port = port
        try:
            self._serial = serial.Serial(port, BAUDRATE, timeout=READ_TIMEOUT_S, write_timeout=1.0,
                                         exclusive=True)
        except (serial.SerialException, OSError, ValueError) as error:
            raise TransportError(f"cannot open {port}: {_why(error)}") from None

    def read(self) -> bytes:
        """What has arrived, waiting up to READ_TIMEOUT_S for the first byte."""
        try:
            return self._serial.read(max(1, self._serial.in_waiting))
        except (serial.SerialException, OSError, TypeError) as error:
            # TypeError: pyserial on a port closed under it by another thread.
            raise TransportError(f"{self.port}: {_why(error)}") from None

    def write(self, data: bytes) -> None:
        try:
            self._serial.write(data)
        except (serial.SerialException, OSError) as error:
            raise TransportError(f"{self.port}: {_why(error)}") from None

    def close(self) -> None:
        try:
            self._serial.close()
        except (serial.SerialException, OSError):
            pass


def _why(error: BaseException) -> str:
    text = str(error)
    if "No such file" in text or "could not open port" in text and "[Errno 2]" in text:
        return "no such port (is the Pico plugged in?)"
    if "Permission denied" in text:
        return "permission denied (add yourself to the 'dialout' group)"
    if "Resource temporarily unavailable" in text or "exclusively lock" in text:
        return "the port is in use by another program"
    return text
