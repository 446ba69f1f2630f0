"""``uno-companion bench latency`` runs the whole simulated table and prints its figures."""
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


def test_the_latency_benchmark_prints_median_p95_and_memory():
    result = subprocess.run([sys.executable, "-m", "companion", "bench", "latency", "--plays", "3",
                             "--phones", "2", "--speed", "5"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert "card still in the frames -> change on a page: " in result.stdout
    assert re.fullmatch(r"latency_median_ms=\d+ latency_p95_ms=\d+ rss_mb=\d+", result.stdout.splitlines()[-1])


def test_the_latency_benchmark_refuses_nonsense():
    result = subprocess.run([sys.executable, "-m", "companion", "bench", "latency", "--plays", "0"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
