"""The table's live win chances: never in the table's process, the newest event first, a
series that follows the game log through undo and the host's card fix, and a table that
plays on whatever happens to the worker process."""
import os
import signal
import threading

import pytest

import companion.chances.worker as worker_module
from chances_faults import MARK, dying, failing_once, gone, marking, noting_pid
from companion.chances import playout
from companion.config import parse_config
from companion.engine.events import event_from_json
from companion.errors import UserError
from companion.table import Correct, Happened, UndoLast, sample_loop
from companion.table.chances import ChancesConfig, TableChances
from polling import wait_until


class Estimates:
    """Every estimate the table publishes, and a way to wait for one of a given version."""

    def __init__(self, chances):
        self.seen, self._changed = [], threading.Condition()
        chances.subscribe(self._add)

    def _add(self, latest):
        with self._changed:
            self.seen.append(latest)
            self._changed.notify_all()

    def wait_for(self, version, timeout=30):
        with self._changed:
            assert self._changed.wait_for(lambda: any(c.version == version for c in self.seen), timeout)
            return next(c for c in self.seen if c.version == version)


@pytest.fixture
def table():
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.03), seed=3)
    estimates = Estimates(chances)
    chances.attach(loop)
    yield loop, chances, estimates
    chances.close()
    loop.stop()


def push(loop, observation):
    return loop.submit(observation).result(5)


def play(loop, **event):
    return push(loop, Happened(event_from_json(event)))


def test_no_playout_ever_runs_in_the_tables_process(monkeypatch):
    ours = []
    real = playout.play_round
    monkeypatch.setattr(playout, "play_round", lambda *a, **k: (ours.append(1), real(*a, **k))[1])
    monkeypatch.setattr(worker_module, "ESTIMATE", noting_pid)
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.03))
    estimates = Estimates(chances)
    chances.attach(loop)
    try:
        for event in ({"type": "play", "seat": 2, "card": "blue-draw2"}, {"type": "draw", "seat": 0, "count": 2}):
            estimates.wait_for(play(loop, **event).version)
        worker = chances.worker.pid
    finally:
        chances.close()
        loop.stop()
    played = [c for c in estimates.seen if c.estimate.playouts]
    assert played, "no playout ran at all"
    assert {c.estimate.extra["pid"] for c in played} == {worker} and worker != os.getpid()
    assert not ours   # the table's interpreter ran none


def test_a_newer_event_cancels_the_running_estimate():
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.5))   # far longer than two events take
    estimates = Estimates(chances)
    chances.attach(loop)
    try:
        play(loop, type="play", seat=2, card="blue-draw2")
        last = play(loop, type="draw", seat=0, count=2)
        latest = estimates.wait_for(last.version)
        # three states handed over (the one at hand, two events), one estimated to its end: the
        # running one stopped (or a waiting one replaced) as soon as a newer event came
        assert chances.worker.finished == 1
        assert [c.version for c in estimates.seen] == [last.version]   # nothing stale was published
        assert latest.estimate.cpu_s <= 0.7
    finally:
        chances.close()
        loop.stop()


def test_an_undo_and_a_card_fix_recompute_and_the_series_follows_the_log(table):
    loop, chances, estimates = table
    first = estimates.wait_for(loop.latest.version)
    played = estimates.wait_for(play(loop, type="play", seat=2, card="blue-draw2").version)
    drew = estimates.wait_for(play(loop, type="draw", seat=0, count=2).version)
    assert [p.step for p in drew.series] == [p.step for p in first.series] + [played.series[-1].step,
                                                                              drew.series[-1].step]
    undone = estimates.wait_for(push(loop, UndoLast()).version)
    assert [p.step for p in undone.series] == [p.step for p in played.series]
    assert undone.series[-1].round == tuple(undone.estimate.round)   # recomputed for this state
    fixed = estimates.wait_for(push(loop, Correct("blue-skip")).version)   # Cem's draw2 was a skip
    assert loop.latest.snapshot["pending_draw"] == 0
    assert len(fixed.series) == len(played.series) and fixed.series[-1].round == tuple(fixed.estimate.round)
    assert fixed.series[:-1] == played.series[:-1]   # the points before the fixed card stay
    assert fixed.version == chances.latest.version == loop.latest.version


