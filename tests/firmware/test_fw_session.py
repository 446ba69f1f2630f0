"""The whole firmware object (firmware/app.py) driven frame by frame, as the host would."""
from companion.firmware.app import VERSION, Firmware
from companion.firmware.link import RETRY_MS, SILENCE_MS
from companion.firmware.protocol import TO_HOST, TO_PICO, FrameReader, Message, encode, encode_message
from companion.backends.pico.session import DEFAULT_SETTINGS as SETTINGS

BOOT = 0x0BADCAFE
IDLE = [False] * 5            # 4 seats and the draw button


class Host:
    """The test's side of the wire: writes commands, reads what the Pico sent."""

    def __init__(self, seats=4):
        self.pico = Firmware(seats=seats, has_launcher=True, boot_id=BOOT, now_ms=0)
        self.reader = FrameReader(TO_HOST)
        self.now = 0

    def send(self, seq, verb, *args, raw=None):
        """A frame as the host of the session sends it (SYNC and HELLO: no session yet)."""
        session = 0 if verb in ("SYNC", "HELLO") else self.pico.link.session
        self.pico.receive(raw if raw is not None else encode_message(TO_PICO, seq, verb, args, session), self.now)

    def tick(self, ms=10, pressed=IDLE, cards=0, hopper=2, beam=0):
        self.now += ms
        self.pico.tick(self.now, pressed, cards, hopper, beam)
        return self.read()

    def read(self):
        """What the Pico sent; each frame of the session or of none (compared without its session)."""
        messages = self.reader.feed(self.pico.take_output())
        for message in messages:
            assert message.session in (0, self.pico.link.session), message
            message.session = 0
        return messages

    def sync(self, settings=SETTINGS, offer=None):
        self.send(1, "SYNC", BOOT, self.pico.link.offer if offer is None else offer, *settings)
        return self.tick()


def verbs(messages):
    return [m.verb for m in messages]


def test_at_boot_every_output_is_off_and_the_pico_says_hello():
    host = Host()
    assert host.pico.launcher.direction == 0 and not host.pico.buzzer(0)
    assert host.pico.pixels(0) == [(0, 0, 0)] * 4
    hello = host.tick()
    assert hello == [Message(0, "HELLO", (VERSION, BOOT, host.pico.link.offer, 4, 1))]


def test_commands_before_sync_are_refused_so_a_retransmission_across_a_reboot_is_never_run():
    host = Host()
    host.send(5, "LAUNCH", 2, 3000, 800, 70, 150, 2)
    assert Message(0, "NAK", (5, "SYNC")) in host.tick()
    assert host.pico.launcher.direction == 0
    host.send(1, "SYNC", 0x12345678, host.pico.link.offer, *SETTINGS)             # another boot's id
    assert Message(0, "NAK", (1, "BOOT")) in host.tick()
    assert [m for m in host.sync() if m.verb == "ACK"] == [Message(0, "ACK", (1,))]


def test_a_repeated_sequence_number_is_acknowledged_again_but_not_run_again():
    host = Host()
    host.sync()
    for _ in range(3):
        host.send(2, "LAUNCH", 2, 3000, 800, 70, 150, 2)
    replies = host.tick()
    assert [m for m in replies if m.verb == "ACK"] == [Message(0, "ACK", (2,))] * 3
    assert host.pico.launcher.requested == 2
    host.send(2, "LAUNCH", 2, 3000, 800, 70, 150, 2)      # even during the launch: no BUSY, no second job
    assert Message(0, "ACK", (2,)) in host.tick()


def test_a_corrupted_command_is_nakked_and_not_run():
    host = Host()
    host.sync()
    frame = bytearray(encode(2, "LAUNCH", (9, 3000, 800, 70, 150, 2)))
    frame[10] ^= 0x04
    host.send(2, "", raw=bytes(frame))
    assert Message(0, "NAK", (0, "BAD")) in host.tick()
    assert host.pico.launcher.direction == 0


def test_events_are_retransmitted_with_the_same_number_until_acknowledged_and_stay_in_order():
    host = Host()
    host.sync()
    host.tick(10, pressed=[True, False, False, False, False])
    first = [m for m in host.tick(30, pressed=[True, False, False, False, False]) if m.seq]
    assert first == [Message(1, "PRESS", ("S0",))]
    host.tick(10, pressed=IDLE)
    again = [m for m in host.tick(RETRY_MS, pressed=IDLE) if m.seq]
    assert again == [Message(1, "PRESS", ("S0",))]                 # the release waits its turn
    host.send(0, "ACK", 1)
    assert [m for m in host.tick(10) if m.seq] == [Message(2, "RELEASE", ("S0",))]


