"""The button ring on gpiozero MockFactory pins: lights, colour choice, race and turn timer (RULES E2), debounce."""
import queue
import threading
import time

import pytest

from companion.devices.observations import ColourChosen, RaceEnded, SeatPressed, TurnTimerExpired
from companion.devices.ring import PinButtonRing
from companion.devices.sim import mock_factory
from companion.pinmap import load_pinmap

PINS = load_pinmap()
SEATS = PINS.seats("pi")
BUTTONS = [PINS.pin("pi", f"seat{s}_button").gpio for s in range(SEATS)]
LIGHTS = [PINS.pin("pi", f"seat{s}_light").gpio for s in range(SEATS)]


class Clock:
    """The ring's time source, moved by hand so edges land exactly where a test puts them."""
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def ring():
    factory, events, clock = mock_factory(), queue.Queue(), Clock()
    ring = PinButtonRing(events, buttons=BUTTONS, lights=LIGHTS, pin_factory=factory, clock=clock)
    ring.factory, ring.queue, ring.clock_ = factory, events, clock
    yield ring
    ring.close()


def press(ring, seat, at=None):
    if at is not None:
        ring.clock_.now = at
    pin = ring.factory.pin(BUTTONS[seat])
    pin.drive_low()
    ring.clock_.now += 0.1
    pin.drive_high()
    ring.clock_.now += 0.1


def lit(ring):
    return [bool(ring.factory.pin(pin).state) for pin in LIGHTS]


def test_turn_light_shows_one_seat_on_its_led(ring):
    for seat in range(SEATS):
        ring.light_turn(seat)
        assert lit(ring) == [s == seat for s in range(SEATS)]
    ring.light_all()
    assert lit(ring) == [True] * SEATS
    ring.lights_off()
    assert lit(ring) == [False] * SEATS


def test_a_press_reports_the_seat(ring):
    press(ring, 4, at=200.0)
    assert ring.queue.get_nowait() == SeatPressed(seat=4, at=200.0)
    assert ring.queue.empty()


def test_bouncing_contacts_make_one_press_per_push(ring):
    pin = ring.factory.pin(BUTTONS[2])
    for at, level in [(10.000, "low"), (10.001, "high"), (10.002, "low"), (10.004, "high"), (10.005, "low"),
                      (10.400, "high"), (10.401, "low"), (10.403, "high"),   # release, bouncing
                      (10.900, "low"), (10.903, "high"), (10.904, "low")]:  # the second push
        ring.clock_.now = at
        getattr(pin, f"drive_{level}")()
    assert [ring.queue.get_nowait() for _ in range(2)] == [SeatPressed(2, 10.000), SeatPressed(2, 10.900)]
    assert ring.queue.empty()


def test_colour_choice_on_four_groups(ring):
    groups = ring.show_colours()
    assert groups == {0: "red", 1: "red", 2: "yellow", 3: "green", 4: "green", 5: "blue"}
    assert lit(ring) == [True] * SEATS
    assert ring.lights == groups
    press(ring, 2, at=50.0)
    press(ring, 5, at=51.0)
    assert [ring.queue.get_nowait() for _ in range(2)] == [ColourChosen("yellow", 2, 50.0),
                                                           ColourChosen("blue", 5, 51.0)]
    ring.light_turn(0)
    press(ring, 5, at=52.0)
    assert ring.queue.get_nowait() == SeatPressed(5, 52.0)


def test_race_order_with_a_tie_and_no_shows(ring):
    race = ring.start_race([0, 1, 3, 4, 5], window=1.0, tie_window=0.010)
    assert lit(ring) == [True, True, False, True, True, True]
    press(ring, 3, at=20.000)
    press(ring, 1, at=20.004)   # within 10 ms of seat 3: a tie
    press(ring, 2, at=20.010)   # not racing: ignored
    press(ring, 0, at=20.050)
    press(ring, 0, at=20.080)   # a second press changes nothing
    result = ring.queue.get(timeout=5)
    assert result == RaceEnded(race=race, order=((3, 1), (0,)), no_shows=(4, 5))


def test_race_ends_as_soon_as_everyone_pressed(ring):
    race = ring.start_race([1, 2], window=30.0)
    press(ring, 2, at=5.0)
    press(ring, 1, at=5.5)
    assert ring.queue.get(timeout=5) == RaceEnded(race=race, order=((2,), (1,)), no_shows=())


def test_turn_timer_runs_out_and_tells_the_table(ring):
    turn = ring.light_turn(3, seconds=0.1)
    assert ring.queue.get(timeout=5) == TurnTimerExpired(seat=3, turn=turn, seconds=0.1)


def test_turn_timer_ends_with_the_seats_press_and_never_fires_after(ring):
    ring.light_turn(1, seconds=1.0)
    press(ring, 0, at=1.0)      # another seat: reported, the timer runs on
    press(ring, 1, at=1.1)      # the timed seat: reported, the timer ends
    assert [ring.queue.get(timeout=5) for _ in range(2)] == [SeatPressed(0, 1.0), SeatPressed(1, 1.1)]
    time.sleep(1.3)
    assert ring.queue.empty()


def test_a_new_light_call_cancels_the_timer(ring):
    ring.light_turn(1, seconds=0.5)
    second = ring.light_turn(2, seconds=0.2)
    assert ring.queue.get(timeout=5) == TurnTimerExpired(seat=2, turn=second, seconds=0.2)
    time.sleep(0.5)
    assert ring.queue.empty()


def test_blink_toggles_the_led_and_the_next_call_stops_it(ring):
    ring.light_turn(0)
    ring.blink(4)
    pin = ring.factory.pin(LIGHTS[4])
    deadline = time.monotonic() + 5
    while len(pin.states) < 4 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert [bool(s.state) for s in pin.states[-3:]] in ([True, False, True], [False, True, False])
    assert ring.lights[0] == "on"
    ring.light_turn(0)
    assert lit(ring) == [True] + [False] * (SEATS - 1)


def test_presses_from_many_threads_all_reach_the_queue():
    factory, events = mock_factory(), queue.Queue()
    ring = PinButtonRing(events, buttons=BUTTONS, lights=LIGHTS, pin_factory=factory, bounce_time=0)
    try:
        def player(seat):
            pin = factory.pin(BUTTONS[seat])
            for _ in range(200):
                pin.drive_low()
                pin.drive_high()

        threads = [threading.Thread(target=player, args=(seat,)) for seat in range(SEATS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seats = [events.get_nowait().seat for _ in range(200 * SEATS)]
        assert all(seats.count(seat) == 200 for seat in range(SEATS)) and events.empty()
    finally:
        ring.close()


@pytest.mark.parametrize("call, message", [
    (lambda r: r.light_turn(6), "no seat 6"),
    (lambda r: r.light_turn(1, seconds=0), "more than 0 seconds"),
    (lambda r: r.start_race([], window=1), "a race needs seats"),
    (lambda r: r.start_race([1, 9], window=1), "no seat 9"),
])
def test_impossible_requests_are_refused(ring, call, message):
    with pytest.raises(ValueError, match=message):
        call(ring)
