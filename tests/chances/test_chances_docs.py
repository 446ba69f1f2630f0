"""The examples in the chances package's docstrings run as written."""
import doctest

import pytest

import companion.chances
import companion.chances.calibration
import companion.chances.inference
import companion.chances.wire
import companion.chances.worker


@pytest.mark.parametrize("module", [companion.chances, companion.chances.worker,
                                    companion.chances.calibration, companion.chances.inference,
                                    companion.chances.wire])
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
