// The launcher, on the turntable plate. Feed stage: a deck in the hopper, a deck weight on
// top, a rubber wheel under the front of the stack pulls the bottom card out under the
// gate. Throw stage: a fast driven roller under the card and a pinch idler over it fling
// the card out; the exit fork counts it between the two stages. Both N20s screw to
// upright brackets by their gearbox face (two M1.6), a saddle and a zip tie take the tail.
// Parts and print orientation (none needs supports):
//   "chassis"     base down: brackets, posts, idler slots (open at the top) all rise from it
//   "hopper"      floor down: floor, three walls, the gate posts, corner ears
//   "gate"        flat: the front wall, two slots to set the gap under it
//   "deck_weight" flat, pockets up: M8 washers in the pockets
//   "idler"       on its end
// Origin: the turntable axis on the plate's top face; +y is the throw.
include <common.scad>

part = "chassis";

base_t = 3;
iw = card_w + 2 * print_clearance;                 // card path width
il = card_l + 2 * print_clearance;
ow = iw + 2 * print_wall;
z_card = base_t + 1 + feed_wheel_d - feed_protrude;    // hopper floor top = card plane
z_floor = z_card - hopper_floor;                       // hopper underside
hy = hopper_centre_y;
y_stack_front = hy + il / 2;                           // gate's back face
y_gate = y_stack_front + gate_t;                       // gate's front face
y_back = hy - il / 2 - print_wall;
y_wheel = y_stack_front - feed_from_gate;
feed_axle_z = z_card + feed_protrude - feed_wheel_d / 2;
y_nip = y_gate + throw_nip_from_gate;
throw_axle_z = z_card - throw_roller_d / 2;            // roller top = card plane
idler_axle_z = z_card + throw_idler_d / 2;             // resting on the roller
y_front = y_gate + throw_length;
y_fork = y_gate + exit_sensor_from_gate;
beam_x = card_w / 2 - exit_sensor_beam_in;
hopper_top = z_card + stack_h + hopper_headroom;
cheek_x = iw / 2 + 0.5;                                // inner face of the throw cheeks
motor_x = 8;                                           // gearbox face (bracket's +x face)
ears = [for (x = [-1, 1], y = [-1, 1]) [x * (ow / 2 + 5), hy + y * (il / 2 - 10)]];
wire_hole = [0, -17];                                  // over the plate's kidney slot

echo(card_path = [iw, il], z_card = z_card, stack_h = stack_h, hopper_inner_h = hopper_top - z_card);
echo(feed_wheel_top = feed_axle_z + feed_wheel_d / 2, floor_top = z_card, wheel_slot = [feed_wheel_w + 2, 20]);
echo(gate_gap = gate_gap, gate_travel = [0, gate_travel], gate_bottom = z_card + gate_gap);
echo(throw_roller_top = throw_axle_z + throw_roller_d / 2, idler_bottom = idler_axle_z - throw_idler_d / 2,
     idler_lift = throw_idler_travel, cheek_gap = 2 * cheek_x, y_nip = y_nip, y_gate = y_gate);
echo(fork_beam_x = beam_x, card_edge_min_x = card_w / 2 - print_clearance, fork_gap = exit_sensor_gap,
     fork_centre_z = z_card + card_t / 2);
echo(footprint = [[-ow / 2 - 10, y_back], [ow / 2 + 10, y_front]], launcher_top = hopper_top);
echo(deck_weight = [iw - 2 * deck_weight_clearance, il - 2 * deck_weight_clearance, deck_weight_t]);

module n20_bracket(y, axle_z) {
    // Upright plate in the y-z plane: the gearbox face screws to its +x side.
    translate([motor_x - 3, y, 0]) difference() {
        translate([0, -9, 0]) cube([3, 18, axle_z + 8]);
        translate([-1, 0, axle_z]) rotate([0, 90, 0]) cylinder(d = n20_boss + 0.6, h = 5);
        for (s = [-1, 1]) translate([-1, s * n20_face_holes / 2, axle_z]) rotate([0, 90, 0])
            cylinder(d = screw_m16_tap, h = 5);
    }
    // saddle under the motor body with a zip-tie slot round it
    translate([motor_x + 4, y - n20_box[0] / 2 - 2, 0]) difference() {
        cube([n20_length - 8, n20_box[0] + 4, axle_z - n20_box[1] / 2]);
        translate([(n20_length - 8) / 2 - 2, -1, base_t]) cube([4, n20_box[0] + 6, 2]);
    }
}

