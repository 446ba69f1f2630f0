"""Boot file of the Pico: binds pins, NeoPixels, PWM, the watchdog and the clock
to the firmware logic in ``firmware/app.py``, which runs unchanged on the host.

Flash it with mpremote as docs/protocol.md shows. Hold the draw button while
plugging the Pico in to skip the firmware and keep the REPL for maintenance.
"""
import os
import select
import sys
import time

import machine
import micropython
import neopixel
from machine import PWM, Pin

from firmware import pins
from firmware.app import Firmware

LAUNCHER_FITTED = True       # False on a ring-only Pico: the launcher pins stay untouched
WATCHDOG_MS = 2000           # a hung loop restarts the Pico (motor off at boot)
LOOP_MS = 5
CARD_GAP_US = 15000          # edges closer than this are one card (sensor bounce)
# WS2812s draw up to 60 mA each at full white; 40 % keeps ten of them well inside USB's 500 mA.
BRIGHTNESS_PERCENT = 40

_cards = 0
_last_edge = 0


def _card_edge(pin):
    global _cards, _last_edge
    now = time.ticks_us()
    if time.ticks_diff(now, _last_edge) >= CARD_GAP_US:
        _cards += 1
    _last_edge = now


def _take_cards():
    global _cards
    state = machine.disable_irq()
    cards, _cards = _cards, 0
    machine.enable_irq(state)
    return cards


def _pwm(gpio, freq):
    pwm = PWM(Pin(gpio))
    pwm.freq(freq)
    pwm.duty_u16(0)
    return pwm


class Clock:
    """Milliseconds since boot that never wrap (ticks_ms wraps after ~12 days)."""

    def __init__(self):
        self._last = time.ticks_ms()
        self.now = 0

    def read(self):
        ticks = time.ticks_ms()
        self.now += time.ticks_diff(ticks, self._last)
        self._last = ticks
        return self.now


def main():
    buttons = [Pin(gpio, Pin.IN, Pin.PULL_UP) for gpio in pins.SEAT_BUTTONS]
    buttons.append(Pin(pins.LAUNCHER_DRAW_BUTTON, Pin.IN, Pin.PULL_UP))
    if buttons[-1].value() == 0:
        print("draw button held at boot: firmware not started, REPL free for mpremote")
        return
    ring = neopixel.NeoPixel(Pin(pins.RING_LEDS), len(pins.SEAT_BUTTONS))
    ring.fill((0, 0, 0))
    ring.write()
    buzzer = Pin(pins.BUZZER, Pin.OUT, value=0) if pins.BUZZER is not None else None
    forward = backward = servo = hopper = None
    if LAUNCHER_FITTED:
        forward = _pwm(pins.LAUNCHER_MOTOR_FORWARD, 1000)
        backward = _pwm(pins.LAUNCHER_MOTOR_BACKWARD, 1000)
        if pins.LAUNCHER_AIM_SERVO is not None:
            servo = _pwm(pins.LAUNCHER_AIM_SERVO, 50)
        if pins.LAUNCHER_HOPPER_SENSOR is not None:
            hopper = Pin(pins.LAUNCHER_HOPPER_SENSOR, Pin.IN, Pin.PULL_UP)
        sensor = Pin(pins.LAUNCHER_EXIT_SENSOR, Pin.IN, Pin.PULL_UP)

    micropython.alloc_emergency_exception_buf(100)
    micropython.kbd_intr(-1)      # a stray 0x03 on the link must not stop the firmware
    clock = Clock()
    boot_id = int.from_bytes(os.urandom(4), "big")
    firmware = Firmware(len(pins.SEAT_BUTTONS), LAUNCHER_FITTED, boot_id, clock.read())
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    usb_in = select.poll()
    usb_in.register(sys.stdin, select.POLLIN)
    shown = None
    edge_active_low = None
    try:
        while True:
            watchdog.feed()
            received = bytearray()
            while len(received) < 256 and usb_in.poll(0):
                received += sys.stdin.buffer.read(1)
            now = clock.read()
            if received:
                firmware.receive(received, now)
            pressed = [button.value() == 0 for button in buttons]
            level = 2 if hopper is None else (1 if (hopper.value() == 0) == firmware.hopper_active_low else 0)
            if forward is not None and firmware.exit_active_low != edge_active_low:
                # A card is counted as it enters the beam: the edge towards the sensor's active level.
                edge_active_low = firmware.exit_active_low
                sensor.irq(trigger=Pin.IRQ_FALLING if edge_active_low else Pin.IRQ_RISING, handler=_card_edge)
            beam = 2 if forward is None else (1 if (sensor.value() == 0) == firmware.exit_active_low else 0)
            firmware.tick(now, pressed, _take_cards() if forward else 0, level, beam)
            # Outputs first, USB last: a write to a host that stopped reading can stall
            # (USB CDC's TX timeout) and must not delay a motor stop decided above.
            if forward is not None:
                motor = firmware.launcher
                duty = motor.speed * 65535 // 100
                forward.duty_u16(duty if motor.direction > 0 else 0)
                backward.duty_u16(duty if motor.direction < 0 else 0)
                if servo is not None:
                    servo.duty_ns(firmware.servo_pulse_us() * 1000)
            if buzzer is not None:
                buzzer.value(1 if firmware.buzzer(now) else 0)
            pixels = firmware.pixels(now)
            if pixels != shown:         # writing the ring costs ~0.3 ms; skip when unchanged
                for index, (red, green, blue) in enumerate(pixels):
                    ring[index] = (red * BRIGHTNESS_PERCENT // 100, green * BRIGHTNESS_PERCENT // 100,
                                   blue * BRIGHTNESS_PERCENT // 100)
                ring.write()
                shown = pixels
            out = firmware.take_output()
            if out:
                sys.stdout.buffer.write(out)
            time.sleep_ms(LOOP_MS)
    finally:
        # Whatever stopped the loop, leave the motor off; the watchdog then restarts us.
        if forward is not None:
            forward.duty_u16(0)
            backward.duty_u16(0)
        if buzzer is not None:
            buzzer.value(0)


main()
