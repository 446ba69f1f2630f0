"""Stored matches through the page's JSON API and pages: list, one match, export, reopen (host only)."""
import json
import sqlite3
import subprocess
import sys
import urllib.request

import pytest

from companion.engine import events as E
from companion.engine.options import RuleOptions
from companion.matchdb.database import MatchDatabase
from companion.service.recording import MatchArchive, StoreKeeper
from companion.table import Happened, NewGame, Setup, TableLoop
from companion.web.app import create_app
from companion.web.server import WebServer
from match_fixtures import match_events
from web_helpers import HOST_TOKEN


@pytest.fixture
def stored(built, tmp_path):
    table = built.copy(tmp_path / "games.sqlite")
    yield table
    table.close()


@pytest.fixture
def client(stored):
    app = create_app(stored.loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"], matches=stored.archive)
    return app.test_client()


def host(client):
    csrf = client.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
    client.environ_base["HTTP_X_CSRF_TOKEN"] = csrf
    return client


def test_the_list_gives_date_players_scores_state_and_rules(stored, client):
    current, finished, unfinished = client.get("/api/matches").get_json()["matches"]
    assert [current["id"], finished["id"], unfinished["id"]] == [stored.current, stored.finished, stored.unfinished]
    assert current["current"] and current["status_text"] == "at the table now · round 1"
    expected = stored.expected.state()
    assert finished["scores"] == expected["scores"] and finished["finished"]
    assert finished["status_text"] == f"{finished['players'][expected['match']['winner']]} won the match"
    assert finished["rules_text"] == "Official" and finished["mode_text"] == "Classic: draw one card"
    assert unfinished["status_text"] == "unfinished · round 1" and unfinished["can_reopen"]
    assert not finished["can_reopen"] and not current["can_reopen"]
    assert finished["started_iso"].endswith("+00:00") and finished["started_text"]


def test_one_match_has_its_rounds_final_scores_and_every_event_in_words(stored, client):
    detail = client.get(f"/api/matches/{stored.finished}").get_json()
    assert [row["points"] for row in detail["rounds"]] == [row["points"] for row in stored.expected.rounds]
    assert detail["rounds"][-1]["totals"] == stored.expected.state()["scores"]
    texts = [text for group in detail["events"] for text in group["texts"]]
    assert len(texts) == len(stored.expected.journal) and detail["refused"] == 0
    assert texts[-1].endswith("wins the match!")
    page = client.get(f"/matches/{stored.finished}").get_data(as_text=True)
    assert "wins the match!" in page and 'id="reopen"' not in page


@pytest.mark.parametrize("path", ["/api/matches/99", "/api/matches/99/log", "/api/matches/" + "9" * 30,
                                  "/api/matches/-1", "/api/matches/abc"])
def test_unknown_matches_are_a_clear_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.get_json()["error"] in ("There is no match 99.", f"There is no match {'9' * 30}.",
                                            "There is no such page.")


def test_damaged_and_older_matches_are_named_on_the_page_and_in_the_api(stored, client):
    store = stored.keeper.store
    old = store.create_match({"format": "uno-companion-game-log", "version": 0, "players": ["Ana", "Ben"]})
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE events SET event = 'garbage' WHERE match_id = ? AND seq = 2", (stored.unfinished,))
        db.execute("UPDATE matches SET header = 'not json', summary = NULL WHERE id = ?", (stored.finished,))
        db.execute("UPDATE matches SET started = 1e300 WHERE id = ?", (stored.current,))
    listed = {m["id"]: m for m in client.get("/api/matches").get_json()["matches"]}
    assert listed[stored.finished]["status_text"] == (f"Match {stored.finished} cannot be read: its record "
                                                      "in the store is damaged.")
    assert "game log version 0" in listed[old]["status_text"]
    for match, words in ((stored.unfinished, "event 2 is damaged"), (old, "version 0"),
                         (stored.finished, "record in the store is damaged")):
        for path in (f"/api/matches/{match}", f"/api/matches/{match}/log"):
            response = client.get(path)
            assert response.status_code == 409 and words in response.get_json()["error"], path
        page = client.get(f"/matches/{match}")
        assert page.status_code == 409 and words in page.get_data(as_text=True)
        assert "Traceback" not in page.get_data(as_text=True)
    assert client.get("/matches").status_code == 200


def test_the_exported_log_replays_on_the_command_line_to_the_final_state(stored, tmp_path):
    server = WebServer(stored.loop, host="127.0.0.1", port=0, host_token=HOST_TOKEN, matches=stored.archive).start()
    try:
        with urllib.request.urlopen(f"{server.url}api/matches/{stored.finished}/log", timeout=5) as response:
            assert response.headers["Content-Type"] == "application/x-ndjson"
            assert f'filename="uno-match-{stored.finished}.jsonl"' in response.headers["Content-Disposition"]
            (tmp_path / "export.jsonl").write_bytes(response.read())
    finally:
        server.close()
    replayed = subprocess.run([sys.executable, "-m", "companion", "replay", str(tmp_path / "export.jsonl")],
                              capture_output=True, text=True, check=True)
    state, expected = json.loads(replayed.stdout), stored.expected.engine.snapshot()
    for key in ("scores", "round", "match", "hand_sizes", "events", "phase", "round_wins"):
        assert state[key] == expected[key], key


def test_only_the_host_reopens_and_only_an_unfinished_match(stored, client):
    path = f"/api/matches/{stored.unfinished}/reopen"
    before = stored.loop.latest
    response = client.post(path, json={}, headers={"X-CSRF-Token": "forged"})
    assert response.status_code == 403                                         # no CSRF token
    viewer = create_app(stored.loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"],
                        matches=stored.archive).test_client()
    viewer.get("/")
    assert viewer.post(path, json={}).status_code == 403
    host(client)
    assert client.post(path, json={}, headers={"Origin": "http://evil.example"}).status_code == 403
    for match, words in ((stored.finished, "is over"), (stored.current, "at the table now"), (99, "no match 99")):
        response = client.post(f"/api/matches/{match}/reopen", json={})
        assert response.status_code in (404, 409) and words in response.get_json()["error"]
    assert client.post(path, json={"extra": 1}).status_code == 400
    assert stored.loop.latest is before                                        # nothing changed yet
    answer = client.post(path, json={})
    assert answer.status_code == 200 and answer.get_json()["kind"] == "new-game"
    state = client.get("/api/state").get_json()["state"]
    assert state["players"] == ["Ana", "Ben", "Cem"] and state["top_card"] == "red-skip"
    assert stored.keeper.store.current_match() == stored.unfinished


def test_in_german(stored, client):
    client.set_cookie("lang", "de")
    listed = client.get("/api/matches").get_json()["matches"]
    assert listed[0]["status_text"] == "jetzt am Tisch · Runde 1"
    assert listed[1]["status_text"].endswith("hat die Partie gewonnen")
    assert client.get("/api/matches/99").get_json()["error"] == "Es gibt keine Partie 99."
    assert "Partien" in client.get("/matches").get_data(as_text=True)


def test_without_a_game_store_the_page_says_so(table):
    client = create_app(table, host_token=HOST_TOKEN, trusted_hosts=["localhost"]).test_client()
    assert "keeps no matches" in client.get("/matches").get_data(as_text=True)
    response = client.get("/api/matches")
    assert response.status_code == 404 and "keeps no matches" in response.get_json()["error"]


def test_a_damaged_summary_is_counted_again(stored, client):
    with sqlite3.connect(stored.keeper.store.path) as db:
        db.execute("UPDATE matches SET summary = '{\"round\": \"x\", \"scores\": [1, \"a\"], \"winner\": []}' "
                   "WHERE id = ?", (stored.unfinished,))
    entry = {m["id"]: m for m in client.get("/api/matches").get_json()["matches"]}[stored.unfinished]
    assert entry["status_text"] == "unfinished · round 1" and entry["scores"] == [0, 0, 0]
    assert client.get("/matches").status_code == 200


def test_the_saved_next_setup_is_offered_again_after_a_restart(stored):
    # the setup was kept in the app's config and lost when the box restarted
    def setup_page_data(app):
        page = host(app.test_client()).get("/setup").get_data(as_text=True)
        data = page.split('id="setup-data">', 1)[1].split("</script>", 1)[0]
        return json.loads(data)["next"]
    first = create_app(stored.loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"], matches=stored.archive)
    chosen = {"players": ["Ida", "Jo", "Kai"], "dealer": 2, "mode": "classic", "language": "de",
              "options": {"stack_draw2": True}, "seed": 7}
    assert host(first.test_client()).post("/api/setup", json=chosen).get_json() == {"saved": True}
    restarted = create_app(stored.loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"],
                           matches=stored.archive)
    offered = setup_page_data(restarted)
    assert offered["players"] == ["Ida", "Jo", "Kai"] and offered["dealer"] == 2 and offered["seed"] == 7
    assert offered["options"]["stack_draw2"] is True


def test_a_stored_match_counting_round_wins_shows_each_rounds_win_and_the_totals(tmp_path):
    # S4 (the casual and No Mercy presets): the rounds bring no points, so rows of points were all 0
    events, expected = match_events(options=RuleOptions(scoring="wins", target_wins=3), seed=4)
    keeper = StoreKeeper(MatchDatabase(tmp_path / "games.sqlite"))
    loop = TableLoop(keeper.new_game(Setup(players=("Dora", "Emil"), dealer=0)), keeper.new_game,
                     before_apply=keeper.before_apply, refused=keeper.refused).start()
    try:
        loop.submit(NewGame(expected.setup)).result(5)
        for event in events:
            loop.submit(Happened(E.event_from_json(event))).result(5)
        played = keeper.match_of(keeper.current)
        loop.submit(NewGame(Setup(players=("Dora", "Emil"), dealer=1))).result(5)   # it is stored now
        client = create_app(loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"],
                            matches=MatchArchive(keeper)).test_client()
        detail = client.get(f"/api/matches/{played}").get_json()
    finally:
        loop.stop()
        keeper.store.close()
    wins = [[0] * 3] + [row["wins"] for row in expected.rounds]      # the engine's count after each round
    assert [row["points"] for row in detail["rounds"]] == [[now - then for now, then in zip(after, before)]
                                                           for before, after in zip(wins, wins[1:])]
    assert detail["rounds"][-1]["totals"] == expected.state()["round_wins"] == [1, 3, 1]
    assert detail["chart"]["target"] == 3
    assert [p["score"] for p in detail["match"]["standings"]] == [1, 3, 1]
