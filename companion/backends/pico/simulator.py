"""A simulated Pico: the real firmware logic on one end of a pseudo-terminal.

``uno-companion pico simulate PATH`` (or ``python -m companion.backends.pico.simulator
PATH``) makes PATH a link to the serial end of a new pty, so the ``pico``
backend can be tried, tested and benchmarked without a Pico. The firmware's
:class:`~companion.firmware.app.Firmware` runs exactly as ``main.py`` runs it on
the Pico; only the pins are simulated: a card stack that throws one card every
CARD_MS of motor time past an exit sensor, and buttons pressed by commands on
stdin. PATH is re-pointed after a re-plug, like /dev/serial/by-id/... for a
real Pico.

Commands on stdin, one per line; each answers one JSON line on stdout:
press SEAT | release SEAT | tap SEAT (held 100 ms of the Pico's time) | draw | cards N | blind |
snag (the next card snags: running backward frees it) | jam (it jams hard) |
beam 1 | beam 0 (the exit sensor reads blocked / clear at rest) | reboot | unplug | plug |
garble N | drop N (damage / lose the next N bytes from the host) |
garble-out N | drop-out N (the same for bytes to the host) | dup | report
"""
import json
import os
import select
import sys
import time
import tty

from companion.firmware.app import Firmware
from companion.firmware.protocol import TO_PICO, FrameReader, Message

USAGE = ("commands: press SEAT, release SEAT, tap SEAT, draw, cards N, blind, snag, jam, beam 0|1, reboot, unplug, plug, "
         "garble N, drop N, garble-out N, drop-out N, dup, report")
KNOWN = ("press", "release", "tap", "draw", "cards", "blind", "snag", "jam", "beam", "reboot", "unplug", "plug", "garble", "drop",
         "garble-out", "drop-out", "dup", "report")
TAP_MS = 100
CARD_MS = 60        # one card leaves every 60 ms of motor-on time
UNSNAG_MS = 50      # running backward this long frees a snagged card
LOOP_MS = 2
SEATS = 6


