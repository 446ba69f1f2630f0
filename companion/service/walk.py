"""``uno-companion check --walk``: the guided bring-up of a built table, one part at a time.

The person presses each seat's button, the draw button, blocks the exit beam, puts
cards in the hopper and takes them out, says whether each light and the buzzer work
and whether the turntable points at each seat, and lets the launcher throw one test card.
Each step waits at most ``step_seconds``; a step that sees nothing names the pin and
the wire to look at (from ``hardware/pinmap.toml``). It talks to the devices only
through :mod:`companion.devices.interface`, so it is the same walk on ``gpio``,
``sim`` and ``pico``. Whatever happens (a wrong answer, the end of the input,
Ctrl-C) it ends with the motor off and the lights off.
"""
from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from companion.devices import observations as obs
from companion.pinmap import PinMap, load_pinmap

YES, NO = {"y", "yes", "j", "ja"}, {"n", "no", "nein"}


class WalkEnded(Exception):
    """The walk stopped before its end (no more input, Ctrl-C); the outputs are off."""
    def __init__(self, reason: str, code: int = 1):
        super().__init__(reason)
        self.code = code


class Answers:
    """Lines the person types, read by one background thread so a question can time out."""

    def __init__(self, read_line: Callable[[], str] = input):
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, args=(read_line,), name="answers", daemon=True).start()

    def _read(self, read_line) -> None:
        while True:
            try:
                line = read_line()
            except (EOFError, OSError, ValueError):
                self._lines.put(None)
                return
            self._lines.put(line)

    def line(self, seconds: float) -> str | None:
        """The next line, or None after ``seconds``; the end of the input ends the walk."""
        try:
            line = self._lines.get(timeout=seconds)
        except queue.Empty:
            return None
        if line is None:
            self._lines.put(None)
            raise WalkEnded("no more answers (the input ended)")
        return line.strip().lower()


class Wiring:
    """Where each part's wire goes, in the words of the pin map: ``GPIO4 (pin 7): seat 0 button ...``."""

    def __init__(self, pinmap: PinMap, launcher_board: str, ring_board: str):
        self.pinmap, self.launcher_board, self.ring_board = pinmap, launcher_board, ring_board

    def fitted(self, part: str, seat: int = 0) -> bool:
        """Whether the pin map has a pin for ``light`` (of ``seat``), ``buzzer``, ``hopper_sensor`` or ``aim_servo``."""
        if part in ("hopper_sensor", "aim_servo"):
            return self.pinmap.optional_pin(self.launcher_board, f"launcher_{part}") is not None
        name = {"light": "ring_leds" if self.ring_board == "pico" else f"seat{seat}_light", "buzzer": "buzzer"}[part]
        return self.pinmap.optional_pin(self.ring_board, name) is not None

    def setting(self, name: str) -> str:
        """A launcher pin with its part's setting, and where to change it (active_low, pulse widths)."""
        pin = self.pinmap.pin(self.launcher_board, f"launcher_{name}")
        return f"{pin.label}: {pin.wire_to}, set in [{pin.board}.{pin.name}] of {self.pinmap.path.name}"

    def wire(self, board: str, name: str) -> str:
        pin = self.pinmap.optional_pin(board, name)
        return f"[{board}.{name}] is not in the pin map" if pin is None else f"{pin.label}: {pin.part}"

    def launcher(self, name: str) -> str:
        return self.wire(self.launcher_board, f"launcher_{name}")

    def button(self, seat: int) -> str:
        return self.wire(self.ring_board, f"seat{seat}_button")

    def light(self, seat: int) -> str:
        if self.ring_board == "pico":
            return f"{self.wire('pico', 'ring_leds')}, its 5 V and GND; seat {seat} is LED {seat + 1} of the chain"
        return f"{self.wire('pi', f'seat{seat}_light')}, short leg to GND"

    def buzzer(self) -> str:
        return self.wire(self.ring_board, "buzzer")


