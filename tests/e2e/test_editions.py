"""A whole match of each edition the table plays (E3 UNO Junior at level 1 and level 2) at the
simulated table: the edition's deck under the camera (rendered Junior faces, draw1 too), the
launcher and the ring on gpiozero mock pins, and a Chromium phone showing the engine's scores."""
from collections import Counter

import pytest

from companion.engine.editions import EDITIONS
from test_matches import edition_table, replayed, shows_scores, watching_phone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("preset, edition, seed", [("junior-level1", "junior-level1", 3),
                                                   ("junior-level2", "junior", 4)])
def test_a_whole_junior_match_on_a_phone_shows_the_engines_scores(chromium, preset, edition, seed):
    deck = EDITIONS[edition].deck
    with edition_table(preset, seed) as table:
        assert table.state().setup.edition.name == edition
        page = watching_phone(chromium, table)
        table.play()
        engine, events = replayed(table, deck.name)   # the log replays to the engine's state
        played = Counter(event.get("card") for event in events)
        assert set(played) - {None} <= set(deck.names)      # only the edition's faces were seen
        if edition == "junior":
            assert any(card and card.endswith("draw1") for card in played)
            assert any((seen.card or "").endswith("draw1") for seen in table.service.camera.sightings)  # by the camera
        wins = list(engine.round_wins)
        assert max(wins) == 3 and engine.match.over          # the preset: first to 3 round wins
        shows_scores(page, wins)
        page.context.close()
