// The bought parts, roughly, where they go: for the assembly pictures only (not printed).
// Frame: the table, as assembly.scad, the launcher aimed at 0.
include <common.scad>

tray_h = box_size[2] - box_lid;
axis = [turntable_axis[0], turntable_axis[1], box_feet + plate_under];
on_plate = axis + [0, 0, 1 + turntable_plate_t];
z_card = 3 + 1 + feed_wheel_d - feed_protrude;
il = card_l + 2 * print_clearance;
y_gate = hopper_centre_y + il / 2 + gate_t;
shaft_dx = servo_body[0] / 2 - servo_shaft_from_end;
servo_bottom = box_feet + plate_under - (bearing_width + box_lid + 2) + servo_horn[2] + 0.5 - servo_horn_top;

module wheel(d, w) rotate([0, 90, 0]) cylinder(d = d, h = w, center = true);
module n20(y, axle_z, d) {
    translate([0, y, axle_z]) wheel(d, 8);
    translate([8, y - n20_box[0] / 2, axle_z - n20_box[1] / 2]) cube([n20_length, n20_box[0], n20_box[1]]);
}

// Pi (turned, ports to the left wall) and the driver perfboard
translate([pi_at[0] - pi_board[1] / 2, pi_at[1] - pi_board[0] / 2, box_feet + box_floor + pi_standoff])
    cube([pi_board[1], pi_board[0], 16]);
translate([driver_board_at[0] - driver_board_board[0] / 2, driver_board_at[1] - driver_board_board[1] / 2,
           box_feet + box_floor + driver_board_standoff]) cube([driver_board_board[0], driver_board_board[1], 12]);
// servo under the bearing, bearing in the lid
translate([axis[0] - shaft_dx - servo_body[0] / 2, axis[1] - servo_body[1] / 2, servo_bottom]) cube(servo_body);
translate([axis[0], axis[1], box_feet + box_size[2]]) difference() {
    cylinder(d = bearing_od, h = bearing_width);
    translate([0, 0, -1]) cylinder(d = bearing_bore, h = bearing_width + 2);
}
// draw button dome and body
translate([draw_button_at[0], draw_button_at[1], box_feet + box_size[2]]) {
    scale([1, 1, draw_button_height / (draw_button_dome / 2)]) sphere(d = draw_button_dome);
    translate([0, 0, -draw_button_depth]) cylinder(d = draw_button_hole - 1, h = draw_button_depth);
}
// motors with their wheels, the deck
translate(on_plate) {
    n20(hopper_centre_y + il / 2 - feed_from_gate, z_card + feed_protrude - feed_wheel_d / 2, feed_wheel_d);
    n20(y_gate + throw_nip_from_gate, z_card - throw_roller_d / 2, throw_roller_d);
    translate([-card_w / 2, hopper_centre_y - card_l / 2, z_card]) cube([card_w, card_l, stack_h - 0.01]);
}
// camera board under the boom
translate([-camera_board[0] / 2, pile_centre[1] - camera_board[1] / 2, camera_lens_height])
    cube([camera_board[0], camera_board[1], camera_lens_below_plate - 3]);