def wiring_for(config, pinmap: PinMap | None = None) -> Wiring:
    """The pin map boards of the config's backends (``sim`` uses the Pi's pin numbers)."""
    board = {"pico": "pico"}
    return Wiring(pinmap or load_pinmap(), board.get(config.launcher.backend, "pi"),
                  board.get(config.ring.backend, "pi"))


class Walk:
    """The steps, in the order a maker checks a fresh build. ``report(part, ok, text)`` gets each result."""

    def __init__(self, launcher, ring, beeper, events: queue.Queue, *, wiring: Wiring, answers: Answers,
                 report: Callable[[str, bool, str], None], say: Callable[[str], None] = print,
                 step_seconds: float = 20.0):
        self.launcher, self.ring, self.beeper, self.events = launcher, ring, beeper, events
        self.wiring, self.answers, self.report, self.say = wiring, answers, report, say
        self.step_seconds = step_seconds
        self.problems: list[str] = []

    def run(self) -> list[str]:
        """Every step; returns the parts with a problem. Raises :class:`WalkEnded` when stopped early."""
        try:
            if self.ring is not None:
                for seat in range(self.ring.seats):
                    self.seat_button(seat)
            if self.launcher is not None:
                self.draw_button()
                self.exit_beam()
                self.hopper_sensor()
            if self.ring is not None:
                for seat in range(self.ring.seats):
                    self.seat_light(seat)
                self.ring.lights_off()
            if self.beeper is not None:
                self.buzzer()
            if self.launcher is not None:
                self.aim_servo()
                self.throw_one()
        except KeyboardInterrupt:
            raise WalkEnded("stopped (Ctrl-C)", 130) from None
        finally:
            self.outputs_off()
        return self.problems

    def outputs_off(self) -> None:
        """Motor off (ending a throw under way) and every light off."""
        if self.launcher is not None:
            self.launcher.stop()
        if self.ring is not None:
            self.ring.lights_off()

    # -- the steps ----------------------------------------------------------------------
    def seat_button(self, seat: int) -> None:
        part = f"seat {seat} button"
        self.ring.light_turn(seat)
        self._drain()
        self.say(f"Press the button of seat {seat} (its light is on) ...")
        seen = self._wait_for(lambda o: isinstance(o, obs.SeatPressed))
        if seen is None:
            return self._result(part, False, f"no press within {self.step_seconds:g} s: check "
                                f"{self.wiring.button(seat)}")
        if seen.seat != seat:
            return self._result(part, False, f"the press came from seat {seen.seat}'s input: the wires of seats "
                                f"{seat} and {seen.seat} are swapped? seat {seat} goes to {self.wiring.button(seat)}")
        self._result(part, True, "pressed and seen")

    def draw_button(self) -> None:
        self._drain()
        self.say("Press the big draw button on the launcher ...")
        seen = self._wait_for(lambda o: isinstance(o, obs.DrawPressed))
        if seen is None:
            return self._result("draw button", False, f"no press within {self.step_seconds:g} s: check "
                                f"{self.wiring.launcher('draw_button')}")
        self._result("draw button", True, "pressed and seen")

    def exit_beam(self) -> None:
        if self._beam_blocked():
            return self._result("exit sensor", False, "reads 'card in the beam' before any card is held there: "
                                "clear the exit, or set active_low as the launcher line above says")
        self.say("Hold a card in the launcher's exit, in the sensor's beam ...")
        if not self._until(self._beam_blocked):
            return self._result("exit sensor", False, f"no card seen in the beam within {self.step_seconds:g} s: "
                                f"check {self.wiring.launcher('exit_sensor')}, and the sensor's power")
        self.say("Seen. Take the card out again ...")
        if not self._until(lambda: not self._beam_blocked()):
            return self._result("exit sensor", False, "the beam still reads blocked with the card out: "
                                f"check {self.wiring.launcher('exit_sensor')}")
        self._result("exit sensor", True, "sees a card in the beam, and the beam clear again")

    def hopper_sensor(self) -> None:
        """Cards in, then out: the sensor must read both (one of them is a real change)."""
        if not self.wiring.fitted("hopper_sensor"):
            return self._result("hopper sensor", True, "none in the pin map: an empty hopper shows as a jam")
        for ask, empty in (("Put a few cards in the hopper", False), ("Take every card out of the hopper", True)):
            self.say(f"{ask} ...")
            if not self._until(lambda: self._hopper_empty() == empty):
                return self._result("hopper sensor", False, f"still reads {'cards present' if empty else 'empty'} "
                                    f"{self.step_seconds:g} s after the cards went {'out' if empty else 'in'}: check "
                                    f"{self.wiring.setting('hopper_sensor')} (the other value if it reads the "
                                    "other way round), its wiring and power")
        self._result("hopper sensor", True, "sees the cards, and the hopper empty again")

    def aim_servo(self) -> None:
        """The turntable turns to each seat; the person says whether it points there."""
        if not self.wiring.fitted("aim_servo"):
            return self._result("aim servo", True, "none in the pin map: every card goes one way")
        missed = []
        for seat in range(len(self.launcher.seat_angles)):
            self.launcher.aim(seat)
            answer = self._ask(f"Does the launcher point at seat {seat} now? [y/n]")
            if answer is None:
                missed.append(f"no answer at seat {seat}")
                break
            if not answer:
                missed.append(f"seat {seat}")
        if not missed:
            return self._result("aim servo", True, "points at every seat")
        self._result("aim servo", False, f"not pointing at {', '.join(missed)}: check {self.wiring.setting('aim_servo')}"
                     " and the servo's 5 V and GND; if it turns too little or too far, change min_pulse_us / "
                     "max_pulse_us there; one seat off: uno-companion calibrate throw")

    def seat_light(self, seat: int) -> None:
        if not self.wiring.fitted("light", seat):
            return self._result(f"seat {seat} light", True, "none in the pin map: nothing to watch")
        self.ring.light_turn(seat)
        answer = self._ask(f"Is the light of seat {seat} on, and only that one? [y/n]")
        if answer:
            return self._result(f"seat {seat} light", True, "lights")
        self._result(f"seat {seat} light", False, ("no answer: " if answer is None else "") +
                     f"check {self.wiring.light(seat)}")

    def buzzer(self) -> None:
        if not self.wiring.fitted("buzzer"):
            return self._result("buzzer", True, "none in the pin map: nothing to hear")
        self.beeper.play("uno")
        answer = self._ask("Did the buzzer beep twice? [y/n]")
        if answer:
            return self._result("buzzer", True, "beeps")
        self._result("buzzer", False, ("no answer: " if answer is None else "") + f"check {self.wiring.buzzer()}")

    def throw_one(self) -> None:
        limit = float(getattr(self.launcher, "motor_limit", 3.0))
        self.say(f"Put ONE test card in the hopper, the motor supply on, hands off the wheel. Press Enter to "
                 f"throw it (the motor runs at most {limit:g} s) ...")
        if self.answers.line(self.step_seconds) is None:
            return self._result("motor and card count", False, "not run: no Enter within "
                                f"{self.step_seconds:.0f} s")
        self._drain()
        job = self.launcher.dispense(1)
        end = self._wait_for(obs.ends(job), seconds=2 * limit + 2)
        if end is None:
            self.launcher.stop()
            return self._result("motor and card count", False, "the launcher did not answer; stopped")
        if isinstance(end, obs.DispenseFinished) and end.count == 1:
            return self._result("motor and card count", True, "one card thrown and counted at the exit")
        if isinstance(end, obs.DispenseFinished):
            return self._result("motor and card count", False, f"{end.count} cards counted for one: two fed at "
                                "once (lower the gate) or the exit sensor counts one card twice")
        if isinstance(end, obs.HopperEmpty):
            return self._result("motor and card count", False, "the hopper sensor sees no card: check "
                                f"{self.wiring.launcher('hopper_sensor')}")
        if end.count:
            return self._result("motor and card count", False, f"a card was counted, then: {end.reason}")
        turned = self._ask("No card was counted. Did the wheel turn? [y/n]")
        if turned:
            return self._result("motor and card count", False, "the wheel turns but no card was counted: is the "
                                f"card under the wheel? check {self.wiring.launcher('exit_sensor')}")
        self._result("motor and card count", False, "the motor did not turn: check "
                     f"{self.wiring.launcher('motor_forward')} and {self.wiring.launcher('motor_backward')}, "
                     "the driver's enable (DRV8833 nSLEEP / TB6612 STBY to 3V3) and the motor supply")

    # -- helpers --------------------------------------------------------------------------
    def _result(self, part: str, ok: bool, text: str) -> None:
        if not ok:
            self.problems.append(part)
        self.report(part, ok, text)

    def _beam_blocked(self) -> bool:
        return any("exit sensor" in problem for problem in self.launcher.self_check())

    def _hopper_empty(self) -> bool:
        return any("hopper sensor" in problem for problem in self.launcher.self_check())

    def _ask(self, question: str) -> bool | None:
        """y or n (asked again after anything else); None when no answer came in time."""
        deadline = time.monotonic() + self.step_seconds
        self.say(question)
        while (left := deadline - time.monotonic()) > 0:
            answer = self.answers.line(left)
            if answer in YES or answer in NO:
                return answer in YES
            if answer is not None:
                self.say("Please answer y or n.")
        return None

    def _drain(self) -> None:
        while True:
            try:
                self.events.get_nowait()
            except queue.Empty:
                return

    def _wait_for(self, wanted, seconds: float | None = None):
        deadline = time.monotonic() + (self.step_seconds if seconds is None else seconds)
        while (left := deadline - time.monotonic()) > 0:
            try:
                observation = self.events.get(timeout=min(left, 0.2))
            except queue.Empty:
                continue
            if wanted(observation):
                return observation
        return None

    def _until(self, condition) -> bool:
        deadline = time.monotonic() + self.step_seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.05)
        return False


