"""``uno-companion demo`` (the terminal match of the engine issue) as a person uses it.

A later issue turns the demo into the full simulated table; its tests replace this file.
"""
import json
import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=60)


def test_demo_plays_a_match_by_itself_and_names_the_winner(tmp_path):
    log = tmp_path / "demo.jsonl"
    result = run("demo", "--seed", "3", "--players", "3", "--log", str(log))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("round  1:") and "scores: Ada" in lines[1]
    winner = next(line for line in lines if line.startswith("winner: "))
    # the log replays to the same final scores the demo printed
    state = json.loads(run("replay", str(log)).stdout)
    assert state["match"]["over"] and state["players"][state["match"]["winner"]] in winner
    last_round = [line for line in lines if line.startswith("round")][-1]
    assert last_round.endswith(", ".join(f"{n} {s}" for n, s in zip(state["players"], state["scores"])))


def test_demo_is_repeatable_with_a_seed():
    assert run("demo", "--seed", "8", "--players", "5").stdout == run("demo", "--seed", "8", "--players", "5").stdout


@pytest.mark.parametrize("args", [["--players", "1"], ["--rules", "chaos"], ["--target", "7"]])
def test_demo_refuses_bad_arguments_without_a_traceback(args):
    result = run("demo", *args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