def test_a_launch_reports_each_card_and_one_end():
    host = Host()
    host.sync()
    host.send(2, "LAUNCH", 2, 3000, 800, 70, 150, 2)
    host.tick()
    assert host.pico.launcher.direction == 1
    events = []
    for cards in (1, 1, 0, 0, 0):
        for message in host.tick(50, cards=cards):
            if message.seq:
                events.append(message)
                host.send(0, "ACK", message.seq)
    assert verbs(events) == ["CARD", "CARD", "END"] and events[-1].args == ("DONE", 2, 2)
    assert host.pico.launcher.direction == 0


def test_a_silent_host_stops_the_motor_within_a_second_and_the_ring_says_so():
    host = Host()
    host.sync()
    host.send(2, "SEAT", 1, "SOLID", 0x00FF00, 0)
    host.send(3, "MOTOR", "FWD", 60, 5000)
    assert not [m for m in host.tick() if m.verb == "NAK"]
    assert host.pico.launcher.running and host.pico.pixels(host.now)[1] == (0, 255, 0)
    silent_from = host.now
    while host.pico.launcher.running:
        host.tick(20)
    assert host.now - silent_from <= SILENCE_MS + 20
    assert host.pico.pixels(host.now)[0] == (255, 0, 0)
    assert host.pico.pixels(host.now)[1] != (0, 255, 0)


def test_presses_during_a_silence_never_arrive_later_as_phantom_presses():
    host = Host()
    host.sync()
    host.tick(SILENCE_MS + 50)
    host.tick(10, pressed=[False, False, True, False, False])
    host.tick(50, pressed=[False, False, True, False, False])
    host.tick(10)
    host.tick(50)
    events = []
    for _ in range(5):
        host.send(0, "PING")                                       # the host is back
        events += [m for m in host.tick(RETRY_MS) if m.seq]
        assert host.pico.ring.link_lost is False
    assert "PRESS" not in verbs(events)


def test_state_snapshots_report_held_buttons_and_the_last_launch():
    host = Host()
    host.sync()
    host.send(2, "LAUNCH", 3, 3000, 800, 70, 150, 2)
    states = []
    for _ in range(60):
        states += [m for m in host.tick(10, pressed=[False, True, False, False, True], cards=0)
                   if m.verb == "STATE"]
    assert states[-1].args == (0b1000000000000010, 1, 0, 3, 2, 0)  # seat 1 and the draw button; beam clear
    assert 1 <= len(states) <= 3                                   # every 500 ms, not every tick


def test_an_unfitted_launcher_or_a_missing_seat_is_refused_with_range():
    host = Host()
    host.pico.has_launcher = False
    host.sync()
    host.send(2, "LAUNCH", 1, 3000, 800, 70, 150, 2)
    host.send(3, "SEAT", 9, "SOLID", 0xFFFFFF, 0)
    naks = [m for m in host.tick() if m.verb == "NAK"]
    assert naks == [Message(0, "NAK", (2, "RANGE")), Message(0, "NAK", (3, "RANGE"))]



def test_a_retransmitted_sync_does_not_restart_the_event_numbers():
    host = Host()
    host.sync()
    host.tick(10, pressed=[True] + IDLE[1:])
    assert [m for m in host.tick(30, pressed=[True] + IDLE[1:]) if m.seq] == [Message(1, "PRESS", ("S0",))]
    host.send(0, "ACK", 1)
    host.send(1, "SYNC", BOOT, host.pico.link.session, *SETTINGS)          # the same SYNC, sent again
    sent = [m for ms in (10, 30, 30) for m in host.tick(ms) if m.seq]
    assert sent == [Message(2, "RELEASE", ("S0",))]


def test_a_new_host_session_restarts_the_event_numbers_and_drops_old_events():
    host = Host()
    host.sync()
    host.tick(10, pressed=[True] + IDLE[1:])
    host.tick(30, pressed=[True] + IDLE[1:])                   # PRESS 1 sent, never acknowledged
    host.send(1, "SYNC", BOOT, host.pico.link.offer, *SETTINGS)            # another host process
    assert [m for m in host.tick(RETRY_MS) if m.seq] == []


