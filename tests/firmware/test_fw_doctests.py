"""The examples in the firmware's docstrings run as written."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["protocol", "debounce", "ring", "launcher", "app"])
def test_docstring_examples(name):
    module = importlib.import_module(f"companion.firmware.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
