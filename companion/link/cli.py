"""``uno-companion pico``: check the link to a Pico, or simulate one.

    uno-companion pico check --port /dev/ttyACM0
    uno-companion pico simulate ttyPico     # then [pico] port = "ttyPico" (in that directory)
"""
from __future__ import annotations

import argparse

from companion.link.devices import DEFAULT_PORT


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion pico", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="connect, show the firmware version and boot id")
    check.add_argument("--port", default=DEFAULT_PORT, help=f"serial port of the Pico (default {DEFAULT_PORT})")
    check.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for an answer")
    simulate = commands.add_parser("simulate", help="run a simulated Pico on a pseudo-terminal at PATH")
    simulate.add_argument("path", help="where the simulated Pico's serial port appears")
    options = parser.parse_args(argv)
    if options.command == "simulate":
        from companion.link import simulator
        print(f"simulated Pico on {options.path}; commands on stdin (report, press 2, ...), Ctrl-D ends")
        return simulator.main([options.path])
    return _check(options.port, options.timeout)


def _check(port: str, timeout: float) -> int:
    from companion.link.session import PicoLink
    link = PicoLink(port).start()
    try:
        link.wait_ready(timeout)               # a UserError names what to check
        info = link.info
        launcher = "with launcher" if info.has_launcher else "ring only"
        print(f"Pico on {port}: firmware {info.version}, boot {info.boot_id:08X}, "
              f"{info.seats} seats, {launcher}")
    finally:
        link.close()
    return 0
