// Camera arm: holds the camera straight down over the discard pile, high enough that
// a card landing anywhere near the centre, at any angle, is fully in a 640x480 frame.
// Print "arm" lying on its side and "foot" flat; the post pushes into the foot.
include <uno_card.scad>

part = "all";                   // "arm", "foot" or "all"

// Camera: Raspberry Pi Camera Module 2 (IMX219, 3.04 mm lens). At 640x480 it bins the
// whole 4:3 sensor, so the full field of view is kept. Another camera: change these.
hfov = 62.2;                    // horizontal field of view, degrees (the 640 px side)
vfov = 48.8;                    // vertical field of view, degrees (the 480 px side)
image = [640, 480];
landing_margin = 20;            // room for the card to land off-centre, each side
board = [24, 25];               // camera board, turned so the 480 px side runs along the boom
hole_spacing = [12.5, 21];      // M2 holes: 12.5 mm along the boom, 21 mm across
lens_below_plate = 9;           // 3 mm standoffs + board + lens

// The frame's short side must hold the card's diagonal (any rotation) plus the margin.
view_short = card_diag + 2 * landing_margin;
camera_height = view_short / 2 / tan(vfov / 2);       // lens above the table
view_long = 2 * camera_height * tan(hfov / 2);
px_per_mm = image[1] / view_short;

post = 16;
plate_t = 4;
foot = [100, 70, 5];
socket = 15;
reach = view_short / 2 + post / 2 + 10;                // keeps post and foot out of the picture
plate_z = camera_height + lens_below_plate;            // underside of the camera plate
foot_front = post / 2 + 4;                             // from the post's axis towards the camera

echo(camera_height = camera_height, view_mm = [view_long, view_short], px_per_mm = px_per_mm);
echo(card_px = [card_w * px_per_mm, card_l * px_per_mm], reach = reach, foot_front = foot_front);
echo(plate_t = plate_t, lens_below_plate = lens_below_plate, hfov = hfov, vfov = vfov);

module arm() {
    translate([-post / 2, -post / 2, foot[2]]) cube([post, post, plate_z + plate_t - foot[2]]);
    translate([-post / 2, -post / 2, plate_z]) cube([reach, post, plate_t]);
    translate([reach, 0, plate_z]) difference() {
        translate([-board[0] / 2 - 3, -board[1] / 2 - 3, 0]) cube([board[0] + 6, board[1] + 6, plate_t]);
        // The lens is in line with the pair of holes nearer the ribbon: that pair sits on the
        // camera axis, the ribbon points back to the post.
        for (x = [0, hole_spacing[0]], y = [-1, 1]) translate([x, y * hole_spacing[1] / 2, -1])
            cylinder(d = m2_tap, h = plate_t + 2);
    }
    // A gusset keeps the boom from drooping.
    translate([post / 2, post / 2, plate_z]) rotate([90, 0, 0]) linear_extrude(post)
        polygon([[0, 0], [30, 0], [0, -30]]);
}

module foot_part() {
    difference() {
        union() {
            translate([foot_front - foot[0], -foot[1] / 2, 0]) rounded_box(foot, 4);
            translate([-post / 2 - 4, -post / 2 - 4, 0]) cube([post + 8, post + 8, foot[2] + socket]);
        }
        translate([-post / 2 - 0.2, -post / 2 - 0.2, foot[2]]) cube([post + 0.4, post + 0.4, socket + 1]);
        for (x = [foot_front - foot[0] + 10, -post / 2 - 14], y = [-1, 1])
            translate([x, y * (foot[1] / 2 - 10), -1]) cylinder(d = m3_hole, h = foot[2] + 2);
    }
}

if (part == "foot" || part == "all") foot_part();
if (part == "arm" || part == "all") arm();
