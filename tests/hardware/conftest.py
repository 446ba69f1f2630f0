"""Shared by the hardware tests: the sizes table, and every part rendered once per run."""
import sys
from pathlib import Path

import pytest

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
sys.path.insert(0, str(HARDWARE))

import make_parts  # noqa: E402


@pytest.fixture(scope="session")
def sizes() -> dict:
    return make_parts.load_sizes()


@pytest.fixture(scope="session")
def rendered(tmp_path_factory) -> dict:
    """Every part of make_parts.PARTS rendered to STL: {"launcher-hopper": Render, ...}.

    Rendering fails the test on an OpenSCAD error or warning, or a solid that is not
    a closed manifold (OpenSCAD's "Simple: no").
    """
    if make_parts.shutil.which("openscad") is None:
        pytest.skip("needs OpenSCAD: install the Debian package `openscad`")
    out = tmp_path_factory.mktemp("stl")
    return {f"{model}-{part}": make_parts.render_part(model, part, out)
            for model, parts in make_parts.PARTS.items() for part in parts}


@pytest.fixture(scope="session")
def echoed(rendered) -> dict:
    """What each SCAD file echoed, by file: {"launcher": {...}, ...} (every part echoes the same)."""
    return {name.split("-")[0]: render.echoed for name, render in rendered.items()}

