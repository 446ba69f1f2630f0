"""The host's pico backend against the firmware logic in a child process, over a real pty.

Button presses reach the table, lights follow, a dispense throws exactly what was asked.
"""
import queue

import pytest

from companion.devices import observations as obs
from companion.errors import UserError
from companion.firmware.app import VERSION
from companion.backends.pico.devices import open_devices
from companion.pinmap import load_pinmap

from link_helpers import take
from polling import wait_until

WHITE, OFF = [255, 255, 255], [0, 0, 0]


def test_the_pico_says_who_it_is(devices):
    info = devices.link.info
    assert (info.version, info.seats, info.has_launcher) == (VERSION, 6, True)
    assert devices.ring.seats == 6


def test_a_seat_press_reaches_the_table_once(devices, pico):
    pico.tap(2)
    pressed = take(devices.events, obs.SeatPressed)
    assert pressed.seat == 2
    with pytest.raises(queue.Empty):
        devices.events.get(timeout=0.3)


def test_the_draw_button_reaches_the_table(devices, pico):
    pico.do("draw")
    assert isinstance(take(devices.events, obs.DrawPressed), obs.DrawPressed)


def test_lights_follow_the_table(devices, pico):
    devices.ring.light_turn(3)
    assert devices.ring.wait_shown(10)
    assert pico.report()["pixels"] == [OFF, OFF, OFF, WHITE, OFF, OFF]
    colours = devices.ring.show_colours()
    assert devices.ring.wait_shown(10)
    pixels = pico.report()["pixels"]
    assert [pixels[seat] for seat in (0, 5)] == [[255, 0, 0], [0, 0, 255]]
    assert colours[0] == "red" and colours[5] == "blue"


def test_on_e4s_dark_side_the_pico_lights_the_dark_colours_and_a_violet_turn(devices, pico):
    colours = devices.ring.show_colours(("pink", "teal", "orange", "purple"))
    assert devices.ring.wait_shown(10)
    pixels = pico.report()["pixels"]
    assert [pixels[seat] for seat in (0, 5)] == [[0xFF, 0x3C, 0x8C], [0x78, 0x00, 0xC8]]
    assert colours[0] == "pink" and colours[5] == "purple"
    pico.tap(0)
    assert take(devices.events, obs.ColourChosen).colour == "pink"
    devices.ring.light_turn(2, side="dark")
    assert devices.ring.wait_shown(10)
    assert pico.report()["pixels"][1:4] == [OFF, [0xA0, 0x64, 0xFF], OFF]


def test_dispense_3_throws_exactly_3(devices, pico):
    job = devices.launcher.dispense(3, seat=5)
    counted = [take(devices.events, obs.CardCounted).count for _ in range(3)]
    finished = take(devices.events, obs.DispenseFinished)
    assert counted == [1, 2, 3] and (finished.job, finished.count, finished.requested) == (job, 3, 3)
    report = pico.report()
    assert report["thrown"] == 3 and report["motor"] == 0
    assert report["aim"] == 170                      # the last seat: the right end of the arc (80 degrees)


def test_a_long_job_runs_in_stretches_within_the_motor_limit(pico):
    events: queue.Queue = queue.Queue()
    with open_devices(events, port=pico.path, timeout=10,
                      launcher_options={"motor_limit": 1.0, "card_deadline": 0.5}) as devices:
        devices.launcher.dispense(45)
        finished = take(events, obs.DispenseFinished, timeout=30, drop=(obs.CardCounted,))
    assert finished.count == 45
    report = pico.report()
    assert report["thrown"] == 45
    # The Pico's own limit per LAUNCH, plus the lateness of one loop of a child on a busy machine.
    assert report["longest_run_ms"] <= 1000 + 400


def test_a_jam_stops_the_motor_and_drops_the_waiting_jobs(devices, pico):
    pico.do("blind")                                 # cards no longer pass the sensor
    devices.launcher.dispense(2)
    second = devices.launcher.dispense(1)
    jammed = take(devices.events, obs.DispenseJammed)
    assert jammed.count == 0
    assert take(devices.events, obs.DispenseStopped) == obs.DispenseStopped(second, None, 1, 0, False, "after fault")
    assert pico.report()["motor"] == 0


def test_an_empty_hopper_is_reported_with_what_was_thrown(devices, pico):
    pico.do("cards 2")
    devices.launcher.dispense(4)
    empty = take(devices.events, obs.HopperEmpty, drop=(obs.CardCounted,))
    assert empty.count == 2 and pico.report()["thrown"] == 2


def test_no_pico_on_the_port_is_a_clear_message(tmp_path):
    with pytest.raises(UserError, match="cannot open .*no such port.*USB cable"):
        open_devices(queue.Queue(), port=str(tmp_path / "ttyNothing"), timeout=1)


def test_a_port_where_nothing_answers_is_a_clear_message(tmp_path):
    import os
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        with pytest.raises(UserError, match="no Pico answers on .*firmware"):
            open_devices(queue.Queue(), port=os.ttyname(slave), timeout=4)
    finally:
        os.close(master)
        os.close(slave)


def test_the_table_opens_the_pico_backend_by_name_and_gets_a_clear_message_without_one():
    from pathlib import Path

    from companion.backends import open_devices as open_backend
    if Path("/dev/ttyACM0").exists():
        pytest.skip("a real serial device is plugged in at /dev/ttyACM0")
    with pytest.raises(UserError, match="ttyACM0"):
        open_backend("pico", queue.Queue())


