// Camera arm: a post standing in the lid's socket and a boom out over the discard pile;
// the camera board hangs lens down under the boom's end plate. The ribbon runs in a
// channel down the post's +x face and the boom's +x face, into the box by the lid's slot.
// The lens height (hardware/sizes.toml [camera] lens_height) is chosen so that the picture
// at the full-view sensor mode covers the whole discard zone with margin (tests/hardware).
// part = "arm": printed lying on its -x face: the channel faces up, the camera screw
// holes run sideways (1.8 mm, no support needed).
// Origin: the post's axis at its lower end (the socket's bottom), z up, boom along -y.
include <common.scad>

part = "arm";

reach = camera_post_at[1] - pile_centre[1];              // post axis -> camera axis
plate_under_table = camera_lens_height + camera_lens_below_plate;
plate_z = plate_under_table - box_feet - camera_socket_bottom;   // in the arm's own frame
top_z = plate_z + camera_boom_t;
pad = [camera_post, camera_board[1] + 6];          // flush with the post's sides
ribbon_depth = 2.0;

echo(reach = reach, lens_height = camera_lens_height, arm_height = top_z, ribbon_run = top_z + reach);

module arm() {
    difference() {
        union() {
            translate([-camera_post / 2, -camera_post / 2, 0]) cube([camera_post, camera_post, top_z]);
            translate([-camera_post / 2, -reach, plate_z]) cube([camera_post, reach + camera_post / 2, camera_boom_t]);
            translate([-pad[0] / 2, -reach - pad[1] / 2, plate_z]) cube([pad[0], pad[1], camera_boom_t]);
            // gusset under the boom, tapering into the post
            translate([-camera_post / 2, -camera_post / 2, plate_z]) rotate([0, 90, 0]) linear_extrude(camera_post)
                polygon([[0, 0], [40, 0], [0, -40]]);
        }
        // ribbon channel along the +x faces
        translate([camera_post / 2 - ribbon_depth, -camera_ribbon_w / 2, -1])
            cube([ribbon_depth + 1, camera_ribbon_w, top_z + 2]);
        translate([camera_post / 2 - ribbon_depth, -reach, plate_z - 1])
            cube([ribbon_depth + 1, reach, camera_boom_t + 2]);
        // camera board: M2 holes placed so the lens sits on the camera axis, ribbon end towards the post
        for (x = [-1, 1], y = [0, 1])
            translate([x * camera_holes[0] / 2, -reach - camera_lens_from_holes + y * camera_holes[1], plate_z - 1])
            cylinder(d = screw_m2_tap, h = camera_boom_t + 2);
        translate([0, -reach, plate_z - 1]) cylinder(d = 8, h = camera_boom_t + 2);   // look-through for aiming
    }
}

function camera_arm_print_rot(name) = [0, -90, 0];

if (part == "arm") rotate(camera_arm_print_rot("arm")) arm();
