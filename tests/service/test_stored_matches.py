"""Stored matches: listed with their scores, replayed for the page, exported, reopened through the loop."""
import json
import subprocess
import sys

import pytest

from companion.engine import events as E
from companion.errors import UserError
from companion.matchdb.database import MatchDatabase, MatchProblem
from companion.service.recording import MatchArchive, StoreKeeper
from companion.table import NewGame, Happened, Setup, TableLoop

from match_events import match_events


def table_with_store(path, resume=True):
    keeper = StoreKeeper(MatchDatabase(path))
    game = (resume and keeper.restore()) or keeper.new_game(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
    loop = TableLoop(game, keeper.new_game, before_apply=keeper.before_apply, refused=keeper.refused).start()
    loop.subscribe(keeper.after_update)
    return keeper, loop, MatchArchive(keeper)


def play(loop, *events):
    for event in events:
        loop.submit(Happened(event)).result(5)


@pytest.fixture
def finished_and_running(tmp_path):
    """Match 1 played to the end (a seeded official match), match 2 two cards in."""
    keeper, loop, archive = table_with_store(tmp_path / "games.sqlite")
    loop.stop()
    events, finished = match_events(seed=4)
    keeper.store.close()
    keeper, loop, archive = table_with_store(tmp_path / "games.sqlite")
    loop.submit(NewGame(finished.setup)).result(5)
    for event in events:
        loop.submit(Happened(E.event_from_json(event))).result(5)
    loop.submit(NewGame(Setup(players=("Dora", "Emil"), dealer=1))).result(5)
    play(loop, E.StartCard("red-5"), E.Play(0, "red-7"))
    yield keeper, loop, archive, finished
    loop.stop()
    keeper.store.close()


def test_the_list_shows_players_scores_and_which_match_is_finished(finished_and_running):
    keeper, loop, archive, finished = finished_and_running
    running, done, first = archive.list()
    assert running["players"] == ["Dora", "Emil"] and running["current"] and not running["finished"]
    assert running["scores"] == [0, 0] and running["round"] == 1
    assert done["players"] == ["Ana", "Ben", "Cem"] and done["finished"] and not done["current"]
    assert done["scores"] == finished.state()["scores"] and max(done["scores"]) >= 500
    assert done["winner"] == finished.state()["match"]["winner"]
    assert done["options"]["target"] == 500 and done["mode"] == "classic"
    assert first["events"] == 1 and not first["finished"]     # the first table, dealt and left


def test_a_match_replays_with_its_rounds_and_every_event(finished_and_running):
    keeper, loop, archive, finished = finished_and_running
    done = archive.list()[1]
    detail = archive.detail(done["id"])
    assert detail["rounds"] == finished.rounds
    assert len(detail["journal"]) == len(finished.journal) and detail["refused"] == 0
    assert detail["match"]["scores"] == finished.state()["scores"]


def test_an_exported_log_replays_on_the_command_line_to_the_same_state(finished_and_running, tmp_path):
    keeper, loop, archive, finished = finished_and_running
    log = tmp_path / "match.jsonl"
    log.write_text(archive.export(archive.list()[1]["id"]))
    replayed = subprocess.run([sys.executable, "-m", "companion", "replay", str(log)],
                              capture_output=True, text=True, check=True)
    state = json.loads(replayed.stdout)
    expected = finished.engine.snapshot()
    for key in ("scores", "round", "match", "hand_sizes", "events", "phase"):
        assert state[key] == expected[key], key


def test_reopening_continues_an_unfinished_match_and_a_restart_stays_with_it(tmp_path):
    path = tmp_path / "games.sqlite"
    keeper, loop, archive = table_with_store(path)
    play(loop, E.StartCard("red-5"), E.Play(1, "red-skip"))
    first = keeper.match_of(keeper.current)
    before = loop.latest.snapshot
    loop.submit(NewGame(Setup(players=("Dora", "Emil"), dealer=1))).result(5)
    update = loop.submit(archive.reopening(first)).result(5)
    assert update.kind == "new-game"
    for key in ("players", "turn", "top_card", "hand_sizes", "events"):
        assert update.snapshot[key] == before[key], key
    play(loop, E.Play(0, "red-3"))                          # the reopened match goes on...
    loop.stop()
    keeper.store.close()
    keeper, again, archive = table_with_store(path)         # ...and a restart resumes it, not the newer one
    assert again.latest.snapshot["players"] == ["Ana", "Ben", "Cem"]
    assert again.latest.snapshot["top_card"] == "red-3"
    assert [m["current"] for m in archive.list()] == [False, True]
    again.stop()


def test_a_finished_match_or_the_one_at_the_table_is_not_reopened(finished_and_running):
    keeper, loop, archive, finished = finished_and_running
    running, done, _ = archive.list()
    before = loop.latest
    with pytest.raises(MatchProblem, match="is over") as over:
        loop.submit(archive.reopening(done["id"])).result(5)
    with pytest.raises(MatchProblem, match="at the table now") as current:
        loop.submit(archive.reopening(running["id"])).result(5)
    with pytest.raises(MatchProblem, match="no match 99") as missing:
        archive.reopening(99)
    assert (over.value.reason, current.value.reason, missing.value.reason) == ("finished", "current", "missing")
    assert loop.latest is before                            # nothing changed


def test_a_match_from_an_older_log_version_is_listed_but_not_replayed(tmp_path):
    path = tmp_path / "games.sqlite"
    store = MatchDatabase(path)
    old = store.create_match({"format": "uno-companion-game-log", "version": 0, "players": ["Ana", "Ben"]})
    store.close()
    keeper, loop, archive = table_with_store(path, resume=False)
    listed = {m["id"]: m for m in archive.list()}
    assert listed[old]["problem"] == "old_version" and "version 0" in listed[old]["problem_text"]
    assert listed[old]["players"] == ["Ana", "Ben"]
    for read in (archive.detail, archive.export):
        with pytest.raises(MatchProblem, match="version 0"):
            read(old)
    loop.stop()


def test_the_service_starts_a_new_match_when_the_last_one_cannot_be_replayed(tmp_path, caplog):
    from companion.service.table import TableService
    from service_helpers import sim_config
    config = sim_config(tmp_path)
    store = MatchDatabase(config.data.store)
    store.create_match({"format": "uno-companion-game-log", "version": 0, "players": ["Ana", "Ben"]})
    store.close()
    with TableService(config, dealer=0, web=False) as table:
        assert table.loop.latest.snapshot["players"] == ["Ana", "Ben", "Cem"]
    assert "cannot continue the last match" in caplog.text and "version 0" in caplog.text


def test_restore_names_a_damaged_event(tmp_path):
    import sqlite3
    path = tmp_path / "games.sqlite"
    keeper, loop, _ = table_with_store(path)
    play(loop, E.StartCard("red-5"))
    loop.stop()
    keeper.store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET event = '{' WHERE seq = 2")
    with pytest.raises(UserError, match="event 2 is damaged"):
        StoreKeeper(MatchDatabase(path)).restore()


def test_a_match_stored_before_the_log_had_a_seed_is_still_read(tmp_path):
    """Version 1 logs (before E2's seed) replay; the list and the export work for them."""
    path = tmp_path / "games.sqlite"
    keeper, loop, archive = table_with_store(path)
    play(loop, E.StartCard("red-5"), E.Play(1, "red-skip"))
    match = keeper.match_of(keeper.current)
    loop.stop()
    import sqlite3
    with sqlite3.connect(path) as db:                     # as the first release wrote it
        record = json.loads(db.execute("SELECT header FROM matches").fetchone()[0])
        record["version"] = 1
        record.pop("seed", None)
        db.execute("UPDATE matches SET header = ?, summary = NULL", (json.dumps(record),))
    keeper.store.close()
    keeper, loop, archive = table_with_store(path)
    assert loop.latest.snapshot["top_card"] == "red-skip"
    assert archive.list()[0]["problem"] is None
    assert archive.export(match).splitlines()[-1] == '{"type":"play","seat":1,"card":"red-skip"}'
    loop.stop()


def test_a_match_reopened_from_the_phone_lights_the_ring_as_it_was(tmp_path):
    """Through the page's API on a whole service: the reopened match's turn is lit again."""
    import http.client
    from companion.service.table import TableService
    from polling import wait_until
    from service_helpers import sim_config
    with TableService(sim_config(tmp_path, players=("Ana", "Ben", "Cem", "Dora")), dealer=0, web_port=0,
                      host_token="test-token") as table:
        table.loop.submit(Happened(E.StartCard("red-5"))).result(5)
        table.loop.submit(Happened(E.Play(1, "red-skip"))).result(5)   # Dora's turn (seat 3)
        first = table.keeper.match_of(table.keeper.current)
        table.loop.submit(NewGame(Setup(players=("Eli", "Fay"), dealer=0))).result(5)
        table.loop.submit(Happened(E.StartCard("blue-5"))).result(5)   # Fay's turn (seat 1)
        wait_until(lambda: table.ring.lights[1] == "on", what="seat 1 lit")
        assert table.adapter.seats == 2
        connection = http.client.HTTPConnection("127.0.0.1", table.web.port, timeout=5)
        connection.request("POST", "/api/login", json.dumps({"token": "test-token"}),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        csrf, cookie = json.loads(response.read())["csrf"], response.headers["Set-Cookie"].split(";")[0]
        connection.request("POST", f"/api/matches/{first}/reopen", "{}",
                           {"Content-Type": "application/json", "X-CSRF-Token": csrf, "Cookie": cookie})
        response = connection.getresponse()
        assert response.status == 200, response.read()
        response.read()
        wait_until(lambda: table.ring.lights[3] == "on" and table.ring.lights[1] == "off", what="seat 3 lit again")
        assert table.adapter.seats == 4 and table.loop.latest.snapshot["turn"] == 3


def test_matches_from_before_summaries_are_counted_a_few_at_a_time(finished_and_running):
    """The first list after an upgrade replays old matches only within its time budget."""
    keeper, loop, archive, finished = finished_and_running
    with keeper.store._lock:
        keeper.store._db.execute("UPDATE matches SET summary = NULL")
    running, done, first = archive.list(replay_seconds=0)
    assert not done["counted"] and done["scores"] is None and running["counted"] is False
    assert archive.list()[1]["counted"] and archive.list(replay_seconds=0)[1]["scores"] == finished.state()["scores"]
