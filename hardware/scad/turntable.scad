// Turntable plate: carries the launcher on the 6810 bearing's inner ring; the bearing's
// outer ring sits in the lid's housing, so the load goes bearing -> lid, never through
// the servo. The spigot runs down through the bearing bore; the servo horn sits in the key
// at its end and only turns it. Two kidney slots let the launcher's wires down into the box
// (the plate turns +-80 degrees, the wires take it as a loose loop).
// part = "plate": printed top face down, spigot up: no overhangs.
// Origin: the axis; z = 0 where the shoulder rests on the bearing's inner ring.
include <common.scad>

part = "plate";

spigot_len = bearing_width + box_lid + 2;
shoulder_h = 1.0;                                  // lifts the plate off the outer ring
plate_z = shoulder_h;                              // underside of the plate proper
chassis_bolts = [[-24, -40], [24, -40], [-24, 40], [24, 40]];

echo(plate_d = turntable_plate_d, spigot_d = bearing_bore - 0.15, plate_top = plate_z + turntable_plate_t,
     shoulder_d = bearing_inner_shoulder - 1, chassis_bolts = chassis_bolts);
echo(wire_slot = turntable_wire_slot, horn_key = [servo_horn[0] + 0.6, servo_horn[1] + 0.6, servo_horn[2] + 0.5]);

module wire_slots() {
    for (a = [90, 270]) rotate(a - turntable_wire_slot[2] / 2)
        rotate_extrude(angle = turntable_wire_slot[2])
            translate([turntable_wire_slot[0], -50]) square([turntable_wire_slot[1] - turntable_wire_slot[0], 100]);
}

module plate() {
    difference() {
        union() {
            translate([0, 0, plate_z]) cylinder(d = turntable_plate_d, h = turntable_plate_t);
            cylinder(d = bearing_inner_shoulder - 1, h = plate_z + eps);
            translate([0, 0, -spigot_len]) cylinder(d = bearing_bore - 0.15, h = spigot_len + eps);
        }
        // horn key: the horn lies in it, the centre screw goes up through the plate
        translate([0, 0, -spigot_len - 1]) hull() for (s = [-1, 1])
            translate([s * (servo_horn[0] - servo_horn[1]) / 2, 0, 0])
                cylinder(d = servo_horn[1] + 0.6, h = servo_horn[2] + 1.5);
        translate([0, 0, -spigot_len - 1]) cylinder(d = 3.2, h = 40);
        for (s = [-1, 1]) translate([s * (servo_horn[0] / 2 - 3), 0, -spigot_len - 1]) cylinder(d = screw_m2_tap, h = 40);
        wire_slots();
        for (b = chassis_bolts) translate([b[0], b[1], plate_z - 1]) cylinder(d = screw_m3_insert[0], h = 40);
    }
}

function turntable_print_rot(name) = [180, 0, 0];

if (part == "plate") rotate(turntable_print_rot("plate")) plate();
