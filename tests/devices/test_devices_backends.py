"""Opening the devices from the pin map; the beeper's cues."""
import queue

import pytest

from companion.devices import open_devices
from companion.devices.beeper import PinBeeper
from companion.devices.observations import DispenseFinished, DispenseJammed, SeatPressed, collect_until, ends
from companion.devices.sim import mock_factory
from companion.errors import UserError
from companion.pinmap import load_pinmap

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


def test_unknown_cue_is_refused():
    with PinBeeper(None) as beeper, pytest.raises(ValueError, match="unknown cue 'boo'; cues are: illegal, uno, timer"):
        beeper.play("boo")


def test_self_check_names_what_reads_wrong_in_plain_words():
    events = queue.Queue()
    with open_devices("sim", events, stack_options=dict(cards=0)) as devices:
        assert devices.self_check() == [
            "launcher hopper sensor (GPIO27) sees no cards: load the deck, or check the sensor's wiring"]
        devices.stack.reload(20)
        assert devices.self_check() == []
        devices.factory.pin(devices.pins["seat3_button"]).drive_low()   # stuck, or wired to 3V3
        devices.factory.pin(devices.pins["launcher_exit_sensor"]).drive_low()
        problems = devices.self_check()
        assert any(p.startswith("launcher exit sensor (GPIO17) reads 'beam broken'") for p in problems)
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
            job, None, 3, 2, reason="no card came within the deadline")
