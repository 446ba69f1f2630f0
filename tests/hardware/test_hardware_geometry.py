"""The parts fit a card, their bought parts and each other: figures from the rendered parts'
echoes and from hardware/sizes.toml, the same numbers the parts are made from."""
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "hardware"))
import geometry  # noqa: E402


def test_a_card_passes_the_hopper_the_gate_and_both_stages_with_clearance(echoed, sizes):
    card, launcher = sizes["card"], echoed["launcher"]
    width, length = launcher["card_path"]
    assert width - card["w"] >= 1.5 and length - card["l"] >= 1.5          # the stack drops freely
    assert launcher["hopper_inner_h"] >= launcher["stack_h"] + sizes["deck_weight"]["t"]
    low, high = launcher["gate_travel"]
    gap = launcher["gate_gap"]
    assert card["t"] < gap < 2 * card["t"] and low <= gap <= high           # one card, never two
    assert launcher["cheek_gap"] >= width                                   # throw stage as wide as the hopper
    assert launcher["throw_roller_top"] == pytest.approx(launcher["floor_top"])   # the card leaves flat
    assert launcher["idler_bottom"] <= launcher["throw_roller_top"]         # the idler pinches...
    assert launcher["idler_lift"] >= 2 * card["t"] + 1                      # ...and lifts over a card


def test_the_feed_wheel_rises_the_set_amount_through_the_floor(echoed, sizes):
    launcher = echoed["launcher"]
    assert launcher["feed_wheel_top"] - launcher["floor_top"] == pytest.approx(sizes["feed"]["protrude"])
    assert 0.5 <= sizes["feed"]["protrude"] <= 1.5
    assert launcher["wheel_slot"][0] >= sizes["feed"]["wheel_w"] + 2


def test_every_card_breaks_the_exit_beam_and_fits_the_fork(echoed, sizes):
    launcher = echoed["launcher"]
    assert launcher["fork_beam_x"] < launcher["card_edge_min_x"] - 1       # even a card pushed sideways
    room = (launcher["fork_gap"] - sizes["card"]["t"]) / 2
    assert room >= 2


def test_the_deck_weight_slides_in_the_hopper_and_cannot_pass_the_gate(echoed, sizes):
    launcher = echoed["launcher"]
    weight = launcher["deck_weight"]
    assert launcher["card_path"][0] - weight[0] >= 2 and launcher["card_path"][1] - weight[1] >= 2
    assert weight[2] > launcher["gate_travel"][1]


def test_camera_at_the_full_view_mode_sees_the_whole_discard_zone_with_margin(sizes):
    field = geometry.camera_field(sizes)
    zone, margin = sizes["pile"]["zone"], sizes["pile"]["margin"]
    assert field[0] >= zone[0] + 2 * margin and field[1] >= zone[1] + 2 * margin, field
    # a card is wide enough in the picture to be read
    output = sizes["camera"]["output"]
    assert sizes["card"]["w"] * output[1] / field[1] >= sizes["pile"]["min_card_px"]


def test_a_cropped_640x480_mode_would_not_see_the_zone(sizes):
    # what picamera2 picks by itself for 640x480 on the IMX219: a centre crop
    field = geometry.camera_field(sizes, mode=[640, 480])
    assert field[1] < sizes["pile"]["zone"][1]


def test_the_camera_arm_really_holds_the_lens_at_the_chosen_height(echoed, rendered, sizes):
    import render_png
    arm = render_png.read_stl(rendered["camera_arm-arm"].stl)
    height = arm[..., 0].max() - arm[..., 0].min()            # printed lying down: its height runs along x
    cam = sizes["camera"]
    socket_bottom = echoed["enclosure"]["camera_socket_bottom"]
    lens = sizes["box"]["feet"] + socket_bottom + height - cam["boom_t"] - cam["lens_below_plate"]
    assert lens == pytest.approx(cam["lens_height"], abs=0.05)
    assert echoed["camera_arm"]["reach"] == pytest.approx(-geometry.pile_centre_y(sizes) + cam["post_at"][1])


def test_everything_on_the_lid_stays_on_the_lid(echoed, sizes):
    half = [s / 2 for s in sizes["box"]["size"][:2]]
    for name, centre, _, _, extent in echoed["enclosure"]["tall_on_lid"]:
        assert abs(centre[0]) + extent <= half[0] and abs(centre[1]) + extent <= half[1] - 2, name


def test_box_and_light_stay_out_of_the_picture_and_the_light_casts_no_glare_into_it(sizes):
    field_y = geometry.camera_field(sizes)[1]
    near_edge = geometry.pile_centre_y(sizes) + field_y / 2
    assert near_edge < -sizes["box"]["size"][1] / 2 - 8, "the box (and its light bar) is in the picture"
    assert geometry.glare_offset(sizes) >= field_y / 2 + sizes["light"]["glare_margin"]


def test_the_launcher_clears_everything_on_the_lid_over_its_whole_sweep(echoed, sizes):
    footprint = echoed["launcher"]["footprint"]
    axis = sizes["turntable"]["axis"]
    span = sizes["turntable"]["aim_range"]
    box = echoed["enclosure"]
    # the launcher's base stands on the plate; what is lower than that passes under it
    underside = box["plate_under"] + echoed["turntable"]["plate_top"] - sizes["box"]["size"][2]
    gaps = {}
    plate_bottom = box["plate_under"] + 1 - sizes["box"]["size"][2]       # the plate's disc, above the lid
    for name, centre, radius, height, _ in box["tall_on_lid"]:
        if math.dist(centre, axis) < sizes["turntable"]["plate_d"] / 2 + radius + 3:
            assert height <= plate_bottom - 1.5, f"{name} is under the turning plate and too tall"
        if height < underside - 2:
            continue
        relative = (centre[0] - axis[0], centre[1] - axis[1])
        gaps[name] = min(geometry.rect_circle_clearance(footprint, angle, relative, radius)
                         for angle in range(-int(span) - 5, int(span) + 6))
    assert min(gaps.values()) >= 3, gaps
    assert "draw_button" in gaps and "camera_post" in gaps
    # and the plate turns on the bearing's inner ring alone, above the housing
    assert box["housing_top"] < box["plate_under"]
    assert sizes["bearing"]["inner_shoulder"] < box["lid_hole"] < sizes["bearing"]["outer_shoulder"]


