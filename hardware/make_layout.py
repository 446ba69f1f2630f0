"""Draw the table layout (table_layout.svg) from hardware/sizes.toml.

    python hardware/make_layout.py           # rewrite hardware/table_layout.svg
    python hardware/make_layout.py --check   # exit 1 if it is stale

Box in the middle, the launcher's throw sector in front (seat 0 at -aim_range, the last
seat at +aim_range), each seat's landing area and pod, and the discard zone behind the box
under the camera, where no throw goes. Plan view, 1 px = 1 mm / scale.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import geometry  # noqa: E402
import make_parts  # noqa: E402

SCALE = 0.55


def render(sizes: dict) -> str:
    table, box = sizes["table"], sizes["box"]["size"]
    radius = table["diameter"] / 2
    half = table["seat_r"] + 60
    size = 2 * half * SCALE

    def p(x, y):                     # table mm -> svg px (y up on the table, down in svg)
        return f"{(x + half) * SCALE:.1f}", f"{(half - y) * SCALE:.1f}"

    def circle(x, y, r, style, label=""):
        cx, cy = p(x, y)
        return f'<circle cx="{cx}" cy="{cy}" r="{r * SCALE:.1f}" {style}/>\n' + (text(x, y, label) if label else "")

    def text(x, y, words, size_px=11, anchor="middle"):
        tx, ty = p(x, y)
        return f'<text x="{tx}" y="{ty}" font-size="{size_px}" text-anchor="{anchor}">{words}</text>\n'

    def rect(x0, y0, w, h, style):
        x, y = p(x0, y0 + h)
        return f'<rect x="{x}" y="{y}" width="{w * SCALE:.1f}" height="{h * SCALE:.1f}" {style}/>\n'

    axis = sizes["turntable"]["axis"]
    span = sizes["turntable"]["aim_range"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{size + 40:.0f}" '
           f'font-family="DejaVu Sans, sans-serif">\n<rect width="100%" height="100%" fill="#fff"/>\n',
           circle(0, 0, radius, 'fill="#f3efe6" stroke="#8f8a7e" stroke-width="2"')]
    # throw sector
    reach = table["land_r"] + table["land_scatter"]
    a0, a1 = (geometry.polar(a, reach, axis) for a in (-span, span))
    ox, oy = p(*axis)
    (x0, y0), (x1, y1) = p(*a0), p(*a1)
    out.append(f'<path d="M{ox},{oy} L{x0},{y0} A{reach * SCALE:.1f},{reach * SCALE:.1f} 0 0 1 {x1},{y1} Z" '
               'fill="#fde7c8" stroke="#e66100" stroke-dasharray="6 4"/>\n')
    out.append(text(axis[0], axis[1] + 150, f"throw sector ±{span:.0f}°", 12))
    # discard zone and the camera's picture
    pile_y = geometry.pile_centre_y(sizes)
    zone = sizes["pile"]["zone"]
    field = geometry.camera_field(sizes)
    out.append(rect(-field[0] / 2, pile_y - field[1] / 2, field[0], field[1],
                    'fill="none" stroke="#1c71d8" stroke-width="1.5" stroke-dasharray="4 3"'))
    out.append(rect(-zone[0] / 2, pile_y - zone[1] / 2, zone[0], zone[1], 'fill="#c9ddf7" stroke="#1c71d8"'))
    out.append(text(0, pile_y + 4, "discard pile", 12))
    out.append(text(0, pile_y - 16, f"camera sees {field[0]:.0f} x {field[1]:.0f} mm", 10))
    # box, turntable, camera post
    out.append(rect(-box[0] / 2, -box[1] / 2, box[0], box[1], 'fill="#e0e0e0" stroke="#333" stroke-width="2"'))
    out.append(circle(axis[0], axis[1], sizes["turntable"]["plate_d"] / 2, 'fill="#999" stroke="#333"'))
    out.append(text(box[0] / 2 - 25, box[1] / 2 - 20, "box", 12))
    post = sizes["camera"]["post_at"]
    side = sizes["camera"]["post"]
    out.append(rect(post[0] - side / 2, post[1] - side / 2, side, side, 'fill="#26a269"'))
    out.append(rect(-8, geometry.pile_centre_y(sizes), 16, post[1] - geometry.pile_centre_y(sizes),
                    'fill="#26a269" fill-opacity="0.5"'))
    out.append(text(post[0] + side / 2 + 5, post[1] - 4, "camera arm", 10, "start"))
    # seats: player, pod, landing
    for seat, angle in enumerate(geometry.seat_angles(sizes)):
        land = geometry.polar(angle, table["land_r"], axis)
        out.append(circle(*land, table["land_scatter"], 'fill="#fbd3d3" stroke="#c01c28" stroke-dasharray="3 3"'))
        out.append(text(land[0], land[1] - 4, f"cards for seat {seat}", 10))
        pod = geometry.polar(angle + table["pod_offset"], table["pod_r"], (0, 0))
        out.append(rect(pod[0] - 21, pod[1] - 18, 42, 36, 'fill="#fff" stroke="#333"'))
        out.append(text(pod[0], pod[1] - 4, f"pod {seat}", 10))
        seat_at = geometry.polar(angle, table["seat_r"], (0, 0))
        out.append(circle(*seat_at, 45, 'fill="#ddd" stroke="#555"', f"seat {seat}"))
    out.append(f'<text x="10" y="{size + 25:.0f}" font-size="12">Table Ø {table["diameter"]:.0f} mm, '
               f'{table["seats"]} seats. Cards stop about {table["land_r"]:.0f} mm from the turntable '
               f'(red); nothing is thrown behind the box.</text>\n')
    return "".join(out) + "</svg>\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args(argv)
    text = render(make_parts.load_sizes())
    path = HERE / "table_layout.svg"
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if current == text:
        return 0
    if options.check:
        print("make_layout: stale: hardware/table_layout.svg; run python hardware/make_layout.py", file=sys.stderr)
        return 1
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
