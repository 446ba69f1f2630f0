"""``uno-companion check --walk``: a person at the table, played by the test on gpiozero mock pins
(the ``sim`` backend's MockFactory) and on a simulated Pico; answers typed through stdin."""
import _thread
import queue
import signal
import subprocess
import sys
import threading
import time

import pytest

from companion.config import parse_config
from companion.backends import open_devices
from companion.service.walk import Answers, Walk, WalkEnded, wiring_for
from polling import wait_until
from tests.link.link_helpers import PicoProcess

END = object()


class Person:
    """Does what the walk asks, on the mock pins: ``skip`` says which steps they do not do."""

    def __init__(self, devices, skip=(), swap=None, dark=(), answers=None):
        self.devices, self.skip, self.swap, self.dark = devices, set(skip), swap or {}, set(dark)
        self.typed: queue.Queue = queue.Queue()
        for line in answers or ():
            self.typed.put(line)
        self.heard = []

    def read_line(self):
        line = self.typed.get()
        if line is END:
            raise EOFError
        return line

    def pin(self, name):
        return self.devices.factory.pin(self.devices.pins[name])

    def say(self, text):
        self.heard.append(text)
        time.sleep(0.05)              # a person is slower than the 20 ms debounce
        if text.startswith("Press the button of seat "):
            seat = int(text.split()[5])
            if seat not in self.skip:
                self.devices.tap(f"seat{self.swap.get(seat, seat)}_button")
        elif text.startswith("Press the big draw button") and "draw" not in self.skip:
            self.devices.tap("launcher_draw_button")
        elif text.startswith("Hold a card") and "beam" not in self.skip:
            self.pin("launcher_exit_sensor").drive_low()
        elif text.startswith("Seen. Take the card out"):
            self.pin("launcher_exit_sensor").drive_high()
        elif text.startswith("Is the light of seat "):
            seat = int(text.split()[5])
            if seat not in self.skip:
                lit = [s for s in range(6) if self.pin(f"seat{s}_light").state]
                self.typed.put("y" if lit == [seat] and seat not in self.dark else "n")
        elif text.startswith("Did the buzzer"):
            self.typed.put("y")
        elif text.startswith("Put a few cards in the hopper") and "hopper" not in self.skip:
            self.devices.stack.reload(20)
        elif text.startswith("Take every card out of the hopper") and "hopper" not in self.skip:
            self.devices.stack.reload(-self.devices.stack.cards)
        elif text.startswith("Does the launcher point at seat "):
            seat = int(text.split()[6])
            pulse = self.pin("launcher_aim_servo").state * 20000          # µs of the 20 ms frame
            angle = (pulse - 500) / 1900 * 180 - 90                       # the pin map's 500..2400 µs
            aimed = abs(angle - self.devices.launcher.seat_angles[seat]) < 0.5
            self.typed.put("y" if aimed and f"aim {seat}" not in self.skip else "n")
        elif text.startswith("Put ONE test card"):
            self.devices.stack.reload(1)
            self.typed.put("")
        elif text.startswith("No card was counted. Did the wheel turn?"):
            self.typed.put("n")


def walk_on_sim(person_options=None, stack_options=None, step_seconds=1.0):
    events = queue.Queue()
    devices = open_devices("sim", events, seed=1, stack_options=stack_options)
    person = Person(devices, **(person_options or {}))
    results = []
    walk = Walk(devices.launcher, devices.ring, devices.beeper, events,
                wiring=wiring_for(parse_config({"launcher": {"backend": "gpio"}, "ring": {"backend": "gpio"}})),
                answers=Answers(person.read_line), report=lambda *result: results.append(result),
                say=person.say, step_seconds=step_seconds)
    return walk, devices, person, results


def by_part(results):
    return {part: (ok, text) for part, ok, text in results}


def test_a_walk_where_everything_answers_passes_every_step_and_throws_one_card():
    walk, devices, person, results = walk_on_sim()
    try:
        assert walk.run() == []
        assert devices.stack.thrown == 1
        assert [part for part, _, _ in results] == [*(f"seat {s} button" for s in range(6)), "draw button",
                                                   "exit sensor", "hopper sensor",
                                                   *(f"seat {s} light" for s in range(6)),
                                                   "buzzer", "aim servo", "motor and card count"]
        assert not devices.launcher.motor_running and set(devices.ring.lights.values()) == {"off"}
    finally:
        devices.close()


