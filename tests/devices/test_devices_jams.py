"""Jam clearing: a reverse pulse frees a snagged card; a hard jam is reported after a few tries."""
import time

import pytest
from gpiozero import Motor

from companion.devices.observations import DispenseFinished, DispenseJammed
from companion.devices.safety import MotorGuard
from companion.devices.sim import mock_factory
from companion.errors import UserError
from devices_helpers import motor_on_spans, motor_runs, run_job


def backward_pin(devices):
    return devices.factory.pin(devices.pins["launcher_motor_backward"])


def test_a_snagged_card_is_freed_by_one_reverse_pulse_and_the_deal_completes(sim):
    devices, events = sim(snag_at={3})
    job = devices.launcher.dispense(5, seat=2)
    counts, end = run_job(devices, events, job)
    assert end == DispenseFinished(job, 2, 5, 5, False)
    assert counts == [1, 2, 3, 4, 5] and devices.stack.thrown == 5
    assert devices.stack.unsnagged == 1
    (pulse,) = motor_runs(backward_pin(devices))
    assert 0.1 <= pulse < 0.5                 # jam_reverse is 0.15 s; a loaded machine adds a little
    assert not devices.launcher.motor_running


def test_each_snag_gets_its_own_tries(sim):
    devices, events = sim(snag_at={2, 4})
    counts, end = run_job(devices, events, devices.launcher.dispense(5))
    assert isinstance(end, DispenseFinished) and end.count == 5
    assert devices.stack.unsnagged == 2 and len(motor_runs(backward_pin(devices))) == 2


def test_a_hard_jam_is_reported_after_the_retries_with_the_count_so_far(sim):
    devices, events = sim(jam_at={3}, launcher=dict(jam_retries=3))
    job = devices.launcher.dispense(5)
    counts, end = run_job(devices, events, job)
    assert end == DispenseJammed(job, None, 5, 2, False,
                                 "no card came within the deadline (3 reverse pulses did not clear it)")
    assert counts == [1, 2] and devices.stack.unsnagged == 0
    pulses = motor_runs(backward_pin(devices))
    assert len(pulses) == 3 and all(pulse < 0.5 for pulse in pulses)
    assert not devices.launcher.motor_running and devices.stack.wheel_speed == 0


def test_without_retries_a_jam_is_reported_at_once_and_the_motor_never_turns_back(sim):
    devices, events = sim(snag_at={1}, launcher=dict(jam_retries=0))
    _, end = run_job(devices, events, devices.launcher.dispense(2))
    assert end.reason == "no card came within the deadline" and end.count == 0
    assert motor_runs(backward_pin(devices)) == []


def test_a_card_stuck_in_the_beam_is_never_backed_out(sim):
    # It was counted when it entered the beam: fed again it would be counted twice.
    devices, events = sim(stuck_at={2})
    _, end = run_job(devices, events, devices.launcher.dispense(4))
    assert isinstance(end, DispenseJammed) and end.reason.startswith("a card stayed in the exit")
    assert end.count == 2 and motor_runs(backward_pin(devices)) == []


def test_reverse_pulses_stay_inside_the_motor_limit(sim):
    # Many tries against a hard jam: the forward and backward runs together never pass the limit,
    # because the job rests between stretches and the watchdog's deadline covers both directions.
    devices, events = sim(jam_at={1}, launcher=dict(motor_limit=0.6, card_deadline=0.2, jam_reverse=0.15,
                                                    jam_retries=5, rest=0.05))
    forward = devices.factory.pin(devices.pins["launcher_motor_forward"])
    started = time.monotonic()
    _, end = run_job(devices, events, devices.launcher.dispense(3))
    assert isinstance(end, DispenseJammed) and end.count == 0
    assert len(motor_runs(backward_pin(devices))) == 5
    assert time.monotonic() - started < 5
    runs = motor_on_spans(forward, backward_pin(devices))
    assert len(runs) >= 2                                # it rested between stretches
    assert max(runs) <= 0.6 + 0.1, runs                  # the limit, with room for a busy machine


def test_turning_back_never_extends_the_watchdogs_deadline():
    factory = mock_factory()
    guard = MotorGuard(Motor(12, 13, pin_factory=factory), limit=0.3)
    try:
        guard.run(0.8)
        time.sleep(0.2)
        guard.run(0.8, backward=True)          # still the same run: off 0.3 s after it began
        assert guard.motor.value == -0.8
        time.sleep(0.3)
        assert guard.motor.value == 0 and guard.trips == 1
    finally:
        guard.close()


@pytest.mark.parametrize("options, message", [
    (dict(jam_reverse=0), "reverse pulse must be above 0 and at most 0.5 s"),
    (dict(jam_reverse=0.8), "reverse pulse must be above 0 and at most 0.5 s"),
    (dict(jam_retries=9), "jam retries must be a whole number from 0 to 5"),
])
def test_impossible_jam_clearing_settings_are_refused(sim, options, message):
    with pytest.raises(UserError, match=message):
        sim(launcher=options)


def test_a_signal_during_a_reverse_pulse_leaves_both_motor_pins_off(sim):
    from companion.devices import safety
    devices, events = sim(jam_at={1}, launcher=dict(jam_reverse=0.5, jam_retries=1))
    devices.launcher.dispense(2)
    backward = backward_pin(devices)
    deadline = time.monotonic() + 5
    while not backward.state and time.monotonic() < deadline:
        time.sleep(0.005)
    assert backward.state > 0                          # backing off now
    safety.all_safe("SIGTERM")                         # what the signal handler calls, no locks taken
    assert backward.state == 0 and devices.stack.forward.state == 0
    # The pulse would have ended in 0.5 s with a forward run: it must not, nor any job after it.
    _, end = run_job(devices, events, 1)
    assert end.reason == "outputs off (a signal or the service stopping)"
    devices.launcher.dispense(1)
    time.sleep(0.3)
    assert backward.state == 0 and devices.stack.forward.state == 0 and not devices.launcher.motor_running
