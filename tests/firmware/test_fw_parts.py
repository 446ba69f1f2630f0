"""Debounce, ring patterns and launcher limits: the firmware's logic under CPython."""
from companion.firmware.debounce import Debouncer
from companion.firmware.launcher import ABSOLUTE_MAX_MS, MAX_CLEARS, MAX_REVERSE_MS, Busy, Launcher
from companion.firmware.ring import CHOICE_COLOURS, GO_COLOUR, OFF, Ring

import pytest


def test_contact_bounce_gives_one_press_and_one_release():
    buttons = Debouncer(1, settle_ms=20)
    buttons.update(0, [False])
    edges = []
    for now, level in [(1, True), (2, False), (3, True), (4, False), (5, True), (30, True),
                       (100, False), (102, True), (104, False), (130, False)]:
        edges += buttons.update(now, [level])
    assert edges == [(0, True), (0, False)]


def test_a_spike_shorter_than_the_settle_time_is_no_press():
    buttons = Debouncer(2, settle_ms=20)
    buttons.update(0, [False, False])
    assert buttons.update(5, [False, True]) == []
    assert buttons.update(15, [False, False]) == []
    assert buttons.update(60, [False, False]) == []


def test_a_button_held_at_boot_is_not_a_press_until_released_and_pressed_again():
    buttons = Debouncer(1)
    assert buttons.update(0, [True]) == []
    assert buttons.update(100, [True]) == []
    assert buttons.held() == 1
    buttons.update(200, [False])
    assert buttons.update(230, [False]) == [(0, False)]


def test_seat_lights_solid_blink_and_pulse_in_their_colours():
    ring = Ring(3)
    ring.set_seat(0, "SOLID", 0x00FF00, 0)
    ring.set_seat(1, "BLINK", 0x0000FF, 1000)
    ring.set_seat(2, "PULSE", 0xFF0000, 1000)
    assert ring.pixels(100)[:2] == [(0, 255, 0), (0, 0, 255)]
    assert ring.pixels(600)[:2] == [(0, 255, 0), OFF]
    dim, bright = ring.pixels(0)[2], ring.pixels(500)[2]
    assert 0 < dim[0] < bright[0] == 255 and dim[1:] == bright[1:] == (0, 0)


def test_colour_choice_shows_all_four_colours_in_quarters():
    ring = Ring(8)
    ring.set_pattern("CHOICE", 0, 0)
    assert ring.pixels(0) == [colour for colour in CHOICE_COLOURS for _ in range(2)]


def test_race_countdown_shrinks_then_turns_green():
    ring = Ring(4)
    ring.set_pattern("COUNTDOWN", 4000, now_ms=1000)
    lit = [sum(p != OFF for p in ring.pixels(now)) for now in (1000, 2500, 3500, 4900)]
    assert lit == [4, 3, 2, 1]
    assert ring.pixels(5000) == [GO_COLOUR] * 4


def test_link_lost_overrides_the_game_pattern_and_goes_away_again():
    ring = Ring(4)
    ring.set_seat(2, "SOLID", 0x00FF00, 0)
    ring.link_lost = True
    assert (0, 255, 0) not in ring.pixels(0) and ring.pixels(0)[0] == (255, 0, 0)
    ring.link_lost = False
    assert ring.pixels(0)[2] == (0, 255, 0)


def test_launch_stops_at_the_count_with_one_end_event():
    launcher = Launcher()
    launcher.launch(3, 3000, 800, 70, now_ms=0)
    events = []
    for now in (200, 400, 600):
        events += launcher.tick(now) + launcher.card(now)
    assert events[-1] == ("END", ("DONE", 3, 3)) and launcher.direction == 0
    assert [e for e in events if e[0] == "END"] == [events[-1]]
    assert launcher.card(700) == [] and launcher.total == 4     # a late card ends no second job


def test_no_card_within_the_deadline_is_a_jam():
    launcher = Launcher()
    launcher.launch(3, 3000, 800, 70, now_ms=0)
    launcher.card(300)
    assert launcher.tick(1000) == []
    assert launcher.tick(1100) == [("END", ("JAM", 1, 3))] and not launcher.running


