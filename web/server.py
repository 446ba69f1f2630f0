"""Serve the app with waitress inside the companion's process.

Each open event stream holds one waitress thread for as long as the phone
watches, so the thread pool is the stream cap plus a few for ordinary requests.

Something on the Wi-Fi may open many connections and send nothing (waitress's own
limit of 100, with 60 s timeouts, then locked every phone out for a minute). So the
page never stops accepting: one address keeps at most :data:`PER_CLIENT` connections
(the box's own address has no such share) and all of them at most :data:`IDLE_LIMIT`; beyond that each new connection closes the
oldest idle one (no request in progress, nothing left to send: a half-sent request
counts as idle). Idle connections close after :data:`IDLE_SECONDS` anyway. Live
streams are never closed this way; the stream hub caps them, per phone and in all,
below these limits.

>>> from companion.table import sample_loop
>>> server = WebServer(sample_loop(), host="127.0.0.1", port=0)
>>> server.url.startswith("http://127.0.0.1:")
True
>>> server.close()
"""
from __future__ import annotations

import errno
import logging
import socket
import threading

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import create_server

from companion.table.loop import TableLoop
from companion.threads import Worker
from companion.web.app import create_app, default_trusted_hosts
from companion.web.qr import host_link, host_qr_terminal, lan_address
from companion.web.sse import THIS_BOX
from companion.web.security import new_host_token

log = logging.getLogger(__name__)
SPARE_THREADS = 8
UNACKED_MILLISECONDS = 30_000
PER_CLIENT = 16          # connections one address keeps (a phone's browser uses about 6)
IDLE_LIMIT = 300         # connections in all before the oldest idle one makes room
CONNECTION_LIMIT = 400   # waitress's own: it stops accepting there (never reached: see IDLE_LIMIT)
IDLE_SECONDS = 15        # an idle connection (keep-alive, slow headers) is closed after this
CLEANUP_SECONDS = 2      # how often waitress looks for them


def socket_options() -> list[tuple[int, int, int]]:
    """Phones vanish without closing (Wi-Fi off, battery): with the pings every 10 s, data left
    unacknowledged for 30 s closes the connection, so its stream slot comes free."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux, so the Pi
        options.append((socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, UNACKED_MILLISECONDS))
    return options


class LimitedChannel(HTTPChannel):
    """A waitress connection that makes room when its address, or the box, has too many."""

    def __init__(self, server, sock, addr, adj, map=None):
        self.client = addr[0] if isinstance(addr, tuple) and addr else str(addr)
        super().__init__(server, sock, addr, adj, map)
        make_room(server, self)


def _idle(channel) -> bool:
    return not channel.requests and not channel.total_outbufs_len and channel.connected


def make_room(server, newcomer: LimitedChannel) -> None:
    """Close the oldest idle connections of ``newcomer``'s address over :data:`PER_CLIENT`, then
    the box's over :data:`IDLE_LIMIT` (runs in waitress's loop thread, which owns the channels)."""
    others = [c for c in list(server.active_channels.values()) if c is not newcomer]
    mine = [] if newcomer.client in THIS_BOX else [c for c in others if getattr(c, "client", None) == newcomer.client]
    closed = set()
    for pool, limit in ((mine, PER_CLIENT), (others, IDLE_LIMIT)):
        excess = len([c for c in pool if c not in closed]) + 1 - limit
        if excess <= 0:
            continue
        idle = sorted((c for c in pool if c not in closed and _idle(c)), key=lambda c: c.last_activity)
        for channel in idle[:excess]:
            closed.add(channel)
            channel.handle_close()
    if closed:
        log.debug("closed %d idle connection(s) to make room for %s", len(closed), newcomer.client)


class _PhonesComeAndGo(logging.Filter):
    """A phone closing its live stream is everyday life, not news for the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Client disconnected while serving /api/stream")


logging.getLogger("waitress").addFilter(_PhonesComeAndGo())


