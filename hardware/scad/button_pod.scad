// Button pod: one per seat. Holds a 30 mm snap-in arcade button and the seat's light
// (a 5 mm LED or one WS2812 pixel board) under a thin skin that glows through.
// Print upside down (top on the bed) in white or natural PLA; chain the pods with
// 4-core cable through the notches at the back (-y; the light faces the player, +y).
// Stick rubber feet under it.
include <uno_card.scad>

button_hole_d = 30;             // 24 for 24 mm buttons
button_depth = 33;              // below the panel, microswitch included
panel_t = 2.2;                  // snap-in clips hold panels up to about 3 mm
light_d = 12;                   // pocket for a 10 mm WS2812 pixel or a 5 mm LED in a bezel
light_skin = 0.6;               // plastic left over the light; 0 for a hole
light_from_button = 24;         // towards the player
cable_notch = [10, 6];

bottom = [84, 72];
top = [66, 60];
height = panel_t + button_depth + 3;

echo(button_hole_d = button_hole_d, room_under_panel = height - panel_t, button_depth = button_depth);
echo(pod_footprint = bottom);

module frustum(b, t, h, r = 5) {
    hull() {
        translate([-b[0] / 2, -b[1] / 2, 0]) rounded_box([b[0], b[1], 0.01], r);
        translate([-t[0] / 2, -t[1] / 2, h - 0.01]) rounded_box([t[0], t[1], 0.01], r);
    }
}

difference() {
    frustum(bottom, top, height);
    translate([0, 0, -0.01]) frustum(bottom - [2, 2] * wall * 1.5, top - [2, 2] * wall * 1.5, height - panel_t);
    translate([0, -8, -1]) cylinder(d = button_hole_d, h = height + 2);
    translate([0, -8 + light_from_button, -1]) cylinder(d = light_d, h = height + 1 - light_skin);
    for (x = [-1, 1]) translate([x * 15 - cable_notch[0] / 2, -bottom[1] / 2 - 10, -1])
        cube([cable_notch[0], 20, cable_notch[1] + 1]);
}
