"""The chances' worker process: playouts outside the table's process, the newest state first,
and a process that never outlives the table nor takes it down when it dies."""
import logging
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import companion.chances.worker as worker_module
from chances_faults import MARK, dying, failing_once, gone, marking, noting_pid
from companion.chances import ChancesWorker, estimate, process
from companion.chances.record import table_view
from companion.chances.wire import pack, unpack
from companion.engine import Game, events as E
from companion.engine.options import RuleOptions
from companion.engine.phases import PLAYING
from companion.engine.sim import play_round
from polling import wait_until

TESTS = Path(__file__).resolve().parents[1]


def started(players=3):
    game = Game(players)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    return game


class Answers:
    """What the worker answers, and a way to wait for the n-th answer."""

    def __init__(self):
        self.seen, self._changed = [], threading.Condition()

    def __call__(self, generation, result):
        with self._changed:
            self.seen.append((generation, result))
            self._changed.notify_all()

    def wait(self, count=1, timeout=60):
        with self._changed:
            assert self._changed.wait_for(lambda: len(self.seen) >= count, timeout), "no estimate came"
            return self.seen[count - 1]


@pytest.fixture
def marks(tmp_path, monkeypatch):
    """Each estimate leaves a file here as it starts (the estimator is :func:`marking`)."""
    monkeypatch.setenv(MARK, str(tmp_path))
    monkeypatch.setattr(worker_module, "ESTIMATE", marking)
    return tmp_path


def _states():
    """Mid-round states of simulated rounds as a table tracks them, under several rule sets."""
    for seed, options in enumerate((None, RuleOptions(seven_o=True, jump_in=True, stack_mixed=True),
                                    RuleOptions(junior_level=2), RuleOptions(draw_until_playable=True))):
        full = Game(3, options, full_information=True, seed=seed)
        play_round(full, random.Random(seed).random)
        for step, (tracking, _full) in enumerate(table_view(full)):
            if step in (4, 15) and tracking.phase in PLAYING:
                yield tracking.copy()   # table_view goes on with the same game
        yield full


def test_a_state_reaches_the_worker_exactly_and_without_its_log():
    states = list(_states())
    assert len(states) >= 8
    game = started()
    assert unpack(pack(game)).log is None and len(game.log) == 2
    for game in states:
        twin = unpack(pack(game))
        assert twin.phase is game.phase and twin.deck is game.deck and twin.options == game.options
        assert [type(rule) for rule in twin.house] == [type(rule) for rule in game.house]
        ours = estimate(game, 60, random.Random(7), max_playouts=12, match=True)
        theirs = estimate(twin, 60, random.Random(7), max_playouts=12, match=True)
        assert (ours.round, ours.match, ours.playouts) == (theirs.round, theirs.match, theirs.playouts)


def test_a_dos_table_reaches_the_worker_in_each_of_its_own_phases(monkeypatch):
    """E7: DOS's phases (the centre row refilled, cards laid into it) are its own; the worker
    failed with KeyError on 'refill' whenever a DOS table had chances on."""
    from companion.engine.dos import DOS_RULES
    from companion.engine.dos.players import play_round as play_dos_round
    game = Game(3, DOS_RULES, full_information=True, seed=4)
    kind, seen = type(game), set()
    refill = kind.start_random

    def packed_then_refilled(self, random_):   # each time the row is refilled
        seen.add(self.phase)
        twin = unpack(pack(self))
        assert twin.phase is self.phase and twin.row == self.row and twin.sizes == self.sizes
        return refill(self, random_)
    monkeypatch.setattr(kind, "start_random", packed_then_refilled)
    play_dos_round(game, random.Random(4).random)
    assert "refill" in seen


def test_the_playouts_run_in_the_worker_process_not_the_tables(monkeypatch):
    monkeypatch.setattr(worker_module, "ESTIMATE", noting_pid)
    answers = Answers()
    worker = ChancesWorker(answers, budget_s=0.02)
    try:
        generation = worker.submit(started())
        answered, result = answers.wait()
        assert answered == generation and result.playouts > 0
        assert result.extra["pid"] == worker.pid != os.getpid()
        # scheduled after the table: a busy core serves the camera and the pages first
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, ours + process.NICENESS)
    finally:
        worker.close()


