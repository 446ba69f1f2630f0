"""A whole E5 UNO Show 'em No Mercy match at the simulated table: its deck under the camera
(rendered No Mercy faces), the launcher throwing whole totals and colour roulettes card by
card on gpiozero mock pins, and a Chromium phone that shows a seat put out at 25 cards and
the engine's round wins."""
import json
from collections import Counter

import pytest

from companion.config import parse_config
from companion.engine.editions import EDITIONS
from companion.engine.log import read_log
from companion.simtable import Faults, SimulatedTable
from test_matches import NAMES, finished, watching_phone

pytestmark = pytest.mark.slow


def test_a_whole_no_mercy_match_on_a_phone_shows_the_mercy_rule_and_the_engines_scores(chromium):
    deck = EDITIONS["no-mercy"].deck
    config = parse_config({"table": {"players": NAMES[:3], "preset": "no-mercy"}, "rules": {"target_wins": 1},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": "127.0.0.1"}})
    with SimulatedTable(config, seed=1, faults=Faults(hopper=deck.size), web=True, port=0) as table:
        assert table.state().setup.edition.name == "no-mercy"
        page = watching_phone(chromium, table)
        eliminated = lambda: table.service.loop.call(lambda g: g.engine.flags.eliminated)  # noqa: E731
        while not eliminated():
            assert table.step(), "the match ended before a seat held 25 cards"
        page.wait_for_function("() => document.querySelector('#recent').textContent"
                               ".includes('out of the round')", timeout=5000)     # E5.7 on the phone
        table.play()
        finished(table)
        engine = table.service.loop.call(lambda game: game.engine.snapshot())
        text = table.service.loop.game_log()
        assert json.loads(text.splitlines()[0])["deck"] == "no-mercy"
        assert read_log(text).snapshot() == engine          # the log replays to the engine's state
        played = Counter(json.loads(line).get("card") for line in text.splitlines()[1:])
        assert set(played) - {None} <= set(deck.names)      # only the edition's faces were seen
        seen = {sighting.card for sighting in table.service.camera.sightings}
        assert seen & {"wild-draw6", "wild-draw10", "wild-reverse-draw4", "wild-colour-roulette"}
        wins = list(engine.round_wins)
        assert max(wins) == 1 and engine.match.over          # the preset, to one round win (cheap)
        page.wait_for_function(
            "scores => [...document.querySelectorAll('#players .score')].map(e => e.textContent)"
            ".join() === scores", arg=",".join(map(str, wins)), timeout=5000)
        page.context.close()
