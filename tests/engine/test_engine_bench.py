"""The engine benchmark prints its figure last (no timing is asserted)."""
import re
import subprocess
import sys

import pytest

from companion.engine.bench import main
from companion.errors import UserError


def test_bench_engine_prints_games_per_second_last(capsys):
    assert main(["--games", "20", "--players", "3", "--seed", "4", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"games_per_s=\d+", lines[-1])
    assert "20 games, 3 players, seed 4" in lines[0]


def test_bench_is_reachable_from_the_command_line():
    result = subprocess.run([sys.executable, "-m", "companion", "bench", "engine", "--games", "5",
                             "--no-rlcard"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("games_per_s=")


@pytest.mark.parametrize("args", [["--games", "0"], ["--players", "11"], ["--players", "1"]])
def test_bench_refuses_bad_arguments(args):
    with pytest.raises(UserError):
        main(args)


def test_bench_compares_with_rlcard_when_it_is_installed(capsys):
    pytest.importorskip("rlcard", reason="RLCard is a benchmark-only comparison: pip install rlcard==1.2.0")
    assert main(["--games", "20", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(re.fullmatch(r"rlcard_games_per_s=\d+", line) for line in lines)
    assert any(re.fullmatch(r"speedup_vs_rlcard=\d+\.\d\d", line) for line in lines)
    assert lines[-1].startswith("games_per_s=")
