"""The examples in the docstrings of the web and table modules run as written."""
import doctest
import importlib

import pytest

MODULES = ["companion.web.sse", "companion.web.security", "companion.web.qr", "companion.web.app",
           "companion.web.server", "companion.table.game"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
