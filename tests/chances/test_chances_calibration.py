"""The calibration map: fitted by maximum likelihood, applied to every estimate."""
import math
import random

import pytest

from companion.chances import estimate
from companion.chances.calibration import calibrate, features, fit, mapped_errors
from companion.engine import Game, events as E


def test_the_fit_finds_the_map_that_made_the_outcomes():
    rnd = random.Random(4)
    truth = (1.6, 0.4)
    rows = []
    for _ in range(3000):
        shares = [rnd.random() for _ in range(3)]
        shares = [s / sum(shares) for s in shares]
        sizes = [rnd.randint(1, 9) for _ in range(3)]
        chances = calibrate(shares, sizes, 100, truth)
        rows.append((shares, sizes, 100, rnd.choices(range(3), chances)[0]))
    sharpen, size_weight = fit(rows)
    assert sharpen == pytest.approx(truth[0], abs=0.25)
    assert size_weight == pytest.approx(truth[1], abs=0.2)


def test_the_map_keeps_the_order_of_the_shares_and_adds_up_to_one():
    mapped = calibrate([0.6, 0.3, 0.1], [4, 4, 4], 100)
    assert math.isclose(sum(mapped), 1) and mapped[0] > mapped[1] > mapped[2]
    assert all(0 < m < 1 for m in calibrate([1.0, 0.0], [1, 7], 5))  # a few playouts: not certain
    assert features([0.0], [0], 10)[0][1] == 0  # an empty hand counts as one card


def test_an_estimate_is_mapped_and_keeps_its_raw_shares():
    game = Game(3)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    result = estimate(game, max_playouts=40, budget_s=60, rnd=random.Random(5))
    raw = result.extra["raw"]
    assert result.round == pytest.approx(calibrate(raw, game.sizes, 40))
    assert result.round_se == pytest.approx(mapped_errors(raw, [math.sqrt(p * (1 - p) / 40) for p in raw],
                                                          game.sizes, 40))
    assert estimate(game, max_playouts=40, budget_s=60, rnd=random.Random(5),
                    calibrated=False).round == raw
