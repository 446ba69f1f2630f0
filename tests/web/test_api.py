"""The JSON API over the real table loop: watching is open, changing needs the host."""
from web_helpers import HOST_TOKEN


def state(client):
    return client.get("/api/state").get_json()


def test_anyone_can_read_the_full_state(app):
    body = state(app.test_client())
    assert body["state"]["players"] == ["Ana", "Ben", "Cem"]
    assert body["state"]["top_card"] == "blue-7"
    assert body["view"]["turn"]["name"] == "Cem" and body["host"] is False


def test_a_viewer_cannot_change_anything(app, table):
    viewer = app.test_client()
    viewer.get("/")  # a real page visit: the viewer has a session and its CSRF token
    with viewer.session_transaction() as session:
        csrf = session["csrf"]
    before = table.latest
    for path, body in [("/api/events", {"event": {"type": "play", "seat": 2, "card": "blue-1"}}),
                       ("/api/undo", {}), ("/api/correct", {"card": "blue-1"}),
                       ("/api/setup", {"players": ["A", "B"], "start": True})]:
        response = viewer.post(path, json=body, headers={"X-CSRF-Token": csrf})
        assert response.status_code == 403
        assert "Only the host" in response.get_json()["error"]
    assert table.latest is before


def test_the_host_plays_an_event_and_undoes_it(host_client, table):
    before = table.latest.snapshot
    response = host_client.post("/api/events", json={"event": {"type": "play", "seat": 2, "card": "blue-skip"}})
    assert response.status_code == 200
    assert response.get_json()["view"]["recent"][0] == "Cem played blue skip – Ana is skipped"
    assert table.latest.snapshot["turn"] == 1
    assert host_client.post("/api/undo", json={}).status_code == 200
    assert table.latest.snapshot == before


def test_the_engine_refusal_is_a_409_with_its_reason_and_nothing_changes(host_client, table):
    before = table.latest
    response = host_client.post("/api/events", json={"event": {"type": "colour", "seat": 2, "colour": "red"}})
    assert response.status_code == 409
    assert "no colour to choose" in response.get_json()["error"]
    assert table.latest is before


def test_a_malformed_event_is_a_422_naming_the_problem(host_client):
    response = host_client.post("/api/events", json={"event": {"type": "play", "seat": "two", "card": "red-1"}})
    assert response.status_code == 422
    assert "seat must be a whole number" in response.get_json()["error"]


def test_a_misread_card_is_fixed(host_client, table):
    host_client.post("/api/events", json={"event": {"type": "play", "seat": 2, "card": "blue-6"}})
    response = host_client.post("/api/correct", json={"card": "blue-reverse"})
    assert response.status_code == 200
    assert table.latest.snapshot["top_card"] == "blue-reverse"


def test_the_round_result_can_be_typed_as_the_cards_left(host_client, table):
    for seat, card in [(2, "blue-1"), (0, "blue-2")]:
        host_client.post("/api/events", json={"event": {"type": "play", "seat": seat, "card": card}})
    host_client.post("/api/events", json={"event": {"type": "correction", "seat": 1, "hand_size": 1}})
    response = host_client.post("/api/events", json={"event": {"type": "play", "seat": 1, "card": "blue-9"}})
    assert table.latest.snapshot["phase"] == "scoring", response.get_json()
    result = {"type": "round_end", "points": ["red-8 blue-reverse wild", "0", "12"]}
    assert host_client.post("/api/events", json={"event": result}).status_code == 200
    assert table.latest.snapshot["scores"] == [0, 78 + 12, 0]  # S1 example: 8 + reverse + wild = 78
    rows = state(host_client)["view"]["rounds"]["rows"]
    assert rows == [{"round": 1, "points": [0, 90, 0], "totals": [0, 90, 0]}]
    host_client.post("/api/undo", json={})
    assert state(host_client)["view"]["rounds"]["rows"] == []  # the history follows the undo


def test_setup_changes_the_rules_of_the_next_game_only(host_client, table):
    setup = {"players": ["Dora", "Emil"], "dealer": 1, "mode": "classic", "language": "en",
             "options": {"target": 250, "uno_penalty": 1}}
    assert host_client.post("/api/setup", json=setup).get_json() == {"saved": True}
    assert table.latest.snapshot["players"] == ["Ana", "Ben", "Cem"]
    assert host_client.post("/api/setup", json={**setup, "start": True}).status_code == 200
    snapshot = table.latest.snapshot
    assert snapshot["players"] == ["Dora", "Emil"] and snapshot["match"]["target"] == 250
    assert snapshot["setup"]["options"]["uno_penalty"] == 1


def test_a_bad_rule_option_is_refused_with_its_name(host_client):
    response = host_client.post("/api/setup", json={"options": {"uno_penalty": 7}})
    assert response.status_code == 422 and "uno_penalty" in response.get_json()["error"]
    response = host_client.post("/api/setup", json={"options": {"seven_0": True}})
    assert response.status_code == 422 and "seven_0" in response.get_json()["error"]


