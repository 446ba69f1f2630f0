"""The live win chances over real HTTP on loopback: they reach the phones after each event,
only the host sees them unless the table chose otherwise (S5), and an undo recomputes them."""
import pytest

from chances_helpers import ChancesTable, Phone


@pytest.fixture
def chance_table():
    table = ChancesTable()
    yield table
    table.close()


def _numbers(chances):
    """The worker's own estimate as the page gets it (four decimals)."""
    estimate = chances.estimate
    return ([round(p, 4) for p in estimate.round], [round(p, 4) for p in estimate.match])


def test_after_an_event_the_host_gets_the_estimate_and_a_guest_gets_nothing(chance_table):
    host, guest = Phone(chance_table.port).host(), Phone(chance_table.port)
    host_stream, guest_stream = host.stream(), guest.stream()
    played = host.post("/api/events", {"event": {"type": "play", "seat": 2, "card": "blue-draw2"}})
    seen = host_stream.chances_for(played["version"])
    latest = chance_table.chances.latest
    assert latest.version == played["version"] and latest.estimate.playouts > 0
    assert seen["shown"] is True and seen["playouts"] == latest.estimate.playouts
    assert [p["name"] for p in seen["players"]] == ["Ana", "Ben", "Cem"]
    assert ([p["round"] for p in seen["players"]], [p["match"] for p in seen["players"]]) == _numbers(latest)
    assert abs(sum(p["round"] for p in seen["players"]) - 1) < 1e-3
    assert all(0 < p["match_se"] < 0.5 for p in seen["players"])
    hidden = guest_stream.chances_for(played["version"])
    assert hidden == {"version": played["version"], "shown": False}   # no number leaves the box
    assert guest.get("/api/chances") == hidden
    assert host.get("/api/chances")["players"] == seen["players"]
    host_stream.close(), guest_stream.close()


def test_when_the_table_shows_the_chances_every_phone_sees_them(chance_table):
    host, guest = Phone(chance_table.port).host(), Phone(chance_table.port)
    guest_stream = guest.stream()
    started = host.post("/api/setup", {"players": ["Ana", "Ben"], "dealer": 0, "start": True,
                                       "options": {"show_chances": True}})
    played = host.post("/api/events", {"event": {"type": "start_card", "card": "green-3"}})
    assert played["version"] == started["version"] + 1
    seen = guest_stream.chances_for(played["version"])
    assert seen["shown"] is True and [p["name"] for p in seen["players"]] == ["Ana", "Ben"]
    assert [p["round"] for p in seen["players"]] == _numbers(chance_table.chances.latest)[0]
    guest_stream.close()
    # and back off for the next match: the guest's numbers vanish again, the host keeps them
    host.post("/api/setup", {"players": ["Ana", "Ben"], "dealer": 0, "start": True})
    again = host.post("/api/events", {"event": {"type": "start_card", "card": "green-4"}})
    host_stream, guest_stream = host.stream(), guest.stream()
    assert guest_stream.chances_for(again["version"]) == {"version": again["version"], "shown": False}
    assert host_stream.chances_for(again["version"])["shown"] is True
    host_stream.close(), guest_stream.close()


def test_an_undo_recomputes_and_the_round_chart_loses_the_undone_event(chance_table):
    host = Phone(chance_table.port).host()
    stream = host.stream()
    before = stream.chances_for(chance_table.loop.latest.version)
    played = host.post("/api/events", {"event": {"type": "play", "seat": 2, "card": "blue-draw2"}})
    after_play = stream.chances_for(played["version"])
    assert len(after_play["series"]) == len(before["series"]) + 1
    assert after_play["series"][-1]["round"] == [p["round"] for p in after_play["players"]]
    undone = host.post("/api/undo", {})
    after_undo = stream.chances_for(undone["version"])
    assert after_undo["version"] == chance_table.chances.latest.version == undone["version"]
    assert after_undo["playouts"] > 0
    assert [point["step"] for point in after_undo["series"]] == [point["step"] for point in before["series"]]
    assert after_undo["series"][-1]["round"] == [p["round"] for p in after_undo["players"]]
    stream.close()


def test_the_setup_page_offers_the_choice_in_both_languages_off_by_default(app):
    phone = app.test_client()
    for language, group, label in (("en", "At the table", "Win chances on every phone"),
                                   ("de", "Am Tisch", "Gewinnchancen auf jedem Handy")):
        phone.get(f"/lang/{language}")
        groups = phone.get("/api/options").get_json()["groups"]
        option = next(o for g in groups if g["name"] == group for o in g["options"])
        assert (option["name"], option["label"], option["default"], option["kind"]) == (
            "show_chances", label, False, "toggle")
        assert option["supported"] and option["rule"] == "S5"