def test_a_step_that_gets_no_answer_names_the_pin_and_wire_to_check():
    walk, devices, person, results = walk_on_sim(
        {"skip": {5, "draw", "beam", "aim 2", "aim 4"}, "swap": {3: 4}, "dark": {1}}, step_seconds=0.4)
    try:
        problems = walk.run()
    finally:
        devices.close()
    seen = by_part(results)
    assert seen["seat 5 button"] == (False, "no press within 0.4 s: check GPIO7 (pin 26): seat 5 button, other "
                                            "leg to GND (SPI CE1, free when SPI is off)")
    assert "seats 3 and 4 are swapped" in seen["seat 3 button"][1] and "GPIO23 (pin 16)" in seen["seat 3 button"][1]
    assert "GPIO22 (pin 15)" in seen["draw button"][1]
    assert "GPIO17 (pin 11)" in seen["exit sensor"][1]
    assert seen["seat 1 light"] == (False, "check GPIO19 (pin 35): seat 1 LED (through 330 ohm), short leg to GND")
    assert seen["seat 5 light"] == (False, "no answer: check GPIO8 (pin 24): seat 5 LED (through 330 ohm) "
                                           "(SPI CE0, free when SPI is off), short leg to GND")
    assert seen["aim servo"] == (False, "not pointing at seat 2, seat 4: check GPIO18 (pin 12): aim servo signal "
                                 "(turntable); software-timed pulses on the Pi, see the pin map (pulse 500 to 2400 µs),"
                                 " set in [pi.launcher_aim_servo] of pinmap.toml and the servo's 5 V and GND; if it "
                                 "turns too little or too far, change min_pulse_us / max_pulse_us there; one seat "
                                 "off: uno-companion calibrate throw")
    assert seen["seat 0 light"][0] and seen["hopper sensor"][0] and seen["motor and card count"][0]
    assert set(problems) == {"seat 5 button", "seat 3 button", "draw button", "exit sensor", "seat 1 light",
                             "seat 5 light", "aim servo"}


@pytest.mark.parametrize("person, stack, says", [
    ({"skip": {"hopper"}}, {}, "still reads cards present 0.4 s after the cards went out"),
    ({}, {"hopper_active_low": False}, "still reads empty 0.4 s after the cards went in")])
def test_a_hopper_sensor_that_does_not_change_names_its_pin_and_active_low(person, stack, says):
    walk, devices, _, results = walk_on_sim(person, stack_options=stack, step_seconds=0.4)
    try:
        walk.run()
        assert not devices.launcher.motor_running
    finally:
        devices.close()
    ok, text = by_part(results)["hopper sensor"]
    assert not ok and text.startswith(says)
    assert ("check GPIO27 (pin 13): reflective IR sensor under the card stack (low = cards present, active_low = "
            "true), set in [pi.launcher_hopper_sensor] of pinmap.toml") in text


def test_a_launcher_whose_card_never_comes_names_the_motor_pins_and_the_driver_enable():
    walk, devices, person, results = walk_on_sim(stack_options={"jam_at": {1}})
    try:
        walk.run()
        assert not devices.launcher.motor_running
    finally:
        devices.close()
    ok, text = by_part(results)["motor and card count"]
    assert not ok and "GPIO12 (pin 32)" in text and "GPIO13 (pin 33)" in text and "nSLEEP" in text


def test_ctrl_c_while_the_motor_runs_ends_the_walk_with_the_motor_off():
    walk, devices, person, results = walk_on_sim(stack_options={"jam_at": {1}})
    forward = devices.stack.forward

    def interrupt_once_the_motor_runs():
        deadline = time.monotonic() + 10
        while not forward.state and time.monotonic() < deadline:
            time.sleep(0.005)
        _thread.interrupt_main()

    say = person.say

    def say_and_watch(text):
        say(text)
        if text.startswith("Put ONE test card"):
            threading.Thread(target=interrupt_once_the_motor_runs, daemon=True).start()

    walk.say = say_and_watch
    try:
        with pytest.raises(WalkEnded) as ended:
            walk.run()
        assert ended.value.code == 130
        assert not devices.launcher.motor_running and forward.state == 0 and devices.stack.backward.state == 0
    finally:
        devices.close()


def test_the_end_of_the_input_ends_the_walk_cleanly():
    walk, devices, person, results = walk_on_sim(step_seconds=0.3)
    walk.say = lambda text: person.typed.put(END) if text.startswith("Is the light") else None
    try:
        with pytest.raises(WalkEnded, match="the input ended"):
            walk.run()
        assert not devices.launcher.motor_running and set(devices.ring.lights.values()) == {"off"}
    finally:
        devices.close()


