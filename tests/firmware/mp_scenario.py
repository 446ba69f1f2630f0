# A firmware session written for both interpreters: tests/firmware/test_fw_micropython.py runs
# it under CPython and under real MicroPython and compares the two transcripts byte for byte.
from firmware import protocol
from firmware.app import Firmware

BOOT = 0x5EEDF00D
pico = Firmware(seats=6, has_launcher=True, boot_id=BOOT, now_ms=0)
reader = protocol.FrameReader(protocol.TO_HOST)
now = 0


def step(ms, data=b"", pressed=None, cards=0, hopper=1):
    global now
    now += ms
    if data:
        pico.receive(data, now)
    pico.tick(now, pressed or [False] * 7, cards, hopper)
    out = pico.take_output()
    for message in reader.feed(out):
        print(now, message.seq, message.verb, " ".join(str(arg) for arg in message.args))
        if message.seq:                                  # acknowledge every event
            pico.receive(protocol.encode(0, "ACK", (message.seq,), pico.link.session), now)


def command(seq, verb, *args):
    session = 0 if verb == "SYNC" else pico.link.session    # the host names its session
    return protocol.encode_message(protocol.TO_PICO, seq, verb, args, session)


step(0)
step(10, command(3, "STOP"))                             # refused: no session yet
step(10, command(1, "SYNC", BOOT, pico.link.offer, 1, 1, 500, 2400))
step(10, command(2, "SEAT", 4, "BLINK", 0x3366FF, 400) + command(3, "RING", "COUNTDOWN", 3000))
print("ring", pico.pixels(now))
step(10, command(4, "LAUNCH", 3, 3000, 800, 70, 150, 2))
step(10, command(4, "LAUNCH", 3, 3000, 800, 70, 150, 2))         # a retransmission
for cards in (1, 0, 1, 0, 1, 0):
    step(100, command(0, "PING"), cards=cards)
print("motor", pico.launcher.direction, "count", pico.launcher.count, "total", pico.launcher.total)
step(10, command(5, "LAUNCH", 1, 3000, 300, 70, 100, 1))
for _ in range(3):
    step(100, command(0, "PING"))                        # no card for 300 ms: the Pico backs off
print("backing off", pico.launcher.direction, "reversals", pico.launcher.reversals)
step(100, command(0, "PING"))                            # 100 ms later: forward again
step(50, command(0, "PING"), cards=1)                    # the freed card
print("motor", pico.launcher.direction, "count", pico.launcher.count)
noisy = bytearray(command(5, "LAUNCH", 9, 3000, 800, 70, 150, 2))
noisy[12] ^= 0x08
step(10, b"\x03\x00$$$" + bytes(noisy))
held = [False, True, False, False, False, False, False]
for bounce in (True, False, True, True, True):
    held[1] = bounce
    step(5, command(0, "PING"), pressed=list(held))
step(30, command(0, "PING"), pressed=held)
step(10, command(6, "MOTOR", "REV", 40, 4000))
while pico.launcher.running:
    step(50)                                             # the host falls silent
print("stopped after silence at", now, "ring", pico.pixels(now)[:2])
print("crc", protocol.crc16(b"123456789"))
