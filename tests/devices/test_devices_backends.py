"""Opening the devices from the pin map; the beeper's cues."""
import queue
import threading
import time

import pytest

from companion.backends import open_devices
from companion.devices.beeper import PinBeeper
from companion.devices.observations import (DispenseFinished, DispenseJammed, HopperEmpty, SeatPressed,
                                            collect_until, ends)
from companion.devices.sim import mock_factory
from companion.errors import UserError
from companion.pinmap import load_pinmap
from devices_helpers import FAST, run_job

PINMAP_TEXT = (load_pinmap().path).read_text()


def test_sim_uses_the_pi_pins_of_the_pin_map():
    events = queue.Queue()
    pinmap = load_pinmap()
    with open_devices("sim", events) as devices:
        assert devices.ring.seats == pinmap.seats("pi")
        devices.ring.light_turn(3)
        assert devices.factory.pin(pinmap.pin("pi", "seat3_light").gpio).state
        devices.tap("seat5_button")
        pressed = events.get(timeout=1)
        assert isinstance(pressed, SeatPressed) and pressed.seat == 5
        assert events.empty()


def test_gpio_without_a_pi_is_a_clear_user_error():
    with pytest.raises(UserError, match="no GPIO pins found: on a Raspberry Pi install the pin library"):
        open_devices("gpio", queue.Queue())


def test_unknown_backend_is_named():
    with pytest.raises(UserError, match="unknown device backend 'usb'; choose one of: gpio, sim, pico"):
        open_devices("usb", queue.Queue())


@pytest.mark.parametrize("old, new, message", [
    ('[pi.launcher_motor_forward]\ngpio = 12\nkind = "pwm"', '[pi.launcher_motor_forward]\ngpio = 12\nkind = "led"',
     r"\[pi.launcher_motor_forward\] has kind 'led'; this device needs kind = 'pwm'"),
    ('[pi.launcher_exit_sensor]', '[pi.launcher_exit_sensor_old]', r"no pin 'launcher_exit_sensor' for the pi board"),
    ('[pi.seat2_button]', '[pi.seat9_button]', r"no pin 'seat2_button' for the pi board"),
    ('[pi.seat1_light]\ngpio = 19', '[pi.seat1_light]\ngpio = 12',
     r"pi GPIO 12 is used twice: by 'launcher_motor_forward' and by 'seat1_light'"),
])
def test_wiring_mistakes_in_the_pin_map_stop_the_start(tmp_path, old, new, message):
    assert old in PINMAP_TEXT
    path = tmp_path / "pinmap.toml"
    path.write_text(PINMAP_TEXT.replace(old, new))
    with pytest.raises(UserError, match=message):
        open_devices("sim", queue.Queue(), pinmap=load_pinmap(path))


def test_optional_parts_may_be_missing(tmp_path):
    text = PINMAP_TEXT
    for name in ("launcher_hopper_sensor", "launcher_aim_servo", "buzzer"):
        text = text.replace(f"[pi.{name}]", f"[pi.unused_{name}]")
    path = tmp_path / "pinmap.toml"
    path.write_text(text)
    events = queue.Queue()
    with open_devices("sim", events, pinmap=load_pinmap(path),
                      launcher_options=dict(card_deadline=0.5, settle=0.1)) as devices:
        job = devices.launcher.dispense(2, seat=4)   # no servo: it just throws
        devices.beeper.play("uno")                   # no buzzer: silent
        assert collect_until(events, ends(job))[-1] == DispenseFinished(job, 4, 2, 2)


@pytest.mark.parametrize("cue, states", [
    ("uno", [1.0, 0.0, 1.0, 0.0]),
    ("timer", [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]),
    ("illegal", [1.0, 0.0]),
])
def test_beeper_cues_on_the_buzzer_pin(cue, states):
    factory = mock_factory()
    beeper = PinBeeper(16, pin_factory=factory)
    try:
        beeper.play(cue)
        assert beeper.wait(5)
        assert [float(s.state) for s in factory.pin(16).states[1:]] == states
    finally:
        beeper.close()