def walk_check(config, report, seconds: float, opened_fine: bool) -> int | None:
    """``check --walk``: the guided steps (companion/service/walk.py); an exit code if it ended early."""
    from companion.service.table import open_table_devices
    if not opened_fine or config.launcher.backend == config.ring.backend == "none":
        report("walk", True, "skipped: no device to walk through" if opened_fine else "skipped: fix the devices first")
        return None
    simulated = [name for name in ("launcher", "ring") if getattr(config, name).backend == "sim"]
    if simulated:
        print(f"note: the {' and the '.join(simulated)} {'are' if len(simulated) > 1 else 'is'} simulated (sim): "
              "no one can press or see them, so their steps wait and name the wire.")
    from companion.errors import UserError
    from companion.service.throw import calibrated_launcher_options
    try:                                           # the aim step turns to the angles run uses
        options = calibrated_launcher_options(config.data.store)
    except UserError as error:
        report("walk: throw calibration", False, f"{error}; the aim step uses the even spread")
        options = {}
    events: queue.Queue = queue.Queue()
    launcher, ring, beeper, opened = open_table_devices(config, events, launcher_options=options)
    walk = Walk(launcher, ring, beeper, events, wiring=wiring_for(config), answers=Answers(),
                report=lambda part, ok, text: report(f"walk: {part}", ok, text), step_seconds=seconds)
    try:
        walk.run()
    except WalkEnded as ended:
        print(f"walk ended early: {ended}; the motor and the lights are off.")
        return ended.code
    finally:
        for devices in opened.values():
            devices.close()
    return None
