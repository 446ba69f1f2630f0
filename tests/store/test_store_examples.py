"""The examples in the docstrings of the match database, the loop's recording of it and the
simulated camera run as written (they are the first thing a reader of a moved module sees)."""
import doctest
import importlib

import pytest

MODULES = ["companion.matchdb.database", "companion.service.recording", "companion.simtable.camera"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