def test_a_wrong_token_is_refused_and_guessing_is_rate_limited(app):
    client = app.test_client()
    for _ in range(5):
        response = client.post("/api/login", json={"token": "guess"})
        assert response.status_code == 403 and "wrong" in response.get_json()["error"]
    response = client.post("/api/login", json={"token": HOST_TOKEN})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0


def test_the_qr_link_logs_in_and_opens_setup(app):
    client = app.test_client()
    response = client.get(f"/host?token={HOST_TOKEN}")
    assert response.status_code == 303 and response.headers["Location"].endswith("/setup")
    assert client.get("/api/state").get_json()["host"] is True


def test_changes_need_the_csrf_token_and_this_sites_origin(host_client, table):
    before = table.latest
    body = {"event": {"type": "uno", "seat": 2}}
    response = host_client.post("/api/events", json=body, headers={"X-CSRF-Token": "forged"})
    assert response.status_code == 403 and "security token" in response.get_json()["error"]
    response = host_client.post("/api/events", json=body, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403 and "another site" in response.get_json()["error"]
    for forged in ("null", "ftp://localhost", "http://localhost.evil.example", "http://["):
        assert host_client.post("/api/events", json=body, headers={"Origin": forged}).status_code == 403
    assert table.latest is before
    ok = host_client.post("/api/events", json=body, headers={"Origin": "http://localhost"})
    assert ok.status_code == 200


def test_an_untrusted_host_name_is_refused_but_any_address_of_the_box_works(app):
    client = app.test_client()
    for host in ("attacker.example", "attacker.example:8000", "localhost.attacker.example", "[evil]"):
        response = client.get("/api/state", headers={"Host": host})
        assert response.status_code == 400, host
        assert "is not one of the companion's names" in response.get_json()["error"]
    for host in ("localhost:8000", "192.168.1.20:8000", "10.0.0.7", "[::1]:8000", "LOCALHOST"):
        assert client.get("/api/state", headers={"Host": host}).status_code == 200, host


def test_json_nested_too_deeply_is_a_clear_400(host_client):
    response = host_client.post("/api/events", data="[" * 7000 + "]" * 7000, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.get_json()["error"]


def test_a_huge_body_is_refused_before_it_is_read(host_client):
    response = host_client.post("/api/events", data="x" * 100_000, content_type="application/json")
    assert response.status_code == 413 and "too large" in response.get_json()["error"]


def test_the_game_log_is_json_lines(app):
    lines = app.test_client().get("/api/log").get_data(as_text=True).splitlines()
    assert '"format":"uno-companion-game-log"' in lines[0]
    assert lines[-1] == '{"type":"play","seat":1,"card":"blue-7"}'


def test_options_list_every_rule_with_its_id(app):
    catalog = app.test_client().get("/api/options").get_json()
    rules = {o["name"]: o["rule"] for g in catalog["groups"] for o in g["options"]}
    # an edition's options (E3 junior_level) come with the edition, chosen together
    editions = {name: e["rule"] for e in catalog["editions"] for name, value in e["options"].items()
                if value not in (None, False)}
    from companion.engine.option_info import OPTION_INFO
    assert rules["uno_penalty"] == "T5" and rules["seven_o"] == "H4" and editions["junior_level"] == "E3"
    assert set(rules) | set(editions) == set(OPTION_INFO) and not set(rules) & set(editions)
    assert {p["id"] for p in catalog["presets"]} >= {"official", "casual"}


def test_pages_forbid_framing_inline_scripts_and_referrers(app):
    headers = app.test_client().get("/").headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"


def test_a_question_is_answered_by_an_event_or_dismissed(host_client, table):
    from companion.table import Ask
    table.submit(Ask({"kind": "card", "seat": 2, "candidates": ["blue-6"]})).result(2)
    view = state(host_client)["view"]
    assert view["questions"][0]["text"] == "Which card did Cem play? The camera could not read it."
    stale = host_client.post("/api/events", json={"event": {"type": "play", "seat": 2, "card": "blue-6"},
                                                  "answers": 7})
    assert stale.status_code == 409 and "no open question 7" in stale.get_json()["error"]
    assert host_client.post("/api/dismiss", json={"question": 1}).status_code == 200
    assert host_client.post("/api/dismiss", json={"question": "1"}).status_code == 400
    assert state(host_client)["view"]["questions"] == []


def test_every_rule_option_and_group_has_a_label_in_words(app):
    catalog = app.test_client().get("/api/options").get_json()
    assert all(group["name"] != group["id"] for group in catalog["groups"])
    assert [o["name"] for g in catalog["groups"] for o in g["options"] if o["label"] == o["name"]] == []
