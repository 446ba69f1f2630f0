"""The ``pico`` backend: the host's end of the serial link to the Pico (``firmware/``); docs/protocol.md.

- ``transport``: the USB serial port through pyserial, one error type.
- ``session``: :class:`~companion.backends.pico.session.HostLink` speaks the protocol
  (hello, sync, ACK/NAK, retransmission, heartbeats, reconnect with back-off).
- ``devices`` and ``launcher``: the ``pico`` backend of the device classes.
- ``simulator``: the firmware logic on a pseudo-terminal, a Pico without a Pico.
- ``cli`` (``uno-companion pico``), ``bench`` (``uno-companion bench link``),
  ``firmware_pins`` (writes ``firmware/pins.py`` from the pin map).

The frame codec is not here: it is ``firmware/protocol.py``, installed as
``companion.firmware.protocol``, the very module the Pico runs.
"""
