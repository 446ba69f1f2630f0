"""Faults of the motor limits: configs beyond the ceiling, commands that try to extend a run.

On both sides of the link: the host's device classes on gpiozero MockFactory pins
and the Pico's firmware logic driven frame by frame, as the host drives it.
"""
import math
import queue
import socket
import subprocess
import sys
import time

import pytest
from gpiozero import Motor
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import load_config
from companion.backends import open_devices
from companion.devices import safety
from companion.errors import UserError
from companion.firmware.app import Firmware
from companion.firmware.launcher import ABSOLUTE_MAX_MS, REST_MS
from companion.firmware.protocol import TO_HOST, TO_PICO, FrameReader, Message, encode, encode_message
from polling import wait_until

SLACK = 0.05
BOOT = 0x5EEDF00D


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def uno(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=timeout)


# -- 1. limits in the config ------------------------------------------------------------------
BEYOND = [
    ("motor_limit_s = 1e9", "[launcher] motor_limit_s = 1000000000.0", "0.1 to 15 s"),
    ("motor_limit_s = inf", "[launcher] motor_limit_s = inf", "0.1 to 15 s"),
    ("motor_limit_s = nan", "[launcher] motor_limit_s = nan", "0.1 to 15 s"),
    ("motor_limit_s = -1", "[launcher] motor_limit_s = -1.0: must be more than 0 seconds", "0.1 to 15 s"),
    ("card_deadline_s = 1e6", "[launcher] card_deadline_s = 1000000.0", "0.05 to 5 s"),
    ("card_deadline_s = -inf", "[launcher] card_deadline_s = -inf: must be more than 0 seconds", "0.05 to 5 s"),
    ("card_deadline_s = nan", "[launcher] card_deadline_s = nan", "0.05 to 5 s"),
    ("jam_reverse_s = inf", "[launcher] jam_reverse_s", "at most 0.5 s"),
    ("jam_reverse_s = nan", "[launcher] jam_reverse_s", "at most 0.5 s"),
    ("jam_reverse_s = -0.1", "[launcher] jam_reverse_s", "above 0 and at most 0.5 s"),
]


@pytest.mark.parametrize("line, names, allowed", BEYOND, ids=[row[0] for row in BEYOND])
def test_a_motor_time_out_of_range_is_refused_naming_the_key_and_the_allowed_range(tmp_path, line, names,
                                                                                    allowed):
    path = tmp_path / "table.toml"
    path.write_text(f"[launcher]\nbackend = 'sim'\n{line}\n")
    with pytest.raises(UserError) as refused:
        load_config(path)
    assert names in str(refused.value) and allowed in str(refused.value)