def test_a_jam_is_backed_off_a_few_times_before_it_is_reported():
    launcher = Launcher()
    launcher.launch(3, 5000, 800, 70, now_ms=0, reverse_ms=150, clears=2)
    launcher.card(300)
    assert launcher.tick(1100) == [] and launcher.direction == -1     # no card for 800 ms: back off
    assert launcher.tick(1200) == [] and launcher.direction == -1
    assert launcher.tick(1250) == [] and launcher.direction == 1      # 150 ms later: forward, a fresh deadline
    assert launcher.tick(2000) == [] and launcher.direction == 1
    assert launcher.tick(2050) == [] and launcher.direction == -1     # the second try
    assert launcher.tick(2200) == [] and launcher.direction == 1
    assert launcher.tick(3000) == [("END", ("JAM", 1, 3))] and not launcher.running
    assert launcher.reversals == 2


def test_a_card_stuck_in_the_exit_sensor_is_never_backed_out():
    # It was counted as it came in: pulled back and fed again, it would count twice.
    launcher = Launcher()
    launcher.launch(3, 5000, 800, 70, now_ms=0, reverse_ms=150, clears=2)
    launcher.card(300)
    assert launcher.tick(1100, beam_blocked=True) == [("END", ("JAM", 1, 3))]
    assert launcher.reversals == 0 and launcher.direction == 0


def test_a_card_after_backing_off_renews_the_tries():
    launcher = Launcher()
    launcher.launch(3, 9000, 800, 70, now_ms=0, reverse_ms=100, clears=1)
    launcher.tick(800)
    launcher.tick(900)                                                # backed off once, forward again
    assert launcher.card(1000) == [("CARD", (1, 3))]                  # the snag is freed
    launcher.tick(1800)
    assert launcher.direction == -1                                   # the next jam gets its own try
    launcher.tick(1900)
    assert launcher.tick(2700) == [("END", ("JAM", 1, 3))]


def test_backing_off_runs_inside_the_launch_limit_and_is_capped():
    launcher = Launcher()
    launcher.launch(3, 1000, 800, 70, now_ms=0, reverse_ms=10 ** 6, clears=99)
    launcher.tick(800)
    assert launcher.direction == -1 and launcher._forward_at == 800 + MAX_REVERSE_MS
    assert launcher.tick(1000) == [("END", ("LIMIT", 0, 3))] and launcher.direction == 0
    launcher.launch(1, 15000, 50, 70, now_ms=2000, reverse_ms=50, clears=99)
    ends = []
    for now in range(2000, 4000, 25):
        ends += launcher.tick(now)
    assert ends == [("END", ("JAM", 0, 1))] and launcher.reversals == 1 + MAX_CLEARS


def test_the_motor_never_runs_past_the_commands_limit():
    launcher = Launcher()
    launcher.launch(20, 1000, 800, 70, now_ms=0)
    for now in range(0, 1000, 100):
        assert launcher.tick(now) == []
        launcher.card(now + 50)
    assert launcher.tick(1000) == [("END", ("LIMIT", 10, 20))]
    assert not launcher.running


def test_a_manual_run_is_capped_by_the_absolute_limit_too():
    launcher = Launcher()
    launcher.run(-1, 50, 10 ** 6, now_ms=0)
    assert launcher.direction == -1
    launcher.tick(ABSOLUTE_MAX_MS - 1)
    assert launcher.running
    launcher.tick(ABSOLUTE_MAX_MS)
    assert not launcher.running


def test_an_empty_hopper_ends_the_launch_and_a_second_launch_waits():
    launcher = Launcher()
    launcher.launch(4, 3000, 800, 70, now_ms=0)
    with pytest.raises(Busy):
        launcher.launch(1, 3000, 800, 70, now_ms=10)
    launcher.card(100)
    assert launcher.tick(150, hopper_empty=True) == [("END", ("EMPTY", 1, 4))]
