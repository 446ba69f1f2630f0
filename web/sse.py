"""Server-Sent Events: one hub, a bounded queue per phone, a cap on open streams.

The table loop publishes each change once; the hub copies it into every open
stream's queue without blocking (a phone that stops reading is dropped and
reconnects later, receiving a fresh snapshot). Each stream starts with the full
snapshot, then gets changes, and a ``ping`` when idle so a phone can tell a
live stream from a dead one (iOS silently drops streams of sleeping pages).

>>> hub = StreamHub(max_streams=1)
>>> stream = hub.open()
>>> hub.publish("change", {"version": 2})
>>> stream.next_message(timeout=0)
('change', {'version': 2})
>>> try:
...     hub.open()
... except StreamsFull as full:
...     print(full)
1 streams are open
"""
from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable, Iterator

RECONNECT_MILLISECONDS = 2000
PING_SECONDS = 10.0
PER_CLIENT = 8  # live streams one address may hold (a phone with a few tabs); the rest is for others
#: The box itself (the benchmark's phones, a screen on the box) has no share of its own: no device
#: on the Wi-Fi can send from these addresses.
THIS_BOX = frozenset({"127.0.0.1", "::1"})


class StreamsFull(Exception):
    """The cap on open streams is reached (``mine``: this address's own share)."""

    def __init__(self, text: str, mine: bool = False):
        super().__init__(text)
        self.mine = mine


class Stream:
    """One phone's connection: a bounded queue the hub fills and the response drains."""

    def __init__(self, hub: "StreamHub", depth: int, client: str | None = None):
        self._hub = hub
        self.client = client
        self._queue: queue.Queue = queue.Queue(maxsize=depth)
        self.dropped = False

    def put(self, name: str, data) -> None:
        try:
            self._queue.put_nowait((name, data))
        except queue.Full:  # too slow: drop it; it will reconnect and get a fresh snapshot
            self.dropped = True
            self._hub.close(self)

    def next_message(self, timeout: float):
        """The next (name, data), or None when nothing came within ``timeout``."""
        try:
            return self._queue.get(timeout=timeout)  # None too: the hub's shutdown wake-up
        except queue.Empty:
            return None

    def close(self) -> None:
        self._hub.close(self)


class StreamHub:
    def __init__(self, max_streams: int = 60, depth: int = 256, per_client: int = PER_CLIENT):
        self.max_streams = max_streams
        self.per_client = min(per_client, max_streams)
        self.depth = depth
        self._streams: set[Stream] = set()
        self._lock = threading.Lock()

    @property
    def open_count(self) -> int:
        with self._lock:
            return len(self._streams)

    def open(self, client: str | None = None) -> Stream:
        """A new stream for ``client`` (its address; None or :data:`THIS_BOX`: no share of its own)."""
        with self._lock:
            if len(self._streams) >= self.max_streams:
                raise StreamsFull(f"{len(self._streams)} streams are open")
            if client not in THIS_BOX and client is not None and sum(s.client == client for s in self._streams) >= self.per_client:
                raise StreamsFull(f"{self.per_client} streams are open from {client}", mine=True)
            stream = Stream(self, self.depth, client)
            self._streams.add(stream)
            return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            self._streams.discard(stream)

    def shutdown(self) -> None:
        """End every open stream (the service is stopping)."""
        with self._lock:
            streams, self._streams = list(self._streams), set()
        for stream in streams:
            stream.dropped = True
            try:
                stream._queue.put_nowait(None)
            except queue.Full:
                pass

    def publish(self, name: str, data) -> None:
        with self._lock:
            streams = list(self._streams)
        for stream in streams:
            stream.put(name, data)


_formatted: dict = {}  # (name, id) -> (data, text): the same message to many phones, encoded once
_formatted_lock = threading.Lock()


class Shared(dict):
    """A message many phones get as it is (never changed once made): encoded once for all."""


def format_event(name: str, data, event_id: int | None = None) -> str:
    """One SSE message; ``data`` is sent as a single line of JSON (a :class:`Shared` one is
    encoded once for all the phones it goes to)."""
    if event_id is None and isinstance(data, Shared):
        with _formatted_lock:
            cached = _formatted.get((name, id(data)))
        if cached is not None and cached[0] is data:
            return cached[1]
        text = _format(name, data, None)
        with _formatted_lock:
            _formatted[(name, id(data))] = (data, text)
            while len(_formatted) > 32:
                del _formatted[next(iter(_formatted))]
        return text
    return _format(name, data, event_id)


def _format(name: str, data, event_id: int | None) -> str:
    lines = [f"event: {name}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


def event_stream(stream: Stream, first: tuple[str, object],
                 render: Callable[[str, object], object],
                 ping_seconds: float = PING_SECONDS,
                 gone: Callable[[], bool] = lambda: False) -> Iterator[str]:
    """The body of one SSE response: retry hint, first message, then changes and pings.

    ``render`` turns a published payload into what this phone gets (e.g. its
    language); ``first`` is sent as given. ``gone()`` tells whether the phone
    has hung up (the server's check), so its slot frees within a second.
    """
    try:
        yield f"retry: {RECONNECT_MILLISECONDS}\n" + format_event(*first)
        idle = 0.0
        while not stream.dropped:
            message = stream.next_message(timeout=min(1.0, ping_seconds))
            if stream.dropped or gone():
                return
            if message is None:
                idle += min(1.0, ping_seconds)
                if idle >= ping_seconds:
                    idle = 0.0
                    yield format_event("ping", {})
                continue
            idle = 0.0
            name, data = message
            yield format_event(name, render(name, data))
    finally:  # the phone went away (waitress closes the iterator) or we dropped it
        stream.close()
