"""``uno-companion demo`` as a newcomer runs it: a whole simulated table, to the end of a match."""
import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow
QUICK = ["--speed", "0", "--until-match-over", "--no-web"]


def run(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_demo_plays_a_match_by_itself_and_names_the_winner(tmp_path):
    log = tmp_path / "demo.jsonl"
    result = run("demo", "--seed", "3", "--players", "3", "--target", "150", "--log", str(log), *QUICK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("UNO demo: Ada, Ben, Cem; classic, rules official; seed 3")
    assert lines[1].startswith("round  1:") and "scores: Ada" in lines[1]
    winner = next(line for line in lines if line.startswith("winner: "))
    # the table's own log replays to the scores the demo printed
    state = json.loads(run("replay", str(log)).stdout)
    assert state["match"]["over"] and state["players"][state["match"]["winner"]] in winner
    assert winner.endswith(", ".join(f"{n} {s}" for n, s in zip(state["players"], state["scores"])))
    assert max(state["scores"]) >= 150


def test_demo_is_repeatable_with_a_seed():
    args = ["demo", "--seed", "8", "--players", "2", "--target", "100", *QUICK]
    first, second = run(*args), run(*args)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    same = [[line for line in out.stdout.splitlines() if not line.startswith("played: ")]
            for out in (first, second)]
    assert same[0] == same[1]


@pytest.mark.parametrize("args", [["--players", "1"], ["--players", "7"], ["--rules", "chaos"],
                                  ["--target", "7"], ["--speed", "-1"], ["--misreads", "2"]])
def test_demo_refuses_bad_arguments_without_a_traceback(args):
    result = run("demo", *QUICK, *args, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr


def test_demo_on_a_port_in_use_says_so():
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("demo", "--host", "127.0.0.1", "--port", str(port), "--speed", "0", timeout=60)
    assert result.returncode == 2 and "cannot serve the page" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_demo_refuses_an_unknown_edition_and_lists_the_editions():
    result = run("demo", *QUICK, "--edition", "flop", timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "unknown edition 'flop'; choose one of: classic, junior-level1, junior" in result.stderr


def test_demo_plays_a_whole_uno_junior_match_from_the_command_line(tmp_path):
    log = tmp_path / "junior.jsonl"
    result = run("demo", "--edition", "junior", "--rules", "junior-level2", "--seed", "4", "--players", "3",
                 "--log", str(log), *QUICK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("; edition junior (UNO Junior, level 2: with the action cards)")
    header = json.loads(log.read_text().splitlines()[0])
    assert header["deck"] == "junior" and header["options"]["junior_level"] == 2
    state = json.loads(run("replay", str(log)).stdout)
    winner = next(line for line in lines if line.startswith("winner: "))
    assert state["match"]["over"] and winner.startswith(f"winner: {state['players'][state['match']['winner']]}; ")
    assert winner.endswith("round wins " + ", ".join(f"{n} {w}" for n, w in zip(state["players"], state["round_wins"])))
    assert max(state["round_wins"]) == 3


def test_demo_of_an_edition_plays_its_own_preset_unless_told_otherwise():
    """``--edition no-mercy`` alone: No Mercy as its preset scores it (three round wins, E5.9);
    it played the official preset's points to 500 (long matches, classic card values)."""
    result = run("demo", "--edition", "no-mercy", "--seed", "1", "--players", "2", *QUICK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "rules no-mercy; seed 1; edition no-mercy (UNO Show 'em No Mercy" in lines[0], lines[0]
    winner = next(line for line in lines if line.startswith("winner: "))
    assert "; round wins " in winner and winner.count(" 3") == 1, winner
