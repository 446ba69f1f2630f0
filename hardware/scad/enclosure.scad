// The box: holds the Pi, the driver perfboard, the barrel jack and fuse, the 60 mm draw
// button, the buzzer, the aim servo under the turntable bearing, and the camera arm's socket.
// part = "box":       printed floor down (as it stands), no supports: the vents, the port
//                     window and the cable notches are open at the top or bridged short;
//                     round holes in the walls are teardrops.
// part = "lid":       printed as it sits (underside on the bed): the bearing housing, the
//                     camera socket and the buzzer collar all rise from it.
// part = "light_bar": the pile light's holder, printed on its back; screws to the back wall.
// Origin: centre of the box's footprint, z = 0 its underside; +y points at the middle seat.
include <common.scad>

part = "box";

bx = box_size[0]; by = box_size[1];
tray_h = box_size[2] - box_lid;           // walls up to the lid's underside
lid_z = tray_h;                           // lid underside
inner = [bx - 2 * box_wall, by - 2 * box_wall];
corner = [bx / 2 - 7, by / 2 - 7];       // lid screw columns

// The servo hangs under the bearing: its horn sits in the turntable plate's spigot.
spigot_len = bearing_width + box_lid + 2;              // from the plate's underside down
horn_top_z = plate_under - spigot_len + servo_horn[2] + 0.5;
servo_bottom_z = horn_top_z - servo_horn_top;
servo_tab_z_abs = servo_bottom_z + servo_tab_z;
shaft_dx = servo_body[0] / 2 - servo_shaft_from_end;   // body centre -> shaft

jack_at = [-bx / 2, -60, 40];
fuse_at = [-bx / 2, -30, 40];
pod_notches = [for (side = [-1, 1], i = [0 : 2]) [side, 35 + i * 20]];
light_z = light_height - box_feet;                       // strip centre on the back wall
housing_h = bearing_width - 0.5;

echo(box_outside = box_size, lid_top_above_table = lid_top + box_feet);
echo(servo_pocket = [servo_body[0] + 2 * print_fit, servo_body[1] + 2 * print_fit],
     servo_lead_slot = servo_lead[0] + 1, servo_tab_z = servo_tab_z_abs, horn_top_z = horn_top_z);
echo(bearing_seat = bearing_od + 0.1, lid_hole = bearing_inner_shoulder + 2, housing_top = lid_top + housing_h,
     plate_under = plate_under);
echo(draw_button_hole = draw_button_hole, buzzer_hole = buzzer_d + 0.4, jack_hole = jack_hole,
     fuse_hole = fuse_hole, pod_notch = pod_cable_d + 0.6, pod_notches = len(pod_notches));
echo(camera_socket_hole = camera_post + 2 * print_fit, camera_socket_depth = camera_socket,
     camera_socket_bottom = lid_top + socket_boss - camera_socket);
// what stands on the lid: [name, centre, radius of a circle round it, height, half width]
echo(tall_on_lid = [["draw_button", draw_button_at, draw_button_dome / 2, draw_button_height, draw_button_dome / 2],
                    ["camera_post", camera_post_at, (camera_post / 2 + 4) * sqrt(2), 200, camera_post / 2 + 4],
                    ["buzzer", [30, 60], buzzer_d / 2 + 2.2, 6, buzzer_d / 2 + 2.2]]);

module box() {
    difference() {
        rbox([bx, by, tray_h], box_corner_r);
        translate([0, 0, box_floor]) rbox([inner[0], inner[1], tray_h], box_corner_r - box_wall);
        // vents: right wall low and high, back wall high; each slot bridges only vent[0]
        for (i = [0 : box_vents - 1], z = [10, tray_h - box_vent[1] - 8])
            translate([bx / 2, -by / 2 + 30 + i * (by - 60) / (box_vents - 1), z])
                cube([3 * box_wall, box_vent[0], box_vent[1]], center = false);
        for (i = [0 : box_vents - 1]) translate([-bx / 2 + 40 + i * (bx - 80) / (box_vents - 1), -by / 2,
                                                 tray_h - box_vent[1] - 8])
            cube([box_vent[0], 3 * box_wall, box_vent[1]], center = true);
        // Pi ports: USB-C and both micro-HDMI through the left wall, open at the top
        // (the board lies turned: its 85 mm side along y, the SD-card end towards -y)
        translate([-bx / 2 - 1, pi_at[1] - pi_board[0] / 2 + 6, box_floor + pi_standoff - 1])
            cube([3 * box_wall, 52, tray_h]);
        translate(jack_at) teardrop_x(jack_hole, 3 * box_wall);
        translate(fuse_at) teardrop_x(fuse_hole, 3 * box_wall);
        // one notch per pod cable, open at the top (the lid closes it); a zip tie inside is the stop
        for (n = pod_notches) translate([n[0] * bx / 2, n[1], tray_h - pod_cable_d / 2 - 1]) {
            rotate([0, 90, 0]) cylinder(d = pod_cable_d + 0.6, h = 3 * box_wall, center = true);
            translate([0, 0, 5]) cube([3 * box_wall, pod_cable_d + 0.6, 10], center = true);
        }
        // pile light: wire hole and the bar's two screws through the back wall
        translate([0, -by / 2, light_z]) teardrop_y(5, 3 * box_wall);
        for (x = [-1, 1]) translate([x * 30, -by / 2, light_z]) teardrop_y(screw_m3_tap, 3 * box_wall);
    }
    for (x = [-1, 1], y = [-1, 1]) translate([x * corner[0], y * corner[1], 0]) {
        insert_boss(tray_h, od = 11);
    }
    translate([pi_at[0], pi_at[1], 0]) for (x = [-1, 1], y = [-1, 1])     // Pi turned 90 degrees
        translate([x * pi_holes[1] / 2, y * pi_holes[0] / 2, 0])
            insert_boss(box_floor + pi_standoff, screw_m25_insert);
    translate([driver_board_at[0], driver_board_at[1], 0]) for (x = [-1, 1], y = [-1, 1])
        translate([x * driver_board_holes[0] / 2, y * driver_board_holes[1] / 2, 0])
            insert_boss(box_floor + driver_board_standoff);
    translate([turntable_axis[0], turntable_axis[1], 0]) servo_tower();
}

