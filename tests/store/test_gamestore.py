"""The SQLite game store: what was acknowledged is there after a crash."""
import json
import multiprocessing
import os
import signal
import time

from pathlib import Path

import pytest

from companion.errors import UserError
from companion.matchdb.database import MatchDatabase

HEADER = {"format": "uno-companion-log", "version": 1, "players": ["Ana", "Ben", "Cem"]}


def test_events_come_back_in_order_with_sequence_numbers(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    match = store.create_match(HEADER)
    assert [store.append(match, {"type": "play", "n": n}) for n in range(3)] == [1, 2, 3]
    assert [event["n"] for event in store.events(match)] == [0, 1, 2]


def test_matches_are_listed_newest_first_and_can_be_reopened(tmp_path):
    path = tmp_path / "games.sqlite"
    store = MatchDatabase(path)
    first = store.create_match(HEADER)
    store.append(first, {"type": "deal"})
    store.set_summary(first, {"over": True}, finished=True)
    second = store.create_match({**HEADER, "players": ["Dora", "Eli"]})
    store.close()

    reopened = MatchDatabase(path)
    listed = reopened.matches()
    assert [m.id for m in listed] == [second, first]
    assert listed[1].players == ["Ana", "Ben", "Cem"] and listed[1].events == 1 and listed[1].finished
    assert [m.id for m in listed if not m.finished] == [second]


def test_a_match_reads_back_as_its_header_and_events(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    match = store.create_match(HEADER)
    store.append(match, {"type": "deal"})
    assert store.header(match) == HEADER
    assert store.events(match) == [{"type": "deal"}]


def test_unknown_match_is_a_clear_error(tmp_path):
    with pytest.raises(UserError, match="there is no match 7"):
        MatchDatabase(tmp_path / "games.sqlite").header(7)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"this is a shopping list, not a database" * 100)
    with pytest.raises(UserError, match="the game store .* is damaged: file is not a database"):
        MatchDatabase(path, repair=False)
    store = MatchDatabase(path)    # the table starts: the file is kept aside, as it was
    assert "moved aside" in store.recovered.text and store.matches() == []
    assert Path(store.recovered.aside).read_bytes() == b"this is a shopping list, not a database" * 100


def _append_forever(path, acknowledged):
    store = MatchDatabase(path)
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
    events = MatchDatabase(path).events(1)
    assert len(events) >= acknowledged.value
    assert [event["n"] for event in events] == list(range(len(events)))


def test_the_current_match_is_the_one_last_started_or_chosen(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    assert store.current_match() is None
    first = store.create_match(HEADER)
    second = store.create_match(HEADER)
    assert store.current_match() == second
    store.set_current(first)
    store.close()
    assert MatchDatabase(tmp_path / "games.sqlite").current_match() == first   # kept across restarts


def test_a_summary_is_kept_and_an_undo_can_unfinish_a_match(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    match = store.create_match(HEADER)
    store.set_summary(match, {"scores": [512, 0, 40], "over": True}, finished=True)
    assert store.matches()[0].summary["scores"] == [512, 0, 40] and store.matches()[0].finished
    store.set_summary(match, {"scores": [0, 0, 0], "over": False}, finished=False)
    assert not store.matches()[0].finished


def test_damaged_rows_are_listed_with_their_problem_and_named_when_read(tmp_path):
    import sqlite3
    path = tmp_path / "games.sqlite"
    store = MatchDatabase(path)
    good, bad_header, bad_event = (store.create_match(HEADER) for _ in range(3))
    store.append(bad_event, {"type": "deal"})
    store.append(bad_event, {"type": "start_card", "card": "red-5"})
    store.close()
    with sqlite3.connect(path) as db:      # a disk error or a hand edit damaged two rows
        db.execute("UPDATE matches SET header = '{\"players\": [' WHERE id = ?", (bad_header,))
        db.execute("UPDATE events SET event = 'garbage' WHERE match_id = ? AND seq = 2", (bad_event,))
    store = MatchDatabase(path)
    listed = {m.id: m for m in store.matches()}
    assert listed[good].problem == "" and listed[good].players == HEADER["players"]
    assert "header is damaged" in listed[bad_header].problem and listed[bad_header].players == []
    with pytest.raises(UserError, match=f"match {bad_header}: its header is damaged"):
        store.header(bad_header)
    with pytest.raises(UserError, match=f"match {bad_event}: event 2 is damaged"):
        store.events(bad_event)


def test_a_store_from_before_summaries_gets_the_new_column(tmp_path):
    import sqlite3
    path = tmp_path / "games.sqlite"
    with sqlite3.connect(path) as db:      # the schema of the first release
        db.executescript("CREATE TABLE matches (id INTEGER PRIMARY KEY, started REAL NOT NULL, "
                         "header TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
                         "CREATE TABLE events (match_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
                         "event TEXT NOT NULL, PRIMARY KEY (match_id, seq));")
        db.execute("INSERT INTO matches (started, header) VALUES (1.0, ?)", (json.dumps(HEADER),))
    store = MatchDatabase(path)
    assert [(m.id, m.summary) for m in store.matches()] == [(1, None)]
    assert store.current_match() == 1      # no choice recorded yet: the newest


def test_ids_beyond_sqlite_integers_are_simply_not_there(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    assert not store.exists(2**80)
    assert store.events(2**80) == []
    with pytest.raises(UserError, match="there is no match"):
        store.header(2**80)


def test_the_wal_is_checkpointed_off_the_writers_path_once_the_table_is_quiet(tmp_path):
    """No commit runs SQLite's automatic checkpoint (a late play every few hundred events);
    the store's own thread folds the WAL into the file when nothing is being written."""
    import os
    import time
    path = tmp_path / "games.sqlite"
    store = MatchDatabase(path)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    match = store.create_match(HEADER)
    size = os.path.getsize(path)
    for n in range(150):
        store.append(match, {"type": "play", "n": n})
    deadline = time.monotonic() + 10
    while os.path.getsize(path) == size and time.monotonic() < deadline:
        time.sleep(0.05)
    assert os.path.getsize(path) > size, "the WAL was never checkpointed into the file"
    store.close()
    assert len(MatchDatabase(path).events(match)) == 150
