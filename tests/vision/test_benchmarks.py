"""The vision benchmarks run and print their figures; the photo benchmark skips cleanly."""
import subprocess
import sys


def _bench(*args):
    return subprocess.run([sys.executable, "-m", "companion", "bench", *args], capture_output=True, text=True)


def test_bench_vision_prints_its_figures(tmp_path):
    result = _bench("vision", "--frames", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-2].startswith("vision_unchanged_ms=")
    assert lines[-1].startswith("vision_recognised_ms=")
    assert float(lines[-1].split("=")[1]) > 0


def test_bench_photos_skips_with_a_clear_message_without_the_photos(tmp_path):
    result = _bench("photos", "--photos", str(tmp_path / "no-photos-here"))
    assert result.returncode == 0
    assert result.stdout.startswith("skipped: no photo set at")
    assert "Traceback" not in result.stderr
