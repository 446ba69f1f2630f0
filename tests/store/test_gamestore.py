"""The SQLite game store: what was acknowledged is there after a crash."""
import json
import multiprocessing
import os
import signal
import time

import pytest

from companion.errors import UserError
from companion.gamestore import GameStore

HEADER = {"format": "uno-companion-log", "version": 1, "players": ["Ana", "Ben", "Cem"]}


def test_events_come_back_in_order_with_sequence_numbers(tmp_path):
    store = GameStore(tmp_path / "games.sqlite")
    match = store.create_match(HEADER)
    assert [store.append(match, {"type": "play", "n": n}) for n in range(3)] == [1, 2, 3]
    assert [event["n"] for event in store.events(match)] == [0, 1, 2]


def test_matches_are_listed_newest_first_and_can_be_reopened(tmp_path):
    path = tmp_path / "games.sqlite"
    store = GameStore(path)
    first = store.create_match(HEADER)
    store.append(first, {"type": "deal"})
    store.mark_finished(first)
    second = store.create_match({**HEADER, "players": ["Dora", "Eli"]})
    store.close()

    reopened = GameStore(path)
    listed = reopened.matches()
    assert [m.id for m in listed] == [second, first]
    assert listed[1].players == ["Ana", "Ben", "Cem"] and listed[1].events == 1 and listed[1].finished
    assert reopened.latest_unfinished() == second


def test_export_is_the_header_then_one_event_a_line(tmp_path):
    store = GameStore(tmp_path / "games.sqlite")
    match = store.create_match(HEADER)
    store.append(match, {"type": "deal"})
    lines = store.export_lines(match)
    assert json.loads(lines[0]) == HEADER
    assert json.loads(lines[1]) == {"type": "deal"}


def test_unknown_match_is_a_clear_error(tmp_path):
    with pytest.raises(UserError, match="there is no match 7"):
        GameStore(tmp_path / "games.sqlite").header(7)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"this is a shopping list, not a database" * 100)
    with pytest.raises(UserError, match="cannot open the game store"):
        GameStore(path)


def _append_forever(path, acknowledged):
    store = GameStore(path)
    match = store.create_match(HEADER)
    n = 0
    while True:
        n = store.append(match, {"type": "play", "n": n})
        acknowledged.value = n


def test_every_acknowledged_event_survives_sigkill(tmp_path):
    path = tmp_path / "games.sqlite"
    acknowledged = multiprocessing.Value("i", 0)
    child = multiprocessing.get_context("fork").Process(target=_append_forever, args=(path, acknowledged))
    child.start()
    deadline = time.monotonic() + 30
    while acknowledged.value < 50 and time.monotonic() < deadline:
        time.sleep(0.001)
    assert acknowledged.value >= 50, "the writer process did not get going"
    os.kill(child.pid, signal.SIGKILL)
    child.join()
    events = GameStore(path).events(1)
    assert len(events) >= acknowledged.value
    assert [event["n"] for event in events] == list(range(len(events)))
