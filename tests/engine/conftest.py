"""The ``mode`` fixture: a rule test runs in tracking mode and with full information."""
import pytest

from engine_helpers import table


@pytest.fixture(params=["tracking", "full"])
def mode(request):
    """``mode(hands, ...)`` builds the table in that mode; ``mode.full`` says which."""
    def build(hands=None, **kwargs):
        return table(hands, full=request.param == "full", **kwargs)
    build.full = request.param == "full"
    return build
