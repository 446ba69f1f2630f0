"""The table loop with the real engine: one thread applies everything in order, nothing is lost."""
import json
import threading

import pytest

from companion.engine.events import event_from_json
from companion.engine.log import read_log
from companion.errors import UserError
from companion.table import (Correct, NewGame, Happened, Setup, TableGame, TableLoop, UndoLast,
                             sample_loop, setup_from_json)


def play(seat, card):
    return Happened(event_from_json({"type": "play", "seat": seat, "card": card}))


@pytest.fixture
def table():
    with sample_loop() as loop:
        yield loop


def test_every_subscriber_sees_every_step_in_order_with_growing_versions(table):
    seen = []
    table.subscribe(seen.append)
    first = table.latest.version
    table.submit(play(2, "blue-3")).result(2)
    table.submit(play(0, "green-3")).result(2)
    assert [update.version for update in seen] == [first + 1, first + 2]
    assert [update.snapshot["top_card"] for update in seen] == ["blue-3", "green-3"]
    assert table.latest is seen[-1]


def test_observations_from_many_threads_are_applied_one_at_a_time():
    loop = TableLoop(TableGame(Setup(players=("A", "B"), dealer=0))).start()
    loop.submit(Happened(event_from_json({"type": "start_card", "card": "red-1"}))).result(2)
    futures = []

    def caller():  # each thread calls UNO for seat 0 (always accepted) many times
        for _ in range(25):
            futures.append(loop.submit(Happened(event_from_json({"type": "uno", "seat": 0}))))

    threads = [threading.Thread(target=caller) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    versions = sorted(future.result(2).version for future in futures)
    loop.stop()
    assert versions == list(range(versions[0], versions[0] + 100))  # no step lost or doubled
    assert loop.latest.snapshot["events"] == 2 + 100


def test_a_refused_event_changes_nothing_and_the_caller_hears_why(table):
    before = table.latest
    future = table.submit(play(7, "red-5"))
    with pytest.raises(UserError, match="no seat 7"):
        future.result(2)
    assert table.latest is before


def test_undo_restores_the_previous_state_exactly(table):
    before = table.latest.snapshot
    table.submit(play(2, "blue-draw2")).result(2)
    assert table.latest.snapshot["pending_draw"] == 2
    update = table.submit(UndoLast()).result(2)
    assert update.kind == "undo" and update.snapshot == before


def test_a_misread_card_is_corrected_in_place(table):
    table.submit(play(2, "blue-5")).result(2)
    update = table.submit(Correct("blue-reverse")).result(2)
    assert update.snapshot["top_card"] == "blue-reverse"
    assert update.snapshot["direction"] == "counter-clockwise"
    assert update.snapshot["journal"][-1]["event"] == {"type": "play", "seat": 2, "card": "blue-reverse"}


def test_correcting_to_a_non_card_keeps_the_original_play(table):
    table.submit(play(2, "blue-5")).result(2)
    before = table.latest
    with pytest.raises(UserError, match="not a card"):
        table.submit(Correct("purple-5")).result(2)
    assert table.latest is before
    assert json.loads(table.game_log().splitlines()[-1]) == {"type": "play", "seat": 2, "card": "blue-5"}


def test_the_engine_actions_reach_the_adapters(table):
    carried_out = []
    table.add_adapter(carried_out.append)
    table.submit(play(2, "blue-draw2")).result(2)
    dispense = [a for a in carried_out[-1] if a.type == "dispense"]
    assert [(a.seat, a.count) for a in dispense] == [(0, 2)]


def test_a_broken_listener_does_not_stop_the_table(table):
    def broken(update):
        raise RuntimeError("listener bug")
    table.subscribe(broken)
    table.submit(play(2, "blue-1")).result(2)
    assert table.submit(play(0, "blue-2")).result(2).snapshot["top_card"] == "blue-2"


def test_a_new_game_uses_the_new_setup(table):
    setup = setup_from_json({"players": ["X", "Y"], "dealer": 1, "options": {"target": 250}})
    update = table.submit(NewGame(setup)).result(2)
    assert update.snapshot["players"] == ["X", "Y"]
    assert update.snapshot["match"]["target"] == 250 and update.snapshot["dealer"] == 1


def test_the_game_log_replays_to_the_same_state(table):
    table.submit(play(2, "blue-draw2")).result(2)
    replayed = read_log(table.game_log()).snapshot()
    ours = table.latest.snapshot
    assert replayed == {key: ours[key] for key in replayed}


def test_a_store_hook_sees_every_event_first_and_its_record_replays_exactly():
    """What a game store needs: each event before it is applied, undo and fixes included."""
    from companion.engine.game import Game
    recorded, refusals = [], []
    loop = TableLoop(before_apply=lambda game, event: recorded.append(event.to_json()),
                     refused=lambda game, event, error: refusals.append(event.to_json()))
    with loop:
        setup = setup_from_json({"players": ["A", "B", "C"], "dealer": 0})
        loop.submit(NewGame(setup)).result(2)
        loop.submit(Happened(event_from_json({"type": "start_card", "card": "red-5"}))).result(2)
        loop.submit(play(1, "red-7")).result(2)
        loop.submit(Correct("red-skip")).result(2)
        loop.submit(play(0, "red-2")).result(2)
        loop.submit(UndoLast()).result(2)
        with pytest.raises(UserError):
            loop.submit(play(9, "red-2")).result(2)
    assert [e["type"] for e in recorded] == ["deal", "start_card", "play", "undo", "play", "play",
                                             "undo", "play"]
    assert refusals == [{"type": "play", "seat": 9, "card": "red-2"}]
    replayed = Game(["A", "B", "C"])
    for event in recorded[:-1]:  # the refused one is the store's to drop
        replayed.apply(event_from_json(event))
    assert replayed.snapshot() == {k: loop.latest.snapshot[k] for k in replayed.snapshot()}


def test_a_stopped_table_refuses_at_once_instead_of_leaving_the_caller_waiting():
    loop = sample_loop().start()
    loop.stop()
    with pytest.raises(UserError, match="not running"):
        loop.submit(UndoLast()).result(timeout=1)


def test_call_reads_the_game_on_the_loop_thread_between_steps(table):
    seen = table.call(lambda game: (threading.current_thread().name, game.engine.snapshot()["top_card"]))
    assert seen == ("table-loop", "blue-7")


def test_an_unsure_source_asks_the_host_and_the_answering_event_closes_the_question(table):
    from companion.table import Ask, Dismiss
    asked = table.submit(Ask({"kind": "card", "seat": 2, "candidates": ["blue-5", "blue-6"]})).result(2)
    question = asked.snapshot["questions"][0]
    assert question["id"] == 1 and question["candidates"] == ["blue-5", "blue-6"]
    with pytest.raises(UserError, match="no seat 9"):  # a refused answer leaves the question open
        table.submit(Happened(event_from_json({"type": "play", "seat": 9, "card": "blue-5"}), answers=1)).result(2)
    assert table.latest.snapshot["questions"] == [question]
    answered = table.submit(Happened(event_from_json({"type": "play", "seat": 2, "card": "blue-6"}), answers=1)).result(2)
    assert answered.snapshot["questions"] == [] and answered.snapshot["top_card"] == "blue-6"
    with pytest.raises(UserError, match="no open question 1"):
        table.submit(Dismiss(1)).result(2)
    table.submit(Ask({"kind": "card", "seat": 0})).result(2)
    assert table.submit(Dismiss(2)).result(2).snapshot["questions"] == []
