// Shared measurements of every printable part. All sizes in mm.
// Change a value here (or with `openscad -D name=value`) and every part follows.

// An UNO card: 56 x 87 mm. Measure the thickness of your deck: 10 cards / 10.
card_w = 56;
card_l = 87;
card_t = 0.30;
deck_cards = 108;
stack_h = deck_cards * card_t;      // 32.4 mm for a full deck
card_diag = sqrt(card_w * card_w + card_l * card_l);

clearance = 1.0;                    // per side, so the stack drops freely
wall = 2.4;                         // 6 perimeters of a 0.4 mm nozzle
m3_hole = 3.4;                      // M3 clearance hole
m3_tap = 2.6;                       // M3 self-tapping into plastic
m2_tap = 1.8;

// The hopper stands on the turntable with four M3 screws in this pattern.
hopper_bolt_dx = 44;
hopper_bolt_dy = 36;     // clear of the motor cradle, reachable from the open side

$fn = 40;

module rounded_box(size, r = 3) {
    // A box with rounded vertical edges, corner at the origin.
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module bolt_pattern(dx = hopper_bolt_dx, dy = hopper_bolt_dy) {
    for (x = [-dx / 2, dx / 2], y = [-dy / 2, dy / 2]) translate([x, y, 0]) children();
}