class SimulatedPico:
    def __init__(self, link_path):
        self.link_path = link_path
        self.start = time.monotonic()
        self.boot_count = 0
        self.pressed = [False] * (SEATS + 1)
        self.taps = {}                    # seat -> when its tap ends
        self.stack = 100            # cards in the hopper
        self.blind = False          # the exit sensor stops seeing cards (a jam or a broken sensor)
        self.thrown = 0             # cards that really left the launcher
        self.beam = 0               # the exit sensor at rest: 1 reads blocked (active_low the wrong way)
        self.jam = None             # None, "snag" (backing off frees it) or "hard": no card leaves
        self.unsnagged = 0          # snags freed by running backward
        self.reverse_ms = 0.0       # backward time of the pulse going on
        self.reverse_runs = []      # ms of each backward pulse
        self.reverse_started = None
        self.motor_ms = 0.0         # motor-on time towards the next card
        self.run_started = None
        self.longest_run_ms = 0
        self.stop_after_silence_ms = []   # for each stop by silence: ms since the last host frame
        self.damage = {"garble": 0, "drop": 0, "garble-out": 0, "drop-out": 0}   # bytes still to hit
        self.duplicate_next = False       # send the Pico's next event frame twice
        self.master = None
        self.heard = FrameReader(TO_PICO)  # a second reader, only to log the commands that came in
        self.commands = []                 # [seq, verb] of each valid numbered frame, repeats included
        self.plug()
        self.boot()

    def now(self):
        return int((time.monotonic() - self.start) * 1000)

    def boot(self):
        # A reboot: all outputs off, a new boot id; the hopper and thrown cards are physical.
        self.boot_count += 1
        boot_id = int.from_bytes(os.urandom(4), "big")
        self.firmware = Firmware(SEATS, True, boot_id, self.now())

    def plug(self):
        if self.master is not None:
            raise ValueError("already plugged in")
        master, slave = os.openpty()
        tty.setraw(slave)                 # no echo, no line discipline: bytes as on USB CDC
        name = os.ttyname(slave)
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        tmp = self.link_path + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(name, tmp)
        os.replace(tmp, self.link_path)

    def unplug(self):
        if self.master is None:
            raise ValueError("already unplugged")
        os.close(self.master)
        self.master = None
        os.unlink(self.link_path)

    def command(self, line):
        """Carry out one stdin command; a bad one is answered with an error, not a crash."""
        try:
            return self._command(line.split())
        except (ValueError, IndexError, OSError, TypeError) as error:
            return {"error": f"{line.strip()!r}: {error or type(error).__name__}. " + USAGE}

    def _command(self, words):
        if words[0] not in KNOWN:
            raise ValueError("unknown command")
        verb, args = words[0], [int(word) for word in words[1:]]
        if verb in ("press", "release"):
            self.pressed[args[0]] = verb == "press"
        elif verb == "tap":
            # Released by the simulated clock, not by a second command: a busy machine
            # that delays the commands cannot turn a tap into a 1 ms bounce.
            self.pressed[args[0]] = True
            self.taps[args[0]] = self.now() + TAP_MS
        elif verb == "draw":
            self.pressed[SEATS] = not self.pressed[SEATS]
        elif verb == "cards":
            self.stack = args[0]
        elif verb == "blind":
            self.blind = True
        elif verb == "beam":
            self.beam = 1 if args[0] else 0
        elif verb in ("snag", "jam"):
            self.jam = "snag" if verb == "snag" else "hard"
        elif verb == "reboot":
            self.boot()
        elif verb == "unplug":
            self.unplug()
        elif verb == "plug":
            self.plug()
        elif verb in self.damage:
            self.damage[verb] = args[0]
        elif verb == "dup":
            self.duplicate_next = True
        return self.report()

    def report(self):
        firmware, now = self.firmware, self.now()
        return {"thrown": self.thrown, "motor": firmware.launcher.direction, "boot": self.boot_count,
                "boot_id": firmware.link.boot_id, "pixels": firmware.pixels(now), "aim": firmware.aim,
                "buzzer": firmware.buzzer(now), "longest_run_ms": self.longest_run_ms,
                "stop_after_silence_ms": self.stop_after_silence_ms,
                "jam": self.jam, "unsnagged": self.unsnagged, "reverse_runs": self.reverse_runs, "synced": firmware.link.synced,
                "commands": self.commands, "servo_us": firmware.servo_pulse_us(),
                "settings": [int(firmware.exit_active_low), int(firmware.hopper_active_low), *firmware.servo_us]}

    def step(self, elapsed_ms):
        now = self.now()
        for seat, until in list(self.taps.items()):
            if now >= until:
                self.pressed[seat] = False
                del self.taps[seat]
        if self.master is not None:
            try:
                data = os.read(self.master, 4096)
            except (BlockingIOError, OSError):
                data = b""
            if data:
                data = self._damage(data, "")
                self.firmware.receive(data, now)
                for message in self.heard.feed(data):
                    if isinstance(message, Message) and message.seq:
                        self.commands = (self.commands + [[message.seq, message.verb]])[-100:]
        launcher = self.firmware.launcher
        cards = 0
        if launcher.direction == -1:
            self.reverse_ms += elapsed_ms
            if self.jam == "snag" and self.reverse_ms >= UNSNAG_MS:
                self.jam = None                   # pulled back: it feeds again
                self.unsnagged += 1
        else:
            self.reverse_ms = 0.0
        if launcher.direction == 1 and self.stack > 0 and self.jam is None:
            self.motor_ms += elapsed_ms
            if self.motor_ms >= CARD_MS:
                # One card per loop at most: the real Pico loops every 5 ms and a card takes
                # ~60 ms, so it always sees each card before the next; a late loop here (a
                # busy test machine) must not throw a burst the firmware never had a chance to stop.
                self.motor_ms = min(self.motor_ms - CARD_MS, CARD_MS)
                self.stack -= 1
                self.thrown += 1
                cards = 0 if self.blind else 1
        was_running = launcher.running
        self.firmware.tick(now, list(self.pressed), cards, 1 if self.stack else 0, self.beam)
        if launcher.running and self.run_started is None:
            self.run_started = now
        if launcher.direction == -1 and self.reverse_started is None:
            self.reverse_started = now
        if launcher.direction != -1 and self.reverse_started is not None:
            self.reverse_runs = (self.reverse_runs + [now - self.reverse_started])[-20:]
            self.reverse_started = None
        if not launcher.running and self.run_started is not None:
            self.longest_run_ms = max(self.longest_run_ms, now - self.run_started)
            self.run_started = None
            self.motor_ms = 0.0
            if was_running and not self.firmware.link.alive(now):
                self.stop_after_silence_ms.append(now - self.firmware.link.last_heard)
        out = self.firmware.take_output()
        if out and self.duplicate_next and (b" CARD " in out or b" PRESS " in out):
            self.duplicate_next = False
            out += out
        if out and self.master is not None:
            try:
                os.write(self.master, self._damage(out, "-out"))
            except (BlockingIOError, OSError):
                pass                      # nobody reads: USB CDC drops it too

    def _damage(self, data, direction):
        data = bytearray(data)
        drop = "drop" + direction
        if self.damage[drop]:
            cut = min(self.damage[drop], len(data) - 1)
            self.damage[drop] -= cut
            del data[1:1 + cut]           # keep the "$": the rest of the frame is lost
        garble = "garble" + direction
        for index in range(min(self.damage[garble], len(data))):
            data[index] ^= 0x21
        self.damage[garble] = max(0, self.damage[garble] - len(data))
        return bytes(data)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: simulate PATH   (PATH becomes the simulated Pico's serial port)", file=sys.stderr)
        return 2
    pico = SimulatedPico(args[0])
    print(json.dumps(pico.report()), flush=True)
    last = time.monotonic()
    try:
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], LOOP_MS / 1000)
            if ready:
                line = sys.stdin.readline()
                if not line:
                    return 0
                if line.strip():
                    print(json.dumps(pico.command(line)), flush=True)
            now = time.monotonic()
            pico.step((now - last) * 1000)
            last = now
    except KeyboardInterrupt:
        return 0
    finally:
        if pico.master is not None:
            pico.unplug()


if __name__ == "__main__":
    raise SystemExit(main())
