// Aiming turntable: an SG90 micro servo turns a plate that carries the launcher hopper.
// The plate rides on the servo horn; a rim on the base catches it if it tips, so the
// servo only turns and never carries a sideways load. Print both parts flat.
include <uno_card.scad>

part = "all";                   // "base", "plate" or "all"

// SG90 micro servo (MG90S has the same outline).
servo_body = [23.0, 12.6];      // plus 0.4 mm print tolerance
servo_tab_z = 16;               // underside of the mounting tabs, from the body bottom
servo_hole_spacing = 27.8;
servo_shaft_from_end = 6;       // output shaft axis, from the near body end
horn_top = 29;                  // top of the fitted horn, from the body bottom
horn_t = 2;                     // double-arm horn: thickness, length, width, screw radius
horn_l = 35;
horn_w = 7;
horn_screw_r = 14;

base_d = 110;
base_t = 3;
plate_d = 90;
plate_t = 5;
rim_w = 3;
rim_gap = 0.5;                  // plate clears the rim unless it tips

shaft_x = servo_body[0] / 2 - servo_shaft_from_end;  // body centre -> shaft axis
plate_z = base_t + horn_top - horn_t;  // underside of the plate; the horn nests in its key
rim_r = plate_d / 2 - rim_w - 2;

echo(plate_d = plate_d, hopper_bolt_radius = norm([hopper_bolt_dx, hopper_bolt_dy]) / 2);
echo(servo_pocket = [servo_body[0] + 0.4, servo_body[1] + 0.4, servo_tab_z]);
echo(rim_r = rim_r, plate_z = plate_z, rim_top = plate_z - rim_gap);

module servo_base() {
    pocket = [servo_body[0] + 0.4, servo_body[1] + 0.4];
    difference() {
        union() {
            cylinder(d = base_d, h = base_t);
            translate([-shaft_x - pocket[0] / 2 - 7, -pocket[1] / 2 - 4, 0])
                cube([pocket[0] + 14, pocket[1] + 8, base_t + servo_tab_z]);        // servo tower
            difference() {                                                         // support rim
                cylinder(r = rim_r + rim_w, h = plate_z - rim_gap);
                translate([0, 0, -1]) cylinder(r = rim_r, h = plate_z + 2);
            }
        }
        translate([-shaft_x - pocket[0] / 2, -pocket[1] / 2, base_t]) cube([pocket[0], pocket[1], 40]);
        for (s = [-1, 1]) translate([-shaft_x + s * servo_hole_spacing / 2, 0, base_t + 4])
            cylinder(d = m2_tap, h = 40);
        translate([-shaft_x - 3, -pocket[1] / 2 - 5, base_t]) cube([6, 6, 40]);     // cable
        translate([-rim_r - rim_w - 1, -3, base_t]) cube([2 * rim_w + 2, 6, 6]);    // cable out
        for (a = [45 : 90 : 315]) rotate(a) translate([base_d / 2 - 6, 0, -1])
            cylinder(d = m3_hole, h = base_t + 2);                                  // to the box lid
    }
}

module aim_plate() {
    difference() {
        cylinder(d = plate_d, h = plate_t);
        translate([0, 0, -1]) hull() for (s = [-1, 1])                              // horn key
            translate([s * (horn_l - horn_w) / 2, 0, 0]) cylinder(d = horn_w + 0.6, h = horn_t + 1);
        translate([0, 0, -1]) cylinder(d = 7, h = plate_t + 2);                    // horn screw
        for (s = [-1, 1]) translate([s * horn_screw_r, 0, -1]) cylinder(d = m2_tap, h = plate_t + 2);
        translate([0, 0, -1]) bolt_pattern() {
            cylinder(d = m3_hole, h = plate_t + 2);
            cylinder(d = 6.2, h = 3);                                               // head recess
        }
    }
}

if (part == "base" || part == "all") servo_base();
if (part == "plate" || part == "all") translate([0, 0, part == "all" ? plate_z : 0]) aim_plate();
