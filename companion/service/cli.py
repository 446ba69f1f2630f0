"""``uno-companion run``, ``check`` and ``motor-off``: the table service's commands."""
from __future__ import annotations

import argparse
import logging
import signal
import socket
import threading
import time
from pathlib import Path

from companion.config import Config, load_config, parse_config
from companion.errors import UserError

log = logging.getLogger(__name__)
SYSTEM_CONFIG = Path("/etc/uno-companion/table.toml")
MOTOR_PINS = ("launcher_motor_forward", "launcher_motor_backward")


def seconds_argument(text: str) -> float:
    """A positive number of seconds (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0 (at most 3600)")
    return value


def seats_argument(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seats from 1 to 10")
    return int(text)


def read_config(path: str | None) -> tuple[Config, str]:
    if path:
        return load_config(path), path
    if SYSTEM_CONFIG.is_file():
        return load_config(SYSTEM_CONFIG), str(SYSTEM_CONFIG)
    return parse_config({}), "the defaults (no config file)"


def run(argv: list[str]) -> int:
    """``uno-companion run --config FILE``: the table, until SIGTERM or Ctrl-C."""
    parser = argparse.ArgumentParser(prog="uno-companion run", description=run.__doc__)
    parser.add_argument("--config", metavar="FILE", required=True, help="the table's TOML config")
    parser.add_argument("--new-host-token", action="store_true",
                        help="make a new host token (and QR code); phones signed in as host must scan it")
    options = parser.parse_args(argv)
    config = load_config(options.config)
    from companion.service.table import TableService
    stop = threading.Event()
    # Installed before the devices open: their safety handler runs first, then this one.
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop.set())
    from companion.service.throw import calibrated_launcher_options
    # The launcher opens with the calibrated aim (the first deal uses it); a damaged file: say so first.
    service = TableService(config, launcher_options=calibrated_launcher_options(config.data.store))
    if options.new_host_token:
        service.forget_host_keys()
    service.start()
    try:
        if service.web is not None:
            print(service.web.banner(), flush=True)
        log.info("table running: %s", ", ".join(service.setup.players))
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        service.stop()
    print("stopped; every output is off.", flush=True)
    return 0


def motor_off(argv: list[str], pin_factory=None) -> int:
    """``uno-companion motor-off``: drive the launcher motor pins low (after a crash or kill)."""
    parser = argparse.ArgumentParser(prog="uno-companion motor-off", description=motor_off.__doc__)
    parser.add_argument("--config", metavar="FILE", help="the table's config (only gpio launchers need this)")
    parser.add_argument("--pinmap", metavar="FILE", help="pin map (default: the installed hardware/pinmap.toml)")
    options = parser.parse_args(argv)
    if options.config:
        backend = load_config(options.config).launcher.backend
        if backend != "gpio":
            print(f"launcher backend is {backend}: no motor pins on this Pi "
                  "(the Pico stops its motor by itself when the link goes quiet)")
            return 0
    import warnings

    from gpiozero import DigitalOutputDevice
    from gpiozero.exc import BadPinFactory, GPIOZeroError, PinFactoryFallback
    from companion.pinmap import load_pinmap
    pinmap = load_pinmap(options.pinmap)
    for name in MOTOR_PINS:
        gpio = pinmap.pin("pi", name).gpio
        try:
            with warnings.catch_warnings():  # each pin library tried: "no GPIO pins found" says it once
                warnings.simplefilter("ignore", PinFactoryFallback)
                DigitalOutputDevice(gpio, initial_value=False, pin_factory=pin_factory).close()
        except BadPinFactory:
            raise UserError("no GPIO pins found (not a Raspberry Pi?)") from None
        except GPIOZeroError as error:
            raise UserError(f"cannot switch GPIO{gpio} ({name}) off: {error}") from None
        print(f"{name}: GPIO{gpio} off")
    return 0


def check(argv: list[str]) -> int:
    """``uno-companion check [--config FILE]``: each part of the table, in plain words."""
    parser = argparse.ArgumentParser(prog="uno-companion check", description=check.__doc__)
    parser.add_argument("--config", metavar="FILE", help=f"the table's config (default {SYSTEM_CONFIG} if present)")
    parser.add_argument("--camera-seconds", type=float, default=5.0, help="how long to wait for a frame")
    parser.add_argument("--walk", action="store_true",
                        help="then a guided walk: press each button, block the beam, watch each light, throw a card")
    parser.add_argument("--step-seconds", type=seconds_argument, default=20.0, help="how long each walk step waits (seconds)")
    options = parser.parse_args(argv)
    problems: list[str] = []

    def report(part: str, ok: bool, text: str) -> None:
        print(f"{'ok     ' if ok else 'PROBLEM'}  {part}: {text}")
        if not ok:
            problems.append(part)

    try:
        config, where = read_config(options.config)
    except UserError as error:
        report("config", False, str(error))
        print("1 problem: fix the config first.")
        return 1
    report("config", True, f"read {where}")
    _check_rules(config, report)
    _check_store(config, report)
    _check_host_code(config, report)
    _check_devices(config, report)
    _check_camera(config, report, options.camera_seconds)
    _check_port(config, report)
    if options.walk:
        from companion.service.walk import walk_check
        ended = walk_check(config, report, options.step_seconds, opened_fine="devices" not in problems)
        if ended is not None:
            return ended
    real, stand_ins = _what_was_tested(config)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) > 1 else ''}: {', '.join(problems)}."
              + (f" Not real parts: {', '.join(stand_ins)}." if stand_ins else ""))
        return 1
    if not stand_ins:
        print("everything looks right.")
    elif not real:
        print(f"no problem found, but no real part was tested: {', '.join(stand_ins)}. Set the backend "
              "of each part you built (gpio, pico; [camera] source) in a config and run check --config FILE.")
    else:
        print(f"everything looks right on the real parts ({', '.join(real)}); not real parts, so "
              f"not tested for real: {', '.join(stand_ins)}.")
    return 0


def _what_was_tested(config) -> tuple[list[str], list[str]]:
    """The real parts check talked to, and the stand-ins (simulated, recorded, not fitted)."""
    real, stand_ins = [], []
    for name in ("launcher", "ring"):
        backend = getattr(config, name).backend
        (real if backend in ("gpio", "pico") else stand_ins).append(f"{name} ({backend})")
    kind = config.camera.source.partition(":")[0]
    if kind in ("picamera", "usb"):
        real.append(f"camera ({config.camera.source})")
    else:
        stand_ins.append(f"camera ({kind}: recorded pictures)" if kind in ("folder", "video") else "camera (none)")
    return real, stand_ins


def _check_rules(config, report) -> None:
    from companion.service.table import setup_from_config
    try:
        setup = setup_from_config(config)
    except UserError as error:
        return report("rules", False, str(error))
    report("rules", True, f"{len(setup.players)} players, {setup.mode}, preset {config.table.preset}"
           + (f", changed: {', '.join(config.rules)}" if config.rules else ""))


def _check_store(config, report) -> None:
    """The store read-only: SQLite's integrity check, our tables, the matches (nothing moved)."""
    if config.data.store == ":memory:":
        return report("store", True, "in memory: nothing is kept after a stop")
    path = Path(config.data.store)
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists():
        import sqlite3
        from companion.matchdb.database import MatchDatabase, StoreDamaged
        from companion.matchdb.repair import quick_check, schema_problem
        try:
            db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                problem = schema_problem(db) or quick_check(db, full=True)
            finally:
                db.close()
            if problem:
                raise StoreDamaged(str(path), problem)
            store = MatchDatabase(path, repair=False)
            matches = store.matches()
            store.close()
        except (sqlite3.Error, UserError, OSError) as error:  # say so, whatever SQLite found
            problem = error.problem if isinstance(error, StoreDamaged) else str(error)
            return report("store", False, f"{path} is damaged (integrity check: {problem}); `run` "
                          "moves it aside (renamed, never deleted) and copies what it can still read "
                          "into a fresh store")
        return report("store", True, f"{path} holds {len(matches)} match(es) (integrity check: ok)")
    if not folder.is_dir():
        return report("store", False, f"the folder {folder} does not exist (create it, or change [data] store)")
    try:  # what `run` will do there: make a file (this one is removed at once)
        import tempfile
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as error:
        return report("store", False, f"cannot make {path} in {folder} ({error.strerror}); "
                      "choose a folder the service may write to")
    report("store", True, f"{path} will be created")