def test_a_frame_repeated_within_one_read_is_run_once():
    host = Host()
    host.sync()
    frame = encode_message(TO_PICO, 2, "LAUNCH", (2, 3000, 800, 70, 150, 2), host.pico.link.session)
    host.send(0, "", raw=frame + frame)
    assert [m for m in host.tick() if m.verb in ("ACK", "NAK")] == [Message(0, "ACK", (2,))] * 2


def test_halt_stops_the_motor_in_any_state_and_is_not_answered():
    host = Host()
    host.sync()
    host.send(2, "MOTOR", "REV", 50, 3000)
    host.tick()
    assert host.pico.launcher.running
    host.send(0, "HALT")
    assert not host.pico.launcher.running
    assert [m for m in host.tick() if m.verb in ("ACK", "NAK")] == []


def test_a_full_outbox_gives_up_button_events_before_the_end_of_a_launch():
    host = Host()
    host.sync()
    host.send(2, "LAUNCH", 1, 3000, 800, 70, 150, 2)
    host.tick(10, cards=1)                                      # CARD goes out, END waits for it
    for _ in range(22):                                         # a button mashed, nothing acknowledged
        for pressed in ([True] + IDLE[1:], IDLE):
            host.tick(1, pressed=pressed)
            host.tick(20, pressed=pressed)
    assert host.now < 1000                                      # the link is not lost yet
    sent = []
    for _ in range(40):
        for message in host.tick(10):
            if message.seq:
                sent.append(message)
                host.send(0, "ACK", message.seq)
    assert Message(2, "END", ("DONE", 1, 1)) in sent


def test_sync_brings_the_parts_settings_and_every_new_session_brings_them_again():
    host = Host()
    assert (host.pico.exit_active_low, host.pico.servo_us) == (True, (500, 2400))   # SG90 defaults at boot
    assert Message(0, "ACK", (1,)) in host.sync(settings=(0, 1, 600, 2300))
    assert (host.pico.exit_active_low, host.pico.hopper_active_low) == (False, True)
    host.send(2, "AIM", 0)
    host.tick()
    assert host.pico.servo_pulse_us() == 600
    host.send(3, "AIM", 180)
    host.tick()
    assert host.pico.servo_pulse_us() == 2300
    host.sync(settings=(1, 0, 2000, 2100))                    # a range too narrow to be meant
    assert (host.pico.exit_active_low, host.pico.hopper_active_low, host.pico.servo_us) == (True, False, (500, 2400))


def _ended(host, ms=20, **tick):
    events = []
    for message in host.tick(ms, **tick):
        if message.seq:
            events.append(message)
            host.send(0, "ACK", message.seq)
    return events


def test_backing_off_a_jam_ends_when_the_host_falls_silent_or_says_stop():
    for stop_by in ("silence", "STOP", "HALT"):
        host = Host()
        host.sync()
        host.send(2, "LAUNCH", 2, 5000, 200, 70, 500, 5)
        host.tick()
        while host.pico.launcher.direction != -1:          # no card: the Pico backs off by itself
            host.send(0, "PING")
            host.tick(20)
        events = []
        if stop_by == "silence":
            silent_from = host.now
            while host.pico.launcher.running:
                events += _ended(host)
            assert host.now - silent_from <= SILENCE_MS + 20
        else:
            host.send(3 if stop_by == "STOP" else 0, stop_by)
            events += _ended(host)
        assert host.pico.launcher.direction == 0, stop_by
        if stop_by != "silence":          # after a silence the END waits for the host to come back
            assert [m.args[0] for m in events if m.verb == "END"] == ["STOP"], stop_by


def test_a_jam_with_a_card_in_the_exit_sensor_is_reported_without_backing_off():
    host = Host()
    host.sync()
    host.send(2, "LAUNCH", 3, 3000, 300, 70, 150, 2)
    events = _ended(host, cards=1, beam=1)                 # a card came in, and stays in the beam
    while host.pico.launcher.running:
        assert host.pico.launcher.direction != -1
        events += _ended(host, beam=1)
    assert [m.args for m in events if m.verb == "END"] == [("JAM", 1, 3)]
    assert host.pico.launcher.reversals == 0
    assert host.pico.state()[5] == 1                        # and STATE tells the host the beam is blocked
