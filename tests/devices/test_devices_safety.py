"""The motor never runs longer than its limit: exceptions, signals, stuck sensors, blocked callbacks.

These tests assert one wall-time bound, the safety promise itself: the motor is
off within its limit plus 50 ms.
"""
import os
import queue
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gpiozero import Motor
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices import safety
from companion.devices.observations import CardCounted, DispenseJammed, DispenseStopped, collect_until, ends
from devices_helpers import motor_runs, run_job

SLACK = 0.050
CHILD = Path(__file__).with_name("devices_child.py")
ROOT = Path(__file__).resolve().parents[2]


def test_watchdog_stops_a_motor_nobody_stops():
    factory = MockFactory(pin_class=MockPWMPin)
    guard = safety.MotorGuard(Motor(12, 13, pin_factory=factory), limit=0.3)
    guard.run(1.0)
    time.sleep(0.2)
    guard.run(1.0)  # asking again does not extend the run
    deadline = time.monotonic() + 5
    while guard.running and time.monotonic() < deadline:
        time.sleep(0.01)
    guard.close()
    runs = motor_runs(factory.pin(12))
    print(f"watchdog run {runs[0] * 1000:.1f} ms for a 300 ms limit")
    assert len(runs) == 1 and runs[0] <= 0.3 + SLACK
    assert guard.trips == 1


def test_an_exception_inside_dispensing_stops_the_motor_and_says_why(sim):
    devices, events = sim(launcher=dict(motor_limit=1.0, card_deadline=0.4))
    job = devices.launcher.dispense(50)
    waiting = devices.launcher.dispense(2)
    collect_until(events, lambda o: isinstance(o, CardCounted) and o.count == 2)
    # The exit sensor fails under the running job (as a pin library error would):
    # reading it now raises inside the dispensing code.
    devices.launcher._exit.close()
    seen = collect_until(events, ends(waiting))
    end = next(o for o in seen if getattr(o, "job", None) == job and isinstance(o, DispenseStopped))
    assert end.reason.startswith("error: GPIODeviceClosed") and end.count >= 2
    assert seen[-1] == DispenseStopped(job=waiting, seat=None, requested=2, count=0, reason="after fault")
    assert max(motor_runs(devices.stack.forward)) <= 1.0 + SLACK


def test_a_card_stuck_in_the_beam_stops_the_motor(sim):
    devices, events = sim(stuck_at={2}, launcher=dict(motor_limit=1.0, card_deadline=0.4))
    counts, end = run_job(devices, events, devices.launcher.dispense(5))
    assert isinstance(end, DispenseJammed) and end.count == 2 and "stayed in the exit" in end.reason
    assert counts == [1, 2]
    assert max(motor_runs(devices.stack.forward)) <= 1.0 + SLACK


def test_a_dead_sensor_stops_the_motor_at_the_first_card_deadline(sim):
    """Cards fly but the exit sensor never reports (unplugged, or its callbacks are lost)."""
    devices, events = sim(launcher=dict(motor_limit=1.0, card_deadline=0.3))
    devices.stack.exit = devices.factory.pin(2)  # the stack's cards now break a beam nobody reads
    counts, end = run_job(devices, events, devices.launcher.dispense(3))
    assert isinstance(end, DispenseJammed) and end.count == 0 and counts == []
    assert devices.stack.thrown > 0  # they did go out: the table hears "jam", not a wrong count
    assert max(motor_runs(devices.stack.forward)) <= 1.0 + SLACK


def test_a_sensor_stuck_broken_before_the_job_never_starts_the_motor(sim):
    devices, events = sim()
    devices.factory.pin(devices.pins["launcher_exit_sensor"]).drive_low()
    _, end = run_job(devices, events, devices.launcher.dispense(3))
    assert isinstance(end, DispenseJammed) and end.count == 0 and "exit is blocked" in end.reason
    assert motor_runs(devices.stack.forward) == []


