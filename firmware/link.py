"""The Pico's end of the serial link: sessions, ACK/NAK, retransmission, silence.

Pure logic: bytes and the time go in, frames to write come out (``take_tx``).
Our HELLO offers a session id; a session starts when the host answers
``SYNC <boot id> <that session>``. Each SYNC taken uses the offer up (the next
HELLO offers another), so a SYNC replayed later starts nothing. Before a
session every command is refused with ``NAK seq SYNC``, so a command the host
retransmits across a Pico reboot is never carried out twice.

Within a session every frame carries its id; one of another session is stale
bytes and is dropped unanswered. Command numbers only grow: a repeated frame
(the last number, the same message) is answered again but not run again, and
an older one is dropped, so a replayed frame is never run twice.
"""
from .protocol import MAX_SEQ, TO_HOST, TO_PICO, FrameError, FrameReader, encode_message, is_new

HELLO_EVERY_MS = 500      # while no host has started a session
RETRY_MS = 200            # an unacknowledged event is sent again
SILENCE_MS = 1000         # no valid frame for this long: the link is lost
OUTBOX_MAX = 32
STALE_WHEN_LOST = ("PRESS", "RELEASE")


def session_id(boot_id, number):
    """The id of this boot's ``number``-th session: never 0, never the same twice in one boot."""
    return (boot_id + number) % 0xFFFFFFFF + 1


class FirmwareLink:
    """The Pico's end of the link (the host's end is ``companion.backends.pico.session.HostLink``)."""

    def __init__(self, version, boot_id, seats, has_launcher, now_ms):
        self.version, self.seats, self.has_launcher = version, seats, has_launcher
        self.boot_id = boot_id
        self.reader = FrameReader(TO_PICO)
        self.synced = False
        self.session = 0               # the session's id; 0 before the first SYNC
        self.sessions = 0              # sessions started since boot
        self.stale = 0                 # frames dropped as old (another session, an older number)
        self.last_heard = None         # when the last valid frame of the session arrived
        self._last_host_seq = 0
        self._last_reply = None
        self._last_command = None
        self._out_seq = 0
        self._outbox = []              # (verb, args) waiting their turn
        self._inflight = None          # [seq, frame, sent_ms, verb]
        self._hello_at = now_ms
        self._tx = []

    @property
    def offer(self):
        """The session the next SYNC must name (our HELLO says it)."""
        return session_id(self.boot_id, self.sessions)

    @property
    def hello_args(self):
        return (self.version, self.boot_id, self.offer, self.seats, 1 if self.has_launcher else 0)

    def _send(self, seq, verb, args=(), session=None):
        frame = encode_message(TO_HOST, seq, verb, args, self.session if session is None else session)
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
            verb, seq = message.verb, message.seq
            if verb == "HALT":
                execute(message)                                # any session, any state: motor off
            elif verb == "HELLO":
                self._send(0, "HELLO", self.hello_args, 0)
            elif verb == "SYNC":
                self._sync(message, now_ms, execute)
            elif not self.synced:
                if seq:
                    self._send(0, "NAK", (seq, "SYNC"), 0)
            elif message.session != self.session:
                self.stale += 1                                 # bytes of an earlier session
            else:
                self._in_session(message, now_ms, execute)

    def _sync(self, message, now_ms, execute):
        boot, session = message.args[0], message.args[1]
        if self.synced and message == self._last_command:
            self._tx.append(self._last_reply)                   # our ACK was lost: answer again only
        elif boot != self.boot_id or session != self.offer:
            self._send(0, "NAK", (message.seq, "BOOT"), 0)      # another boot's, or an old offer's
        else:
            self.synced, self.session = True, session
            self.sessions += 1
            self.last_heard = now_ms
            self._outbox, self._inflight, self._out_seq = [], None, 0
            self._last_host_seq = message.seq
            self._reply(message, execute(message))

    def _in_session(self, message, now_ms, execute):
        verb, seq = message.verb, message.seq
        self.last_heard = now_ms
        if verb == "ACK":
            if self._inflight and self._inflight[0] == message.args[0]:
                self._inflight = None
        elif verb == "NAK":
            if self._inflight and message.args[0] in (0, self._inflight[0]):
                self._inflight[2] = now_ms - RETRY_MS           # send it again now
        elif verb == "PING":
            pass
        elif seq == self._last_host_seq:
            if message == self._last_command:
                self._tx.append(self._last_reply)               # a retransmission: answer again only
            else:
                self.stale += 1
        elif is_new(seq, self._last_host_seq):
            self._reply(message, execute(message))
        else:
            self.stale += 1                                     # an older frame, replayed: never run

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
            if self._out_seq >= MAX_SEQ:                        # numbers used up: end the session
                self.synced, self.session, self._outbox = False, 0, []
            else:
                verb, args = self._outbox.pop(0)
                self._out_seq += 1
                self._inflight = [self._out_seq, self._send(self._out_seq, verb, args), now_ms, verb]
        elif self._inflight is not None and now_ms - self._inflight[2] >= RETRY_MS:
            self._tx.append(self._inflight[1])
            self._inflight[2] = now_ms
        if not self.synced and now_ms >= self._hello_at:
            self._send(0, "HELLO", self.hello_args, 0)
            self._hello_at = now_ms + HELLO_EVERY_MS
