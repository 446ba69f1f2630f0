"""``uno-companion pico``: check the link to a Pico, or simulate one.

    uno-companion pico check --port /dev/ttyACM0
    uno-companion pico simulate ttyPico     # then [pico] port = "ttyPico" (in that directory)
    uno-companion pico aim -90              # calibrate the aim servo (docs/assembly.md)
"""
from __future__ import annotations

import argparse

from companion.backends.pico.devices import DEFAULT_PORT


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion pico", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="connect, show the firmware version and boot id")
    check.add_argument("--port", default=DEFAULT_PORT, help=f"serial port of the Pico (default {DEFAULT_PORT})")
    check.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for an answer")
    simulate = commands.add_parser("simulate", help="run a simulated Pico on a pseudo-terminal at PATH")
    simulate.add_argument("path", help="where the simulated Pico's serial port appears")
    aim = commands.add_parser("aim", help="turn the aim servo to DEGREES (-90 to 90), with the pin map's pulses")
    aim.add_argument("degrees", type=_degrees, metavar="DEGREES")
    aim.add_argument("--port", default=DEFAULT_PORT, help=f"serial port of the Pico (default {DEFAULT_PORT})")
    aim.add_argument("--pinmap", help="pin map to take the pulse widths from (default: the shipped one)")
    options = parser.parse_args(argv)
    if options.command == "aim":
        return _aim(options.port, options.degrees, options.pinmap)
    if options.command == "simulate":
        from companion.backends.pico import simulator
        print(f"simulated Pico on {options.path}; commands on stdin (report, press 2, ...), Ctrl-D ends")
        return simulator.main([options.path])
    return _check(options.port, options.timeout)


def _check(port: str, timeout: float) -> int:
    from companion.backends.pico.session import HostLink
    link = HostLink(port).start()
    try:
        link.wait_ready(timeout)               # a UserError names what to check
        info = link.info
        launcher = "with launcher" if info.has_launcher else "ring only"
        print(f"Pico on {port}: firmware {info.version}, boot {info.boot_id:08X}, "
              f"{info.seats} seats, {launcher}")
    finally:
        link.close()
    return 0


def _degrees(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not -90 <= value <= 90:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of degrees from -90 to 90")
    return value


def _aim(port: str, degrees: int, pinmap_path: str | None) -> int:
    from companion.backends.pico.devices import pico_settings
    from companion.backends.pico.session import HostLink
    from companion.pinmap import load_pinmap
    settings = pico_settings(load_pinmap(pinmap_path))
    link = HostLink(port, settings=settings).start()
    try:
        link.wait_ready(5.0)
        link.command("AIM", degrees + 90)          # the Pico's 0-180; it holds the angle after we go
        low, high = settings[2:]
        print(f"aim servo at {degrees} degrees: pulse {low + (degrees + 90) * (high - low) // 180} us "
              f"(min_pulse_us {low}, max_pulse_us {high})")
    finally:
        link.close()
    return 0
