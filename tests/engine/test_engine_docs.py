"""The examples in docs/engine.md and the engine's docstrings run as written."""
import doctest
from pathlib import Path

import pytest

import companion.engine as engine
from companion.engine import actions, cards, events, log, options, sim, state

ROOT = Path(__file__).resolve().parents[2]


def test_engine_md_examples_run():
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False)
    assert result.failed == 0 and result.attempted > 10


@pytest.mark.parametrize("module", [engine, actions, cards, events, log, options, sim, state])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_rules_md_explains_every_rule_id_and_every_option():
    from companion.engine.option_info import OPTION_INFO
    import re
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    shared = ROOT.parent / "shared" / "RULES.md"
    ids = (re.findall(r"^- ([DTPSHVE]\d+) ", shared.read_text(encoding="utf-8"), re.M)
           if shared.exists() else [f"D{i}" for i in range(1, 6)] + [f"T{i}" for i in range(1, 8)])
    assert len(ids) > 20 or not shared.exists()
    for rule_id in ids:
        assert re.search(rf"\| {rule_id} \|", text), f"{rule_id} missing from docs/rules.md"
    for name in OPTION_INFO:
        assert f"`{name}`" in text, f"option {name} missing from docs/rules.md"


def test_game_log_md_example_replays():
    import re
    from companion.engine.log import read_log
    text = (ROOT / "docs" / "game-log.md").read_text(encoding="utf-8")
    example = re.search(r"## Example\n\n```json\n(.+?)```", text, re.S).group(1)
    game = read_log(example)
    state = game.snapshot()
    assert state["dealer"] == 1 and state["hand_sizes"] == [6, 9, 9] and state["top_card"] == "green-7"
    assert [a.type for a in game.prompt()] == ["turn"]