def test_a_blocked_callback_cannot_keep_the_motor_on():
    """The table's queue is full and the sensor callback blocks: only the watchdog is left."""
    from companion.backends import open_devices
    events = queue.Queue(maxsize=1)
    events.put("the table is not reading")
    devices = open_devices("sim", events, launcher_options=dict(motor_limit=0.5, card_deadline=0.3))
    try:
        devices.launcher.dispense(5)
        deadline = time.monotonic() + 5
        while not motor_runs(devices.stack.forward) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.7)  # well past the limit
        runs = motor_runs(devices.stack.forward)
        assert runs and runs[0] <= 0.5 + SLACK
        assert not devices.launcher.motor_running
        events.get()  # the table reads again: the job ends, and says the limit stopped it
        seen = collect_until(events, lambda o: isinstance(o, DispenseStopped))
        assert seen[-1].reason == "time limit"
    finally:
        while not events.empty():
            events.get()
        devices.close()


def run_child(mode, limit, after_ready=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, str(CHILD), mode, str(limit)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines = []
    for line in child.stdout:
        lines.append(line.strip())
        if line.strip() == "ready":
            break
    else:
        pytest.fail(f"child never started the motor: {lines} {child.stderr.read()}")
    sent = after_ready(child) if after_ready else None
    out, err = child.communicate(timeout=30)
    lines += out.splitlines()
    changes = [(float(t), float(duty)) for _, t, duty in (l.split() for l in lines if l.startswith("motor "))]
    return child.returncode, changes, lines, err, sent


def test_sigterm_turns_the_motor_off_at_once_and_ends_the_process():
    def terminate(child):
        time.sleep(0.2)
        sent = time.monotonic()
        child.send_signal(signal.SIGTERM)
        return sent

    code, changes, lines, err, sent = run_child("wait", limit=5.0, after_ready=terminate)
    assert code == -signal.SIGTERM, err
    (on, _), (off, duty) = changes[0], changes[-1]
    assert duty == 0.0
    print(f"motor off {1000 * (off - sent):.1f} ms after SIGTERM")
    assert off - on <= 5.0 + SLACK
    assert off - sent < 1.0  # the signal did it, not the 4 s stretch or the 5 s limit
    assert "log all outputs off (SIGTERM)" in lines


def test_a_crashing_program_leaves_the_motor_off_at_exit():
    code, changes, lines, err, _ = run_child("crash", limit=5.0)
    assert code == 1 and "the table program crashed" in err
    (on, _), (off, duty) = changes[0], changes[-1]
    assert duty == 0.0 and off - on < 4.0
    assert "log all outputs off (exit)" in lines


def test_one_broken_device_does_not_keep_the_others_on():
    factory = MockFactory(pin_class=MockPWMPin)
    guard = safety.MotorGuard(Motor(12, 13, pin_factory=factory), limit=5.0)

    class Broken:
        def safe_state(self):
            raise OSError("lost")

    broken = Broken()
    safety.register(broken)
    safety.register(guard)
    try:
        guard.run(1.0)
        safety.all_safe("test")
        assert factory.pin(12).state == 0
    finally:
        safety.unregister(broken)
        safety.unregister(guard)
        guard.close()


def test_signal_handlers_switch_outputs_off_first_then_run_the_table_s_own_handler():
    factory = MockFactory(pin_class=MockPWMPin)
    guard = safety.MotorGuard(Motor(12, 13, pin_factory=factory), limit=5.0)
    seen = []
    before, chained = signal.getsignal(signal.SIGHUP), safety._previous.pop(signal.SIGHUP, None)
    signal.signal(signal.SIGHUP, lambda signum, frame: seen.append(("table handler", factory.pin(12).state)))
    safety.register(guard)
    try:
        assert safety.install_handlers()
        guard.run(1.0)
        os.kill(os.getpid(), signal.SIGHUP)
        deadline = time.monotonic() + 5
        while not seen and time.monotonic() < deadline:
            time.sleep(0.01)
        assert seen == [("table handler", 0.0)]  # the motor was already off when the table's handler ran
    finally:
        safety.unregister(guard)
        guard.close()
        signal.signal(signal.SIGHUP, before)
        safety._previous[signal.SIGHUP] = chained if chained is not None else signal.SIG_DFL
