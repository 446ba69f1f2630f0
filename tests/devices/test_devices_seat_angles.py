"""The calibrated aim (``calibrate throw``) given when the launcher opens: the first job aims with it."""
import queue

import pytest
from gpiozero import Device

from companion.backends import open_devices
from companion.backends import aim_angles
from companion.devices.sim import mock_factory
from companion.errors import UserError
from devices_helpers import FAST, run_job


def pulse_us(angle):
    """The pin map's SG90 pulse for ``angle``: 500 to 2400 µs over -90 to 90 degrees."""
    return 500 + (angle + 90) / 180 * 1900


def servo_pulses_us(factory, devices):
    """Every pulse width the aim servo's mock pin was given, in order (its own history)."""
    pin = factory.pin(devices.pins["launcher_aim_servo"])
    return [state.state * 20000 for state in pin.states if state.state]   # duty of the 50 Hz frame


@pytest.fixture
def mock_pins_as_the_pis():
    """The ``gpio`` backend, which uses gpiozero's default pin factory, on MockFactory pins."""
    before, Device.pin_factory = Device.pin_factory, mock_factory()
    yield Device.pin_factory
    Device.pin_factory.close()
    Device.pin_factory = before


def test_the_first_dispense_on_sim_aims_with_the_calibrated_angle():
    events = queue.Queue()
    with open_devices("sim", events, launcher_options={**FAST, "seat_angles": {2: 33.0}}) as devices:
        assert devices.launcher.seat_angles[2] == 33.0 and devices.launcher.seat_angles[0] == -80.0
        counts, end = run_job(devices, events, devices.launcher.dispense(1, seat=2))
        assert counts == [1]
        assert servo_pulses_us(devices.factory, devices) == [pytest.approx(pulse_us(33.0), abs=1)]


def test_the_first_dispense_on_gpio_aims_with_the_calibrated_angle(mock_pins_as_the_pis):
    events = queue.Queue()
    options = {**FAST, "card_deadline": 0.1, "jam_retries": 0, "seat_angles": {1: -25.0}}
    with open_devices("gpio", events, launcher_options=options) as devices:
        run_job(devices, events, devices.launcher.dispense(1, seat=1))   # no card on bare mock pins: a jam
        assert servo_pulses_us(mock_pins_as_the_pis, devices) == [pytest.approx(pulse_us(-25.0), abs=1)]
        assert not devices.launcher.motor_running


def test_the_first_dispense_on_a_simulated_pico_sends_the_calibrated_aim(tmp_path):
    from companion.backends.pico.devices import open_devices as open_pico
    from polling import wait_until
    from tests.link.link_helpers import PicoProcess
    pico = PicoProcess(tmp_path / "ttyPico")
    events = queue.Queue()
    try:
        with open_pico(events, port=pico.path, timeout=10, launcher_options={"seat_angles": {3: 40.0}}) as devices:
            counts, end = run_job(devices, events, devices.launcher.dispense(1, seat=3))
            assert counts == [1]
            report = pico.report()
            assert [verb for _, verb in report["commands"]].count("AIM") == 1
            assert report["aim"] == 130                      # AIM carries 0..180: 40 degrees + 90
            assert report["servo_us"] == round(pulse_us(40.0))
            wait_until(lambda: pico.report()["motor"] == 0, what="the motor off")
    finally:
        pico.close()


@pytest.mark.parametrize("given", [{0: 120}, {0: "left"}, {-1: 10.0}, [0.0, None]])
def test_an_angle_no_servo_can_take_is_a_plain_error_at_open(given):
    with pytest.raises(UserError, match="each seat needs an angle from -90 to 90"):
        open_devices("sim", queue.Queue(), launcher_options={"seat_angles": given})


def test_calibrated_seats_replace_the_even_spread_and_extra_seats_are_left_out():
    assert aim_angles(4, [10.0]) == [10.0, pytest.approx(-80 + 160 / 3), pytest.approx(80 - 160 / 3), 80.0]
    assert aim_angles(2, {1: 5, 7: 20.0}) == [-80.0, 5.0]
