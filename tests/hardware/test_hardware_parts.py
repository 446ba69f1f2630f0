"""The printable parts render with OpenSCAD, and their key sizes fit an UNO card.

Each model echo()es the sizes it computed; the rendered STL's bounding box checks
that the geometry really is that size.
"""
import json
import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SCAD = Path(__file__).resolve().parents[2] / "hardware" / "scad"
MODELS = ["launcher_hopper", "turntable", "camera_arm", "button_pod"]
CARD_W, CARD_L = 56, 87


def render(model: str, out_dir: Path, *defines: str) -> tuple[dict, list[float], list[float]]:
    """Render to ASCII STL; return the echoed values and the bounding box (min, max)."""
    if shutil.which("openscad") is None:
        pytest.skip("needs OpenSCAD: install the Debian package `openscad`")
    stl = out_dir / f"{model}.stl"
    args = [arg for define in defines for arg in ("-D", define)]
    result = subprocess.run(["openscad", *args, "--export-format", "asciistl", "-o", str(stl),
                             str(SCAD / f"{model}.scad")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr, result.stderr   # e.g. an unknown variable
    assert "Simple: no" not in re.sub(r"\s+", " ", result.stderr), "geometry is not manifold"
    echoed = {}
    for line in result.stderr.splitlines():
        if line.startswith("ECHO: "):
            for name, value in re.findall(r"(\w+) = (\[[^\]]*\]|[^,]+)", line[6:]):
                echoed[name] = json.loads(value)
    vertices = [list(map(float, line.split()[1:])) for line in stl.read_text().splitlines()
                if line.strip().startswith("vertex")]
    assert vertices, f"{model}: empty STL"
    low = [min(v[axis] for v in vertices) for axis in range(3)]
    high = [max(v[axis] for v in vertices) for axis in range(3)]
    return echoed, low, high


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    out = tmp_path_factory.mktemp("stl")
    return {model: render(model, out) for model in MODELS}


def size(part) -> list[float]:
    _, low, high = part
    return [h - lo for lo, h in zip(low, high)]


def test_hopper_holds_a_full_deck_loosely_but_square(parts):
    echoed, _, _ = parts["launcher_hopper"]
    width, length, height = echoed["hopper_inner"]
    assert CARD_W + 1 <= width <= CARD_W + 4
    assert CARD_L + 1 <= length <= CARD_L + 4
    assert echoed["stack_h"] == pytest.approx(108 * 0.30)
    assert height >= echoed["stack_h"] + 5
    assert size(parts["launcher_hopper"])[2] >= height


def test_gate_can_be_set_to_pass_one_card_but_not_two(parts):
    echoed, _, _ = parts["launcher_hopper"]
    low, high = echoed["gate_travel"]
    assert low <= 0.30 < 2 * 0.30 <= high
    assert 0.3 <= echoed["wheel_above_floor"] <= 2


def test_exit_sensor_beam_is_broken_by_every_card_and_the_card_fits_its_gap(parts):
    echoed, _, _ = parts["launcher_hopper"]
    # The card may drift sideways by the clearance; its edge must still cross the beam.
    assert 0 < echoed["sensor_beam_x"] < echoed["card_edge_min_x"] - 1
    below, above = echoed["sensor_gap_above_floor"]
    assert below < 0 and above > 2 * 0.30


def test_turntable_plate_carries_the_hopper_and_turns_free_of_its_rim(parts):
    echoed, _, _ = parts["turntable"]
    assert echoed["plate_d"] / 2 >= echoed["hopper_bolt_radius"] + 4
    assert echoed["rim_top"] < echoed["plate_z"]
    pocket = echoed["servo_pocket"]
    assert pocket[0] > 22.5 and pocket[1] > 12.2       # an SG90 body drops in
    assert min(size(parts["turntable"])[:2]) >= echoed["plate_d"]


def lens_height(part) -> float:
    """Where the printed arm really holds the lens: its top, less the plate and the camera."""
    echoed, _, high = part
    return high[2] - echoed["plate_t"] - echoed["lens_below_plate"]


def test_camera_arm_holds_the_lens_at_the_computed_height(parts):
    echoed, _, _ = parts["camera_arm"]
    assert lens_height(parts["camera_arm"]) == pytest.approx(echoed["camera_height"], abs=0.01)


def test_camera_sees_a_card_at_any_angle_in_a_640x480_frame(parts):
    echoed, _, _ = parts["camera_arm"]
    height = lens_height(parts["camera_arm"])
    seen_480 = 2 * height * math.tan(math.radians(echoed["vfov"] / 2))   # mm across the 480 px side
    seen_640 = 2 * height * math.tan(math.radians(echoed["hfov"] / 2))
    diagonal = math.hypot(CARD_W, CARD_L)
    assert seen_480 >= diagonal + 20 and seen_640 >= seen_480       # any rotation, with room to land
    assert CARD_W * 480 / seen_480 >= 150                            # enough pixels to read the card
    assert echoed["reach"] - seen_480 / 2 > echoed["foot_front"]    # foot and post out of the picture


def test_button_pod_fits_the_button_under_its_panel(parts):
    echoed, _, _ = parts["button_pod"]
    assert echoed["button_hole_d"] in (24, 30)
    assert echoed["room_under_panel"] >= echoed["button_depth"]
    width, depth, height = size(parts["button_pod"])
    assert [width, depth] == pytest.approx(echoed["pod_footprint"])
    assert height > echoed["button_depth"]


def test_a_smaller_deck_makes_a_lower_hopper(parts, tmp_path):
    full, _, _ = parts["launcher_hopper"]
    half, _, _ = render("launcher_hopper", tmp_path, "deck_cards=54")
    assert full["hopper_inner"][2] - half["hopper_inner"][2] == pytest.approx(54 * 0.30)


def test_assembly_guide_quotes_the_computed_camera_height(parts):
    echoed, _, _ = parts["camera_arm"]
    guide = (SCAD.parents[1] / "docs" / "assembly.md").read_text(encoding="utf-8")
    assert f"OpenSCAD computes {round(echoed['camera_height'])} mm" in re.sub(r"\s+", " ", guide)


def test_assembly_guide_lists_every_model_with_parts_it_really_has():
    guide = (SCAD.parents[1] / "docs" / "assembly.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)\.scad` \| ([^|]+) \|", guide, re.MULTILINE)
    assert sorted(model for model, _ in rows) == sorted(MODELS)
    for model, parts in rows:
        source = (SCAD / f"{model}.scad").read_text(encoding="utf-8")
        for part in re.findall(r"`(\w+)`", parts):
            assert f'part == "{part}"' in source, f"{model}.scad has no part '{part}'"
