"""A whole UNO All Wild (E6) match at the simulated table: every face rendered under the camera
(render_all_wild.py) and named by its symbol, the targets of a targeted draw two and a forced
swap named by the chosen seat's button on the ring, the launcher and the ring on gpiozero mock
pins, and a Chromium phone showing the engine's scores; ``demo --edition all-wild`` too."""
import json
import subprocess
import sys
from collections import Counter

import pytest

from companion.engine.editions import EDITIONS
from test_matches import edition_table, replayed, shows_scores, watching_phone

pytestmark = pytest.mark.slow
DECK = EDITIONS["all-wild"].deck
AIMED = {"all-wild-target-draw2", "all-wild-swap"}


def test_a_whole_all_wild_match_on_a_phone_shows_the_engines_scores(chromium):
    with edition_table("all-wild", 6, target=50) as table:
        assert table.state().setup.edition.name == "all-wild"
        page = watching_phone(chromium, table)
        table.play()
        engine, entries = replayed(table, "all-wild")   # the log replays to the engine's state
        played = Counter(entry.get("card") for entry in entries if entry["type"] == "play")
        assert set(played) <= set(DECK.names) and AIMED <= set(played)
        seen = Counter(sighting.card for sighting in table.service.camera.sightings)
        assert AIMED <= set(seen)                             # the camera named the aimed cards
        targets = [entry for entry in entries if entry["type"] == "target"]
        assert len(targets) >= sum(played[name] for name in AIMED) - 1   # a last swap names no one
        assert all(entry["target"] != entry["seat"] for entry in targets)
        scores = list(engine.scores)
        assert engine.match.over and max(scores) >= 50 and all(s % 10 == 0 for s in scores)  # 20s and 50s
        shows_scores(page, scores)
        page.context.close()


def test_demo_plays_a_whole_all_wild_match_from_the_command_line(tmp_path):
    log = tmp_path / "all-wild.jsonl"
    command = [sys.executable, "-m", "companion", "demo", "--edition", "all-wild", "--target", "50",
               "--seed", "6", "--players", "3", "--log", str(log), "--speed", "0", "--until-match-over",
               "--no-web"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("; edition all-wild (UNO All Wild: every card is wild)")
    header = json.loads(log.read_text().splitlines()[0])
    assert header["deck"] == "all-wild" and header["options"]["all_wild"] is True
    replay = subprocess.run([sys.executable, "-m", "companion", "replay", str(log)], capture_output=True,
                            text=True, timeout=120)
    state = json.loads(replay.stdout)
    winner = next(line for line in lines if line.startswith("winner: "))
    assert state["match"]["over"] and winner.startswith(f"winner: {state['players'][state['match']['winner']]}; ")
    assert winner.endswith("scores " + ", ".join(f"{n} {s}" for n, s in zip(state["players"], state["scores"])))
