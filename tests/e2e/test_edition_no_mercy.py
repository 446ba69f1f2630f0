"""A whole E5 UNO Show 'em No Mercy match at the simulated table: its deck under the camera
(rendered No Mercy faces), the launcher throwing whole totals and colour roulettes card by
card on gpiozero mock pins, and a Chromium phone that shows a seat put out at 25 cards and
the engine's round wins."""
from collections import Counter

import pytest

from companion.engine.editions import EDITIONS
from test_matches import edition_table, replayed, shows_scores, watching_phone

pytestmark = pytest.mark.slow


def test_a_whole_no_mercy_match_on_a_phone_shows_the_mercy_rule_and_the_engines_scores(chromium):
    deck = EDITIONS["no-mercy"].deck
    with edition_table("no-mercy", 1, target_wins=1) as table:
        assert table.state().setup.edition.name == "no-mercy"
        page = watching_phone(chromium, table)
        eliminated = lambda: table.service.loop.call(lambda g: g.engine.flags.eliminated)  # noqa: E731
        while not eliminated():
            assert table.step(), "the match ended before a seat held 25 cards"
        page.wait_for_function("() => document.querySelector('#recent').textContent"
                               ".includes('out of the round')", timeout=5000)     # E5.7 on the phone
        table.play()
        engine, events = replayed(table, "no-mercy")   # the log replays to the engine's state
        played = Counter(event.get("card") for event in events)
        assert set(played) - {None} <= set(deck.names)      # only the edition's faces were seen
        seen = {sighting.card for sighting in table.service.camera.sightings}
        assert seen & {"wild-draw6", "wild-draw10", "wild-reverse-draw4", "wild-colour-roulette"}
        wins = list(engine.round_wins)
        assert max(wins) == 1 and engine.match.over          # the preset, to one round win (cheap)
        shows_scores(page, wins)
        page.context.close()