def test_the_servo_seats_with_its_lead_and_its_horn_meets_the_plate(echoed, sizes):
    box, plate, servo = echoed["enclosure"], echoed["turntable"], sizes["servo"]
    pocket = box["servo_pocket"]
    assert pocket[0] > servo["body"][0] and pocket[1] > servo["body"][1]
    assert box["servo_lead_slot"] > servo["lead"][0]
    assert box["servo_tab_z"] + servo["horn_top"] - servo["tab_z"] == pytest.approx(box["horn_top_z"])
    assert box["servo_tab_z"] - servo["tab_z"] + servo["body"][2] < sizes["box"]["size"][2] - sizes["box"]["lid"]
    key = plate["horn_key"]
    assert key[0] > servo["horn"][0] and key[1] > servo["horn"][1] and key[2] > servo["horn"][2]
    assert plate["spigot_d"] < sizes["bearing"]["bore"]


@pytest.mark.parametrize("hole, part, fit", [
    ("draw_button_hole", ("draw_button", "hole"), (0, 1)),
    ("buzzer_hole", ("buzzer", "d"), (0.2, 1)),
    ("jack_hole", ("jack", "hole"), (0, 0.5)),
    ("fuse_hole", ("fuse", "hole"), (0, 0.5)),
    ("pod_notch", ("pod", "cable_d"), (0.3, 1.5)),
    ("camera_socket_hole", ("camera", "post"), (0.2, 0.8)),
    ("bearing_seat", ("bearing", "od"), (0, 0.2)),
])
def test_box_holes_fit_their_parts(echoed, sizes, hole, part, fit):
    made = echoed["enclosure"][hole]
    bought = sizes[part[0]][part[1]]
    assert bought + fit[0] <= made <= bought + fit[1], (hole, made, bought)


def test_pod_holds_its_button_and_light_and_takes_its_cable(echoed, sizes):
    pod = echoed["button_pod"]
    assert pod["button_hole"] in (24, 30) and pod["panel"] <= 3          # snap-in clips hold up to ~3 mm
    assert pod["room_under_panel"] >= pod["button_depth"]
    assert 5.0 < pod["light_hole"] < 5.6 and pod["pixel_pocket"] >= 10.5
    assert pod["cable_hole"] >= sizes["pod"]["cable_d"] + 0.3
    assert echoed["enclosure"]["pod_notches"] >= sizes["table"]["seats"]


def test_thrown_cards_never_land_on_the_discard_zone(sizes):
    pile = (0.0, geometry.pile_centre_y(sizes))
    zone = sizes["pile"]["zone"]
    axis = sizes["turntable"]["axis"]
    table = sizes["table"]
    pile_radius = math.hypot(*zone) / 2
    for angle in geometry.seat_angles(sizes):
        landing = geometry.polar(angle, table["land_r"], axis)
        gap = math.dist(landing, pile) - pile_radius - table["land_scatter"]
        assert gap > 50, (angle, gap)


def test_pods_sit_clear_of_where_the_cards_land(sizes):
    table, axis = sizes["table"], sizes["turntable"]["axis"]
    landings = [geometry.polar(a, table["land_r"], axis) for a in geometry.seat_angles(sizes)]
    for angle in geometry.seat_angles(sizes):
        pod = geometry.polar(angle + table["pod_offset"], table["pod_r"])
        assert min(math.dist(pod, landing) for landing in landings) > table["land_scatter"] + 40
        assert math.hypot(*pod) + 40 <= table["diameter"] / 2 + 5        # on the table


def test_table_layout_drawing_is_fresh():
    import make_layout
    assert make_layout.main(["--check"]) == 0, "run python hardware/make_layout.py"


def test_the_throw_estimate_starts_where_the_launcher_really_ends(echoed, sizes):
    height, radius = geometry.exit_point(sizes)
    launcher = echoed["launcher"]
    assert radius == pytest.approx(launcher["footprint"][1][1])
    plate_top = echoed["enclosure"]["plate_under"] + echoed["turntable"]["plate_top"]
    assert height == pytest.approx(sizes["box"]["feet"] + plate_top + launcher["z_card"])


def test_the_guide_quotes_the_computed_figures(sizes):
    import re
    from pathlib import Path
    guide = re.sub(r"\s+", " ", (Path(__file__).resolve().parents[2] / "docs" / "assembly.md").read_text())
    field = geometry.camera_field(sizes)
    height, radius = geometry.exit_point(sizes)
    full = geometry.throw_distance(sizes, height, radius)
    share = geometry.share_for_distance(sizes, height, radius, sizes["table"]["land_r"] / 1000)
    for figure in (f"{sizes['camera']['lens_height']:.0f} mm above the table",
                   f"{field[0]:.0f} x {field[1]:.0f} mm",
                   f"{geometry.surface_speed(sizes, 'feed'):.2f} m/s",
                   f"{geometry.surface_speed(sizes, 'throw'):.2f} m/s",
                   f"about {full:.2f} m", f"{share * 100:.0f} %"):
        assert figure in guide, figure
