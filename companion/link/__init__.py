"""The host's end of the serial link to the Pico (``firmware/``).

``transport`` opens the USB serial port with pyserial; ``session`` speaks the
protocol of docs/protocol.md (hello, sync, ACK/NAK, retransmission, heartbeats,
reconnect); ``devices`` offers the ``pico`` backend of the device classes.
"""