def test_a_new_round_starts_a_new_series(table):
    loop, chances, estimates = table
    play(loop, type="correction", seat=1, hand_size=1)
    play(loop, type="play", seat=2, card="blue-1")
    play(loop, type="play", seat=0, card="blue-2")
    won = play(loop, type="play", seat=1, card="blue-9")
    assert estimates.wait_for(won.version).estimate.round == [0.0, 1.0, 0.0]  # decided: Ben won
    play(loop, type="round_end", points=[30, 0, 48])
    dealt = play(loop, type="deal")
    turned = estimates.wait_for(play(loop, type="start_card", card="red-3").version)
    assert turned.round_no == 2 == loop.latest.snapshot["round"]
    assert [p.step for p in turned.series] == [2]   # round 2: its deal and its start card
    assert dealt.version < turned.version


def test_the_budget_comes_from_the_config_with_a_typed_default():
    assert parse_config({}).chances.budget_s == 0.25
    assert parse_config({"chances": {"budget_s": 0.1}}).chances.budget_s == 0.1
    for wrong, message in ((0, "more than 0"), (9.0, "at most 2.0"), ("fast", "expected float")):
        with pytest.raises(UserError, match=rf"\[chances\] budget_s.*{message}"):
            parse_config({"chances": {"budget_s": wrong}})


def test_the_table_service_runs_the_chances_with_the_configured_budget():
    from companion.service.table import TableService
    config = parse_config({"table": {"players": ["Ana", "Ben"]}, "data": {"store": ":memory:"},
                           "web": {"host": "127.0.0.1"}, "chances": {"budget_s": 0.05}})
    with TableService(config, web_port=0, dealer=0) as service:
        assert service.chances.worker.budget_s == 0.05 and service.chances.worker.alive
        assert service.web.app.extensions["chances"] is service.chances
        worker = service.chances.worker
        pid = worker.pid
        assert pid != os.getpid() and not gone(pid)
    assert not worker.alive and gone(pid)   # stopped with the table: no process left behind


def test_an_estimate_that_fails_does_not_end_the_chances(monkeypatch, caplog):
    monkeypatch.setattr(worker_module, "ESTIMATE", failing_once)
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.03))
    estimates = Estimates(chances)
    chances.attach(loop)   # this estimate fails (a bug): reported, the process goes on
    try:
        wait_until(lambda: chances.worker.failures == 1, 60, "the failed estimate's report")
        later = play(loop, type="play", seat=2, card="blue-draw2")
        assert estimates.wait_for(later.version).estimate.playouts > 0 and chances.restarts == 0
        assert loop.latest.version == later.version   # the table itself never noticed
    finally:
        chances.close()
        loop.stop()
    assert "a chances estimate failed (RuntimeError: a bug in a playout)" in caplog.text


def test_a_killed_worker_process_is_replaced_and_the_table_never_noticed(tmp_path, monkeypatch):
    monkeypatch.setenv(MARK, str(tmp_path))
    monkeypatch.setattr(worker_module, "ESTIMATE", marking)
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.2))
    estimates = Estimates(chances)
    chances.attach(loop)
    try:
        wait_until(lambda: list(tmp_path.iterdir()), 60, "the first estimate's start")
        killed = chances.worker.pid
        os.kill(killed, signal.SIGKILL)   # mid-estimate: the OOM killer, a crash in C code
        later = play(loop, type="play", seat=2, card="blue-draw2")
        assert estimates.wait_for(later.version).estimate.extra["pid"] == chances.worker.pid != killed
        assert chances.restarts == 1 and not chances.off and loop.latest.version == later.version
    finally:
        chances.close()
        loop.stop()


def test_a_worker_process_that_keeps_dying_turns_the_chances_off_and_the_table_plays_on(monkeypatch):
    monkeypatch.setattr(worker_module, "ESTIMATE", dying)
    loop = sample_loop().start()
    chances = TableChances(ChancesConfig(budget_s=0.03)).attach(loop)
    try:
        wait_until(lambda: chances.off, 60, "the chances turning off")
        later = play(loop, type="play", seat=2, card="blue-draw2")
        assert loop.latest.version == later.version and chances.latest is None
    finally:
        chances.close()
        loop.stop()
