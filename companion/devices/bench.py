"""``uno-companion bench devices``: how fast the safety net cuts the motor, measured on mock pins.

Prints the watchdog's overshoot past the motor limit, the delay from
``launcher.stop()`` to the motor pin at 0, the sim's throughput for a 7x4
deal, and what jam clearing costs with the default settings: the extra time a
snag freed by a reverse pulse adds to a deal, the reverse pulses' length, and
how long a hard jam takes to be reported. The times are read from gpiozero's
own record of the pin's changes.
"""
from __future__ import annotations

import argparse
import logging
import queue
import statistics
import time

from gpiozero import Motor

from companion.backends import open_devices
from companion.devices.observations import CardCounted, collect_until, ends
from companion.devices.safety import MotorGuard
from companion.devices.sim import mock_factory


def _last_run(pin) -> float:
    """Seconds between the last switch-on and the switch-off after it."""
    return pin.states[-1].timestamp


def watchdog_overshoot(runs: int, limit: float) -> list[float]:
    factory = mock_factory()
    guard = MotorGuard(Motor(12, 13, pin_factory=factory), limit=limit)
    pin = factory.pin(12)
    overshoots = []
    try:
        for _ in range(runs):
            guard.run(1.0)
            while guard.running:
                time.sleep(limit / 20)
            overshoots.append(_last_run(pin) - limit)
    finally:
        guard.close()
    return overshoots


def stop_delays(runs: int) -> list[float]:
    events: queue.Queue = queue.Queue()
    delays = []
    with open_devices("sim", events, stack_options=dict(cards=10_000)) as devices:
        pin = devices.stack.forward
        for _ in range(runs):
            job = devices.launcher.dispense(100)
            collect_until(events, lambda o: isinstance(o, CardCounted) and o.job == job and o.count == 2)
            asked = time.monotonic()
            devices.launcher.stop()  # switches the pin before it returns
            delays.append(time.monotonic() - asked)
            assert pin.state == 0
            collect_until(events, ends(job))
    return delays


def deal_time() -> float:
    events: queue.Queue = queue.Queue()
    with open_devices("sim", events) as devices:
        start = time.monotonic()
        jobs = [devices.launcher.dispense(7, seat=seat) for seat in range(4)]
        collect_until(events, ends(jobs[-1]), timeout=60)
        return time.monotonic() - start


def jam_times() -> tuple[float, float, list[float]]:
    """(s a snag adds to a 5-card deal, s until a hard jam is reported, reverse pulses in s)."""
    took = {}
    pulses: list[float] = []
    for case, stack in (("clean", {}), ("snag", {"snag_at": {3}}), ("hard", {"jam_at": {3}})):
        events: queue.Queue = queue.Queue()
        with open_devices("sim", events, stack_options=stack) as devices:
            start = time.monotonic()
            collect_until(events, ends(devices.launcher.dispense(5)), timeout=30)
            took[case] = time.monotonic() - start
            backward = devices.stack.backward
            pulses += [state.timestamp for state in backward.states[1:] if not state.state]
    return took["snag"] - took["clean"], took["hard"], pulses


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench devices", description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="runs per measurement (default 20)")
    parser.add_argument("--limit", type=float, default=0.2, help="motor limit for the watchdog runs, s")
    options = parser.parse_args(argv)
    logging.getLogger("companion.devices.safety").setLevel(logging.ERROR)  # a trip per run is the point here
    logging.getLogger("companion.devices.launcher").setLevel(logging.WARNING)  # so is a reverse pulse
    overshoot = watchdog_overshoot(options.runs, options.limit)
    print(f"watchdog: motor off {1000 * statistics.median(overshoot):.1f} ms (median) / "
          f"{1000 * max(overshoot):.1f} ms (max) after a {options.limit:.1f} s limit, {options.runs} runs")
    delays = stop_delays(min(options.runs, 10))
    print(f"stop(): returns with the motor pin at 0 within {1000 * statistics.median(delays):.2f} ms "
          f"(median) / {1000 * max(delays):.2f} ms (max)")
    seconds = deal_time()
    print(f"sim: dealing 7 cards to 4 seats (with aiming and settling) took {seconds:.2f} s")
    snag, hard, pulses = jam_times()
    print(f"jams (defaults): a snag freed by one reverse pulse adds {snag:.2f} s to a 5-card deal; "
          f"a hard jam is reported {hard:.2f} s after the job starts; reverse pulses "
          f"{1000 * min(pulses):.0f} to {1000 * max(pulses):.0f} ms ({len(pulses)})")
    print(f"watchdog_overshoot_max_ms={1000 * max(overshoot):.1f}")
    return 0
