"""The host's fixes say what they will change, in the table's words, and the last played card
can be fixed after draws came after it (in a moving game the last event is usually a draw)."""


def test_undo_and_card_fix_previews_come_from_the_table(host_client):
    fix = host_client.get("/api/state").get_json()["view"]["fix"]
    assert fix == {"undo": "Ben played blue 7", "card": "Ben played blue 7", "card_id": "blue-7"}


def test_the_last_played_card_is_fixed_even_after_a_draw(host_client):
    drew = host_client.post("/api/events", json={"event": {"type": "draw", "seat": 2, "count": 1}})
    assert drew.status_code == 200
    assert drew.get_json()["view"]["fix"]["undo"] == "Cem drew 1 card"
    fixed = host_client.post("/api/correct", json={"card": "blue-8"})
    assert fixed.status_code == 200, fixed.get_json()
    state = host_client.get("/api/state").get_json()
    assert state["state"]["top_card"] == "blue-8"
    assert state["view"]["recent"][:2] == ["Cem drew 1 card", "Ben played blue 8"]
    assert state["view"]["fix"]["card"] == "Ben played blue 8"


def test_a_fix_the_later_events_do_not_fit_changes_nothing(host_client):
    host_client.post("/api/events", json={"event": {"type": "draw", "seat": 2, "count": 1}})
    before = host_client.get("/api/state").get_json()["state"]
    refused = host_client.post("/api/correct", json={"card": "blue-skip"})  # Cem would not have drawn
    assert refused.status_code == 409 and "undo them first" in refused.get_json()["error"]
    assert host_client.get("/api/state").get_json()["state"] == before
