"""The monkey test: a random host on a phone-sized Chromium presses every control of the host
page at random moments while two more phones watch; once at the demo (virtual players play on,
the camera misreads now and then) and once at the table service with simulated devices.

CI: three seeds of 60 host actions at the demo and two of 60 at the service (300). A longer run:
``UNO_MONKEY_ACTIONS=2000 UNO_MONKEY_SERVICE_ACTIONS=2000 UNO_MONKEY_SEEDS=11,12,13 pytest tests/e2e/test_monkey.py -s``
(docs/web.md). A seed that once failed goes into REGRESSION_SEEDS.
"""
from __future__ import annotations

import os
import threading
import time
import traceback

import pytest

from companion.config import parse_config
from companion.simtable import Faults, SimulatedTable
from companion.service.table import TableService
from monkey import Monkey
from web_helpers import PHONE

pytestmark = pytest.mark.slow
ACTIONS = int(os.environ.get("UNO_MONKEY_ACTIONS", "60"))      # per seed at the demo
SERVICE_ACTIONS = int(os.environ.get("UNO_MONKEY_SERVICE_ACTIONS", "60"))
SEEDS = [int(s) for s in os.environ.get("UNO_MONKEY_SEEDS", "1,2,3").split(",")]
SERVICE_SEEDS = [5, 6]
# Seeds that once failed stay here, with what they found (the monkey's timing against the demo's
# players is not exact, so a seed shows a kind of fault, not one fixed event).
REGRESSION_SEEDS = {
    1: "a new game of 7+ players: the launcher has no aim angle for seat 9, the demo stalls (fix_launcher); "
       "later, dealt cards undone and dealt again: more counted than the deck, the start card from an "
       "empty pile (IndexError)",
    2: "a play entered by the host while a player's card lies under the camera: the player 'corrects' "
       "it again and again (the demo is stuck: Act(kind='correct', ...)); later, penalty cards owed while "
       "the seat names a colour: the draw button threw nothing (stuck: fix_launcher)",
    3: "the launcher deals 7+ players (Extreme): no aim angle for seat 6, the demo stalls at 'the launcher deals'",
}
NAMES = ["Ada", "Ben", "Cem", "Dana"]
DEMO_PLAYERS = (2, 10)  # D2; the demo seats beyond the ring's six buttons type on the phone
MISREADS = float(os.environ.get("UNO_MONKEY_MISREADS", "0.1"))  # share of camera readings made unsure


def config(store=":memory:"):
    return parse_config({"table": {"players": NAMES, "preset": "official"}, "rules": {"target": 150},
                         "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                         "data": {"store": store}, "web": {"host": "127.0.0.1"}})


class DemoRunner:
    """The demo's players act in their own thread, as `uno-companion demo` does; a crash is kept."""

    def __init__(self, table: SimulatedTable):
        self.table, self.crash, self.where, self.matches_over = table, None, "", 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        try:
            while not self.stop.is_set():
                if not self.table.step():  # the match is over: wait for the host's next game
                    self.stop.wait(0.2)
                time.sleep(0.01)  # leave the browsers some of the machine
        except Exception as error:  # the demo died: the test says how, with where
            self.crash = error
            self.where = "".join(traceback.format_exception(error))


def phones(chromium, url, token):
    contexts = [chromium.new_context(**PHONE) for _ in range(3)]
    host = contexts[0].new_page()
    host.goto(f"{url}/host?token={token}")
    viewers = [context.new_page() for context in contexts[1:]]
    viewers[0].goto(url)
    viewers[1].goto(url + "/history")
    for page in [host, *viewers]:
        page.wait_for_selector("#live.on", timeout=10000)
    return contexts, host, viewers


def check(monkey, started):
    print(f"\n{monkey.counted()} host actions in {time.monotonic() - started:.0f} s: {monkey.done}")
    assert monkey.server_errors == [], monkey.server_errors[:5]
    assert monkey.script_errors == [], monkey.script_errors[:5]
    assert monkey.late == [], monkey.late[:5]


@pytest.mark.parametrize("seed", sorted(set(SEEDS) | set(REGRESSION_SEEDS)))
def test_a_random_host_at_the_demo(chromium, seed):
    with SimulatedTable(config(), seed=seed, speed=0, faults=Faults(misreads=MISREADS), web=True, port=0) as table:
        url = table.service.web.url.replace("0.0.0.0", "127.0.0.1").rstrip("/")
        runner = DemoRunner(table)
        runner.thread.start()
        contexts, host, viewers = phones(chromium, url, table.service.web.host_token)
        monkey = Monkey(host, viewers, table.service.loop, table.service.web.host_token, seed, url,
                        players=DEMO_PLAYERS)
        started = time.monotonic()
        try:
            while monkey.counted() < ACTIONS:
                monkey.run(monkey.counted() + 1)
                assert runner.crash is None, f"the demo died: {runner.crash!r}\n{runner.where}"
            check(monkey, started)
            # the match at the table ends normally or moves on (never stuck)
            before = table.state()["events"]
            time.sleep(2)
            state = table.state()
            assert state["match"]["over"] or state["events"] != before or state["questions"], state["waiting_for"]
            assert runner.crash is None, f"the demo died: {runner.crash!r}\n{runner.where}"
        finally:
            runner.stop.set()
            runner.thread.join(10)
            for context in contexts:
                context.close()


@pytest.mark.parametrize("seed", SERVICE_SEEDS)
def test_a_random_host_at_the_table_service(chromium, tmp_path, seed):
    """`uno-companion run` with simulated devices: no virtual players, only the host's hand."""
    with TableService(config(str(tmp_path / "games.sqlite")), seed=seed, dealer=0, web_port=0) as service:
        url = service.web.url.replace("0.0.0.0", "127.0.0.1").rstrip("/")
        contexts, host, viewers = phones(chromium, url, service.web.host_token)
        monkey = Monkey(host, viewers, service.loop, service.web.host_token, seed, url)
        started = time.monotonic()
        try:
            monkey.run(SERVICE_ACTIONS)
            check(monkey, started)
            assert service.launcher is None or not service.launcher.motor_running
        finally:
            for context in contexts:
                context.close()
