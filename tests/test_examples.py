"""Every runnable example in a docstring of the project's modules stays true: they are the first
thing a reader of a module sees. Found by looking, so a module's new example cannot be missed."""
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"companion": ROOT / "companion", "companion.web": ROOT / "web"}


def modules_with_examples():
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            if ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(folder).with_suffix("").parts
            yield ".".join((package, *parts[:-1]) if parts[-1] == "__init__" else (package, *parts))


MODULES = list(modules_with_examples())


def test_the_examples_are_found():
    assert {"companion.engine.cards", "companion.vision.render", "companion.web.app"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run_as_written(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