module chassis() {
    difference() {
        union() {
            translate([-ow / 2 - 10, y_back, 0]) cube([ow + 20, y_front - y_back, base_t]);
            for (e = ears) translate([e[0], e[1], 0]) insert_boss(z_floor, od = 9);
            n20_bracket(y_wheel, feed_axle_z);
            n20_bracket(y_nip, throw_axle_z);
            for (s = [-1, 1]) translate([s > 0 ? cheek_x : -cheek_x - throw_cheek, y_nip - 14, 0])
                cube([throw_cheek, 28, idler_axle_z + throw_idler_travel + 6]);
            // exit fork bracket: upright plate outside the card path, slots for the fork's screws
            translate([iw / 2 + 8, y_fork - 5, 0]) cube([3, 10, z_card + 14]);
            // TCRT5000 shelf under the hopper's window: module face up, head tcrt_gap below the floor
            translate([hopper_tcrt_at[0] - 6, hy + hopper_tcrt_at[1] - 17, 0])
                cube([12, 34, z_floor - hopper_tcrt_gap - 7 - 1.6]);
        }
        for (s = [-1, 1]) translate([s * (cheek_x + throw_cheek / 2), y_nip, idler_axle_z - 1])
            cube([throw_cheek + 2, 3.4, 2 * (throw_idler_travel + 8)], center = true);    // idler slots, open on top
        for (s = [-1, 1]) translate([s * (cheek_x + throw_cheek / 2), y_nip + 9, throw_axle_z])
            rotate([0, 90, 0]) cylinder(d = 2.5, h = throw_cheek + 2, center = true);       // band holes, below the idler
        hull() for (z = [z_card - 6, z_card + 6]) translate([iw / 2 + 7, y_fork, z]) rotate([0, 90, 0])
            cylinder(d = screw_m3_hole, h = 5);                                           // fork screw slot
        translate([hopper_tcrt_at[0], hy + hopper_tcrt_at[1] - 11, -1]) hull() for (dy = [0, 22])
            translate([0, dy, 0]) cylinder(d = screw_m3_hole, h = 40);                     // module screw slot
        for (b = [[-24, -40], [24, -40], [-24, 40], [24, 40]]) translate([b[0], b[1], -1]) {
            cylinder(d = screw_m3_hole, h = base_t + 2);
            translate([0, 0, base_t - 1]) cylinder(d = 6.5, h = 10);
        }
        translate([wire_hole[0], wire_hole[1], -1]) rbox([14, 10, base_t + 2], 3);        // wires down
    }
}

module hopper() {
    difference() {
        union() {
            translate([0, hy - print_wall / 2, 0]) rbox([ow, il + print_wall, hopper_top - z_floor], 2);
            for (s = [-1, 1]) translate([s * (ow / 2 + 2) - 4, y_stack_front - 10, 0])
                cube([8, 10, hopper_top - z_floor]);                                          // gate posts
            for (e = ears) translate([e[0], e[1], 0]) cylinder(d = 10, h = 4);
            for (s = [-1, 1]) hull() {
                translate([s * (ow / 2 - 2), hy, 0]) cylinder(d = 4, h = 4);
                translate([s * (ow / 2 + 5), hy + il / 2 - 10, 0]) cylinder(d = 10, h = 4);
                translate([s * (ow / 2 + 5), hy - il / 2 + 10, 0]) cylinder(d = 10, h = 4);
            }
        }
        translate([-iw / 2, hy - il / 2, hopper_floor]) cube([iw, il, hopper_top]);              // the stack
        translate([-iw / 2, y_stack_front - 1, hopper_floor]) cube([iw, 10, hopper_top]);         // gate's place
        translate([-feed_wheel_w / 2 - 1, y_wheel - 10, -1]) cube([feed_wheel_w + 2, 20, 10]);  // wheel slot
        translate([hopper_tcrt_at[0] - hopper_tcrt_window[0] / 2, hy + hopper_tcrt_at[1] - hopper_tcrt_window[1] / 2, -1])
            cube([hopper_tcrt_window[0], hopper_tcrt_window[1], 10]);
        for (e = ears) translate([e[0], e[1], -1]) cylinder(d = screw_m3_hole, h = 10);
        for (s = [-1, 1]) translate([s * (ow / 2 + 2), y_stack_front - screw_m3_insert[1], hopper_top - z_floor - 12])
            rotate([-90, 0, 0]) cylinder(d = screw_m3_insert[0], h = 10);                  // gate inserts
        translate([-12, hy - il / 2 - 5, hopper_top - z_floor - 25]) cube([24, 10, 30]);    // finger notch
    }
}

module gate() {
    // Lies flat; stands as the front wall. Slots let it slide gate_travel above the floor.
    h = hopper_top - z_card - 1;
    difference() {
        translate([-ow / 2 - 6, 0, 0]) cube([ow + 12, h, gate_t]);
        // the inserts sit hopper_top - 12 high; the gap under the gate sets where the slot meets them
        for (s = [-1, 1]) hull() for (g = [0, gate_travel])
            translate([s * (ow / 2 + 2), hopper_top - 12 - z_card - g, -1]) cylinder(d = screw_m3_hole, h = gate_t + 2);
    }
}

module deck_weight() {
    w = [iw - 2 * deck_weight_clearance, il - 2 * deck_weight_clearance, deck_weight_t];
    difference() {
        rbox(w, 3);
        for (x = [-1, 1], y = [-1, 1]) translate([x * w[0] / 4, y * w[1] / 4, 2])
            cylinder(d = deck_weight_pocket_d, h = w[2]);
    }
}

module idler() {
    difference() {
        cylinder(d = throw_idler_d - 2, h = throw_idler_w);
        // O-ring grooves; their upper flank steep (40 degrees off vertical) so they print on their end
        r = (throw_idler_d - 2) / 2;
        for (z = [6, throw_idler_w - 6]) translate([0, 0, z]) rotate_extrude($fn = 48)
            polygon([[r - 1.2, -0.6], [r + 1, -0.8], [r + 1, 0.8 + 2.2 * tan(50)], [r - 1.2, 0.6]]);
        translate([0, 0, -1]) cylinder(d = 3.3, h = throw_idler_w + 2);
    }
}

function launcher_print_rot(name) = [0, 0, 0];

if (part == "chassis") chassis();
if (part == "hopper") hopper();
if (part == "gate") gate();
if (part == "deck_weight") deck_weight();
if (part == "idler") idler();
