"""``uno-companion bench chances`` prints its figures (a small run: no timing is asserted)."""
import pytest

from companion.bench import main as bench_main
from companion.chances.bench import brier, calibration, hand_size_baseline, score_baseline
from companion.errors import UserError


def test_the_bench_prints_calibration_brier_and_speed(capsys):
    assert bench_main(["chances", "--rounds", "15", "--playouts", "8"]) == 0
    out = capsys.readouterr().out
    assert "decile  count  predicted  observed" in out
    for name in ("brier_hand_size_baseline=", "playouts_per_s=", "ms_per_estimate=",
                 "calibration_worst_bin_pp="):
        assert name in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("brier=") and 0 <= float(last.split("=")[1]) <= 1


def test_the_oracle_scores_the_true_hands(capsys):
    assert bench_main(["chances", "--rounds", "5", "--playouts", "5", "--oracle"]) == 0
    line = [l for l in capsys.readouterr().out.splitlines() if l.startswith("brier_true_hands=")]
    assert line and 0 <= float(line[0].split("=")[1]) <= 1


def test_the_bench_judges_the_match_chances_against_a_score_only_baseline(capsys):
    assert bench_main(["chances", "--rounds", "2", "--playouts", "4", "--matches", "3"]) == 0
    out = capsys.readouterr().out
    assert "match playout shares" in out and "calibration_worst_bin_pp_match=" in out
    figures = dict(line.split("=", 1) for line in out.splitlines() if line.startswith("brier_match"))
    assert 0 <= float(figures["brier_match"]) <= 1 and 0 <= float(figures["brier_match_score_baseline"]) <= 1
    assert out.strip().splitlines()[-1].startswith("brier=")


def test_bad_options_are_refused_clearly():
    with pytest.raises(UserError, match="at least 1"):
        bench_main(["chances", "--rounds", "0"])
    with pytest.raises(UserError, match="2 to 10"):
        bench_main(["chances", "--players", "11"])
    with pytest.raises(UserError, match="--matches"):
        bench_main(["chances", "--matches", "-1"])


def test_the_scores_are_what_they_say():
    assert hand_size_baseline([1, 3]) == [0.75, 0.25]
    assert brier([(1.0, True), (0.0, True)]) == 0.5
    bins = calibration([(0.05, False), (0.07, True), (0.95, True)])
    assert [(k, n) for k, n, _, _ in bins] == [(0, 2), (9, 1)]
    assert [p for _, _, p, _ in bins] == pytest.approx([0.06, 0.95])
    assert [o for _, _, _, o in bins] == [0.5, 1.0]
    assert score_baseline([400, 0], 500) == pytest.approx([500 / 600, 100 / 600])   # 100 and 500 to go
