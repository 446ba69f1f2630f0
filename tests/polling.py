"""Waiting in tests for something another thread (or process) does: one helper for all folders.

``from polling import wait_until`` (tests/ is on the path through tests/conftest.py).
"""
import time


def wait_until(condition, timeout: float = 10.0, what: str = "the condition"):
    """Poll ``condition()`` until it is truthy and answer its value; AssertionError naming
    ``what`` if it is not within ``timeout`` s (generous: the test machine may be busy)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        time.sleep(0.01)
