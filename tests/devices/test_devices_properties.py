"""Properties over many generated cases (hypothesis): race results, debounce, every job answered once."""
import queue

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.backends import open_devices
from companion.devices.debounce import Debouncer
from companion.devices.observations import CardCounted, DispenseEnded, RaceEnded, collect_until
from companion.devices.ring import PinButtonRing
from companion.devices.sim import mock_factory

BUTTONS = [4, 6, 20, 23, 25, 7]
LIGHTS = [5, 19, 21, 24, 26, 8]


class Clock:
    now = 0.0

    def __call__(self):
        return self.now


@settings(max_examples=20, deadline=None)
@given(racing=st.sets(st.integers(0, 5), min_size=1),
       presses=st.lists(st.tuples(st.integers(0, 5), st.floats(0.0, 0.05)), max_size=12),
       tie=st.sampled_from([0.0, 0.005, 0.02]))
def test_race_result_puts_each_racing_seat_once_fastest_first(racing, presses, tie):
    clock, events, factory = Clock(), queue.Queue(), mock_factory()
    ring = PinButtonRing(events, buttons=BUTTONS, lights=LIGHTS, pin_factory=factory, clock=clock)
    try:
        race = ring.start_race(sorted(racing), window=0.5, tie_window=tie)
        first_press = {}
        for seat, gap in presses:
            clock.now += 0.03 + gap  # each push after the last one's bounce time
            if seat in racing and seat not in first_press and len(first_press) < len(racing):
                first_press[seat] = clock.now
            factory.pin(BUTTONS[seat]).drive_low()
            clock.now += 0.025
            factory.pin(BUTTONS[seat]).drive_high()
        result = events.get(timeout=5)
        assert isinstance(result, RaceEnded) and result.race == race
        placed = [seat for group in result.order for seat in group]
        assert sorted(placed + list(result.no_shows)) == sorted(racing)
        assert set(placed) == set(first_press)
        times = [first_press[seat] for seat in placed]
        assert times == sorted(times)
        for group in result.order:
            assert first_press[group[-1]] - first_press[group[0]] <= tie
    finally:
        ring.close()


@given(gaps=st.lists(st.floats(0.0, 0.1), min_size=1, max_size=40))
def test_debounced_presses_are_never_closer_than_the_bounce_time(gaps):
    now = iter([sum(gaps[:i + 1]) for i in range(len(gaps))]).__next__
    debounce = Debouncer(0.02, now)
    presses = [at for i, _ in enumerate(gaps) if (at := debounce.edge(i % 2 == 0)) is not None]
    assert all(later - earlier >= 0.02 for earlier, later in zip(presses, presses[1:]))
    clean = all(gap >= 0.021 for gap in gaps[1:])  # (a margin over float rounding of the sums)
    if clean:  # no bounce at all: every push counts
        assert len(presses) == (len(gaps) + 1) // 2


card_numbers = st.sets(st.integers(1, 10), max_size=2)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=st.integers(0, 10), jam_at=card_numbers, stuck_at=card_numbers, double_at=card_numbers,
       jobs=st.lists(st.integers(0, 4), min_size=1, max_size=3))
def test_every_job_gets_one_answer_and_counts_match_the_cards_that_passed(cards, jam_at, stuck_at,
                                                                         double_at, jobs):
    events = queue.Queue()
    devices = open_devices("sim", events, launcher_options=dict(card_deadline=0.3, settle=0.1, aim_time=0.01),
                           stack_options=dict(cards=cards, jam_at=jam_at, stuck_at=stuck_at,
                                              double_at=double_at, feed_time=0.02))
    try:
        numbers = [devices.launcher.dispense(count) for count in jobs]
        ends_seen = []

        def last_end(observation):
            if isinstance(observation, DispenseEnded.__args__):
                ends_seen.append(observation)
            return len(ends_seen) == len(numbers)

        seen = collect_until(events, last_end, timeout=30)
        answered = {end.job: end for end in ends_seen}
        assert len(answered) == len(ends_seen)  # no job answered twice
        counted = sum(1 for observation in seen if isinstance(observation, CardCounted))
        assert sorted(answered) == numbers
        assert sum(end.count for end in answered.values()) == counted == devices.stack.thrown
        assert not devices.launcher.motor_running and devices.stack.wheel_speed == 0
    finally:
        devices.close()
