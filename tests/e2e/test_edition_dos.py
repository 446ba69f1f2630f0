"""A whole DOS match (E7) at the simulated table: the centre row's piles under the camera
(rendered DOS faces, several piles side by side, sum matches fanned on a pile), the launcher
dealing and throwing the penalties, the ring on gpiozero mock pins, and a Chromium phone
showing the engine's scores."""
import json
from collections import Counter

import pytest

from companion.vision.row import RowWatcher
from test_matches import edition_table, replayed, shows_scores, watching_phone

pytestmark = pytest.mark.slow


def test_a_whole_dos_match_on_a_phone_shows_the_engines_scores(chromium):
    with edition_table("dos", 2, target=50) as table:
        assert table.state().setup.edition.name == "dos"
        assert isinstance(table.service.camera.watcher, RowWatcher)     # the camera watches the row
        page = watching_phone(chromium, table)
        table.play()
        engine, events = replayed(table, "dos")   # the log replays to the engine's state
        kinds = Counter(e["type"] for e in events)
        assert kinds["match"] and kinds["start_card"] >= 2 and kinds["pass"]
        assert any(len(e["cards"]) == 2 for e in events if e["type"] == "match")   # a sum match
        seen = table.service.camera.sightings
        assert any(s.pile is not None and len(s.cards) == 2 for s in seen)          # ... by the camera
        row_moves = sum(kinds[k] for k in ("play", "match", "start_card"))
        read = [s for s in seen if None not in s.cards]
        assert len(read) >= 0.9 * row_moves, (len(read), row_moves)   # nearly all seen, not typed in
        scores = list(engine.scores)
        assert max(scores) >= 50 and engine.match.over       # first to 50 points (S2)
        shows_scores(page, scores)
        page.context.close()


def test_demo_plays_a_dos_match_from_the_command_line(tmp_path):
    from test_demo_cli import QUICK, run

    log = tmp_path / "dos.jsonl"
    result = run("demo", "--edition", "dos", "--target", "50", "--seed", "3", "--players", "3",
                 "--log", str(log), *QUICK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("; edition dos (DOS: a centre row of piles, number and sum matches)")
    header = json.loads(log.read_text().splitlines()[0])
    assert header["deck"] == "dos" and header["options"]["dos"] is True
    state = json.loads(run("replay", str(log)).stdout)
    winner = next(line for line in lines if line.startswith("winner: "))
    assert state["match"]["over"] and winner.startswith(f"winner: {state['players'][state['match']['winner']]}; ")
    assert winner.endswith("scores " + ", ".join(f"{n} {s}" for n, s in zip(state["players"], state["scores"])))
    assert max(state["scores"]) >= 50
