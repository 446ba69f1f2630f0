// Shared helpers of every part. Sizes come from sizes.scad, which hardware/make_parts.py
// writes from hardware/sizes.toml: change sizes there, never here.
include <sizes.scad>

$fn = print_fn;
eps = 0.01;
stack_h = card_deck * card_t;                       // a full deck
card_diag = sqrt(card_w * card_w + card_l * card_l);

// A box with rounded vertical edges, centred in x and y, standing on z = 0.
module rbox(size, r = 3) {
    hull() for (x = [-1, 1], y = [-1, 1])
        translate([x * (size[0] / 2 - r), y * (size[1] / 2 - r), 0]) cylinder(r = r, h = size[2]);
}

// A hole along y through a wall printed standing: pointed top, so it needs no support.
module teardrop_y(d, len) {
    rotate([-90, 0, 0]) linear_extrude(len, center = true)
        hull() { circle(d = d); translate([0, -d / 2 * 1.3]) square(0.1, center = true); }
}
module teardrop_x(d, len) { rotate([0, 0, 90]) teardrop_y(d, len); }

// A round boss with a hole for a heat-set insert (or a tapped screw) in its top.
module insert_boss(h, insert = screw_m3_insert, od = 0) {
    difference() {
        cylinder(d = od > 0 ? od : insert[0] * 2.2, h = h);
        translate([0, 0, h - insert[1]]) cylinder(d = insert[0], h = insert[1] + eps);
    }
}

// Where the parts meet, used by more than one file (box coordinates: z = 0 under the box).
lid_top = box_size[2];
socket_boss = camera_socket - box_lid + 1.2;            // camera socket collar above the lid
camera_socket_bottom = lid_top + socket_boss - camera_socket;
pile_centre = [0, -box_size[1] / 2 - pile_from_box];     // discard zone centre
plate_under = lid_top + bearing_width;                   // turntable shoulder on the inner ring
