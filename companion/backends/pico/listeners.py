"""Who hears the Pico: the link's listeners, called on a thread of their own.

The link's I/O thread only queues what arrived; this thread calls the
listeners, so a slow listener (a device taking a lock) never holds up the
ACKs, the heartbeat or the reading of the port.
"""
from __future__ import annotations

import logging
import queue
from collections.abc import Callable

from companion.firmware.protocol import Message
from companion.threads import Worker

log = logging.getLogger(__name__)


class Listeners:
    """Message listeners ``(message, at)`` and session listeners ``(what)``, fed in arrival order."""

    def __init__(self):
        self._messages: list[Callable[[Message, float], None]] = []
        self._sessions: list[Callable[[str], None]] = []
        self._queue: queue.Queue = queue.Queue()
        self._worker = Worker("pico-events", self._run, wake=lambda: self._queue.put(None))

    def add_message_listener(self, listener: Callable[[Message, float], None]) -> None:
        self._messages.append(listener)

    def add_session_listener(self, listener: Callable[[str], None]) -> None:
        self._sessions.append(listener)

    def message(self, message: Message, at: float) -> None:
        self._queue.put((message, at))

    def session(self, what: str) -> None:
        self._queue.put(what)

    def start(self) -> None:
        self._worker.start()

    def close(self) -> None:
        self._worker.stop(2)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            try:
                if isinstance(item, str):
                    for listener in list(self._sessions):
                        listener(item)
                else:
                    for listener in list(self._messages):
                        listener(*item)
            except Exception:
                log.exception("a Pico listener failed on %r", item)