module servo_tower() {
    // The body drops in from above, tabs on the tower top; a slot in each end wall takes
    // the lead wherever it leaves the body, down to the pocket floor.
    pocket = [servo_body[0] + 2 * print_fit, servo_body[1] + 2 * print_fit];
    top = servo_tab_z_abs;
    translate([-shaft_dx, 0, 0]) difference() {
        translate([-(servo_tab_len + 4) / 2, -(pocket[1] + 8) / 2, 0]) cube([servo_tab_len + 4, pocket[1] + 8, top]);
        translate([-pocket[0] / 2, -pocket[1] / 2, servo_bottom_z - 0.5]) cube([pocket[0], pocket[1], 50]);
        for (s = [-1, 1]) translate([s * pocket[0] / 2, 0, servo_bottom_z + 25 - 0.5])
            cube([8, servo_lead[0] + 1, 50], center = true);                         // lead slots
        for (s = [-1, 1]) translate([s * servo_hole_spacing / 2, 0, top - 8]) cylinder(d = screw_m2_tap, h = 9);
        translate([-pocket[0] / 2 + 3, -pocket[1] / 2 - 5, 6]) cube([pocket[0] - 6, pocket[1] + 10, servo_bottom_z - 10]);
    }
}

module lid() {
    difference() {
        union() {
            rbox([bx, by, box_lid], box_corner_r);
            translate([turntable_axis[0], turntable_axis[1], 0])
                cylinder(d = bearing_od + 2 * turntable_housing_wall, h = box_lid + housing_h);
            translate([camera_post_at[0], camera_post_at[1], 0])
                translate([-camera_post / 2 - 4, -camera_post / 2 - 4, 0])
                    cube([camera_post + 8, camera_post + 8, box_lid + socket_boss]);
            translate([30, 60, 0]) cylinder(d = buzzer_d + 4.4, h = box_lid + 6);      // buzzer collar
        }
        for (x = [-1, 1], y = [-1, 1]) translate([x * corner[0], y * corner[1], -1]) {
            cylinder(d = screw_m3_hole, h = box_lid + 2);
            translate([0, 0, box_lid - 1.5]) cylinder(d = 6.5, h = 3);
        }
        translate([turntable_axis[0], turntable_axis[1], 0]) {
            translate([0, 0, box_lid]) cylinder(d = bearing_od + 0.1, h = bearing_width);
            translate([0, 0, -1]) cylinder(d = bearing_inner_shoulder + 2, h = box_lid + 2);
        }
        translate([draw_button_at[0], draw_button_at[1], -1]) cylinder(d = draw_button_hole, h = box_lid + 2);
        translate([30, 60, -1]) cylinder(d = buzzer_d + 0.4, h = box_lid + 8);
        translate([camera_post_at[0], camera_post_at[1], box_lid + socket_boss - camera_socket]) {
            translate([-camera_post / 2 - print_fit, -camera_post / 2 - print_fit, 0])
                cube([camera_post + 2 * print_fit, camera_post + 2 * print_fit, camera_socket + 1]);
        }
        // ribbon slot beside the socket, on the side the arm's channel runs
        translate([camera_post_at[0] + camera_post / 2 + 5, camera_post_at[1] - camera_ribbon_w / 2, -1])
            cube([3, camera_ribbon_w, box_lid + 2]);
        // vent over the Pi
        for (i = [0 : 4]) translate([pi_at[0] - 20 + i * 10, pi_at[1] - 20, -1]) cube([3, 40, box_lid + 2]);
    }
}

module light_bar() {
    // Lying on its back; screwed to the back wall, the strip in its channel faces the pile.
    difference() {
        translate([-35, 0, 0]) cube([70, 8, light_strip[0] + 6]);
        translate([-light_strip[1] / 2 - 1, 3, 3]) cube([light_strip[1] + 2, 6, light_strip[0] + 0.4]);
        for (x = [-1, 1]) translate([x * 30, -1, (light_strip[0] + 6) / 2]) rotate([-90, 0, 0])
            cylinder(d = screw_m3_hole, h = 10);
        translate([0, -1, (light_strip[0] + 6) / 2]) rotate([-90, 0, 0]) cylinder(d = 5, h = 10);
    }
}

function enclosure_print_rot(name) = name == "light_bar" ? [90, 0, 0] : [0, 0, 0];

if (part == "box") box();
if (part == "lid") lid();
if (part == "light_bar") rotate(enclosure_print_rot("light_bar")) light_bar();
