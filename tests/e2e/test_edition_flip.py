"""A whole E4 UNO Flip match at the simulated table: both sides' rendered faces under the
camera (the players turn the discard pile over after each flip and the camera reads its new
top), the launcher and the ring on gpiozero mock pins, and a Chromium phone showing the
engine's scores and the side in play. Cheap: three players, the smallest target (50)."""
import json
from collections import Counter

import pytest

from companion.config import parse_config
from companion.engine.cards import FLIP_DECK
from companion.engine.log import read_log
from companion.simtable import Faults, SimulatedTable
from test_matches import NAMES, finished, watching_phone

pytestmark = pytest.mark.slow


def test_a_whole_flip_match_on_a_phone_shows_the_engines_scores_and_the_side(chromium):
    config = parse_config({"table": {"players": NAMES[:3], "preset": "flip"}, "rules": {"target": 50},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})
    with SimulatedTable(config, seed=3, faults=Faults(hopper=FLIP_DECK.size), web=True, port=0) as table:
        assert table.state().setup.edition.name == "flip"
        page = watching_phone(chromium, table)
        table.play()
        finished(table)
        engine = table.service.loop.call(lambda game: game.engine.snapshot())
        text = table.service.loop.game_log()
        assert json.loads(text.splitlines()[0])["deck"] == "flip"
        assert read_log(text).snapshot() == engine          # the log replays to the engine's state
        events = [json.loads(line) for line in text.splitlines()[1:]]
        played = Counter(e.get("card") for e in events)
        assert set(played) - {None} <= set(FLIP_DECK.names)   # only Flip's faces, both sides
        assert any(e["type"] == "flip_top" for e in events)  # a flip turned the pile, read
        sides = {seen.side for seen in table.service.camera.sightings if seen.card}
        assert sides == {"light", "dark"}                   # the camera read both sides
        assert engine.match.over and max(engine.scores) >= 50
        page.wait_for_function(
            "scores => [...document.querySelectorAll('#players .score')].map(e => e.textContent)"
            ".join() === scores", arg=",".join(map(str, engine.scores)), timeout=5000)
        side = "dark side" if engine.house.get("side") == "dark" else "light side"
        page.wait_for_function("text => !document.getElementById('side').hidden && "
                               "document.getElementById('side').textContent === text", arg=side, timeout=5000)
        page.context.close()