def test_a_card_deadline_as_long_as_the_motor_limit_is_refused(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text("[launcher]\nmotor_limit_s = 2\ncard_deadline_s = 2\n")
    with pytest.raises(UserError, match=r"\[launcher\] card_deadline_s \(2 s\) must be shorter than "
                                        r"\[launcher\] motor_limit_s \(2 s\)"):
        load_config(path)


@pytest.mark.parametrize("line", ["motor_limit_s = 1e9", "motor_limit_s = inf", "card_deadline_s = 1e6"])
def test_check_refuses_such_a_config_with_the_same_message_as_run(tmp_path, line):
    path = tmp_path / "table.toml"
    path.write_text(f"[launcher]\nbackend = 'sim'\n{line}\n[ring]\nbackend = 'none'\n"
                    f"[data]\nstore = '{tmp_path / 'games.sqlite'}'\n[web]\nhost = '127.0.0.1'\nport = {free_port()}\n")
    checked, ran = uno("check", "--config", str(path)), uno("run", "--config", str(path), timeout=20)
    assert checked.returncode == 1 and ran.returncode == 2, (checked, ran)
    said_by_run = ran.stderr.strip().removeprefix("uno-companion run: ")
    assert "the allowed range is" in said_by_run and "Traceback" not in ran.stderr + checked.stderr
    assert f"PROBLEM  config: {said_by_run}" in checked.stdout.splitlines()


@pytest.mark.parametrize("limit, deadline", [(1e9, 1e6), (math.inf, 0.8), (3.0, math.nan), (-1.0, 0.5)])
def test_the_launchers_refuse_such_limits_even_when_no_config_was_read(limit, deadline):
    with pytest.raises(UserError, match="the allowed range is"):
        open_devices("sim", queue.Queue(), launcher_options=dict(motor_limit=limit, card_deadline=deadline))
    from companion.backends.pico.launcher import PicoLauncher
    with pytest.raises(UserError, match="the allowed range is"):
        PicoLauncher(queue.Queue(), link=None, motor_limit=limit, card_deadline=deadline)


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.mark.parametrize("limit", [math.inf, 1e9])
def test_the_watchdog_caps_any_limit_at_the_ceiling_and_does_not_die(limit):
    clock = FakeClock()
    guard = safety.MotorGuard(Motor(12, 13, pin_factory=MockFactory(pin_class=MockPWMPin)), limit=limit,
                              clock=clock)
    try:
        assert guard.limit == ABSOLUTE_MAX_MS / 1000 == 15.0
        guard.run(1.0)
        clock.now += 14.9
        time.sleep(0.4)                                 # the watchdog looks at the clock in short steps
        assert guard.running and guard._thread.is_alive()
        clock.now += 0.2                                # 15.1 s of motor time
        wait_until(lambda: not guard.running, timeout=3.0, what="the watchdog stopping the motor at the ceiling")
        assert guard.trips == 1 and guard.motor.value == 0 and guard._thread.is_alive()
        clock.now += REST_MS / 1000                     # rested: a new run, watched again
        guard.run(1.0)
        clock.now += 15.1
        wait_until(lambda: not guard.running, timeout=3.0, what="the watchdog stopping the second run")
        assert guard.trips == 2
    finally:
        guard.close()


def test_a_limit_that_is_not_a_number_is_refused_by_the_watchdog_itself():
    with pytest.raises(ValueError):
        safety.MotorGuard(Motor(12, 13, pin_factory=MockFactory(pin_class=MockPWMPin)), limit=math.nan)


# -- 2. a run stays one run, whatever commands arrive -----------------------------------------
def motor_spans(pin_states, rest=0):
    """(start, end) of each continuous run of the motor from [(time, on)] samples; stretches
    apart by less than ``rest`` are one run."""
    spans, started = [], None
    for at, on in pin_states:
        if on and started is None:
            started = at
            if spans and started - spans[-1][1] < rest:
                started = spans.pop()[0]
        elif not on and started is not None:
            spans.append((started, at))
            started = None
    if started is not None:
        spans.append((started, math.inf))
    return spans


class Host:
    """The host's side of the wire for the Pico's firmware logic; ticks every 10 ms with a PING."""

    def __init__(self):
        self.pico = Firmware(seats=4, has_launcher=True, boot_id=BOOT, now_ms=0)
        self.reader = FrameReader(TO_HOST)
        self.now = 0
        self.samples = []
        self.seq = 0
        self.replies = []
        self.send("SYNC", BOOT, self.pico.link.offer, 1, 1, 500, 2400)
        assert Message(0, "ACK", (1,), self.pico.link.session) in self.tick(), "no session"

    def send(self, verb, *args, seq=None):
        if seq is None:
            self.seq += 1
            seq = self.seq
        session = 0 if verb == "SYNC" else self.pico.link.session
        self.pico.receive(encode_message(TO_PICO, seq, verb, args, session), self.now)

    def tick(self, ms=10, beam=0):
        self.now += ms
        self.send("PING", seq=0)
        self.pico.tick(self.now, [False] * 5, 0, 2, beam)
        self.samples.append((self.now, self.pico.launcher.direction != 0))
        self.replies = [m for m in self.reader.feed(self.pico.take_output()) if isinstance(m, Message)]
        for message in self.replies:
            if message.seq:
                self.send("ACK", message.seq, seq=0)
        return self.replies

    def run_for(self, ms):
        for _ in range(ms // 10):
            self.tick()


def test_a_motor_command_resent_during_a_run_does_not_restart_its_limit():
    host = Host()
    # The probe's finding: MOTOR re-sent every 4.9 s kept the motor on for 60 s.
    for _ in range(13):
        host.send("MOTOR", "FWD", 100, 5000)
        host.run_for(4900)
    host.run_for(200)
    runs = [end - start for start, end in motor_spans(host.samples)]
    print(f"longest continuous run {max(runs)} ms for a 5000 ms limit, {len(runs)} runs in 63.7 s")
    assert max(runs) <= 5000 + 10
    assert sum(runs) <= 13 * 5000         # and never more motor time than the commands allowed


def test_stop_and_start_again_without_a_rest_is_still_one_run():
    host = Host()
    for _ in range(20):
        host.send("MOTOR", "REV", 60, 5000)
        host.run_for(2000)
        host.send("STOP")                 # off for less than a rest, then on again
        host.tick(REST_MS // 2)
    longest = max(end - start for start, end in motor_spans(host.samples, rest=REST_MS))
    assert longest <= 5000 + 10


def test_after_a_rest_a_new_run_gets_its_full_limit():
    host = Host()
    host.send("MOTOR", "FWD", 100, 3000)
    host.run_for(3100)
    assert host.pico.launcher.direction == 0            # stopped at its limit
    host.tick(REST_MS)
    host.send("MOTOR", "FWD", 100, 3000)
    host.run_for(2900)
    assert host.pico.launcher.direction == 1             # a fresh 3 s, not the rest of the old run


def test_a_launch_right_after_a_run_that_hit_its_limit_does_not_start_the_motor():
    host = Host()
    host.send("LAUNCH", 5, 1000, 5000, 70, 0, 0)         # no card comes: it ends at its limit
    ended = []
    for _ in range(103):
        ended += [m for m in host.tick() if m.verb == "END"]
    assert host.pico.launcher.direction == 0
    assert [m.args[0] for m in ended] == ["LIMIT"]
    host.send("LAUNCH", 5, 1000, 5000, 70, 0, 0)         # the same continuous run: its time is used up
    host.tick()
    assert host.pico.launcher.direction == 0
    assert max(end - start for start, end in motor_spans(host.samples)) <= 1000 + 10


def test_a_limit_above_the_picos_ceiling_never_reaches_its_motor():
    host = Host()
    with pytest.raises(ValueError):
        encode_message(TO_PICO, 5, "LAUNCH", (3, ABSOLUTE_MAX_MS + 1, 800, 70, 0, 0))
    # Written by hand, past the host's own check: the Pico's parser refuses it.
    frame = encode(5, "LAUNCH", (3, ABSOLUTE_MAX_MS + 1, 800, 70, 0, 0), host.pico.link.session)
    host.pico.receive(frame, host.now)
    assert host.pico.launcher.direction == 0
    assert Message(0, "NAK", (0, "BAD"), host.pico.link.session) in host.tick()
    # And the firmware's own cap holds for a limit given past the parser.
    host.pico.launcher.run(1, 100, 10**9, host.now)
    host.run_for(ABSOLUTE_MAX_MS + 100)
    assert max(end - start for start, end in motor_spans(host.samples)) <= ABSOLUTE_MAX_MS + 10


def test_on_the_pi_a_run_started_again_without_a_rest_keeps_its_deadline():
    clock = FakeClock()
    guard = safety.MotorGuard(Motor(12, 13, pin_factory=MockFactory(pin_class=MockPWMPin)), limit=0.3,
                              clock=clock)
    samples = []                          # (time, motor on) after each step, on the guard's clock
    try:
        start = clock.now
        guard.run(1.0)
        for turn in range(12):            # off and on again every 50 ms, quicker than a rest
            clock.now += 0.05
            if clock.now - start > 0.3:
                wait_until(lambda: guard.trips >= 1, timeout=3.0, what="the watchdog stopping the motor")
            guard.off()
            guard.run(1.0, backward=bool(turn % 2))
            samples.append((round(clock.now - start, 2), guard.motor.value != 0))
        on_at = [at for at, on in samples if on]
        assert on_at and max(on_at) <= 0.3, samples       # never on after the first run's deadline
        clock.now += safety.REST                          # rested: a fresh deadline
        guard.run(1.0)
        clock.now += 0.25
        time.sleep(0.3)
        assert guard.running
    finally:
        guard.close()


# -- 11a. motor-off on a machine without GPIO ---------------------------------------------------
def test_motor_off_without_gpio_says_one_plain_sentence():
    result = uno("motor-off")
    if result.returncode == 0:
        pytest.skip("this machine has GPIO pins")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert "no GPIO pins found" in lines[0] and "/" not in lines[0].replace("(not a Raspberry Pi?)", "")
    assert "Warning" not in result.stderr and ".py" not in result.stderr
