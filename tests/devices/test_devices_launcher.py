"""The launcher on gpiozero MockFactory pins with the simulated card stack."""
import pytest

from companion.devices.observations import (CardCounted, DispenseFinished, DispenseJammed, DispenseStopped,
                                            DrawPressed, HopperEmpty, HopperRefilled, collect_until, ends)
from companion.devices.policies import UniformBurst

from devices_helpers import motor_runs, run_job


def servo_duty(angle):
    """The duty cycle on the wire for ``angle``: the pin map's SG90 pulses, 0.5-2.4 ms in 20 ms."""
    return (0.0005 + (angle + 90) / 180 * 0.0019) / 0.020


@pytest.mark.parametrize("n", [1, 2, 4])
def test_dispenses_exactly_n_counted_by_the_sensor(sim, n):
    devices, events = sim()
    counts, end = run_job(devices, events, devices.launcher.dispense(n))
    assert counts == list(range(1, n + 1))
    assert end == DispenseFinished(job=end.job, seat=None, requested=n, count=n)
    assert devices.stack.thrown == n
    assert not devices.launcher.motor_running and devices.stack.wheel_speed == 0


def test_deal_seven_to_each_of_four_seats_aiming_at_each(sim):
    devices, events = sim()
    jobs = [devices.launcher.dispense(7, seat=seat) for seat in range(4)]
    seen = collect_until(events, ends(jobs[-1]))
    finished = [o for o in seen if isinstance(o, DispenseFinished)]
    assert [(o.job, o.seat, o.count) for o in finished] == [(job, seat, 7) for seat, job in enumerate(jobs)]
    for seat, job in enumerate(jobs):
        assert [o.count for o in seen if isinstance(o, CardCounted) and o.job == job] == list(range(1, 8))
        assert {o.seat for o in seen if isinstance(o, CardCounted) and o.job == job} == {seat}
    assert devices.stack.thrown == 28
    servo_states = [round(s.state, 5) for s in devices.factory.pin(devices.pins["launcher_aim_servo"]).states
                    if s.state]
    angles = devices.launcher.seat_angles[:4]
    assert servo_states == [round(servo_duty(a), 5) for a in angles]


def test_servo_aims_at_every_seat(sim):
    devices, _ = sim()
    pin = devices.factory.pin(devices.pins["launcher_aim_servo"])
    for seat, angle in enumerate(devices.launcher.seat_angles):
        devices.launcher.aim(seat)
        assert pin.state == pytest.approx(servo_duty(angle))
    assert servo_duty(devices.launcher.seat_angles[0]) < servo_duty(devices.launcher.seat_angles[-1])
    with pytest.raises(ValueError, match="no aim angle for seat 6"):
        devices.launcher.aim(6)
    with pytest.raises(ValueError, match="no aim angle for seat 6"):
        devices.launcher.dispense(2, seat=6)  # refused when asked, not as a fault mid-deal


def test_jam_mid_burst_reports_the_count_so_far_and_the_rest_can_follow(sim):
    devices, events = sim(jam_at={3})
    devices.launcher.policy = UniformBurst(seed=0, low=5, high=5)
    counts, end = run_job(devices, events, devices.launcher.burst(seat=1))
    assert end == DispenseJammed(job=end.job, seat=1, requested=5, count=2, burst=True,
                                 reason="no card came within the deadline (2 reverse pulses did not clear it)")
    assert counts == [1, 2] and not devices.launcher.motor_running
    devices.stack.clear_jam()
    _, end = run_job(devices, events, devices.launcher.dispense(end.requested - end.count, seat=1))
    assert (end.count, devices.stack.thrown) == (3, 5)


def test_empty_hopper_says_reload_and_drops_the_jobs_waiting(sim):
    devices, events = sim(cards=3)
    first = devices.launcher.dispense(5)
    second = devices.launcher.dispense(2)
    seen = collect_until(events, ends(second))
    assert HopperEmpty(job=first, seat=None, requested=5, count=3) in seen
    assert seen[-1] == DispenseStopped(job=second, seat=None, requested=2, count=0, reason="after fault")
    devices.stack.reload(10)
    assert isinstance(events.get(timeout=5), HopperRefilled)
    _, end = run_job(devices, events, devices.launcher.dispense(2))
    assert isinstance(end, DispenseFinished) and end.count == 2


def test_empty_hopper_at_start_never_starts_the_motor(sim):
    devices, events = sim(cards=0)
    _, end = run_job(devices, events, devices.launcher.dispense(2))
    assert end == HopperEmpty(job=end.job, seat=None, requested=2, count=0)
    assert motor_runs(devices.stack.forward) == []


def test_double_feed_counts_what_passed(sim):
    devices, events = sim(double_at={2})
    counts, end = run_job(devices, events, devices.launcher.dispense(2))
    assert devices.stack.thrown == 3
    assert counts == [1, 2, 3]
    assert end == DispenseFinished(job=end.job, seat=None, requested=2, count=3)


def test_a_burst_of_zero_is_an_empty_press_without_motor(sim):
    devices, events = sim()
    devices.launcher.policy = UniformBurst(seed=0, low=0, high=0)
    _, end = run_job(devices, events, devices.launcher.burst(seat=2))
    assert end == DispenseFinished(job=end.job, seat=2, requested=0, count=0, burst=True)
    assert motor_runs(devices.stack.forward) == []


def test_stop_ends_the_running_job_and_those_waiting(sim):
    devices, events = sim()
    running = devices.launcher.dispense(60)
    waiting = devices.launcher.dispense(3)
    collect_until(events, lambda o: isinstance(o, CardCounted) and o.count == 3)
    devices.launcher.stop()
    seen = collect_until(events, ends(waiting))
    end = next(o for o in seen if isinstance(o, DispenseStopped))  # answers come in job order
    assert end.job == running and end.reason == "stop" and 3 <= end.count < 60
    assert seen[-1] == DispenseStopped(job=waiting, seat=None, requested=3, count=0, reason="stop")
    assert end.count == devices.stack.thrown
    assert not devices.launcher.busy and not devices.launcher.motor_running


def test_a_long_deal_runs_in_stretches_shorter_than_the_motor_limit(sim):
    devices, events = sim(launcher=dict(motor_limit=0.6, card_deadline=0.4))
    _, end = run_job(devices, events, devices.launcher.dispense(40))
    assert end.count == 40
    runs = motor_runs(devices.stack.forward)
    assert len(runs) >= 2 and max(runs) <= 0.6


def test_draw_button_is_reported_once_per_press(sim):
    devices, events = sim()
    pin = devices.factory.pin(devices.pins["launcher_draw_button"])
    for level in ("low", "high", "low", "high"):  # contact bounce within microseconds
        getattr(pin, f"drive_{level}")()
    assert isinstance(events.get(timeout=1), DrawPressed)
    assert events.empty()


@pytest.mark.parametrize("count", [-1, 113, 2.0, True])
def test_impossible_counts_are_refused(sim, count):
    devices, _ = sim()
    with pytest.raises(ValueError, match="cannot dispense"):
        devices.launcher.dispense(count)


def test_a_card_still_in_the_beam_after_a_stop_does_not_block_the_next_job(sim):
    devices, events = sim(beam_time=0.1)  # slow cards: the stop lands while one is in the beam
    first = devices.launcher.dispense(50)
    collect_until(events, lambda o: isinstance(o, CardCounted) and o.count == 1)
    devices.launcher.stop()
    collect_until(events, ends(first))
    counts, end = run_job(devices, events, devices.launcher.dispense(2))
    assert isinstance(end, DispenseFinished) and end.count == 2 and counts == [1, 2]
