"""``uno-companion replay`` as a person uses it."""
import json
import subprocess
import sys

import pytest

from companion.engine import Game, events as E
from companion.engine.log import format_log


def run(*args):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=60)


def _log_file(tmp_path, text):
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _small_log():
    game = Game(["Ada", "Ben", "Cem"])
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(1, "red-9"))
    return format_log(game)


def test_replay_prints_the_state_as_json(tmp_path):
    result = run("replay", _log_file(tmp_path, _small_log()))
    state = json.loads(result.stdout)
    assert (state["turn"], state["top_card"], state["hand_sizes"]) == (2, "red-9", [7, 6, 7])
    undone = json.loads(run("replay", "--undo", "1", _log_file(tmp_path, _small_log())).stdout)
    assert (undone["turn"], undone["top_card"]) == (1, "red-5")


@pytest.mark.parametrize("damage, message", [
    (lambda t: t[:-4], "line 4: not valid JSON (the line is cut off"),
    (lambda t: t.replace('"red-9"', '"red-99"'), "line 4: not a card: 'red-99'"),
    (lambda t: t.replace('"version":2', '"version":9'), "line 1: game log version 9"),
    (lambda t: t + '{"type":"play","seat":1}\n', "line 5: play event: missing field 'card'"),
    (lambda t: "", "empty"),
    (lambda t: "\x00\xff", "not valid JSON"),
])
def test_a_corrupt_log_names_the_line_and_the_reason(tmp_path, damage, message):
    result = run("replay", _log_file(tmp_path, damage(_small_log())))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_replay_of_a_missing_or_binary_file_is_a_clear_error(tmp_path):
    assert "cannot read" in run("replay", str(tmp_path / "nope.jsonl")).stderr
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0binary")
    result = run("replay", str(binary))
    assert result.returncode == 2 and "not a text file" in result.stderr
