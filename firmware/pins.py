"""Pico GP numbers, generated from hardware/pinmap.toml by
``python -m companion.backends.pico.firmware_pins``: edit the pin map, not this file."""

SEAT_BUTTONS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
RING_LEDS = 28
LAUNCHER_MOTOR_FORWARD = 14
LAUNCHER_MOTOR_BACKWARD = 15
LAUNCHER_EXIT_SENSOR = 16
LAUNCHER_HOPPER_SENSOR = 17
LAUNCHER_AIM_SERVO = 18
LAUNCHER_DRAW_BUTTON = 19
BUZZER = 20
