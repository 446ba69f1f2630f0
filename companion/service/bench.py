"""``uno-companion bench latency``: from a card lying still under the camera to the phones.

The whole simulated table runs (the demo's virtual players at a table's pace, the
camera at 30 frames/s, the real vision pipeline, engine, loop and page) with
``--phones`` stream readers connected over loopback. For every card the camera
took, the delay is from the first frame in which it lay still (the hand gone) to
each phone parsing the change. Memory is this process's RSS at the end: the
service with its camera and phones, plus the simulated players. The fixed vision reference
of :mod:`companion.vision.yardstick` is timed before and after, and both delays are also
printed as multiples of it; the live chances' worker process is reported on its own line
(its RSS and the CPU it used).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from companion.config import parse_config
from companion.errors import UserError
from companion.simtable import SimulatedTable
from companion.vision.yardstick import figure, reference_ms
from companion.web.bench import Phones, cpu_seconds, rss_megabytes

NAMES = ["Ada", "Ben", "Cem", "Dana"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench latency", description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=60, help="cards to measure (default 60)")
    parser.add_argument("--phones", type=int, default=10, help="pages connected (default 10)")
    parser.add_argument("--speed", type=float, default=3.0, help="the players' pace (default 3)")
    parser.add_argument("--seed", type=int, default=3)
    options = parser.parse_args(argv)
    if options.plays < 1 or options.phones < 1 or options.speed <= 0:
        raise UserError("--plays and --phones must be at least 1, --speed above 0")
    config = parse_config({"table": {"players": NAMES[:3]}, "rules": {"target": 5000},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})
    before = reference_ms(100)     # the fixed vision reference, before and after (the load moves)
    seen: list[tuple[int, str, float]] = []   # (version, card, when) of every play the camera made
    with SimulatedTable(config, seed=options.seed, speed=options.speed, port=0) as table:
        table.service.loop.subscribe(
            lambda update: seen.append((update.version, update.event["card"], time.monotonic()))
            if update.source == "camera" and "card" in (update.event or {}) else None)
        phones = Phones(table.service.web.port, options.phones)
        try:
            time.sleep(1.0)                     # every phone has its snapshot
            deadline = time.monotonic() + 30 + options.plays * 3
            while len(seen) < options.plays and time.monotonic() < deadline:
                if not table.step():
                    break
            time.sleep(0.5)                     # the last changes reach the phones
            memory = rss_megabytes(os.getpid())
            worker = table.service.chances.worker.pid if table.service.chances else None
            chances = (rss_megabytes(worker), cpu_seconds(worker)) if worker else None
            delays, misread = _delays(seen, table.camera.placed_at, phones.arrivals)
        finally:
            phones.close()
    if not delays:
        raise UserError("no card reached the phones; run with --verbose to see why")
    median, p95 = statistics.median(delays), _percentile(delays, 95)
    reference = (before + reference_ms(100)) / 2
    print(f"card still in the frames -> change on a page: {len(seen)} plays x {options.phones} phones, "
          f"median {median:.0f} ms, p95 {p95:.0f} ms, max {max(delays):.0f} ms (camera 30 frames/s)")
    if misread:
        print(f"left out: {misread} plays the camera named wrongly (the host corrected them)")
    print(f"memory (RSS) with camera and {options.phones} pages connected: {memory:.0f} MB")
    print(f"reference (640x480 grey, 5x5 blur, Canny): {reference:.3f} ms; "
          + figure("latency median", median, reference) + ", " + figure("p95", p95, reference))
    print(f"latency_reference_ms={reference:.3f}")
    if chances:
        print(f"the chances' worker process: RSS {chances[0]:.0f} MB, {chances[1]:.1f} s of CPU")
    print(f"latency_median_ms={median:.0f} latency_p95_ms={p95:.0f} rss_mb={memory:.0f}")
    return 0


def _delays(seen, placed_at, arrivals) -> tuple[list[float], int]:
    """Milliseconds from each card's first still frame to each phone's arrival of its change,
    and the number of plays the camera named wrongly (left out of the delays).

    A play belongs to the last card laid down before the table took it."""
    delays, misread = [], 0
    for version, card, taken in seen:
        still = [(name, at) for name, at in placed_at if at <= taken]
        if not still or version not in arrivals:
            continue
        if still[-1][0] != card:
            misread += 1
            continue
        delays.extend(1000 * (arrived - still[-1][1]) for arrived in arrivals[version])
    return delays, misread


def _percentile(values: list[float], percent: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(percent / 100 * (len(ordered) - 1))))]
