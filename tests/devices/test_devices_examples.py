"""The runnable examples in the devices' docstrings stay true."""
import doctest
import importlib

import pytest

MODULES = ["companion.backends", "companion.backends.base", "companion.backends.sim"] + [
    f"companion.devices.{name}" for name in
    ("beeper", "debounce", "interface", "observations", "policies", "ring", "ring_logic", "safety")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