class WebServer:
    """The phone page for ``table`` on ``host:port`` (port 0: any free port)."""

    def __init__(self, table: TableLoop, host: str = "0.0.0.0", port: int = 8000, *,
                 host_token: str | None = None, max_streams: int = 60,
                 table_language: str | None = None, advertised_address: str | None = None,
                 secret_key: str | None = None, trusted_hosts: tuple[str, ...] = (), matches=None,
                 chances=None):
        """``secret_key`` signs the session cookies; keep it across restarts so the host stays host.
        ``trusted_hosts``: names phones use besides the box's own (``[web] trusted_hosts``).
        ``matches``: the stored matches (:class:`companion.service.recording.MatchArchive`), if any.
        ``chances``: the live win chances (:class:`companion.table.chances.TableChances`), if any."""
        if max_streams + PER_CLIENT > IDLE_LIMIT:
            raise ValueError(f"{max_streams} streams would not leave room for the phones' other "
                             f"connections (at most {IDLE_LIMIT - PER_CLIENT})")
        self.host_token = host_token or new_host_token()
        address = advertised_address or (lan_address() if host in ("0.0.0.0", "") else host)
        # Bind first so a port of 0 is known before the link and QR code are made.
        try:
            self._server = create_server(self._wsgi, host=host, port=port, threads=max_streams + SPARE_THREADS,
                                         channel_timeout=IDLE_SECONDS, cleanup_interval=CLEANUP_SECONDS,
                                         connection_limit=CONNECTION_LIMIT, ident="uno-companion",
                                         channel_request_lookahead=1)  # lets a stream see a hang-up
        except ValueError:  # waitress: a host name that does not resolve
            raise OSError(errno.EADDRNOTAVAIL, f"{host!r} is no address of this box") from None
        self._server.adj.socket_options = socket_options()  # set on each accepted connection
        self._server.channel_class = LimitedChannel
        self.port = self._server.effective_port
        self.url = f"http://{address}:{self.port}/"
        self.host_link = host_link(address, self.port, self.host_token)
        trusted = default_trusted_hosts(address) + [name for name in trusted_hosts if name]
        self.app = create_app(table, host_token=self.host_token, trusted_hosts=trusted,
                              max_streams=max_streams, table_language=table_language,
                              host_link=self.host_link, secret_key=secret_key, matches=matches,
                              chances=chances)
        self._worker = Worker("web", self._serve)

    def _wsgi(self, environ, start_response):
        return self.app(environ, start_response)

    def banner(self) -> str:
        """What the companion prints at start: the page, and the host's QR code and token."""
        return (f"Scoreboard: {self.url}\n"
                f"Host: scan this code or open {self.host_link}\n"
                f"{host_qr_terminal(self.host_link)}"
                f"Host token: {self.host_token}\n")

    def start(self) -> "WebServer":
        self._worker.start()
        return self

    def _serve(self) -> None:
        """waitress's own loop, in short rounds, so that stopping happens in this thread too."""
        server = self._server
        while not self._worker.stopping.is_set():
            wasyncore.loop(timeout=0.2, map=server._map, use_poll=server.adj.asyncore_use_poll,
                           count=1)
        for channel in list(server._map.values()):
            if channel is not server and channel is not server.trigger:
                channel.close()
        server.close()

    def close(self) -> None:
        """End every stream, stop listening and let the worker threads go."""
        self.app.extensions["hub"].shutdown()  # streams end, so their threads come free
        if not self._worker.stop(5):
            self._server.close()
        self._server.task_dispatcher.shutdown(timeout=2)


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.web.server``: the page over a sample table, to try it in a browser."""
    import argparse
    import signal

    from companion.table import sample_loop
    parser = argparse.ArgumentParser(prog="python -m companion.web.server", description=main.__doc__)
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--token", help="host token (default: a new random one)")
    options = parser.parse_args(argv)
    # before the banner: whoever reads it may stop the server at once
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    table = sample_loop().start()
    server = WebServer(table, options.host, options.port, host_token=options.token).start()
    print(server.banner(), flush=True)
    try:
        # Wake up now and then: a signal delivered to another thread does not interrupt a
        # main thread blocked in an endless wait, so its handler would never run.
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    server.close()
    table.stop()
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main())
