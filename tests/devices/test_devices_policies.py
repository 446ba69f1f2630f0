"""Burst policies (RULES E1): distributions over 10,000 seeded presses."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.policies import ToyBurst, UniformBurst, make_policy
from companion.errors import UserError

PRESSES = 10_000


def presses(policy, n=PRESSES):
    return [policy.next_burst() for _ in range(n)]


def longest_empty_run(bursts):
    longest = run = 0
    for count in bursts:
        run = run + 1 if count == 0 else 0
        longest = max(longest, run)
    return longest


def test_same_seed_same_presses_other_seed_other_presses():
    assert presses(ToyBurst(seed=5), 200) == presses(ToyBurst(seed=5), 200)
    assert presses(ToyBurst(seed=5), 200) != presses(ToyBurst(seed=6), 200)
    assert presses(UniformBurst(seed=5), 200) == presses(UniformBurst(seed=5), 200)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_toy_throws_on_about_a_third_of_presses_and_never_four_empty_in_a_row(seed):
    bursts = presses(ToyBurst(seed=seed))
    throws = [count for count in bursts if count]
    assert abs(len(throws) / PRESSES - 1 / 3) < 0.02
    assert longest_empty_run(bursts) == 3
    assert set(throws) == set(range(1, 9))
    # small bursts are the common ones (weights 8..1): ones outnumber eights about 8 to 1
    assert throws.count(1) > 4 * throws.count(8)


def test_toy_cap_and_share_are_settable():
    bursts = presses(ToyBurst(seed=9, throw_share=0.5, max_empty_run=1, most=3))
    assert longest_empty_run(bursts) == 1
    assert abs(sum(1 for c in bursts if c) / PRESSES - 0.5) < 0.02
    assert max(bursts) == 3


def test_uniform_gives_every_count_equally_often_with_no_cap_on_empty_runs():
    bursts = presses(UniformBurst(seed=4, low=0, high=5))
    for count in range(6):
        assert abs(bursts.count(count) / PRESSES - 1 / 6) < 0.02
    # No cap: runs of empty presses are as long as chance makes them (expected about 5 here).
    assert 4 <= longest_empty_run(bursts) <= 9


def test_bad_policy_settings_are_user_errors():
    with pytest.raises(UserError, match="unknown burst policy 'wild'; choose one of: toy, uniform"):
        make_policy("wild")
    with pytest.raises(UserError, match="share of throws"):
        ToyBurst(throw_share=0.1, max_empty_run=3)
    with pytest.raises(UserError, match="low <= high"):
        UniformBurst(low=4, high=2)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), cap=st.integers(0, 5), most=st.integers(1, 10), extra=st.floats(0.0, 1.0))
def test_toy_never_breaks_its_cap_or_its_sizes_whatever_the_seed(seed, cap, most, extra):
    share = 1 / (cap + 1) + extra * (1 - 1 / (cap + 1))
    bursts = presses(ToyBurst(seed=seed, throw_share=min(share, 1.0), max_empty_run=cap, most=most), 500)
    assert longest_empty_run(bursts) <= cap
    assert all(0 <= count <= most for count in bursts)
