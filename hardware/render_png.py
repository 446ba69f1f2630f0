"""Draw the assembly and every part to PNG from their STLs (no display or GPU needed).

The bought parts (scad/vitamins.scad: Pi, servo, bearing, motors, button, deck) are drawn
grey in the assembled views.

OpenSCAD's own PNG export needs an X display; this draws the same STL triangles with
numpy and OpenCV instead: an orthographic view, flat shading, triangles painted far to
near (big ones cut into small ones first, so the order holds). Placements come from the
`place` lines hardware/scad/assembly.scad echoes.
"""
from __future__ import annotations

import math
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

import make_parts

COLOURS = {"box": (70, 110, 200), "lid": (90, 140, 225), "light_bar": (230, 230, 230),
           "plate": (160, 120, 90), "chassis": (40, 160, 230), "hopper": (60, 60, 220),
           "gate": (40, 200, 240), "deck_weight": (110, 110, 110), "idler": (20, 20, 20),
           "arm": (80, 170, 80), "pod": (235, 235, 235)}          # BGR
VIEWS = {"assembly-front": (150, 30), "assembly-back": (-30, 25), "assembly-top": (0, 89.9)}
SIZE, SCALE = (900, 700), 2


def read_stl(path: Path) -> np.ndarray:
    """Triangles of a binary or ASCII STL as an (n, 3, 3) array."""
    data = path.read_bytes()
    if data[:5] == b"solid" and b"facet" in data[:300]:
        numbers = [line.split()[1:] for line in data.decode().splitlines() if line.strip().startswith("vertex")]
        return np.array(numbers, dtype=float).reshape(-1, 3, 3)
    count = int.from_bytes(data[80:84], "little")
    records = np.frombuffer(data, dtype=np.dtype([("n", "<3f4"), ("v", "<9f4"), ("a", "<u2")]), count=count, offset=84)
    return records["v"].reshape(-1, 3, 3).astype(float)


def rotation(angles) -> np.ndarray:
    """OpenSCAD's rotate([x, y, z]): about x, then y, then z."""
    x, y, z = (math.radians(a) for a in angles)
    rx = np.array([[1, 0, 0], [0, math.cos(x), -math.sin(x)], [0, math.sin(x), math.cos(x)]])
    ry = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    rz = np.array([[math.cos(z), -math.sin(z), 0], [math.sin(z), math.cos(z), 0], [0, 0, 1]])
    return rz @ ry @ rx


def placed(triangles: np.ndarray, place: list) -> np.ndarray:
    """Print frame -> model frame -> local -> table, as assembly.scad's `at()` does."""
    _, _, print_rot, (local_t, local_r), where, about_z = place
    matrix = rotation([0, 0, about_z]) @ rotation(local_r) @ rotation(print_rot).T
    offset = rotation([0, 0, about_z]) @ np.array(local_t, dtype=float) + np.array(where, dtype=float)
    return triangles @ matrix.T + offset


def split_large(triangles: np.ndarray, limit: float) -> np.ndarray:
    """Cut triangles longer than `limit` into four, until none is (keeps painting order right)."""
    for _ in range(6):
        edges = np.linalg.norm(triangles - np.roll(triangles, 1, axis=1), axis=2).max(axis=1)
        big = edges > limit
        if not big.any():
            break
        a, b, c = (triangles[big][:, i] for i in range(3))
        ab, bc, ca = (a + b) / 2, (b + c) / 2, (c + a) / 2
        parts = np.stack([np.stack(t, axis=1) for t in ((a, ab, ca), (ab, b, bc), (ca, bc, c), (ab, bc, ca))])
        triangles = np.concatenate([triangles[~big], parts.reshape(-1, 3, 3)])
    return triangles