def test_stop_ends_the_running_job_with_the_cards_thrown_so_far(devices, pico):
    job = devices.launcher.dispense(30)
    take(devices.events, obs.CardCounted)
    devices.launcher.stop()
    stopped = take(devices.events, obs.DispenseStopped, drop=(obs.CardCounted,))
    assert (stopped.job, stopped.reason) == (job, "stop")
    report = wait_until(lambda: (r := pico.report())["motor"] == 0 and r, what="the motor to stop")
    assert stopped.count == report["thrown"] < 30


def test_safe_state_halts_the_motor_at_once(devices, pico):
    devices.launcher.dispense(30)
    take(devices.events, obs.CardCounted)
    devices.launcher.safe_state()                   # what a signal handler calls
    report = wait_until(lambda: (r := pico.report())["motor"] == 0 and r, timeout=2, what="a halt")
    assert report["thrown"] < 30
    # No LAUNCH after it, for this job or the next: the process is ending.
    devices.launcher.dispense(2)
    stopped = take(devices.events, obs.DispenseStopped, drop=(obs.CardCounted,))
    assert stopped.reason in ("stop", "outputs off (a signal or the service stopping)")
    second = take(devices.events, obs.DispenseStopped)
    assert second.reason == "outputs off (a signal or the service stopping)" and second.count == 0
    assert pico.report()["thrown"] == report["thrown"] and pico.report()["motor"] == 0


def test_a_pico_with_other_firmware_is_named_and_not_used(tmp_path):
    import os
    import threading
    import tty

    from companion.firmware.protocol import crc16
    master, slave = os.openpty()
    tty.setraw(slave)
    body = b"0 HELLO 0.0.9 1234ABCD 6 1"              # the frame format before sessions (firmware < 0.3.0)
    old_hello = b"$" + body + b"*%02X%04X\n" % (len(body), crc16(body))
    stop = threading.Event()

    def old_pico():                                  # answers every read with its HELLO
        while not stop.is_set():
            try:
                if os.read(master, 256):
                    os.write(master, old_hello)
            except OSError:
                return

    thread = threading.Thread(target=old_pico, daemon=True)
    thread.start()
    try:
        with pytest.raises(UserError, match=f"runs firmware 0.0.9, this companion needs {VERSION}: flash it again"):
            open_devices(queue.Queue(), port=os.ttyname(slave), timeout=4)   # past one reopen
    finally:
        stop.set()
        os.close(slave)
        os.close(master)


def test_the_pin_maps_part_settings_reach_the_pico_and_come_back_after_a_reboot(pico, tmp_path):
    text = load_pinmap().path.read_text()
    changed = (text.replace("active_low = true\npart = \"slotted", "active_low = false\npart = \"slotted")
               .replace("min_pulse_us = 500\nmax_pulse_us = 2400", "min_pulse_us = 600\nmax_pulse_us = 2300"))
    (tmp_path / "pinmap.toml").write_text(changed)
    events: queue.Queue = queue.Queue()
    with open_devices(events, port=pico.path, timeout=10, pinmap=load_pinmap(tmp_path / "pinmap.toml")) as devices:
        assert wait_until(lambda: pico.report()["settings"] == [0, 1, 600, 2300], what="settings on the Pico")
        pico.do("reboot")                                   # a new boot starts with the defaults...
        assert pico.report()["settings"] == [1, 1, 500, 2400]
        wait_until(lambda: devices.link.sessions >= 2, what="a new session")
        assert wait_until(lambda: pico.report()["settings"] == [0, 1, 600, 2300], what="settings again")


def test_a_snag_is_cleared_on_the_pico_by_a_reverse_pulse(devices, pico):
    pico.do("snag")                                  # the next card catches under the gate
    job = devices.launcher.dispense(3)
    finished = take(devices.events, obs.DispenseFinished, drop=(obs.CardCounted,))
    assert (finished.job, finished.count) == (job, 3)
    report = pico.report()
    assert report["thrown"] == 3 and report["unsnagged"] == 1 and report["jam"] is None
    (pulse,) = report["reverse_runs"]
    assert 150 <= pulse <= 150 + 400                 # jam_reverse 0.15 s, plus a late loop on a busy machine


def test_a_hard_jam_is_backed_off_twice_on_the_pico_then_reported(devices, pico):
    pico.do("jam")
    devices.launcher.dispense(2)
    jammed = take(devices.events, obs.DispenseJammed)
    assert jammed.count == 0
    assert jammed.reason == "no card came within the deadline (2 reverse pulses did not clear it)"
    report = pico.report()
    assert report["motor"] == 0 and report["thrown"] == 0 and len(report["reverse_runs"]) == 2
    # Forward and backward are one launch under the Pico's limit (3 s here), plus a late loop.
    assert report["longest_run_ms"] <= 3000 + 400


def test_check_on_the_pico_says_which_active_low_to_set(devices, pico):
    wait_until(lambda: devices.link.state is not None, what="a snapshot")
    assert devices.launcher.self_check() == []
    pico.do("beam 1")                                # reads "card in the beam" with the throat empty
    problems = wait_until(devices.launcher.self_check, what="the check to see it")
    assert "set active_low = false in [pico.launcher_exit_sensor]" in problems[0]
    pico.do("cards 0")
    pico.do("beam 0")
    assert wait_until(lambda: devices.launcher.self_check() == [
        "launcher hopper sensor (on the Pico) sees no cards: load the deck; if it is loaded, the sensor reads "
        "the other way round: set active_low = false in [pico.launcher_hopper_sensor] of the pin map "
        "(or check its wiring)"],
        what="the empty hopper")