def test_a_cue_cut_by_the_next_from_other_threads_never_crashes_and_ends_silent(monkeypatch):
    """Cues come from the adapters' and the loop's threads at once (the monkey test saw the
    beeper thread die: gpiozero's blink thread taken away under it by the next cue's off())."""
    crashes = []
    monkeypatch.setattr(threading, "excepthook", crashes.append)
    factory = mock_factory()
    beeper = PinBeeper(16, pin_factory=factory)
    try:
        def cues(cue):
            for _ in range(30):
                beeper.play(cue)
                time.sleep(0.003)
        threads = [threading.Thread(target=cues, args=(cue,)) for cue in ("uno", "timer", "illegal")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        beeper.play("uno")
        assert beeper.wait(5)
        assert crashes == [] and factory.pin(16).state == 0
    finally:
        beeper.close()


def test_unknown_cue_is_refused():
    with PinBeeper(None) as beeper, pytest.raises(ValueError, match="unknown cue 'boo'; cues are: illegal, uno, timer"):
        beeper.play("boo")


def test_self_check_names_what_reads_wrong_in_plain_words():
    events = queue.Queue()
    with open_devices("sim", events, stack_options=dict(cards=0)) as devices:
        assert devices.self_check() == [
            "launcher hopper sensor (GPIO27) sees no cards: load the deck; if it is loaded, the sensor reads the "
            "other way round: set active_low = false in [pi.launcher_hopper_sensor] of the pin map "
            "(or check its wiring)"]
        devices.stack.reload(20)
        assert devices.self_check() == []
        devices.factory.pin(devices.pins["seat3_button"]).drive_low()   # stuck, or wired to 3V3
        devices.factory.pin(devices.pins["launcher_exit_sensor"]).drive_low()
        problems = devices.self_check()
        assert any(p.startswith("launcher exit sensor (GPIO17) reads low, 'card in the beam', with no card "
                                "moving: clear the exit throat; if it is clear, the sensor reads the other way "
                                "round: set active_low = false") for p in problems)
        assert "seat 3 button (GPIO23) reads pressed: check it is wired between the pin and GND, " \
               "and not stuck" in problems


def test_without_a_hopper_sensor_an_empty_hopper_is_a_jam_with_the_count(tmp_path):
    path = tmp_path / "pinmap.toml"
    path.write_text(PINMAP_TEXT.replace("[pi.launcher_hopper_sensor]", "[pi.unused_hopper_sensor]"))
    events = queue.Queue()
    with open_devices("sim", events, pinmap=load_pinmap(path), stack_options=dict(cards=2),
                      launcher_options=dict(card_deadline=0.4, settle=0.1)) as devices:
        job = devices.launcher.dispense(3)
        assert collect_until(events, ends(job))[-1] == DispenseJammed(
            job, None, 3, 2, reason="no card came within the deadline (2 reverse pulses did not clear it)")


def _pinmap_with(tmp_path, old, new):
    path = tmp_path / "pinmap.toml"
    text = PINMAP_TEXT.replace(old, new)
    assert text != PINMAP_TEXT
    path.write_text(text)
    return load_pinmap(path)


def test_an_exit_sensor_that_reads_high_when_blocked_counts_with_active_low_false(tmp_path):
    # An LM393 module drives its output high while a card blocks it.
    pinmap = _pinmap_with(tmp_path, "active_low = true\npart = \"slotted", "active_low = false\npart = \"slotted")
    events = queue.Queue()
    with open_devices("sim", events, pinmap=pinmap, launcher_options=FAST) as devices:
        exit_pin = devices.factory.pin(devices.pins["launcher_exit_sensor"])
        assert exit_pin.state == 0 and devices.self_check() == []      # high-when-blocked sensor at rest
        job = devices.launcher.dispense(3)
        counts, end = run_job(devices, events, job)
        assert counts == [1, 2, 3] and end == DispenseFinished(job, None, 3, 3, False)
        assert devices.stack.thrown == 3


@pytest.mark.parametrize("sensor_low, setting", [(False, "true"), (True, "false")])
def test_check_tells_which_active_low_to_set_when_the_sensor_reads_the_other_way(tmp_path, sensor_low, setting):
    # The pin map says one thing, the sensor does the other: at rest it reads "card in the beam".
    pinmap = load_pinmap() if setting == "true" else _pinmap_with(
        tmp_path, "active_low = true\npart = \"slotted", "active_low = false\npart = \"slotted")
    events = queue.Queue()
    with open_devices("sim", events, pinmap=pinmap, stack_options=dict(exit_active_low=sensor_low)) as devices:
        (problem,) = devices.self_check()
        assert "with no card moving" in problem
        assert f"set active_low = {'false' if setting == 'true' else 'true'} in [pi.launcher_exit_sensor]" in problem
        job = devices.launcher.dispense(1)
        _, end = run_job(devices, events, job)
        assert isinstance(end, DispenseJammed) and end.reason.startswith("the exit is blocked")
        assert not devices.launcher.motor_running and devices.stack.thrown == 0


def test_a_hopper_sensor_that_reads_high_with_cards_is_honoured(tmp_path):
    pinmap = _pinmap_with(tmp_path, "active_low = true\npart = \"reflective", "active_low = false\npart = \"reflective")
    events = queue.Queue()
    with open_devices("sim", events, pinmap=pinmap, launcher_options=FAST, stack_options=dict(cards=2)) as devices:
        assert devices.self_check() == []
        job = devices.launcher.dispense(3)
        counts, end = run_job(devices, events, job)
        assert counts == [1, 2] and isinstance(end, HopperEmpty) and end.count == 2


def test_the_servo_pulse_widths_of_the_pin_map_reach_the_pin(tmp_path):
    pinmap = _pinmap_with(tmp_path, "min_pulse_us = 500\nmax_pulse_us = 2400",
                          "min_pulse_us = 600\nmax_pulse_us = 2300")
    events = queue.Queue()
    with open_devices("sim", events, pinmap=pinmap) as devices:
        servo = devices.factory.pin(devices.pins["launcher_aim_servo"])
        widths = []
        for seat in (0, 5):                               # the outer seats: -80 and +80 degrees
            devices.launcher.aim(seat)
            widths.append(round(servo.state * 20000))     # the pulse: duty of the 20 ms frame, in µs
        # -90..90 degrees span 600..2300 µs: 10 degrees in from each end.
        assert widths == [600 + round(1700 * 10 / 180), 2300 - round(1700 * 10 / 180)]


@pytest.mark.parametrize("backend", ["gpio", "sim", "pico"])
def test_every_backend_opens_with_the_one_openers_arguments_and_names_all_of_its_own(backend):
    import importlib
    import inspect

    from companion.backends.base import Opener
    module = importlib.import_module(f"companion.backends.{backend}" + (".devices" if backend == "pico" else ""))
    taken = inspect.signature(module.open_devices).parameters
    common = [name for name in inspect.signature(Opener.__call__).parameters if name != "self"]
    assert all(name in taken for name in common), (backend, list(taken))
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in taken.values()), \
        f"{backend} would swallow a misspelt option"


def test_a_misspelt_option_to_the_pico_backend_fails_before_any_port_is_opened(tmp_path):
    from companion.backends.pico.devices import open_devices as open_pico
    with pytest.raises(TypeError, match="launcher_option"):
        open_pico(queue.Queue(), port=str(tmp_path / "ttyNothing"), launcher_option={"motor_limit": 1})
    with pytest.raises(TypeError, match="stack_option"):
        open_devices("sim", queue.Queue(), stack_option={})


def test_the_sim_and_gpio_backends_never_load_the_serial_library():
    import subprocess
    import sys
    script = ("import queue, sys\nfrom companion.backends import open_devices\n"
              "open_devices('sim', queue.Queue()).close()\n"
              "try:\n    open_devices('gpio', queue.Queue())\nexcept Exception:\n    pass\n"
              "print('serial' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "False", run.stderr
