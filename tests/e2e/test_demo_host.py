"""The host steps in while the demo plays: through the page's HTTP API on loopback, as a phone does.

Whatever the host does (a new game, a dealer named or drawn for, undo mid-turn, a corrected
card, a reopened match), the demo plays on, and the virtual players' cards agree with the
table's engine (the players' world follows the table's log, it is never a second truth).
"""
import http.client
import json
import threading
import time
from collections import Counter

import pytest

from companion.config import parse_config
from companion.engine.cards import CLASSIC_DECK
from companion.simtable import SimulatedTable

pytestmark = pytest.mark.slow
NAMES = ["Ada", "Ben", "Cem", "Dana", "Emil", "Fay"]


def config(players=3, **rules):
    return parse_config({"table": {"players": NAMES[:players]}, "rules": rules,
                         "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                         "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})


class Host:
    """The host's phone: signed in with the host token, posting JSON with the CSRF token."""

    def __init__(self, web):
        self.port = web.port
        status, body, headers = self._send("POST", "/api/login", {"token": web.host_token})
        assert status == 200, body
        self.headers = {"Content-Type": "application/json", "X-CSRF-Token": body["csrf"],
                        "Cookie": headers["Set-Cookie"].split(";")[0]}

    def _send(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        try:
            connection.request(method, path, None if body is None else json.dumps(body),
                               headers or {"Content-Type": "application/json"})
            response = connection.getresponse()
            text = response.read()
            return response.status, json.loads(text) if text else None, response.headers
        finally:
            connection.close()

    def post(self, path, body=None, phone=None):
        """Post as the host; with ``phone``, that phone shows the new state within a second."""
        status, answer, _ = self._send("POST", path, {} if body is None else body, self.headers)
        assert status < 500, (path, status, answer)
        if phone is not None and status == 200:
            assert phone.shows(answer["version"]), f"a phone missed version {answer['version']} of {path}"
        return status, answer

    def state(self):
        status, answer, _ = self._send("GET", "/api/state")
        assert status == 200
        return answer["state"]


class Phone:
    """A phone watching the live stream (server-sent events): the versions of the state it got."""

    def __init__(self, port):
        self.versions, self.closed = [0], False
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self._connection.request("GET", "/api/stream")
        self._response = self._connection.getresponse()
        assert self._response.status == 200
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for line in self._response:
                if line.startswith(b"data: "):
                    data = json.loads(line[6:])
                    if isinstance(data, dict) and "version" in data:
                        self.versions.append(data["version"])
        except Exception:
            pass
        self.closed = True

    def shows(self, version, within=1.0):
        """The phone has the state of ``version`` (or later) within ``within`` seconds."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if max(self.versions) >= version:
                return True
            time.sleep(0.01)
        return False

    def close(self):
        self._connection.close()


class Running:
    """The demo stepping on in a thread (as ``uno-companion demo`` does), until stopped."""

    def __init__(self, table):
        self.table, self.error, self.acts = table, None, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        try:
            while not self._stop.is_set() and self.table.step():
                self.acts += 1
        except Exception as error:  # the demo died: the test says how
            self.error = error

    def alive(self):
        assert self.error is None, f"the demo died: {self.error!r}"
        return self._thread.is_alive()

    def stop(self):
        self._stop.set()
        self._thread.join(60)
        assert self.error is None, f"the demo died: {self.error!r}"

    def halt(self):
        """Stop without judging (after a failed test: its own assertion says what went wrong)."""
        self._stop.set()
        self._thread.join(60)


def wait(predicate, running, timeout=60.0, what="the demo to play on"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        running.alive()
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}; the demo is at "
                         f"{running.table.state()['waiting_for']}")


def plays_on(table, running, events=40, what="the demo to play on"):
    """The demo makes ``events`` more events in this game (or the match ends)."""
    start = table.state()["events"]
    wait(lambda: table.state()["events"] >= start + events or table.state()["match"]["over"],
         running, what=what)


def hands_agree(table):
    """At rest, the virtual players hold exactly what the table's engine counts: every hand's
    size, every card the table knows of, and never more copies of a card than the deck has."""
    table.settle()
    table.sync()   # as before each act: the players' world from the table's engine
    engine = table.service.loop.call(lambda game: game.engine.copy())
    world = table.players.world
    assert table.players.problems(engine) == []
    assert list(world.sizes) == list(engine.sizes)
    assert [len(hand) for hand in world.hands] == list(engine.sizes)
    for held, known in zip(world.hands, engine.hands):
        assert not Counter(known) - Counter(held), (held, known)
    used = Counter(card for hand in world.hands for card in hand) + Counter(engine.discard)
    assert not used - Counter(CLASSIC_DECK.cards()), used - Counter(CLASSIC_DECK.cards())
    assert (world.phase, world.current, world.top) == (engine.phase, engine.current, engine.top)
    assert table.players.errors == []


@pytest.fixture
def demo():
    with SimulatedTable(config(4), seed=11, web=True, port=0) as table:
        running = Running(table)
        host = Host(table.service.web)
        host.phone = Phone(table.service.web.port)
        yield table, running, host
        running.halt()
        assert not host.phone.closed, "the phone's stream ended (the page would say reconnecting)"
        host.phone.close()


def test_a_new_game_with_house_rules_and_the_dealer_drawn_for_plays_on(demo):
    table, running, host = demo
    plays_on(table, running, 12)
    status, _ = host.post("/api/setup", {"players": NAMES[:5], "dealer": None, "start": True,
                                         "options": {"jump_in": True, "seven_o": True, "target": 150}},
                          phone=host.phone)
    assert status == 200
    assert host.state()["players"] == NAMES[:5]
    wait(lambda: table.state()["phase"] in ("turn", "drawn", "colour"), running,
         what="the players to draw for the dealer and deal")
    plays_on(table, running, 25)
    running.stop()
    hands_agree(table)
    assert table.state()["rules"].get("seven_o") and len(table.state()["players"]) == 5


def test_a_new_game_with_a_dealer_named_plays_on_and_lights_the_ring(demo):
    table, running, host = demo
    plays_on(table, running, 12)
    status, answer = host.post("/api/setup", {"players": NAMES[:2], "dealer": 1, "start": True},
                               phone=host.phone)
    assert status == 200, answer
    lights = table.service.ring.lights   # the old game's turn is not left lit: the dealer blinks
    assert [lights[seat] for seat in range(2, 6)] == ["off"] * 4 and lights[0] != "on", lights
    plays_on(table, running, 30)
    running.stop()
    hands_agree(table)


def test_undo_mid_turn_an_entered_event_and_a_corrected_card_do_not_split_the_players_from_the_table(demo):
    table, running, host = demo
    for _ in range(4):
        plays_on(table, running, 6)
        wait(lambda: table.state()["phase"] == "turn", running)
        for _ in range(1 + table.random.randrange(3)):
            status, answer = host.post("/api/undo", phone=host.phone)
            assert status in (200, 409), answer
    plays_on(table, running, 20)
    wait(lambda: table.state()["phase"] == "turn", running)
    seat = table.state()["turn"]   # the host counted a hand and enters its size
    status, answer = host.post("/api/events", {"event": {"type": "correction", "seat": seat, "hand_size": 3}},
                               phone=host.phone)
    assert status in (200, 409), answer
    corrected = 0
    while not corrected:   # the host fixes the last card played (a red 9, says the host)
        wait(lambda: table.state()["journal"] and table.state()["journal"][-1]["event"]["type"] == "play",
             running, what="a card played")
        status, answer = host.post("/api/correct", {"card": "red-9"}, phone=host.phone)
        assert status in (200, 409), answer
        corrected += status == 200
    plays_on(table, running, 30)
    running.stop()
    hands_agree(table)


def test_the_demo_camera_asks_nothing_about_its_own_frames_across_rounds(caplog):
    """A camera running on like a real one (30 frames/s, hands reaching in) over a round's end,
    its scoring and the next deal: no question to the host, no card seen when none is expected."""
    with SimulatedTable(config(2, target=500), seed=4, live_camera=True, web=False) as table:
        running = Running(table)
        try:
            wait(lambda: table.state()["round"] >= 2 and table.state()["phase"] not in
                 ("deal", "dealing", "start_card"), running, timeout=240, what="the second round")
        finally:
            running.halt()
        asked = [s.guess for s in table.service.camera.sightings if s.card is None]
        assert asked == [], f"the camera asked about its own frames: {asked}"
        stray = [r.getMessage() for r in caplog.records if "waits for no card" in r.getMessage()]
        assert stray == []