def draw(meshes: list[tuple[np.ndarray, tuple]], azimuth: float, elevation: float, path: Path) -> None:
    az, el = math.radians(azimuth), math.radians(elevation)
    forward = np.array([math.sin(az) * math.cos(el), math.cos(az) * math.cos(el), -math.sin(el)])  # looking along
    right = np.array([math.cos(az), -math.sin(az), 0.0])
    up = np.cross(right, forward)
    light = -forward * 0.6 + up * 0.5 + right * 0.3
    light /= np.linalg.norm(light)
    every = np.concatenate([m for m, _ in meshes]).reshape(-1, 3)
    span = max(np.ptp(every @ right), np.ptp(every @ up))
    limit = span / 25
    polys, depths, colours = [], [], []
    for triangles, colour in meshes:
        triangles = split_large(triangles, limit)
        normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
        lengths = np.linalg.norm(normals, axis=1)
        keep = lengths > 1e-9
        triangles, normals = triangles[keep], normals[keep] / lengths[keep, None]
        facing = normals @ forward < 0
        triangles, normals = triangles[facing], normals[facing]
        shade = 0.35 + 0.65 * np.clip(normals @ light, 0, 1)
        polys.append(np.stack([triangles @ right, triangles @ up], axis=2))
        depths.append((triangles @ forward).mean(axis=1))
        colours.append(shade[:, None] * np.array(colour, dtype=float)[None, :])
    polys, depths, colours = np.concatenate(polys), np.concatenate(depths), np.concatenate(colours)
    width, height = SIZE[0] * SCALE, SIZE[1] * SCALE
    span_x, span_y = np.ptp(polys[..., 0]), np.ptp(polys[..., 1])
    scale = 0.92 * min(width / span_x, height / span_y)
    mid_x = (polys[..., 0].max() + polys[..., 0].min()) / 2
    mid_y = (polys[..., 1].max() + polys[..., 1].min()) / 2
    pixels = np.empty_like(polys)
    pixels[..., 0] = width / 2 + (polys[..., 0] - mid_x) * scale
    pixels[..., 1] = height / 2 - (polys[..., 1] - mid_y) * scale
    pixels = np.round(pixels * 16).astype(np.int32)              # 4 bits of sub-pixel precision
    image = np.full((height, width, 3), 255, np.uint8)
    for index in np.argsort(-depths):                            # far first
        cv2.fillConvexPoly(image, pixels[index], colours[index].tolist(), cv2.LINE_AA, shift=4)
    image = cv2.resize(image, SIZE, interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(path), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])


def pictures(stl_dir: Path, out_dir: Path) -> list[tuple[Path, float]]:
    """Every view of the assembly, one exploded, and each part alone as printed."""
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    vitamins = stl_dir / "vitamins.stl"              # the bought parts, grey, in the assembled views
    make_parts.openscad(make_parts.SCAD / "vitamins.scad", vitamins, {})
    for explode in (0.0, 1.0):
        places = [value for key, value in _places(explode)]
        meshes = [(placed(read_stl(stl_dir / f"{p[1]}.stl"), p), COLOURS[p[0]]) for p in places]
        if explode == 0:
            meshes.append((read_stl(vitamins), (150, 150, 150)))
        views = VIEWS if explode == 0 else {"assembly-exploded": (-35, 20)}
        for name, (azimuth, elevation) in views.items():
            started = time.monotonic()
            path = out_dir / f"{name}.png"
            draw(meshes, azimuth, elevation, path)
            made.append((path, time.monotonic() - started))
    for model, parts in make_parts.PARTS.items():
        for part in parts:
            started = time.monotonic()
            path = out_dir / f"part-{model}-{part}.png"
            draw([(read_stl(stl_dir / f"{model}-{part}.stl"), COLOURS[part])], -30, 35, path)
            made.append((path, time.monotonic() - started))
    return made


def _places(explode: float):
    echoed = []
    with tempfile.TemporaryDirectory() as tmp:
        stderr, _ = make_parts.openscad(make_parts.SCAD / "assembly.scad", Path(tmp) / "a.csg", {"explode": explode})
    for line in stderr.splitlines():
        if line.startswith("ECHO: place = "):
            echoed.append(("place", make_parts._value(line[len("ECHO: place = "):])))
    return echoed
