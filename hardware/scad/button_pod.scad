// Button pod: one per seat, on its own cable back to the box. Holds a 30 mm snap-in arcade
// button and the seat's light: a 5 mm LED pushed up through the small hole (Pi build) or a
// 10 mm WS2812 board in the pocket under it (Pico build). The cable enters at the back
// (-y; the light faces the player, +y) and is zip-tied to the bar inside, so a pull on the
// cable never reaches the solder joints. The 100 nF capacitor sits across the button's
// contacts, inside the pod.
// part = "pod": printed upside down (top on the bed), in white or natural PLA.
// Origin: centre of the footprint, z = 0 the table.
include <common.scad>

part = "pod";

height = pod_panel + pod_button_depth + 3;
button_at = [0, -8];
light_at = [0, 16];

echo(button_hole = pod_button_hole, room_under_panel = height - pod_panel, button_depth = pod_button_depth,
     panel = pod_panel, pod_footprint = pod_bottom, light_hole = pod_light_hole, pixel_pocket = pod_pixel_pocket,
     cable_hole = pod_cable_d + 0.6);

module frustum(b, t, h, r = 5) {
    hull() {
        rbox([b[0], b[1], eps], r);
        translate([0, 0, h - eps]) rbox([t[0], t[1], eps], r);
    }
}

module pod() {
    shell = 2 * print_wall;
    difference() {
        frustum(pod_bottom, pod_top, height);
        translate([0, 0, -eps]) frustum(pod_bottom - [shell, shell], pod_top - [shell, shell], height - pod_panel);
        translate([button_at[0], button_at[1], -1]) cylinder(d = pod_button_hole, h = height + 2);
        translate([light_at[0], light_at[1], -1]) cylinder(d = pod_light_hole, h = height + 2);
        translate([light_at[0], light_at[1], -1]) cylinder(d = pod_pixel_pocket, h = height + 1 - pod_panel + 1.0);
        // cable in; the teardrop points down, so it points up as printed
        translate([0, -pod_bottom[1] / 2, 6]) rotate([0, 180, 0]) teardrop_y(pod_cable_d + 0.6, 20);
    }
    // zip-tie bar inside the back wall, beside the cable: two posts down from the panel
    // (they grow from the bed as printed) and a bar bridging them
    intersection() {
        frustum(pod_bottom, pod_top, height);
        union() {
            for (x = [-8, 5]) translate([x, -pod_bottom[1] / 2, 0]) cube([3, print_wall + 7, height]);
            translate([-8, -pod_bottom[1] / 2 + print_wall + 3, 12]) cube([16, 4, 2]);
        }
    }
}

function button_pod_print_rot(name) = [180, 0, 0];

if (part == "pod") rotate(button_pod_print_rot("pod")) pod();
