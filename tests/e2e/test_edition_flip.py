"""A whole E4 UNO Flip match at the simulated table: both sides' rendered faces under the
camera (the players turn the discard pile over after each flip and the camera reads its new
top), the launcher and the ring on gpiozero mock pins, and a Chromium phone showing the
engine's scores and the side in play. Cheap: three players, the smallest target (50)."""
from collections import Counter

import pytest

from companion.engine.cards import FLIP_DECK
from test_matches import edition_table, replayed, shows_scores, watching_phone

pytestmark = pytest.mark.slow


def test_a_whole_flip_match_on_a_phone_shows_the_engines_scores_and_the_side(chromium):
    with edition_table("flip", 3, target=50) as table:
        assert table.state().setup.edition.name == "flip"
        page = watching_phone(chromium, table)
        table.play()
        engine, events = replayed(table, "flip")   # the log replays to the engine's state
        played = Counter(e.get("card") for e in events)
        assert set(played) - {None} <= set(FLIP_DECK.names)   # only Flip's faces, both sides
        assert any(e["type"] == "flip_top" for e in events)  # a flip turned the pile, read
        sides = {seen.side for seen in table.service.camera.sightings if seen.card}
        assert sides == {"light", "dark"}                   # the camera read both sides
        assert engine.match.over and max(engine.scores) >= 50
        shows_scores(page, engine.scores)
        side = "dark side" if engine.house.get("side") == "dark" else "light side"
        page.wait_for_function("text => !document.getElementById('side').hidden && "
                               "document.getElementById('side').textContent === text", arg=side, timeout=5000)
        page.context.close()