def _check_host_code(config, report) -> None:
    """The host token kept beside the store (read, never written here: the service makes it)."""
    from companion.web.keys import HOST_TOKEN_FILE, KEY_PATTERN
    if config.data.store in ("", ":memory:"):
        return report("host code", True, "new at every start (the store is in memory)")
    path = Path(config.data.store).resolve().parent / HOST_TOKEN_FILE
    if not path.exists():
        return report("host code", True, f"made at the first start and kept in {path}")
    try:
        text = path.read_text(encoding="ascii").strip()
    except PermissionError:
        return report("host code", True, f"kept in {path} (only the service's user can read it)")
    except (OSError, UnicodeDecodeError):
        text = ""
    if not KEY_PATTERN.fullmatch(text):
        return report("host code", False, f"{path} is damaged; the service makes a new code at its next "
                      "start (the host scans it once)")
    report("host code", True, f"kept in {path}: the printed QR code works after a reboot")


def _check_devices(config, report) -> None:
    import queue
    from companion.service.table import open_table_devices
    if config.launcher.backend == "none":
        report("launcher", True, "none: cards are dealt by hand and the phone says how many")
    if config.ring.backend == "none":
        report("ring", True, "none: turns, colours and calls are entered on the phone")
    if config.launcher.backend == config.ring.backend == "none":
        return
    try:
        launcher, ring, beeper, opened = open_table_devices(config, queue.Queue())
    except UserError as error:
        return report("devices", False, str(error))
    try:
        for name, part in (("launcher", launcher), ("ring", ring)):
            if part is None:
                continue
            backend = getattr(config, name).backend
            found = part.self_check()
            report(name, not found, f"{backend}: " + ("; ".join(found) if found else "reads right at rest"
                   + (f", {part.seats} seats" if name == "ring" else "")))
    finally:
        for devices in opened.values():
            devices.close()


