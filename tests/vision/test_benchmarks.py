"""The vision benchmarks run and print their figures; the photo benchmark skips cleanly."""
import subprocess
import sys

import cv2

from companion.vision.photos import half_of
from companion.vision.scene import Scene


def _bench(*args):
    return subprocess.run([sys.executable, "-m", "companion", "bench", *args], capture_output=True, text=True)


def test_bench_vision_prints_its_figures(tmp_path):
    result = _bench("vision", "--frames", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-2].startswith("vision_unchanged_ms=")
    assert lines[-1].startswith("vision_recognised_ms=")
    assert float(lines[-1].split("=")[1]) > 0
    # every figure also as a multiple of the fixed reference measured in the same run
    reference = float(next(line for line in lines if line.startswith("vision_reference_ms=")).split("=")[1])
    assert reference > 0
    recognised = next(line for line in lines if line.startswith("recognised frame"))
    ms, multiple = recognised.split(": ")[1].split(" ms (")
    assert abs(float(multiple.split("x)")[0]) - float(ms) / reference) < 0.1 + 0.01 * float(ms) / reference


def test_bench_photos_skips_with_a_clear_message_without_the_photos(tmp_path):
    result = _bench("photos", "--photos", str(tmp_path / "no-photos-here"))
    assert result.returncode == 0
    assert result.stdout.startswith("skipped: no photo set at")
    assert "Traceback" not in result.stderr


def test_bench_photos_measures_a_labelled_set_and_each_fixed_half(tmp_path):
    rows = ["file,card,source_repo,source_path"]
    for i, name in enumerate(("red-5", "blue-skip", "wild")):
        for j in range(4):
            table = Scene(seed=10 * i + j, card_height=300)
            table.random_place(name, spread=20)
            path = tmp_path / name / f"{j}.jpg"
            path.parent.mkdir(exist_ok=True)
            cv2.imwrite(str(path), table.frame())
            rows.append(f"{name}/{j}.jpg,{name},made,here")
    (tmp_path / "labels.csv").write_text("\n".join(rows) + "\n")
    measured = [row.split(",")[0] for row in rows[1:] if not row.split(",")[0].endswith("/0.jpg")]   # the first photo of each card teaches      # the first photo of each card teaches
    check = sum(half_of(f) == "check" for f in measured)
    assert 0 < check < len(measured)
    result = _bench("photos", "--photos", str(tmp_path), "--half", "check")
    assert result.returncode == 0, result.stderr
    assert "taught from 3 photos" in result.stdout
    assert f"== taught profile: {check} photos" in result.stdout
    assert f"== built-in profile (no teaching): {check} photos" in result.stdout
    assert "threshold  answered  exact-of-answered" in result.stdout
    assert "ms per photo scaled to 640x480, built-in profile, median: " in result.stdout
    assert "photos_reference_ms=" in result.stdout
    whole = _bench("photos", "--photos", str(tmp_path))
    assert whole.returncode == 0, whole.stderr
    assert f"== taught profile: {len(measured)} photos" in whole.stdout
    assert f"  development half ({len(measured) - check} photos): answered " in whole.stdout
    assert f"  check half ({check} photos): answered " in whole.stdout


def test_a_photo_stays_in_its_half_whatever_else_is_in_the_set():
    names = [f"deck/card-{i}/{i:04d}.jpg" for i in range(400)]
    halves = [half_of(name) for name in names]
    assert halves == [half_of(name) for name in reversed(names)][::-1]
    assert 160 < halves.count("check") < 240       # about half each


def test_bench_vision_tables_measures_an_edition_deck():
    result = _bench("vision", "--tables", "--deck", "junior", "--frames", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("== junior deck (49 faces), built-in profile")
    assert "tables_check_right=" in result.stdout and "tables_check_answered=" in result.stdout
