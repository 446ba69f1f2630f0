"""The firmware as one object: link, buttons, ring and launcher, without hardware.

``main.py`` calls :meth:`Firmware.receive` with the bytes from USB and
:meth:`Firmware.tick` with the time and the pin readings, then writes
:meth:`Firmware.take_output` back and sets the outputs from the attributes.
Tests drive the very same object.

>>> pico = Firmware(seats=4, has_launcher=True, boot_id=0x1234ABCD, now_ms=0)
>>> pico.tick(0, [False] * 5)
>>> pico.take_output()
b'$00000000 0 HELLO 0.3.0 1234ABCD 1234ABCE 4 1*2C57F2\\n'
"""
from .debounce import Debouncer
from .launcher import Busy, Launcher
from .link import FirmwareLink
from .ring import Ring

VERSION = "0.3.0"
STATE_EVERY_MS = 500
DRAW = 15                 # the draw button's bit in STATE
SERVO_US = (500, 2400)    # servo pulse at 0 and 180 degrees (an SG90) until the host says otherwise


class Firmware:
    def __init__(self, seats, has_launcher, boot_id, now_ms):
        self.seats = seats
        self.has_launcher = has_launcher
        self.link = FirmwareLink(VERSION, boot_id, seats, has_launcher, now_ms)
        self.buttons = Debouncer(seats + 1)       # the seats, then the draw button
        self.ring = Ring(seats)
        self.launcher = Launcher()
        self.aim = 90                             # servo angle, degrees
        # The parts' settings: the pin map's defaults until the host's SYNC brings its own.
        self.exit_active_low = True
        self.hopper_active_low = True
        self.servo_us = SERVO_US
        self.hopper = 2                           # 0 empty, 1 cards, 2 no sensor
        self.beam = 2                             # exit sensor: 0 clear, 1 a card in it, 2 not fitted
        self._buzz_until = 0
        self._state_at = now_ms
        self._had_session = False
        self._was_alive = False
        self._now = now_ms

    # -- what the outputs should be ----------------------------------------------------------
    def pixels(self, now_ms):
        return self.ring.pixels(now_ms)

    def buzzer(self, now_ms):
        return now_ms < self._buzz_until

    def servo_pulse_us(self):
        """The aim servo's pulse width for the current angle, within the configured range."""
        low, high = self.servo_us
        return low + self.aim * (high - low) // 180

    # -- input ---------------------------------------------------------------------------------
    def receive(self, data, now_ms):
        self._now = now_ms
        self.link.receive(data, now_ms, self._execute)

    def _execute(self, command):
        """Carry out one command; returns a NAK reason or None."""
        verb, args, now_ms = command.verb, command.args, self._now
        if verb == "SYNC":
            # A new session starts from a safe state: motor off, the host restores lights.
            self._had_session = True
            self._event(self.launcher.stop("STOP", now_ms))
            self.exit_active_low, self.hopper_active_low = args[2] == 1, args[3] == 1
            # A pulse range too narrow to be meant (the host checks it too) keeps the safe default.
            self.servo_us = (args[4], args[5]) if args[5] - args[4] >= 500 else SERVO_US
            self._state_at = now_ms                   # a snapshot right after the ACK
        elif verb == "SEAT":
            if args[0] >= self.seats:
                return "RANGE"
            self.ring.set_seat(args[0], args[1], args[2], args[3])
        elif verb == "RING":
            self.ring.set_pattern(args[0], args[1], now_ms)
        elif verb in ("STOP", "HALT"):
            self._event(self.launcher.stop("STOP", now_ms))
        elif verb == "BUZZ":
            self._buzz_until = now_ms + args[0]
        elif not self.has_launcher:
            return "RANGE"
        elif verb == "AIM":
            self.aim = args[0]
        else:
            try:
                if verb == "LAUNCH":
                    self.launcher.launch(args[0], args[1], args[2], args[3], now_ms, args[4], args[5])
                else:
                    direction = 1 if args[0] == "FWD" else -1
                    self.launcher.run(direction, args[1], args[2], now_ms)
            except Busy:
                return "BUSY"
        return None

    def tick(self, now_ms, pressed, cards=0, hopper=2, beam=2):
        """One pass of the main loop.

        ``pressed``: a bool per seat, then the draw button; ``cards``: cards the exit
        sensor counted since the last tick; ``hopper``: 0 empty, 1 cards, 2 no sensor;
        ``beam``: the exit sensor now, 0 clear, 1 blocked, 2 no launcher (for ``check``).
        """
        self.hopper, self.beam = hopper, beam
        for _ in range(cards):
            self._event(self.launcher.card(now_ms))
        alive = self.link.alive(now_ms)
        for index, down in self.buttons.update(now_ms, pressed):
            if alive:     # a press nobody hears now must not arrive as a phantom later
                button = "DRAW" if index == self.seats else "S%d" % index
                self.link.send_event("PRESS" if down else "RELEASE", (button,))
        self._event(self.launcher.tick(now_ms, hopper == 0, beam == 1))
        if self._was_alive and not alive:
            self._event(self.launcher.stop("LOST", now_ms))
            self._buzz_until = 0
            self.link.lost()
        self._was_alive = alive
        self.ring.link_lost = self._had_session and not alive
        if now_ms >= self._state_at:
            self._state_at = now_ms + STATE_EVERY_MS
            self.link.send_state(self.state())
        self.link.tick(now_ms)

    def state(self):
        held = self.buttons.held()
        if held & (1 << self.seats):
            held = (held & ~(1 << self.seats)) | (1 << DRAW)
        launcher = self.launcher
        return (held, 1 if launcher.launching else 0, launcher.count, launcher.requested, self.hopper, self.beam)

    def _event(self, events):
        for verb, args in events:
            self.link.send_event(verb, args)

    def take_output(self):
        return self.link.take_tx()
