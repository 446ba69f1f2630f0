// The whole box, every part where it goes: the launcher aimed at `aim` degrees, the parts
// pulled apart along their assembly direction by `explode` (0: assembled).
// Not a print: hardware/make_parts.py draws the pictures in docs/assembly.md from the parts'
// STLs, placed by the `place` lines this file echoes (the one place the placements live).
// Frame: the table; z = 0 the table top, +y towards the middle seat.
include <common.scad>
use <enclosure.scad>
use <turntable.scad>
use <launcher.scad>
use <camera_arm.scad>

aim = 0;
explode = 0;

// the launcher's own sizes, as launcher.scad derives them
l_iw = card_w + 2 * print_clearance;
l_il = card_l + 2 * print_clearance;
l_z_card = 3 + 1 + feed_wheel_d - feed_protrude;
l_y_stack_front = hopper_centre_y + l_il / 2;
l_y_nip = l_y_stack_front + gate_t + throw_nip_from_gate;
tray_h = box_size[2] - box_lid;
axis = [turntable_axis[0], turntable_axis[1], box_feet + plate_under];
on_plate = axis + [0, 0, 1 + turntable_plate_t];

// [name, STL, print rotation, [local translation, local rotation], place, rotation about z,
//  explode direction]: the part's model frame -> local -> place.
no = [[0, 0, 0], [0, 0, 0]];
placements = [
    ["box", "enclosure-box", enclosure_print_rot("box"), no, [0, 0, box_feet], 0, [0, 0, 0]],
    ["lid", "enclosure-lid", enclosure_print_rot("lid"), no, [0, 0, box_feet + tray_h], 0, [0, 0, 1]],
    ["light_bar", "enclosure-light_bar", enclosure_print_rot("light_bar"), no,
        [0, -box_size[1] / 2, light_height - (light_strip[0] + 6) / 2], 180, [0, -0.6, 0]],
    ["plate", "turntable-plate", turntable_print_rot("plate"), no, axis, aim, [0, 0, 1.8]],
    ["chassis", "launcher-chassis", launcher_print_rot("chassis"), no, on_plate, aim, [0, 0, 2.6]],
    ["hopper", "launcher-hopper", launcher_print_rot("hopper"), [[0, 0, l_z_card - hopper_floor], [0, 0, 0]],
        on_plate, aim, [0, 0, 3.6]],
    ["gate", "launcher-gate", launcher_print_rot("gate"),
        [[0, l_y_stack_front + gate_t, l_z_card + gate_gap], [90, 0, 0]], on_plate, aim, [0, 1, 3.6]],
    ["deck_weight", "launcher-deck_weight", launcher_print_rot("deck_weight"),
        [[0, hopper_centre_y, l_z_card + card_deck * card_t], [0, 0, 0]], on_plate, aim, [0, 0, 5.2]],
    ["idler", "launcher-idler", launcher_print_rot("idler"),
        [[-throw_idler_w / 2, l_y_nip, l_z_card + throw_idler_d / 2], [0, 90, 0]], on_plate, aim, [0, 0, 3.0]],
    ["arm", "camera_arm-arm", camera_arm_print_rot("arm"), no,
        [camera_post_at[0], camera_post_at[1], box_feet + camera_socket_bottom], 0, [0, 0, 1.4]],
];
for (p = placements) echo(place = [p[0], p[1], p[2], p[3], p[4] + explode * 40 * p[6], p[5]]);

module at(p) {
    translate(p[4] + explode * 40 * p[6]) rotate([0, 0, p[5]]) translate(p[3][0]) rotate(p[3][1]) children();
}
at(placements[0]) box();
at(placements[1]) lid();
at(placements[2]) light_bar();
at(placements[3]) plate();
at(placements[4]) chassis();
at(placements[5]) hopper();
at(placements[6]) gate();
at(placements[7]) deck_weight();
at(placements[8]) idler();
at(placements[9]) arm();
