"""Every printed part renders as a closed solid, fits the bed, and the assembly places them all."""
import re
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "hardware"))
import make_parts  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "assembly.md"


def triangles(render) -> np.ndarray:
    import render_png
    return render_png.read_stl(render.stl)


def test_every_part_renders_to_a_closed_solid_that_fits_the_bed_and_stands_on_it(rendered, sizes):
    bed = sizes["print"]["bed"]
    for name, render in rendered.items():
        mesh = triangles(render)
        size = np.ptp(mesh.reshape(-1, 3), axis=0)
        assert all(s <= b for s, b in zip(size, bed)), f"{name} ({size.round(1)} mm) does not fit a {bed} bed"
        # it stands on a flat face: enough downward area at its lowest z
        low = mesh[..., 2].min()
        normals = np.cross(mesh[:, 1] - mesh[:, 0], mesh[:, 2] - mesh[:, 0])
        on_bed = (np.abs(mesh[..., 2] - low) < 1e-3).all(axis=1) & (normals[:, 2] < 0)
        assert np.linalg.norm(normals[on_bed], axis=1).sum() / 2 > 100, f"{name} has no face to stand on"


def test_no_part_needs_supports_in_its_print_orientation(rendered):
    """Faces looking down more steeply than 45 degrees, above the first layer, need support
    unless they are short bridges (a hole's or a slot's top): their area stays a few per cent
    of what stands on the bed. A part floating above the bed in places fails this at once."""
    for name, render in rendered.items():
        mesh = triangles(render)
        normals = np.cross(mesh[:, 1] - mesh[:, 0], mesh[:, 2] - mesh[:, 0])
        area = np.linalg.norm(normals, axis=1) / 2
        down = normals[:, 2] / np.maximum(2 * area, 1e-12)
        low = mesh[..., 2].min()
        on_bed = (np.abs(mesh[..., 2] - low) < 1e-3).all(axis=1) & (down < -0.99)
        hanging = (down < -0.707) & (mesh[..., 2].min(axis=1) > low + 0.3)
        assert area[hanging].sum() <= max(150, 0.05 * area[on_bed].sum()), \
            f"{name}: {area[hanging].sum():.0f} mm² hang over air as printed"


def test_a_broken_part_is_reported_with_its_file(tmp_path, monkeypatch, rendered):
    bad = tmp_path / "bad.scad"
    bad.write_text("cube(undefined_size);\n")
    monkeypatch.setattr(make_parts, "SCAD", tmp_path)
    with pytest.raises(make_parts.RenderError, match="bad.scad.*WARNING"):
        make_parts.render_part("bad", "x", tmp_path)


def test_generated_scad_sizes_are_fresh():
    assert make_parts.main(["--check"]) == 0, "run python hardware/make_parts.py"
    text = (ROOT / "hardware" / "scad" / "sizes.scad").read_text()
    assert "card_w = 56.0;" in text and "camera_sensor_mode = [1640, 1232];" in text


def test_assembly_places_every_part_but_the_pods_and_explodes_them_apart(rendered):
    placed = {p[1]: p for p in _places(0)}
    exploded = {p[1]: p for p in _places(1)}
    assert set(placed) == {name for name in rendered if not name.startswith("button_pod")}
    lid, hopper = placed["enclosure-lid"], placed["launcher-hopper"]
    assert hopper[4][2] > lid[4][2]                           # the launcher stands on the lid
    moved = [name for name in placed if exploded[name][4] != placed[name][4]]
    assert len(moved) == len(placed) - 1                      # all but the box move apart


def _places(explode):
    import render_png
    return [value for _, value in render_png._places(explode)]


def test_guide_shows_every_render_and_lists_every_part_with_its_file():
    guide = GUIDE.read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((img/[\w.-]+\.png)\)", guide)
    for picture in pictures:
        assert (ROOT / "docs" / picture).exists(), picture
    for model, parts in make_parts.PARTS.items():
        for part in parts:
            assert f"img/part-{model}-{part}.png" in pictures, f"no picture of {model} {part} in the guide"
            assert re.search(rf"\| `{model}` \| `{part}` \|", guide), f"{model} {part} missing in the print table"
    for view in ("assembly-front", "assembly-back", "assembly-top", "assembly-exploded"):
        assert f"img/{view}.png" in pictures
