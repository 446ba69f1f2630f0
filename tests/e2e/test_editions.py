"""A whole match of each edition the table plays (E3 UNO Junior at level 1 and level 2) at the
simulated table: the edition's deck under the camera (rendered Junior faces, draw1 too), the
launcher and the ring on gpiozero mock pins, and a Chromium phone showing the engine's scores."""
import json
from collections import Counter

import pytest

from companion.config import parse_config
from companion.engine.editions import EDITIONS
from companion.engine.log import read_log
from companion.simtable import Faults, SimulatedTable
from test_matches import NAMES, finished, watching_phone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("preset, edition, seed", [("junior-level1", "junior-level1", 3),
                                                   ("junior-level2", "junior", 4)])
def test_a_whole_junior_match_on_a_phone_shows_the_engines_scores(chromium, preset, edition, seed):
    deck = EDITIONS[edition].deck
    config = parse_config({"table": {"players": NAMES[:3], "preset": preset},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})
    with SimulatedTable(config, seed=seed, faults=Faults(hopper=deck.size), web=True, port=0) as table:
        assert table.state().setup.edition.name == edition
        page = watching_phone(chromium, table)
        table.play()
        finished(table)
        engine = table.service.loop.call(lambda game: game.engine.snapshot())
        text = table.service.loop.game_log()
        assert json.loads(text.splitlines()[0])["deck"] == deck.name
        assert read_log(text).snapshot() == engine          # the log replays to the engine's state
        played = Counter(json.loads(line).get("card") for line in text.splitlines()[1:])
        assert set(played) - {None} <= set(deck.names)      # only the edition's faces were seen
        if edition == "junior":
            assert any(card and card.endswith("draw1") for card in played)
            assert any((seen.card or "").endswith("draw1") for seen in table.service.camera.sightings)  # by the camera
        wins = list(engine.round_wins)
        assert max(wins) == 3 and engine.match.over          # the preset: first to 3 round wins
        page.wait_for_function(
            "scores => [...document.querySelectorAll('#players .score')].map(e => e.textContent)"
            ".join() === scores", arg=",".join(map(str, wins)), timeout=5000)
        page.context.close()
