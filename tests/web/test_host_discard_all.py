"""E5 No Mercy at a tracked table: after a discard all the host counts the cards laid under it
on the phone (an event kind of the host's form), and the table's words say so."""
import pytest

from companion.engine.options import RuleOptions
from companion.table import Setup, TableGame, TableLoop, event_from_json
from companion.web.app import create_app
from web_helpers import HOST_TOKEN


@pytest.fixture
def host():
    game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0, options=RuleOptions(no_mercy=True)))
    for event in ({"type": "start_card", "card": "red-5"},
                  {"type": "play", "seat": 1, "card": "red-discard-all"}):
        game.apply(event_from_json(event))
    with TableLoop(game) as loop:
        client = create_app(loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"]).test_client()
        csrf = client.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
        client.environ_base["HTTP_X_CSRF_TOKEN"] = csrf
        yield client


def test_the_host_counts_the_cards_laid_under_a_discard_all(host):
    state = host.get("/api/state").get_json()
    assert state["state"]["phase"] == "discarding"
    assert state["view"]["status"]["phase_text"] == "Ben: count the cards laid under the discard all"
    kinds = {kind["id"]: kind for kind in host.get("/api/options").get_json()["event_kinds"]}
    assert kinds["discard_all"]["fields"] == ["seat", "count"]
    too_many = host.post("/api/events", json={"event": {"type": "discard_all", "seat": 1, "count": 9}})
    assert too_many.status_code == 409 and "the hand holds 6" in too_many.get_json()["error"]
    laid = host.post("/api/events", json={"event": {"type": "discard_all", "seat": 1, "count": 2}})
    assert laid.status_code == 200, laid.get_json()
    assert laid.get_json()["view"]["recent"][0] == "Ben laid 2 cards under the discard all"
    state = host.get("/api/state").get_json()["state"]
    assert state["hand_sizes"] == [7, 4, 7] and state["turn"] == 2 and state["phase"] == "turn"