def test_a_newer_state_stops_the_running_estimate_at_its_next_playout(marks):
    answers = Answers()
    worker = ChancesWorker(answers, budget_s=60)   # the first estimate would take a minute
    try:
        game = started()
        first = worker.submit(game)
        wait_until(lambda: list(marks.iterdir()), 60, "the first estimate's start")
        worker.budget_s = 0.02
        game.apply(E.Play(seat=1, card="red-7"))
        second = worker.submit(game)
        generation, result = answers.wait(timeout=30)
        assert generation == second > first and result.cpu_s < 1
        assert worker.overtaken == 1 and worker.finished == 1 and answers.seen == [(second, result)]
    finally:
        worker.close()


def test_a_killed_worker_process_is_reported_once_and_a_new_one_answers(marks, caplog):
    answers = Answers()
    worker = ChancesWorker(answers, budget_s=0.2)
    try:
        generation = worker.submit(started())
        wait_until(lambda: list(marks.iterdir()), 60, "the estimate's start")
        killed = worker.pid
        os.kill(killed, signal.SIGKILL)   # mid-estimate
        answered, result = answers.wait()   # the state at hand, estimated by the new process
        assert answered == generation and result.extra["pid"] == worker.pid != killed
        assert worker.restarts == 1 and not worker.off and worker.alive and gone(killed)
    finally:
        worker.close()
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert lines == ["the chances' worker process stopped (killed by SIGKILL); a new one takes over"]


def test_an_estimate_that_fails_is_reported_and_the_next_state_is_estimated(monkeypatch, caplog):
    monkeypatch.setattr(worker_module, "ESTIMATE", failing_once)
    answers = Answers()
    worker = ChancesWorker(answers, budget_s=0.02)
    try:
        game = started()
        worker.submit(game)
        wait_until(lambda: worker.failures == 1, 60, "the failed estimate's report")
        game.apply(E.Play(seat=1, card="red-7"))
        later = worker.submit(game)
        assert answers.wait()[0] == later and worker.restarts == 0
    finally:
        worker.close()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        "a chances estimate failed (RuntimeError: a bug in a playout); the next event gets a new one"]


def test_a_worker_process_that_keeps_dying_turns_the_chances_off(monkeypatch, caplog):
    monkeypatch.setattr(worker_module, "ESTIMATE", dying)
    answers = Answers()
    worker = ChancesWorker(answers, budget_s=0.02)
    try:
        worker.submit(started())
        wait_until(lambda: worker.off, 60, "the chances turning off")
        assert worker.submit(started()) == 2   # the table may go on submitting: nothing happens
    finally:
        worker.close()
    assert answers.seen == [] and worker.restarts == worker_module.MAX_DEATHS - 1
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert lines[-1] == ("the live chances are off: their worker process stopped 3 times in a row "
                         "(exit code 3); the table goes on without them")
    assert len(lines) == worker_module.MAX_DEATHS


def test_close_ends_a_busy_worker_process_without_waiting_for_its_estimate(marks):
    worker = ChancesWorker(lambda generation, result: None, budget_s=60)
    worker.submit(started())
    wait_until(lambda: list(marks.iterdir()), 60, "the estimate's start")
    pid = worker.pid
    worker.close()   # a minute's estimate running: it stops at its next playout
    assert gone(pid) and not worker.alive


CRASHING_TABLE = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
import companion.chances.worker as worker_module
from chances_faults import marking
from companion.engine import Game, events as E
worker_module.ESTIMATE = marking
worker = worker_module.ChancesWorker(lambda generation, result: None, budget_s=60)
game = Game(3); game.apply(E.Deal(dealer=0)); game.apply(E.StartCard("red-5"))
worker.submit(game)
print(worker.pid, flush=True)
sys.stdin.readline()
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_table_process_that_crashes_leaves_no_worker_process_behind(tmp_path):
    environment = {**os.environ, MARK: str(tmp_path)}
    table = subprocess.Popen([sys.executable, "-c", CRASHING_TABLE, str(TESTS)], env=environment,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        pid = int(table.stdout.readline())
        wait_until(lambda: list(tmp_path.iterdir()), 60, "the estimate's start")
        table.stdin.write("\n")
        table.stdin.flush()
        assert table.wait(30) == -signal.SIGKILL
        wait_until(lambda: gone(pid), 10, "the orphaned worker's end")
        assert table.stderr.read() == ""   # no traceback from the worker either
    finally:
        if table.poll() is None:
            table.kill()
            table.wait(5)