def _check_camera(config, report, seconds: float) -> None:
    from companion.service.camera import open_camera
    if config.camera.source == "none":
        return report("camera", True, "none: the host enters each card on the phone")
    try:
        source = open_camera(config.camera.source)
    except UserError as error:
        return report("camera", False, str(error))
    deadline, frame = time.monotonic() + seconds, None
    try:
        while frame is None and time.monotonic() < deadline:
            frame = source.read()
            if frame is None:
                time.sleep(0.1)
    finally:
        source.close()
    if frame is None:
        return report("camera", False, f"{config.camera.source} gave no picture in {seconds:.0f} s "
                      "(cable, camera enabled, another program using it?)")
    view = getattr(source, "view", None)
    seen = "" if view is None else (f", sensor mode {view.mode_size[0]}x{view.mode_size[1]} "
                                    f"({view.degrees[0]:.0f} x {view.degrees[1]:.0f} degrees): the lens must be "
                                    f"at least {view.arm_height():.0f} mm above the discard pile")
    report("camera", True, f"{config.camera.source} gives {frame.shape[1]}x{frame.shape[0]} pictures{seen}")


def _check_port(config, report) -> None:
    host, port = config.web.host, config.web.port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError as error:
            return report("web", False, f"cannot listen on {host}:{port} ({error.strerror}); "
                          "is the service already running? (then this is fine)")
    report("web", True, f"the page will be on port {port}")
