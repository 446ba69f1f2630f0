"""The examples in docs/engine.md and the engine's docstrings run as written."""
import doctest
from pathlib import Path

import pytest

import companion.engine as engine
from companion.engine import actions, cards, events, log, options, sim

ROOT = Path(__file__).resolve().parents[2]


def test_engine_md_examples_run():
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False)
    assert result.failed == 0 and result.attempted > 10


@pytest.mark.parametrize("module", [engine, actions, cards, events, log, options, sim])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
