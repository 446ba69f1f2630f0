"""The camera asks the host about a card it could not read: plainly, and answered with one tap."""
import http.client
import json
import random
from dataclasses import replace

from companion.engine import Game
from companion.service.camera import card_question
from companion.simtable import UnsureWatcher
from companion.simtable.camera import SimCamera
from companion.service.table import TableService

from polling import wait_until
from service_helpers import get_json, sim_config


def unsure_camera():
    """A simulated camera whose every reading is unsure (the host is asked each time)."""
    from companion.vision.recognise import Recogniser
    from companion.vision.watcher import DiscardWatcher
    recogniser = Recogniser()
    return SimCamera(seed=2), lambda: UnsureWatcher(DiscardWatcher(recogniser), 1.0, random.Random(1), [])


def host_post(port, path, body):
    """As the host page posts: signed in with the host token, the CSRF token in a header."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/api/login", json.dumps({"token": "test-token"}),
                       {"Content-Type": "application/json"})
    response = connection.getresponse()
    csrf, cookie = json.loads(response.read())["csrf"], response.headers["Set-Cookie"].split(";")[0]
    connection.request("POST", path, json.dumps(body),
                       {"Content-Type": "application/json", "X-CSRF-Token": csrf, "Cookie": cookie})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def test_an_unreadable_start_card_is_asked_in_plain_words_and_the_guess_answers_it(tmp_path):
    camera, watcher = unsure_camera()
    with TableService(sim_config(tmp_path), dealer=0, web_port=0, seed=3, camera=camera,
                      new_watcher=watcher, host_token="test-token") as table:
        camera.place("red-5")
        questions = wait_until(lambda: table.loop.latest.snapshot["questions"], timeout=30,
                               what="the camera's question")
        view = get_json(table.web.url + "api/state")["view"]["questions"][0]   # what every phone shows
        assert view["text"] == "Which card was turned up as the start card? The camera could not read it."
        assert [card["id"] for card in view["candidates"]] == ["red-5"]
        # the page's tap on the guess: a play with no seat, answering the question
        status, answer = host_post(table.web.port, "/api/events", {
            "event": {"type": "play", "seat": view["seat"], "card": "red-5"}, "answers": questions[0]["id"]})
        assert status == 200, answer
        state = table.loop.latest.snapshot
        assert state["top_card"] == "red-5" and state["questions"] == [] and state["phase"] == "turn"


def test_a_play_the_camera_cannot_read_names_the_seat_and_a_card_meaning_nothing_asks_nobody():
    state = Game(["Ana", "Ben", "Cem"]).snapshot()   # the engine's typed state, as the camera reads it
    question = card_question(replace(state, phase="turn", turn=1), "blue-7")
    assert question["answer"] == {"type": "play", "seat": 1} and "Ben" in question["text"]
    assert card_question(replace(state, phase="deal", turn=None), "blue-7") is None
    assert card_question(replace(state, phase="scoring", turn=None), None) is None
