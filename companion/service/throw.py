"""``uno-companion calibrate throw``: aim at each seat, throw a test card, note where it landed.

The launcher's default aim spreads the seats evenly over the servo's travel; a real
table is not that regular. For each seat the person watches a test card fly, may
turn the aim (``a -60``) and throw again, then types the distance it flew (cm).
The result goes to ``throw-calibration.json`` in the state folder (beside the game
store); ``uno-companion run`` opens the launcher with its angles.

>>> calibration = {0: {"angle": -70.0, "distance_cm": 55.0}}
>>> seat_angles([-80.0, 0.0, 80.0], calibration)
[-70.0, 0.0, 80.0]
"""
from __future__ import annotations

import argparse
import json
import os
import queue
from pathlib import Path

from companion.devices import observations as obs
from companion.errors import UserError
from companion.service.cli import SYSTEM_CONFIG, read_config, seats_argument, seconds_argument

CALIBRATION_FILE = "throw-calibration.json"


def calibration_path(store: str) -> Path | None:
    """Where the calibration of a table with this ``[data] store`` lives (None: kept in memory only)."""
    return None if store in ("", ":memory:") else Path(store).resolve().parent / CALIBRATION_FILE


def load_calibration(path: Path | None) -> dict[int, dict]:
    """seat -> {"angle": degrees, "distance_cm": cm or None}; {} when there is none yet."""
    if path is None or not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        seats = {int(seat): {"angle": float(entry["angle"]), "distance_cm": entry.get("distance_cm")}
                 for seat, entry in data["seats"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise UserError(f"{path} cannot be read ({error}): run uno-companion calibrate throw again, "
                        "or delete it to aim evenly") from None
    for seat, entry in seats.items():
        if not (0 <= seat and -90 <= entry["angle"] <= 90):
            raise UserError(f"{path}: seat {seat} angle {entry['angle']} is outside -90 to 90 degrees")
    return seats


def save_calibration(path: Path, calibration: dict[int, dict]) -> None:
    """Write it whole or not at all (a crash mid-write must not leave half a file)."""
    text = json.dumps({"schema": 1, "seats": {str(seat): entry for seat, entry in sorted(calibration.items())}},
                      indent=1)
    partial = path.with_suffix(".partial")
    try:
        partial.write_text(text + "\n", encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        raise UserError(f"cannot keep the calibration in {path} ({error.strerror}): "
                        "run it as the service's user, or check [data] store") from None


def seat_angles(angles: list[float], calibration: dict[int, dict]) -> list[float]:
    """The launcher's aim angles with the calibrated seats replaced."""
    return [calibration[seat]["angle"] if seat in calibration else angle for seat, angle in enumerate(angles)]


def calibrated_angles(calibration: dict[int, dict]) -> dict[int, float]:
    """seat -> calibrated aim: the ``seat_angles`` launcher option every backend takes at open."""
    return {seat: entry["angle"] for seat, entry in calibration.items()}


def calibrated_launcher_options(store: str) -> dict:
    """The launcher options of a table with this ``[data] store``: its calibrated aim, if any.

    Given when the launcher opens, so the very first job (a deal under way at the start)
    already aims with them; a damaged file is a :class:`UserError` naming it.
    """
    return {"seat_angles": calibrated_angles(load_calibration(calibration_path(store)))}


class ThrowCalibration:
    """The interactive steps; ``answers`` is a :class:`companion.service.walk.Answers`."""

    def __init__(self, launcher, events, answers, say=print, step_seconds: float = 60.0):
        self.launcher, self.events, self.answers, self.say = launcher, events, answers, say
        self.step_seconds = step_seconds

    def run(self, seats: int, calibration: dict[int, dict]) -> dict[int, dict]:
        """Calibrate seats 0 to ``seats - 1``; returns the calibration with what was measured."""
        calibration = dict(calibration)
        try:
            for seat in range(min(seats, len(self.launcher.seat_angles))):
                measured = self.seat(seat, calibration.get(seat, {}).get("angle", self.launcher.seat_angles[seat]))
                if measured is not None:
                    calibration[seat] = measured
        finally:
            self.launcher.stop()
        return calibration

    def seat(self, seat: int, angle: float) -> dict | None:
        while True:
            self.launcher.seat_angles = seat_angles(list(self.launcher.seat_angles), {seat: {"angle": angle}})
            self.say(f"Seat {seat}: aiming at {angle:g} degrees. Put one test card in the hopper and press Enter "
                     "(s and Enter: skip this seat) ...")
            line = self.answers.line(self.step_seconds)
            if line is None or line == "s":
                self.say(f"seat {seat} skipped")
                return None
            thrown = self.throw(seat)
            if not thrown:
                continue
            answer = self.ask_distance(seat)
            if isinstance(answer, tuple):
                angle = answer[1]
                continue
            return {"angle": angle, "distance_cm": answer}

    def throw(self, seat: int) -> bool:
        while True:
            try:
                self.events.get_nowait()
            except queue.Empty:
                break
        job = self.launcher.dispense(1, seat=seat)
        try:
            end = obs.collect_until(self.events, obs.ends(job),
                                    timeout=2 * float(getattr(self.launcher, "motor_limit", 3.0)) + 2)[-1]
        except TimeoutError:
            self.launcher.stop()
            self.say("the launcher did not answer; stopped")
            return False
        if isinstance(end, obs.DispenseFinished) and end.count:
            return True
        self.say(f"no card was thrown ({getattr(end, 'reason', type(end).__name__)}): clear the launcher, "
                 "or run uno-companion check --walk")
        return False

    def ask_distance(self, seat: int) -> float | None | tuple:
        """The distance in cm (None: Enter, not measured) or ("aim", degrees) to aim again."""
        self.say("How far from the launcher did it land, in cm? (Enter: not measured; a DEGREES: turn the aim "
                 "and throw again)")
        while True:
            line = self.answers.line(self.step_seconds)
            if not line:
                return None
            try:
                if line.startswith("a"):
                    degrees = float(line[1:])
                    if -90 <= degrees <= 90:
                        return ("aim", degrees)
                else:
                    distance = float(line)
                    if 0 < distance < 1000:
                        return distance
            except ValueError:
                pass
            self.say("Type a distance in cm (e.g. 55), or a and an angle from -90 to 90 (e.g. a -60).")


def main(argv: list[str]) -> int:
    """``uno-companion calibrate throw [--config FILE]``: aim at each seat, throw, note the distance."""
    parser = argparse.ArgumentParser(prog="uno-companion calibrate", description=main.__doc__)
    parser.add_argument("what", choices=["throw"], help="what to calibrate: throw (the aim per seat)")
    parser.add_argument("--config", metavar="FILE", help=f"the table's config (default {SYSTEM_CONFIG} if present)")
    parser.add_argument("--seats", type=seats_argument, help="how many seats (default: the config's players)")
    parser.add_argument("--step-seconds", type=seconds_argument, default=120.0, help="how long each question waits")
    options = parser.parse_args(argv)
    from companion.service.table import open_table_devices, setup_from_config
    from companion.service.walk import Answers, WalkEnded
    config, where = read_config(options.config)
    path = calibration_path(config.data.store)
    if path is None:
        raise UserError("[data] store is in memory: there is no state folder to keep the calibration in")
    if config.launcher.backend == "none":
        raise UserError("[launcher] backend is none: there is no launcher to aim")
    seats = options.seats or len(setup_from_config(config).players)
    calibration = load_calibration(path)
    events: queue.Queue = queue.Queue()
    launcher, _, _, opened = open_table_devices(config, events,
                                                launcher_options={"seat_angles": calibrated_angles(calibration)})
    print(f"Calibrating the throw to {seats} seats ({where}); the result goes to {path}.")
    try:
        calibration = ThrowCalibration(launcher, events, Answers(), step_seconds=options.step_seconds).run(
            seats, calibration)
    except KeyboardInterrupt:
        print("stopped; the motor is off; nothing saved.")
        return 130
    except WalkEnded as ended:
        print(f"{ended}; the motor is off; nothing saved.")
        return ended.code
    finally:
        for devices in opened.values():
            devices.close()
    save_calibration(path, calibration)
    for seat, entry in sorted(calibration.items()):
        distance = "not measured" if entry["distance_cm"] is None else f"{entry['distance_cm']:g} cm"
        print(f"seat {seat}: aim {entry['angle']:g} degrees, throw {distance}")
    print(f"saved to {path}; uno-companion run aims with these angles.")
    return 0
