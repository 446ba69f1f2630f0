"""The thin end-to-end path: config -> sim devices (MockFactory pins) + engine + loop + store + page."""
import pytest

from companion.engine import events as E
from companion.service.table import TableService
from companion.table import Happened

from polling import wait_until
from service_helpers import get_json, sim_config


def submit(table, event):
    return table.loop.submit(Happened(event, source="test")).result(5)


def state(table):
    return table.loop.latest.snapshot


def tap(table, name):
    table.devices["sim"].tap(name)


@pytest.fixture
def table(tmp_path):
    with TableService(sim_config(tmp_path), dealer=0, web_port=0, seed=3) as service:
        yield service


def test_the_ring_lights_the_turn_and_the_draw_button_throws_one_card(table):
    submit(table, E.StartCard("red-5"))
    assert table.ring.lights[1] == "on" and table.ring.lights[0] == "off"
    tap(table, "launcher_draw_button")
    wait_until(lambda: state(table)["phase"] == "drawn", what="the launcher's card reaching the engine")
    assert state(table)["hand_sizes"] == [7, 8, 7]
    tap(table, "seat1_button")                       # T3: keeps the drawn card, ends the turn
    wait_until(lambda: state(table)["turn"] == 2, what="the pass")
    assert table.ring.lights[2] == "on"


def test_a_misplay_blinks_beeps_and_the_launcher_throws_the_penalty(table):
    submit(table, E.StartCard("red-5"))
    submit(table, E.Play(1, "blue-7"))               # P1: wrong colour and number
    assert table.ring.lights[1] == "blink"
    wait_until(lambda: state(table)["hand_sizes"][1] == 9, what="the two penalty cards")
    assert not table.launcher.motor_running


def test_uno_call_and_catch_are_seat_buttons(table):
    submit(table, E.StartCard("red-5"))
    submit(table, E.Correction(1, 2))
    submit(table, E.Play(1, "red-6"))                # down to one card: the UNO window opens
    assert state(table)["uno_window"] == 1
    tap(table, "seat0_button")                       # someone else's button: caught
    wait_until(lambda: state(table)["hand_sizes"][1] == 3, what="the catch penalty")


def test_the_page_shows_what_the_engine_says(table):
    submit(table, E.StartCard("green-draw2"))
    wait_until(lambda: state(table)["hand_sizes"][1] == 9, what="the start card's draw2")
    page = get_json(table.web.url + "api/state")
    assert page["state"]["hand_sizes"] == state(table)["hand_sizes"]
    assert page["state"]["turn"] == state(table)["turn"] == 2


def test_a_restart_continues_the_match_with_the_lights_as_they_were(tmp_path):
    config = sim_config(tmp_path)
    with TableService(config, dealer=0, web=False) as first:
        submit(first, E.StartCard("red-5"))
        submit(first, E.Play(1, "red-skip"))
        before = state(first)
    with TableService(config, dealer=0, web=False) as second:
        after = state(second)
        assert second.ring.lights[0] == "on"         # seat 0's turn, lit again from game.prompt()
    for key in ("turn", "top_card", "hand_sizes", "events", "phase", "scores"):
        assert after[key] == before[key]


def test_launcher_none_leaves_dispensing_to_the_phone(tmp_path):
    with TableService(sim_config(tmp_path, launcher="none"), dealer=0, web=False) as table:
        assert table.launcher is None and table.ring is not None
        submit(table, E.StartCard("green-draw2"))
        assert state(table)["hand_sizes"] == [7, 7, 7]   # nobody threw the cards...
        submit(table, E.Draw(1, 2))                      # ...the host enters them
        assert state(table)["hand_sizes"][1] == 9


def test_stop_leaves_every_output_off(table):
    submit(table, E.StartCard("red-5"))
    table.launcher.dispense(50, 1)
    wait_until(lambda: table.launcher.motor_running, what="the motor starting")
    table.outputs_safe()
    assert not table.launcher.motor_running


def test_the_camera_plays_the_card_it_reads_and_asks_the_host_about_one_it_cannot(tmp_path):
    import random

    from companion.simtable import UnsureWatcher
    from companion.simtable.camera import SimCamera
    from companion.vision.recognise import Recogniser
    from companion.vision.watcher import DiscardWatcher
    recogniser = Recogniser()
    camera = SimCamera(seed=3, hands=False)
    with TableService(sim_config(tmp_path / "one"), dealer=0, web=False, camera=camera) as readable:
        camera.place("red-5")                            # D4: the start card, read by the camera
        wait_until(lambda: state(readable)["top_card"] == "red-5", what="the camera's start card")
    camera = SimCamera(seed=3, hands=False)
    every_reading_unsure = lambda: UnsureWatcher(DiscardWatcher(recogniser), 1.0, random.Random(1), [])  # noqa: E731
    with TableService(sim_config(tmp_path / "two"), dealer=0, web=False, camera=camera,
                      new_watcher=every_reading_unsure) as table:
        camera.place("blue-3")
        question = wait_until(lambda: state(table)["questions"], what="the host being asked")[0]
        assert question["kind"] == "card" and question["candidates"] == ["blue-3"]
        assert state(table)["top_card"] is None          # not guessed
        table.loop.submit(Happened(E.StartCard("blue-3"), answers=question["id"])).result(5)
        assert state(table)["top_card"] == "blue-3" and state(table)["questions"] == []


def test_at_round_end_a_hand_spread_under_the_camera_is_counted(tmp_path):
    from companion.simtable.camera import SimCamera
    camera = SimCamera(seed=3, hands=False)
    with TableService(sim_config(tmp_path), dealer=0, web=False, camera=camera) as table:
        for event in (E.StartCard("red-5"), E.Correction(1, 1), E.CallUno(1), E.Play(1, "red-7")):
            submit(table, event)
        assert state(table)["phase"] == "scoring"        # S1: seats 0 and 2 show their hands
        hand = ("green-5", "green-9", "red-skip", "red-1", "yellow-3", "wild", "blue-draw2")
        camera.spread(hand)
        wait_until(lambda: [a.seat for a in table.loop.call(lambda g: g.engine.prompt())] == [2],
                   what="seat 0's hand read by the camera")
        submit(table, E.RevealHand(2, ("blue-1",) * 7))   # the host types the other one in
        assert state(table)["scores"][1] == 5 + 9 + 20 + 1 + 3 + 50 + 20 + 7


def test_a_new_game_with_more_players_than_pods_throws_to_every_seat(table):
    """The Pi build wires six pods; a game of eight (D2 allows ten) still gets its cards: the
    launcher aims over the game's seats, and back over the pods' own angles for a smaller game."""
    from companion.table import NewGame, Setup
    pods = list(table.launcher.seat_angles)
    names = ("Ana", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal")
    table.loop.submit(NewGame(Setup(players=names, dealer=0), source="test")).result(5)
    submit(table, E.StartCard("red-5"))
    submit(table, E.Penalty(7, "social", 2))   # seat 7 has no pod: the launcher aims all the same
    wait_until(lambda: state(table)["hand_sizes"][7] == 9, what="two cards thrown to seat 7")
    assert len(table.launcher.seat_angles) == 8 and not table.launcher.motor_running
    table.loop.submit(NewGame(Setup(players=names[:3], dealer=0), source="test")).result(5)
    assert table.launcher.seat_angles == pods
