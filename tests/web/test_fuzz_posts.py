"""Every POST, fuzzed: a refusal is a 4xx with a clear message, never a 500, and the game is unchanged."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.engine.events import EVENT_TYPES
from companion.engine.option_info import OPTION_INFO
from companion.web.app import create_app
from web_helpers import HOST_TOKEN

POSTS = ["/api/login", "/api/logout", "/api/events", "/api/correct", "/api/undo", "/api/setup", "/api/dismiss",
         "/api/matches/1/reopen"]
FIELDS = ["event", "card", "token", "answers", "question", "players", "dealer", "mode", "language", "options", "start",
          "type", "seat", "count", "target", "points", "colour", "hand_size", "reason", "cards"]

# Text that only looks like a number (str.isdigit() says yes, int() fails or takes long) and numbers
# far beyond any seat, count or seed: each must be refused as a 4xx, never a 500.
number_lookalikes = st.sampled_from(["²", "①", "٣", "１２", "9" * 4400, "9" * 40, " 7 ", "-3", "1e3", "0x1f",
                                     "00000000000000000000001", "⁹⁹"])
huge_numbers = st.sampled_from([10**4000, -10**4000, 2**63, 2**64 + 1, 10**300])
scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
           | st.text(max_size=30) | st.sampled_from(["red-5", "wild", "blue", "misplay", "Ana", "de"])
           | number_lookalikes | huge_numbers)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), inner, max_size=6),
                           max_leaves=25)
events = st.builds(lambda kind, fields: {"type": kind, **fields}, st.sampled_from(sorted(EVENT_TYPES)),
                   st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5))

FIELDS_OF = {kind: {f.name for f in __import__("dataclasses").fields(cls)} for kind, cls in EVENT_TYPES.items()}


def well_shaped(kind):
    """Events of the right shape with values the engine must judge (seat 9, count -1, purple-5...)."""
    import dataclasses
    values = {"int": st.integers(-2, 12) | st.sampled_from([10**9, -10**9]),
              "bool": st.booleans(),
              "str": st.sampled_from(["red-5", "blue-skip", "wild", "wild-draw4", "purple-5", "red",
                                      "misplay", "uno", "timer", ""]),
              "tuple": st.lists(st.integers(-1, 200) | st.sampled_from(["red-5", "wild", "x"]) | st.none()
                                | st.lists(st.sampled_from(["red-5", "blue-9"]), max_size=3), max_size=11)}
    fields = {}
    for field in dataclasses.fields(EVENT_TYPES[kind]):
        annotation = str(field.type).split(" ")[0].split("|")[0]
        fields[field.name] = values.get(annotation, values["int"])
    return st.fixed_dictionaries({"type": st.just(kind)}, optional=fields)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(points=st.lists(number_lookalikes | huge_numbers | st.integers(0, 200).map(str)
                       | st.text(alphabet=st.characters(categories=["Nd", "No"]), max_size=6), max_size=5),
       kind=st.sampled_from(["round_end", "draw", "correction", "penalty", "undo"]),
       number=number_lookalikes | huge_numbers)
def test_numbers_typed_or_sent_by_the_page_are_parsed_strictly(host_only, points, kind, number):
    """Round points typed as text, and every numeric field sent as a lookalike or a huge number."""
    table, (client, csrf) = host_only
    event = ({"type": "round_end", "points": points} if kind == "round_end"
             else {"type": kind, **{field: number for field in ("seat", "count", "hand_size") if field in FIELDS_OF[kind]}})
    for body in ({"event": event}, {"event": {"type": "pass", "seat": 0}, "answers": number}, {"question": number}):
        path = "/api/dismiss" if "question" in body else "/api/events"
        check(table, client, path, json.dumps(body), {"Content-Type": "application/json", "X-CSRF-Token": csrf})
    check(table, client, "/api/setup", json.dumps({"seed": number, "dealer": number}),
          {"Content-Type": "application/json", "X-CSRF-Token": csrf})


shaped_events = st.sampled_from(sorted(EVENT_TYPES)).flatmap(well_shaped)
setups = st.dictionaries(st.sampled_from(["players", "dealer", "mode", "language", "options", "start"]),
                         json_values | st.dictionaries(st.sampled_from(sorted(OPTION_INFO)), scalars, max_size=4),
                         max_size=6)
bodies = (json_values | st.builds(lambda e: {"event": e}, events) | setups
          | st.builds(lambda c: {"card": c}, json_values))
raw = st.one_of(bodies.map(json.dumps), st.text(max_size=200), st.just("x" * 20_000),
                st.just('{"event": ' * 400), st.integers(1, 7900).map(lambda n: "[" * n + "]" * n),
                st.integers(1, 5000).map(lambda n: '{"event": ' + "[" * n + "]" * n + "}"), st.binary(max_size=100).map(lambda b: b.decode("latin-1")))
headers = st.fixed_dictionaries({}, optional={
    "Origin": st.sampled_from(["http://localhost", "http://evil.example", "null", "", "http://localhost:1",
                               "http://[", "http://localhost@evil.example", "ftp://localhost"]) | st.text(max_size=20).filter(str.isprintable),
    "Host": st.sampled_from(["localhost", "evil.example", "localhost:8000", "127.0.0.1"]),
    "Content-Type": st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"]),
    "X-CSRF-Token": st.sampled_from(["", "forged"]),
})


def clients_for(table):
    app = create_app(table, host_token=HOST_TOKEN, trusted_hosts=["localhost", "127.0.0.1"])
    host, viewer = app.test_client(), app.test_client()
    csrf = host.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
    viewer.get("/")
    return {"host": (host, csrf), "viewer": (viewer, None), "stranger": (app.test_client(), None)}


@pytest.fixture(scope="module")
def fuzz_setup():
    from companion.table import sample_loop
    with sample_loop() as table:
        yield table, clients_for(table)


@pytest.fixture(scope="module")
def host_only():
    """A separate app whose host never logs out and whose address is never rate-limited."""
    from companion.table import sample_loop
    with sample_loop() as table:
        clients = clients_for(table)
        yield table, clients["host"]


def assert_still_host(client):
    assert client.get("/api/state").get_json()["host"] is True


STATUSES = {}


def check(table, client, path, data, headers):
    before = table.latest
    response = client.post(path, data=data, headers=headers)
    STATUSES[(path, response.status_code)] = STATUSES.get((path, response.status_code), 0) + 1
    if response.status_code == 200:
        return  # an honest command that happened to be valid
    assert 400 <= response.status_code < 500, (path, data[:200], response.get_data(as_text=True)[:300])
    message = response.get_json()["error"]
    assert isinstance(message, str) and 5 < len(message) < 400 and "Traceback" not in message
    if path not in ("/api/login", "/api/logout"):
        assert table.latest is before, "a refused command changed the game"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(POSTS), who=st.sampled_from(["host", "viewer", "stranger"]),
       data=raw, extra=headers, with_csrf=st.booleans())
def test_fuzzed_posts_never_crash_and_refusals_change_nothing(fuzz_setup, path, who, data, extra, with_csrf):
    table, clients = fuzz_setup
    client, csrf = clients[who]
    sent = {"Content-Type": "application/json", **extra}
    if with_csrf and csrf and "X-CSRF-Token" not in extra:
        sent["X-CSRF-Token"] = csrf
    check(table, client, path, data, sent)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(event=events)
def test_fuzzed_events_from_the_host_reach_the_engine_and_never_crash_it(host_only, event):
    table, (client, csrf) = host_only
    assert_still_host(client)
    check(table, client, "/api/events", json.dumps({"event": event}),
          {"Content-Type": "application/json", "X-CSRF-Token": csrf})


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(script=st.lists(shaped_events, min_size=1, max_size=8))
def test_well_shaped_event_sequences_are_judged_by_the_engine_never_crashing_it(host_only, script):
    table, (client, csrf) = host_only
    for event in script:
        check(table, client, "/api/events", json.dumps({"event": event}),
              {"Content-Type": "application/json", "X-CSRF-Token": csrf})


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(setup=setups)
def test_fuzzed_setups_are_refused_clearly(host_only, setup):
    table, (client, csrf) = host_only
    assert_still_host(client)
    setup.pop("start", None)  # starting a new game would be a legitimate change
    check(table, client, "/api/setup", json.dumps(setup), {"Content-Type": "application/json",
                                                            "X-CSRF-Token": csrf})


@pytest.fixture(scope="module")
def stored_matches(tmp_path_factory):
    """A table with a game store: finished, unfinished, current, damaged and older matches."""
    import sqlite3
    from match_fixtures import StoredTable
    table = StoredTable(tmp_path_factory.mktemp("fuzz") / "games.sqlite")
    store = table.keeper.store
    table.old = store.create_match({"format": "uno-companion-game-log", "version": 0, "players": ["Ana", "Ben"]})
    table.damaged = store.create_match({"format": "uno-companion-game-log", "version": 1, "players": ["X", "Y"]})
    store.set_current(table.current)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE matches SET header = '[1, 2' WHERE id = ?", (table.damaged,))
    app = create_app(table.loop, host_token=HOST_TOKEN, trusted_hosts=["localhost"], matches=table.archive)
    host = app.test_client()
    csrf = host.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
    yield table, app, host, csrf
    table.close()


match_ids = st.one_of(st.integers(-5, 12), st.sampled_from([2**63, 2**63 - 1, 10**30]),
                      st.text(max_size=12).filter(lambda t: "/" not in t and "?" not in t and "#" not in t))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(match=match_ids, data=raw, extra=headers, with_csrf=st.booleans())
def test_fuzzed_reopens_never_crash(stored_matches, match, data, extra, with_csrf):
    """Reopening any id with any body: a clear 4xx, or (an unfinished match) the table continues it."""
    table, app, host, csrf = stored_matches
    sent = {"Content-Type": "application/json", **extra}
    if with_csrf and "X-CSRF-Token" not in extra:
        sent["X-CSRF-Token"] = csrf
    from urllib.parse import quote
    check(table.loop, host, f"/api/matches/{quote(str(match))}/reopen", data, sent)
    assert_still_host(host)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(match=match_ids, kind=st.sampled_from(["/matches/{}", "/api/matches/{}", "/api/matches/{}/log"]),
       language=st.sampled_from(["de", "en"]))
def test_fuzzed_match_reads_never_crash(stored_matches, match, kind, language):
    from urllib.parse import quote
    table, app, host, csrf = stored_matches
    response = app.test_client().get(kind.format(quote(str(match))), headers={"Accept-Language": language})
    assert response.status_code in (200, 404, 409), (match, kind, response.get_data(as_text=True)[:300])
    body = response.get_data(as_text=True)
    assert "Traceback" not in body
    if response.status_code != 200 and kind.startswith("/api"):
        assert 5 < len(response.get_json()["error"]) < 400


def test_the_fuzzed_store_has_every_kind_of_match(stored_matches):
    table, app, host, csrf = stored_matches
    statuses = {match: app.test_client().get(f"/api/matches/{match}").status_code
                for match in (table.finished, table.old, table.damaged, 99)}
    assert statuses == {table.finished: 200, table.old: 409, table.damaged: 409, 99: 404}
    assert app.test_client().get("/api/matches").status_code == 200
