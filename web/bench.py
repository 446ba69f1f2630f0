"""``uno-companion bench web``: 50 phones on the event stream, 100 events, delivery delay and memory.

The service runs in its own process, as on the Pi: by default the real table service
(``uno-companion run``'s TableService, no devices) with its SQLite store in a temporary
folder, so each event is written durably before it is applied, as at a table;
``--no-store`` runs the bare table loop and page instead. This process plays 50
phones reading the stream over loopback (one selector thread, so the phones cost the
measurement little) and the host posting events through the JSON API.
Delay = from just before the POST to the phone parsing the change.
"""
from __future__ import annotations

import argparse
import http.client
import json
import selectors
import socket
import statistics
import subprocess
import sys
import time

from companion.errors import UserError
from companion.threads import Worker

TOKEN = "bench-token"
STORE_FOLDER = None  # the system's temporary folder; ``--store-folder`` for an SD card's


def serve(port_out, store: bool) -> None:
    """The service side: a demo round on loopback until stdin closes."""
    from companion.table import sample_loop
    if not store:
        from companion.web.server import WebServer
        table = sample_loop().start()
        server = WebServer(table, host="127.0.0.1", port=0, host_token=TOKEN, max_streams=60).start()
        print(server.port, file=port_out, flush=True)
        sys.stdin.read()
        server.close()
        table.stop()
        return
    import tempfile
    from companion.config import parse_config
    from companion.service.table import TableService
    from companion.table import Happened, SAMPLE_EVENTS, event_from_json
    with tempfile.TemporaryDirectory(dir=STORE_FOLDER) as folder:
        config = parse_config({"table": {"players": ["Ana", "Ben", "Cem"]}, "launcher": {"backend": "none"},
                               "ring": {"backend": "none"}, "web": {"host": "127.0.0.1"},
                               "data": {"store": f"{folder}/games.sqlite"}})
        service = TableService(config, dealer=0, web_port=0, host_token=TOKEN).start()
        for event in SAMPLE_EVENTS:
            service.loop.submit(Happened(event_from_json(event))).result(10)
        print(service.web.port, file=port_out, flush=True)
        sys.stdin.read()
        service.stop()


def turn_events(count: int):
    """Legal events for the demo table: each seat in turn draws one, then plays a blue card."""
    seat, number = 2, 0
    events = []
    while len(events) < count:
        events.append({"type": "draw", "seat": seat, "count": 1})
        number = number % 9 + 1
        events.append({"type": "play", "seat": seat, "card": f"blue-{number}"})
        seat = (seat + 1) % 3
    return events[:count]


class Phones:
    """``count`` stream readers multiplexed on one selector; records when each version arrives."""

    def __init__(self, port: int, count: int):
        self.selector = selectors.DefaultSelector()
        self.arrivals: dict[int, list[float]] = {}
        self.buffers = {}
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.buffers[sock] = b""
        self._worker = Worker("bench-phones", self._run)
        self._worker.start()

    def _run(self) -> None:
        while not self._worker.stopping.is_set():
            for key, _ in self.selector.select(timeout=0.1):
                data = key.fileobj.recv(65536)
                now = time.monotonic()
                buffer = self.buffers[key.fileobj] + data
                *messages, self.buffers[key.fileobj] = buffer.split(b"\n\n")
                for message in messages:
                    if b"event: change" in message:
                        payload = message.split(b"data: ", 1)[1].split(b"\n", 1)[0]
                        version = json.loads(payload)["version"]
                        self.arrivals.setdefault(version, []).append(now)

    def close(self) -> None:
        self._worker.stop(None)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def rss_megabytes(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise UserError("cannot read the service's memory (/proc is needed)")


def cpu_seconds(pid: int) -> float:
    """The service's CPU time so far (user + system): a figure a busy machine changes little."""
    import os
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench web", description=__doc__)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--gap", type=float, default=0.02, help="seconds between events (default 0.02)")
    parser.add_argument("--no-store", dest="store", action="store_false",
                        help="the bare table loop and page, without the service's SQLite store")
    parser.add_argument("--store-folder", help="where the store's file goes (default: the temporary "
                        "folder; on a Pi, a folder on its SD card)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    global STORE_FOLDER
    STORE_FOLDER = options.store_folder
    if options.serve:
        serve(sys.stdout, options.store)
        return 0
    extra = (["--no-store"] if not options.store else []) + (
        ["--store-folder", options.store_folder] if options.store_folder else [])
    service = subprocess.Popen([sys.executable, "-m", "companion.web.bench", "--serve", *extra],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(service.stdout.readline())
        phones = Phones(port, options.phones)
        host = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        host.request("POST", "/api/login", json.dumps({"token": TOKEN}), {"Content-Type": "application/json"})
        login = host.getresponse()
        headers = {"Content-Type": "application/json", "X-CSRF-Token": json.loads(login.read())["csrf"],
                   "Cookie": login.getheader("Set-Cookie").split(";", 1)[0]}
        time.sleep(1.0)  # every phone has its snapshot
        idle_memory = rss_megabytes(service.pid)
        cpu_before = cpu_seconds(service.pid)
        sent = {}
        for event in turn_events(options.events):
            started = time.monotonic()
            host.request("POST", "/api/events", json.dumps({"event": event}), headers)
            response = host.getresponse()
            answer = json.loads(response.read())
            if response.status != 200:
                raise UserError(f"the service refused {event}: {answer.get('error')}")
            sent[answer["version"]] = started
            time.sleep(options.gap)
        time.sleep(1.0)
        cpu_per_event = (cpu_seconds(service.pid) - cpu_before) / max(1, len(sent)) * 1000
        memory = rss_megabytes(service.pid)
        phones.close()
    finally:
        service.stdin.close()
        service.wait(10)
    delays = [(arrival - sent[version]) * 1000 for version, arrivals in phones.arrivals.items()
              if version in sent for arrival in arrivals]
    complete = sum(1 for version in sent if len(phones.arrivals.get(version, [])) == options.phones)
    p99 = statistics.quantiles(delays, n=100)[98] if len(delays) > 1 else float("nan")
    where = "the service with its SQLite store (a durable write before each event)" if options.store else \
        "the table loop and page, no store"
    print(f"service: {where}")
    print(f"phones: {options.phones}, events: {len(sent)} ({options.gap * 1000:.0f} ms apart), "
          f"events every phone received: {complete}/{len(sent)}, deliveries: {len(delays)}")
    print(f"delivery delay: median {statistics.median(delays):.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(delays):.1f} ms")
    print(f"service CPU: {cpu_per_event:.1f} ms per event (write, apply, the answer and "
          f"{options.phones} phones' updates; idle pings included)")
    print(f"service memory (RSS): {idle_memory:.1f} MB with the phones connected, "
          f"{memory:.1f} MB after the events")
    print(f"web_p99_ms={p99:.1f}")
    return 0 if complete == len(sent) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
