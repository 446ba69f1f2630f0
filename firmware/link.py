"""The Pico's end of the serial link: sessions, ACK/NAK, retransmission, silence.

Pure logic: bytes and the time go in, frames to write come out (``take_tx``).
A session starts when the host answers our HELLO with ``SYNC <boot id> <host session>``;
before that every command is refused with ``NAK seq SYNC``, so a command the
host retransmits across a Pico reboot is never carried out twice. Within a
session a repeated frame (same sequence number, same message) is answered
again but not executed again; a new host's SYNC differs by its session number.
"""
from .protocol import TO_HOST, TO_PICO, FrameError, FrameReader, encode_message

HELLO_EVERY_MS = 500      # while no host has started a session
RETRY_MS = 200            # an unacknowledged event is sent again
SILENCE_MS = 1000         # no valid frame for this long: the link is lost
OUTBOX_MAX = 32
STALE_WHEN_LOST = ("PRESS", "RELEASE")


class PicoLink:
    def __init__(self, version, boot_id, seats, has_launcher, now_ms):
        self.hello_args = (version, boot_id, seats, 1 if has_launcher else 0)
        self.boot_id = boot_id
        self.reader = FrameReader(TO_PICO)
        self.synced = False
        self.last_heard = None         # when the last valid frame arrived
        self._last_host_seq = None
        self._last_reply = None
        self._last_command = None
        self._out_seq = 0
        self._outbox = []              # (verb, args) waiting their turn
        self._inflight = None          # [seq, frame, sent_ms, verb]
        self._hello_at = now_ms
        self._tx = []

    def _send(self, seq, verb, args=()):
        frame = encode_message(TO_HOST, seq, verb, args)
        self._tx.append(frame)
        return frame

    def take_tx(self):
        """The bytes to write to the host now."""
        data = b"".join(self._tx)
        self._tx = []
        return data

    def alive(self, now_ms):
        return self.last_heard is not None and now_ms - self.last_heard < SILENCE_MS

    def receive(self, data, now_ms, execute):
        """Handle received bytes; ``execute(message)`` carries out each new command at once
        and returns None or a NAK reason, which is sent back before the next frame is read.
        """
        for message in self.reader.feed(data):
            if isinstance(message, FrameError):
                self._send(0, "NAK", (0, "BAD"))
                continue
            self.last_heard = now_ms
            verb, seq = message.verb, message.seq
            if verb == "ACK":
                if self._inflight and self._inflight[0] == message.args[0]:
                    self._inflight = None
            elif verb == "NAK":
                if self._inflight and message.args[0] in (0, self._inflight[0]):
                    self._inflight[2] = now_ms - RETRY_MS       # send it again now
            elif verb == "HELLO":
                self._send(0, "HELLO", self.hello_args)
            elif verb == "PING":
                pass
            elif verb == "HALT":
                execute(message)                                # idempotent: no number, no reply
            elif self.synced and seq == self._last_host_seq and message == self._last_command:
                self._tx.append(self._last_reply)               # a retransmission: answer again only
            elif verb == "SYNC":
                if message.args[0] != self.boot_id:
                    self._send(0, "NAK", (seq, "BOOT"))
                    continue
                self.synced = True
                self._outbox, self._inflight, self._out_seq = [], None, 0
                self._reply(message, execute(message))
            elif not self.synced:
                self._send(0, "NAK", (seq, "SYNC"))
            else:
                self._reply(message, execute(message))

    def _reply(self, message, error):
        if error:
            frame = self._send(0, "NAK", (message.seq, error))
        else:
            frame = self._send(0, "ACK", (message.seq,))
        self._last_host_seq, self._last_reply, self._last_command = message.seq, frame, message

    def send_event(self, verb, args):
        """Queue an event for the host; kept until acknowledged, in order."""
        if not self.synced:
            return
        if len(self._outbox) >= OUTBOX_MAX:
            # Full: give up the oldest button event first; a launch's CARD and END matter more.
            buttons = [i for i, event in enumerate(self._outbox) if event[0] in STALE_WHEN_LOST]
            self._outbox.pop(buttons[0] if buttons else 0)
        self._outbox.append((verb, args))

    def send_state(self, args):
        if self.synced:
            self._send(0, "STATE", args)

    def lost(self):
        """The host fell silent: button events queued now would be stale presses later."""
        self._outbox = [event for event in self._outbox if event[0] not in STALE_WHEN_LOST]
        if self._inflight is not None and self._inflight[3] in STALE_WHEN_LOST:
            self._inflight = None

    def tick(self, now_ms):
        """Retransmit, send the next event, or say hello, as due at ``now_ms``."""
        if self._inflight is None and self._outbox:
            verb, args = self._outbox.pop(0)
            self._out_seq = self._out_seq % 255 + 1
            self._inflight = [self._out_seq, self._send(self._out_seq, verb, args), now_ms, verb]
        elif self._inflight is not None and now_ms - self._inflight[2] >= RETRY_MS:
            self._tx.append(self._inflight[1])
            self._inflight[2] = now_ms
        if not self.synced and now_ms >= self._hello_at:
            self._send(0, "HELLO", self.hello_args)
            self._hello_at = now_ms + HELLO_EVERY_MS
