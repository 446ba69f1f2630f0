"""Sizes the tests, the table drawing and the guide derive from hardware/sizes.toml.

Plain arithmetic, no OpenSCAD: what the camera sees, where its light's glare falls, how
fast the throw stage runs and how far a card should fly. Each function says its model.
"""
from __future__ import annotations

import math

G = 9.81


def camera_field(sizes: dict, mode: list[int] | None = None, height: float | None = None) -> tuple[float, float]:
    """Table area (x, y mm) seen at `height` in a sensor mode (default: the chosen one).

    A mode of w x h pixels at binning b reads w*b of the sensor's columns; a mode that reads
    fewer than all of them is a crop and sees a smaller angle.
    """
    cam = sizes["camera"]
    mode = mode or cam["sensor_mode"]
    height = cam["lens_height"] if height is None else height
    binning = cam["binning"] if mode == cam["sensor_mode"] else 1 if mode[0] * 2 > cam["sensor"][0] else 2
    seen = [min(1.0, mode[i] * binning / cam["sensor"][i]) for i in range(2)]
    half = [math.atan(math.tan(math.radians(fov / 2)) * part) for fov, part in zip((cam["hfov"], cam["vfov"]), seen)]
    return 2 * height * math.tan(half[0]), 2 * height * math.tan(half[1])


def pile_centre_y(sizes: dict) -> float:
    return -sizes["box"]["size"][1] / 2 - sizes["pile"]["from_box"]


def glare_offset(sizes: dict) -> float:
    """How far from the picture's centre (along y) the light's mirror image lies on a glossy card.

    Light at horizontal distance L and height hl, camera straight above at hc: the card
    reflects the light into the lens from the point L * hc / (hc + hl) from the centre.
    """
    light_y = -sizes["box"]["size"][1] / 2 - 8.0            # the bar's face, 8 mm off the wall
    distance = light_y - pile_centre_y(sizes)
    hc, hl = sizes["camera"]["lens_height"], sizes["light"]["height"]
    return distance * hc / (hc + hl)


def surface_speed(sizes: dict, stage: str) -> float:
    """Rim speed (m/s) of the feed wheel or the throw roller, loaded, on the box's supply."""
    model = sizes["throw_model"]
    part = sizes[stage]
    diameter = part["wheel_d"] if stage == "feed" else part["roller_d"]
    rpm = part["rpm"] * model["supply_v"] / model["rated_v"] * model["load_factor"]
    return math.pi * diameter / 1000 * rpm / 60


def throw_distance(sizes: dict, exit_height_mm: float, exit_radius_mm: float, speed_share: float = 1.0) -> float:
    """Where a card stops (m from the turntable axis), thrown flat at `speed_share` of full speed.

    Flight: horizontal launch from the exit height, no drag. Landing: the card keeps
    landing_keep of its speed and slides to a stop with the table's friction.
    """
    model = sizes["throw_model"]
    speed = surface_speed(sizes, "throw") * model["slip"] * speed_share
    flight = math.sqrt(2 * exit_height_mm / 1000 / G)
    slide = (speed * model["landing_keep"]) ** 2 / (2 * model["friction"] * G)
    return exit_radius_mm / 1000 + speed * flight + slide


def share_for_distance(sizes: dict, exit_height_mm: float, exit_radius_mm: float, distance_m: float) -> float:
    """The speed share (PWM duty, roughly) that stops a card at `distance_m`: bisection."""
    low, high = 0.0, 1.0
    for _ in range(40):
        mid = (low + high) / 2
        if throw_distance(sizes, exit_height_mm, exit_radius_mm, mid) < distance_m:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def seat_angles(sizes: dict) -> list[float]:
    """Aim angles (degrees, 0 = +y, positive clockwise seen from above) of each seat."""
    seats, span = sizes["table"]["seats"], sizes["turntable"]["aim_range"]
    return [-span + 2 * span * i / (seats - 1) for i in range(seats)]


def polar(angle_deg: float, radius: float, centre=(0.0, 0.0)) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return centre[0] + radius * math.sin(a), centre[1] + radius * math.cos(a)


def rect_circle_clearance(rect: list[list[float]], angle_deg: float, centre, radius: float) -> float:
    """Gap between a rectangle (launcher frame, turned by angle about the origin) and a circle."""
    a = math.radians(angle_deg)
    dx, dy = centre
    # the circle's centre in the launcher's frame (the launcher turned anticlockwise by a)
    x = dx * math.cos(a) + dy * math.sin(a)
    y = -dx * math.sin(a) + dy * math.cos(a)
    (x0, y0), (x1, y1) = rect
    nearest = (min(max(x, x0), x1), min(max(y, y0), y1))
    return math.hypot(x - nearest[0], y - nearest[1]) - radius


def card_plane(sizes: dict) -> float:
    """The card plane (hopper floor top) above the launcher's base, as launcher.scad makes it."""
    return 3 + 1 + sizes["feed"]["wheel_d"] - sizes["feed"]["protrude"]


def exit_point(sizes: dict) -> tuple[float, float]:
    """(height above the table, distance from the turntable axis) where a card leaves, in mm."""
    box, card = sizes["box"], sizes["card"]
    height = box["feet"] + box["size"][2] + sizes["bearing"]["width"] + 1 + sizes["turntable"]["plate_t"] + card_plane(sizes)
    gate_front = sizes["hopper"]["centre_y"] + (card["l"] + 2 * sizes["print"]["clearance"]) / 2 + sizes["gate"]["t"]
    return height, gate_front + sizes["throw"]["length"]
