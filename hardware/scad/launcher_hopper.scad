// Launcher hopper: holds a full deck face down; a rubber friction wheel under the
// front of the stack pushes the bottom card out under an adjustable gate, through
// the exit throat, past the card sensor. Print "body" upright and "gate" flat.
// x: across the card, y: direction of throw, z: up. Origin: centre of the card stack.
include <uno_card.scad>

part = "all";                   // "body", "gate" or "all"

// Friction wheel on an N20 gear motor (12 x 10 mm gearbox, 3 mm D shaft, ~1000 rpm at 6 V).
wheel_d = 25;
wheel_w = 8;
wheel_protrude = 1.0;           // how far the wheel rises above the floor into the stack
wheel_from_front = 14;          // wheel axis behind the front inner wall
motor_box = [12.4, 10.4];       // N20 gearbox cross-section (y, z) plus print tolerance
motor_len = 25;                 // gearbox + motor, shaft not counted

// Exit sensor: a slotted IR fork (ITR9608; TCST2103: gap 3.1) whose arms straddle the card edge.
fork_gap = 5;                   // gap between the arms: the card passes through it
fork_arm = 3;                   // thickness of each arm
fork_w = 6.4;                   // width of the fork along the throw
fork_reach = 7;                 // how far the arms reach into the card path
beam_from_tip = 2.5;            // optical axis, measured from the arm tips

// Hopper-empty sensor: a TCRT5000 looking up at the bottom card through the floor.
tcrt_hole = [10.6, 6.2];

headroom = 8;                   // above a full deck
base_t = 3;
floor_t = 2;
front_t = 6;                    // front wall carries the gate screws
throat_open = 4;                // opening under the front wall; the gate closes it down
gate_t = 3;
gate_h = 18;
throat_len = 22;                // exit channel beyond the gate
throat_side_h = 8;

iw = card_w + 2 * clearance;
il = card_l + 2 * clearance;
ow = iw + 2 * wall;
axle_z = base_t + 1.5 + wheel_d / 2;
floor_z = axle_z + wheel_d / 2 - wheel_protrude;
top_z = floor_z + stack_h + headroom;
wheel_y = il / 2 - wheel_from_front;
front_y = il / 2 + front_t;     // outer face of the front wall, where the gate sits
end_y = front_y + gate_t + throat_len;
sensor_y = front_y + gate_t + throat_len / 2;
beam_x = iw / 2 - fork_reach + beam_from_tip;
gate_screw_z = floor_z + throat_open + 7;

echo(stack_h = stack_h);
echo(hopper_inner = [iw, il, top_z - floor_z]);
echo(gate_travel = [0, throat_open]);
echo(wheel_above_floor = wheel_protrude);
echo(sensor_beam_x = beam_x, card_edge_min_x = card_w / 2 - clearance);
echo(sensor_gap_above_floor = [-0.3, fork_gap - 0.3]);

module body() {
    difference() {
        union() {
            translate([-ow / 2, -il / 2 - wall, 0]) rounded_box([ow, il + wall + front_t, top_z], 2);
            translate([-ow / 2, front_y - 1, 0]) cube([ow, end_y - front_y + 1, floor_z + throat_side_h]);
            sensor_cradle();
        }
        translate([-iw / 2, -il / 2, floor_z]) cube([iw, il, top_z]);                  // the stack
        translate([-iw / 2, il / 2 - 1, floor_z]) cube([iw, front_t + 2, throat_open]); // way out
        translate([-iw / 2, front_y, floor_z]) cube([iw, end_y, top_z]);               // throat
        translate([-iw / 2, -il / 2, base_t]) cube([ow, il, floor_z - floor_t - base_t]); // under floor, open at +x
        translate([-wheel_w / 2 - 1, wheel_y - 9, 0]) cube([wheel_w + 2, 18, top_z]);  // wheel slot
        translate([-tcrt_hole[0] / 2, -il / 4, 0]) cube([tcrt_hole[0], tcrt_hole[1], top_z]);
        sensor_pocket();
        for (x = [-1, 1]) translate([x * (iw / 2 - 9), il / 2, gate_screw_z])
            rotate([-90, 0, 0]) cylinder(d = m3_tap, h = front_t + 1);
        translate([0, 0, -1]) bolt_pattern() cylinder(d = m3_hole, h = base_t + 2);    // M3 + nut inside
    }
    motor_cradle();
}

module motor_cradle() {
    // The motor slides in from the open +x side, shaft towards the wheel at x = 0.
    size = [motor_len, motor_box[0] + 2 * wall, axle_z + motor_box[1] / 2 + wall];
    difference() {
        translate([wheel_w / 2 + 2, wheel_y - size[1] / 2, 0]) cube(size);
        translate([wheel_w / 2 + 1, wheel_y - motor_box[0] / 2, axle_z - motor_box[1] / 2])
            cube([motor_len + 2, motor_box[0], motor_box[1]]);
        translate([wheel_w / 2 + 2 + motor_len / 2 - 2, wheel_y - size[1], base_t + 1])
            cube([4, 2 * size[1], 2]);                                                // zip tie
    }
}

module sensor_pocket() {
    // Room for the fork: arms reach over the card edge, the lower one sinks into the floor.
    translate([iw / 2 - fork_reach, sensor_y - fork_w / 2 - 0.2, floor_z - 0.3 - fork_arm])
        cube([fork_reach + wall + 20, fork_w + 0.4, 2 * fork_arm + fork_gap]);
}

module sensor_cradle() {
    translate([ow / 2 - 1, sensor_y - 8, 0]) difference() {
        cube([16, 16, floor_z - 0.3 - fork_arm]);
        translate([11, 8, 2]) cylinder(d = m3_tap, h = floor_z);                    // module screw
    }
}

module gate() {
    // Screwed to the front wall through two slots: slide it until one card passes, two do not.
    difference() {
        cube([iw - 0.6, gate_h, gate_t]);
        for (x = [9 - 0.3, iw - 9 - 0.3]) hull() for (y = [7, 7 + throat_open])
            translate([x, y, -1]) cylinder(d = m3_hole, h = gate_t + 2);
    }
}

if (part == "body" || part == "all") body();
if (part == "gate" || part == "all") translate([ow / 2 + 25, -gate_h / 2, 0]) gate();