def test_check_walk_on_the_command_line_reads_answers_from_stdin_and_stops_at_their_end(tmp_path):
    from tests.service.test_cli import write_config
    config = write_config(tmp_path)
    (tmp_path / "throw-calibration.json").write_text("{half a file")      # the aim step then aims evenly
    result = subprocess.run([sys.executable, "-m", "companion", "check", "--walk", "--step-seconds", "0.2",
                             "--config", config],
                            input="y\nn\n", capture_output=True, text=True, timeout=120, cwd=tmp_path)
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert f"PROBLEM  walk: throw calibration: {tmp_path / 'throw-calibration.json'} cannot be read" in out
    assert "the launcher and the ring are simulated" in out
    assert "PROBLEM  walk: seat 0 button: no press within 0.2 s: check GPIO4 (pin 7)" in out
    assert "ok       walk: seat 0 light: lights" in out
    assert "PROBLEM  walk: seat 1 light: check GPIO19 (pin 35)" in out
    assert out.splitlines()[-1] == "walk ended early: no more answers (the input ended); the motor and the lights are off."
    assert result.returncode == 1


def test_ctrl_c_on_the_command_line_ends_the_walk_without_a_traceback(tmp_path):
    from tests.service.test_cli import write_config
    process = subprocess.Popen([sys.executable, "-m", "companion", "check", "--walk", "--config",
                                write_config(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    for line in process.stdout:
        if line.startswith("Press the button of seat 0"):
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert "Traceback" not in out + err
    assert "walk ended early: stopped (Ctrl-C); the motor and the lights are off." in out
    assert process.returncode == 130


class PicoPerson(Person):
    """The same person at a Pico build: presses and the beam through the simulated Pico."""

    def __init__(self, devices, pico):
        super().__init__(devices)
        self.pico = pico

    def say(self, text):
        self.heard.append(text)
        time.sleep(0.05)
        if text.startswith("Press the button of seat "):
            self.pico.tap(int(text.split()[5]))
        elif text.startswith("Press the big draw button"):
            self.pico.do("draw")
            time.sleep(0.1)
            self.pico.do("draw")
        elif text.startswith("Hold a card"):
            self.pico.do("beam 1")
        elif text.startswith("Seen. Take the card out"):
            self.pico.do("beam 0")
        elif text.startswith(("Put a few cards", "Take every card", "Put ONE test card")):
            self.pico.do("cards " + {"Put a": "20", "Take ": "0", "Put O": "1"}[text[:5]])
            if text.startswith("Put ONE"):
                self.typed.put("")
        elif text.startswith("Does the launcher point at seat "):
            aim = round(self.devices.launcher.seat_angles[int(text.split()[6])] + 90)
            wait_until(lambda: self.pico.report()["aim"] == aim, what="the AIM")
            self.typed.put("y")
        elif text.startswith("Is the light of seat "):
            seat = int(text.split()[5])
            self.devices.ring.wait_shown(5)
            lit = [index for index, colour in enumerate(self.pico.report()["pixels"]) if any(colour)]
            self.typed.put("y" if lit == [seat] else "n")
        else:
            super().say(text)


def test_the_same_walk_passes_on_a_pico_build(tmp_path):
    from companion.backends.pico.devices import open_devices as open_pico
    pico = PicoProcess(tmp_path / "ttyPico")
    events = queue.Queue()
    devices = open_pico(events, port=pico.path, timeout=10)
    try:
        person = PicoPerson(devices, pico)
        results = []
        config = parse_config({"launcher": {"backend": "pico"}, "ring": {"backend": "pico"}})
        walk = Walk(devices.launcher, devices.ring, devices.beeper, events, wiring=wiring_for(config),
                    answers=Answers(person.read_line), report=lambda *result: results.append(result),
                    say=person.say, step_seconds=5)
        assert walk.run() == [], results
        assert pico.report()["thrown"] == 1 and pico.report()["motor"] == 0
        assert len([part for part, _, _ in results if part.endswith("button")]) == devices.ring.seats + 1
    finally:
        devices.close()
        pico.close()


def test_the_pico_walk_names_the_pico_pins():
    wiring = wiring_for(parse_config({"launcher": {"backend": "pico"}, "ring": {"backend": "pico"}}))
    assert wiring.button(3) == "GP3: seat 3 button, other leg to GND"
    assert wiring.light(3).startswith("GP28: WS2812 ring data in") and "LED 4 of the chain" in wiring.light(3)
    assert wiring.launcher("exit_sensor").startswith("GP16: ")


def test_a_sensor_that_reads_the_other_way_round_is_named_before_the_beam_step():
    walk, devices, person, results = walk_on_sim(stack_options={"exit_active_low": False}, step_seconds=0.5)
    try:
        walk.run()
        assert not devices.launcher.motor_running
    finally:
        devices.close()
    ok, text = by_part(results)["exit sensor"]
    assert not ok and "before any card is held" in text and "active_low" in text


@pytest.mark.parametrize("args, says", [(["--step-seconds", "-1"], "not a number of seconds above 0"),
                                        (["--step-seconds", "soon"], "not a number of seconds above 0")])
def test_bad_walk_options_are_a_plain_error(args, says):
    result = subprocess.run([sys.executable, "-m", "companion", "check", "--walk", *args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr
