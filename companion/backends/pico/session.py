"""The host's end of the Pico link: connect, hello, sync, commands with ACK, events, heartbeats.

One I/O thread owns the serial port: it opens it (again and again, with
back-off, after an unplug), says HELLO, starts a session with SYNC (naming the
session the Pico's HELLO offered), sends a PING every 250 ms, acknowledges the
Pico's events and hands each one to the listeners once, on a separate thread.
Every frame carries the session's id: one of another session (stale bytes from
before a reconnect) is dropped, and within the session an event counts only
when its number is above the last one taken, so a replayed frame never does.
:meth:`HostLink.command` sends one command and waits for its ACK,
retransmitting the same frame (same sequence number) until it comes; the
firmware runs a frame only once. The protocol is in docs/protocol.md.

>>> link = HostLink("/dev/ttyACM0")     # doctest: +SKIP
>>> link.start(); link.wait_ready(timeout=5)  # doctest: +SKIP
>>> link.command("SEAT", 2, "SOLID", 0x00FF00, 0)  # doctest: +SKIP
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from companion.errors import UserError
from companion.firmware.app import VERSION as FIRMWARE_VERSION
from companion.firmware.protocol import (MAX_SEQ, TO_HOST, TO_PICO, FrameError, FrameReader, Message, OldFrame,
                                         encode_message, is_new)
from companion.backends.pico.listeners import Listeners
from companion.backends.pico.status import CommandRefused, LinkDown, PicoInfo, PicoState
from companion.backends.pico.transport import SerialTransport, TransportError

__all__ = ["HostLink", "LinkDown", "CommandRefused", "PicoInfo", "PicoState"]

log = logging.getLogger(__name__)

RETRY_S = 0.15           # no ACK this long: send the same frame again
TRIES = 8
PING_S = 0.25            # heartbeat; the firmware stops the motor after ~1 s without one
SILENCE_S = 1.5          # the Pico sends STATE every 0.5 s: this much silence means it is gone
HELLO_S = 0.3
ANSWER_S = 3.0           # an open port with no HELLO back this long: reopen it
BACKOFF_S = (0.2, 0.4, 0.8, 1.6, 2.0)


# The parts' settings every SYNC carries (exit and hopper sensor active low, servo pulse
# at 0 and 180 degrees, in us): the pin map's defaults.
DEFAULT_SETTINGS = (1, 1, 500, 2400)


class HostLink:
    """The host's end of the link to the Pico (the Pico's end is ``firmware/link.py``'s ``FirmwareLink``).

    ``settings``: the SYNC's part settings (see :func:`companion.backends.pico.devices.pico_settings`)."""

    def __init__(self, port: str, *, transport: Callable[[str], SerialTransport] = SerialTransport,
                 clock: Callable[[], float] = time.monotonic, settings: tuple = DEFAULT_SETTINGS):
        self.port = port
        self.settings = tuple(settings)
        self.clock = clock
        self._open_transport = transport
        self.info: PicoInfo | None = None
        self.state: PicoState | None = None
        self.sessions = 0              # how many sessions were started (1 + reconnects/reboots)
        self.reboots = 0               # sessions that found a new boot id
        self.ready_since = 0.0         # when the current session started
        self.problem = f"no answer yet from {port}"
        self._listeners = Listeners()
        self._cond = threading.Condition()
        self._command_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._transport: SerialTransport | None = None
        self._phase = "closed"         # closed | hello | sync | ready
        self._seq = 0                  # the last command number of this session (SYNC is 1)
        self._session = 0              # the session's id (the Pico's offer we synced to); 0: none
        self._replies: dict[int, Message] = {}
        self._sync: tuple[int, bytes, int] | None = None    # seq, frame, the session it asks for
        self._last_event_seq = 0
        self.stale = 0                 # frames dropped as old: another session's, or an older number
        self._heard = self._sent_ping = self._phase_since = 0.0
        self._stopping = False
        self._failures = 0             # opens in a row that gave no session: the back-off step
        self._offer = 0                # the session the Pico's last HELLO offered
        self._old_firmware = False     # the Pico spoke the frame format before sessions
        self._io: threading.Thread | None = None
        self._reader = FrameReader(TO_HOST)

    # -- public ---------------------------------------------------------------------------
    def add_listener(self, listener: Callable[[Message, float], None]) -> None:
        """``listener(message, at)`` for each new event (PRESS, CARD, END...) and each STATE."""
        self._listeners.add_message_listener(listener)

    def add_session_listener(self, listener: Callable[[str], None]) -> None:
        """``listener(what)``: "ready" after each SYNC (restore the lights now), "lost", "reboot"."""
        self._listeners.add_session_listener(listener)

    def start(self) -> "HostLink":
        self._listeners.start()
        self._io = threading.Thread(target=self._run_io, name="pico-io", daemon=True)
        self._io.start()
        return self

    @property
    def ready(self) -> bool:
        return self._phase == "ready"

    def wait_ready(self, timeout: float) -> None:
        """Wait for a session; a :class:`UserError` says what is wrong if none starts in time."""
        with self._cond:
            if not self._cond.wait_for(lambda: self._phase == "ready", timeout):
                raise UserError(f"{self.problem}. Check the USB cable and that the Pico runs the "
                                "firmware (docs/protocol.md, 'Flashing the Pico').")

    def command(self, verb: str, *args) -> None:
        """Send one command and wait for its ACK; raises LinkDown or CommandRefused."""
        with self._command_lock:
            with self._cond:
                if not self._cond.wait_for(lambda: self._phase == "ready" or self._stopping, RETRY_S * TRIES):
                    raise LinkDown(self.problem)
                if self._stopping:
                    raise LinkDown("closed")
                if self._seq >= MAX_SEQ:            # numbers used up: a new session numbers from 1
                    self._set_phase("hello")
                    raise LinkDown("a new session is starting")
                seq = self._seq = self._seq + 1
                sessions, session = self.sessions, self._session
                self._replies.clear()       # late answers to earlier frames must not answer this one
            frame = encode_message(TO_PICO, seq, verb, args, session)
            for _ in range(TRIES):
                self._write(frame)
                with self._cond:
                    self._cond.wait_for(lambda: seq in self._replies or 0 in self._replies
                                        or self.sessions != sessions or self._phase != "ready", RETRY_S)
                    reply = self._replies.pop(seq, None)
                    self._replies.pop(0, None)          # NAK 0 BAD: our frame arrived damaged
                    if self.sessions != sessions or self._phase != "ready":
                        raise LinkDown(f"the link went down during {verb}")
                if reply is None:
                    continue
                if reply.verb == "NAK":
                    raise CommandRefused(verb, reply.args[1])
                return
            raise LinkDown(f"no ACK for {verb} after {TRIES} tries")

    def halt(self) -> None:
        """Motor off now: one unacknowledged HALT frame, no waiting (safe from a signal handler).

        HALT carries no sequence number, so it never disturbs the retransmission
        of a command in flight; the firmware obeys it in any state.
        """
        transport = self._transport
        if transport is None or not self._write_lock.acquire(timeout=0.1):
            return
        try:
            transport.write(encode_message(TO_PICO, 0, "HALT", (), self._session))
        except TransportError:
            pass
        finally:
            self._write_lock.release()

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._listeners.close()
        if self._io is not None:
            self._io.join(timeout=2)
        self._drop_transport("closed")

    # -- the I/O thread -------------------------------------------------------------------
    def _run_io(self) -> None:
        while not self._stopping:
            if self._transport is None:
                if self._failures:
                    self._sleep(BACKOFF_S[min(self._failures, len(BACKOFF_S)) - 1])
                if self._stopping:
                    return
                try:
                    self._transport = self._open_transport(self.port)
                except TransportError as error:
                    self._failures += 1
                    self.problem = str(error)
                    continue
                self._reader = FrameReader(TO_HOST)
                self._set_phase("hello")
            try:
                data = self._transport.read()
                now = self.clock()
                self._receive(data, now)
                self._housekeeping(now)
            except TransportError as error:
                self.problem = f"lost the Pico: {error}"
                self._drop_transport("lost")

    def _receive(self, data: bytes, now: float) -> None:
        for message in self._reader.feed(data):
            self._handle(message, now)

    def _handle(self, message: Message | FrameError, now: float) -> None:
        if isinstance(message, OldFrame):
            # A Pico with firmware from before sessions: its HELLO in the old format.
            self.problem = (f"the Pico on {self.port} runs firmware {message.version}, this companion "
                            f"needs {FIRMWARE_VERSION}: flash it again")
            self._old_firmware = True
            return
        if isinstance(message, FrameError):
            log.debug("bad frame from the Pico: %s", message)
            self._write(encode_message(TO_PICO, 0, "NAK", (0, "BAD"), self._session))
            return
        verb = message.verb
        if verb == "HELLO":
            self._hello(message)
        elif self._phase == "sync":
            self._sync_answer(message, now)
        elif self._phase != "ready":
            return                                # events of a session we have not (re)joined yet
        elif message.session != self._session:
            if verb == "NAK" and message.session == 0 and message.args == (self._seq, "SYNC"):
                self._session_lost("reboot")      # our last command met a Pico without a session: it rebooted
            else:
                self.stale += 1                   # another session's bytes: never taken
        else:
            self._in_session(message, now)

    def _sync_answer(self, message: Message, now: float) -> None:
        seq, _frame, session = self._sync
        if message.verb not in ("ACK", "NAK") or message.args[0] != seq:
            return
        if message.verb == "ACK" and message.session == session:
            self._session, self._last_event_seq = session, 0
            self._heard = now
            self.sessions += 1
            self._failures = 0
            self.ready_since = now
            self._set_phase("ready")
            self._listeners.session("ready")
        elif message.verb == "NAK" and message.session == 0:
            self._set_phase("hello")              # NAK BOOT: the HELLO we answered was stale

    def _in_session(self, message: Message, now: float) -> None:
        self._heard = now
        verb = message.verb
        if verb in ("ACK", "NAK"):
            with self._cond:
                self._replies[message.args[0]] = message
                self._cond.notify_all()
        elif verb == "STATE":
            self.state = PicoState(message.args[0], bool(message.args[1]), *message.args[2:], at=now)
            self._listeners.message(message, now)
        elif message.seq == self._last_event_seq:
            self._write(encode_message(TO_PICO, 0, "ACK", (message.seq,), self._session))  # again, not delivered
        elif is_new(message.seq, self._last_event_seq):
            self._write(encode_message(TO_PICO, 0, "ACK", (message.seq,), self._session))
            self._last_event_seq = message.seq
            self._listeners.message(message, now)
        else:
            self.stale += 1                       # an older event, replayed: never delivered again

    def _hello(self, message: Message) -> None:
        info = PicoInfo(message.args[0], message.args[1], message.args[3], bool(message.args[4]))
        self._offer = message.args[2]
        self._old_firmware = False
        rebooted = self.info is not None and info.boot_id != self.info.boot_id
        if self._phase == "ready" and rebooted:
            self._session_lost("reboot")
        if rebooted:
            self.reboots += 1
        self.info = info
        if info.version != FIRMWARE_VERSION:
            # Both ends ship together; an old Pico may speak an older protocol.
            self.problem = (f"the Pico on {self.port} runs firmware {info.version}, this companion "
                            f"needs {FIRMWARE_VERSION}: flash it again")
        elif self._phase == "hello":
            self._start_sync()

    def _housekeeping(self, now: float) -> None:
        if self._phase == "ready":
            if now - self._heard > SILENCE_S:
                self.problem = f"the Pico on {self.port} fell silent"
                self._drop_transport("lost")
            elif now - self._sent_ping >= PING_S:
                self._sent_ping = now
                self._write(encode_message(TO_PICO, 0, "PING", (), self._session))
        elif self._phase == "hello":
            if now - self._phase_since > ANSWER_S:
                if not self._old_firmware and (self.info is None or self.info.version == FIRMWARE_VERSION):
                    self.problem = f"no Pico answers on {self.port}"
                self._drop_transport("silent")
            elif now - self._sent_ping >= HELLO_S:
                self._sent_ping = now
                self._write(encode_message(TO_PICO, 0, "HELLO"))
        elif self._phase == "sync":
            if now - self._phase_since > ANSWER_S:
                self._set_phase("hello")
            elif now - self._sent_ping >= RETRY_S:
                self._sent_ping = now
                self._write(self._sync[1])

    def _start_sync(self) -> None:
        with self._cond:
            self._seq, self._session = 1, 0       # a new session numbers its commands from 1 (the SYNC)
            frame = encode_message(TO_PICO, 1, "SYNC", (self.info.boot_id, self._offer, *self.settings))
            self._sync = (1, frame, self._offer)
        self._set_phase("sync")
        self._sent_ping = self.clock()
        self._write(frame)

    def _session_lost(self, why: str) -> None:
        self._set_phase("hello")
        self._listeners.session(why)

    def _set_phase(self, phase: str) -> None:
        with self._cond:
            self._phase = phase
            self._phase_since = self.clock()
            self._sent_ping = 0.0
            if phase != "ready":
                self._replies.clear()
            self._cond.notify_all()

    def _drop_transport(self, why: str) -> None:
        was_ready = self._phase == "ready"
        self._failures += 0 if was_ready else 1
        transport, self._transport = self._transport, None
        if transport is not None:
            transport.close()
        self._set_phase("closed")
        if was_ready and not self._stopping:
            log.warning("%s; reconnecting", self.problem)
            self._listeners.session("lost")

    def _write(self, frame: bytes) -> None:
        transport = self._transport
        if transport is None:
            return
        try:
            with self._write_lock:
                transport.write(frame)
        except TransportError as error:
            log.debug("write failed: %s", error)     # the I/O thread notices and reconnects

    def _sleep(self, seconds: float) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._stopping, seconds)
