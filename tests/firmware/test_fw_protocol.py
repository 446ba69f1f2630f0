"""The frame codec both ends share (firmware/protocol.py), under CPython."""
import pytest

from companion.firmware.protocol import (TO_HOST, TO_PICO, FrameError, FrameReader, Message, OldFrame, crc16,
                                         decode, encode, encode_message)


def test_crc_is_the_standard_ccitt_false_check_value():
    assert crc16(b"123456789") == 0x29B1


def test_a_command_round_trips_through_the_reader():
    frame = encode_message(TO_PICO, 7, "SEAT", (2, "PULSE", 0x00FF80, 800), session=0x5EEDF00E)
    assert frame == b"$5EEDF00E 7 SEAT 2 PULSE 00FF80 800*" + frame[-7:]
    assert FrameReader(TO_PICO).feed(frame) == [Message(7, "SEAT", (2, "PULSE", 0x00FF80, 800), 0x5EEDF00E)]


def test_a_hello_in_the_format_before_sessions_names_its_firmware():
    body = b"0 HELLO 0.2.0 1234ABCD 6 1"             # what a Pico with firmware 0.2.0 sends
    frame = b"$" + body + b"*%02X%04X\n" % (len(body), crc16(body))
    [old] = FrameReader(TO_HOST).feed(frame)
    assert isinstance(old, OldFrame) and old.version == "0.2.0"


def test_frames_split_anywhere_are_reassembled_in_order():
    frames = encode(1, "STOP") + encode(2, "AIM", (45,)) + encode(0, "PING")
    reader = FrameReader(TO_PICO)
    decoded = []
    for byte in frames:
        decoded += reader.feed(bytes([byte]))
    assert [(m.seq, m.verb) for m in decoded] == [(1, "STOP"), (2, "AIM"), (0, "PING")]


def test_every_single_byte_corruption_is_rejected():
    frame = encode(9, "LAUNCH", (3, 3000, 800, 70, 150, 2))
    for index in range(len(frame) - 1):
        for flip in (0x01, 0x20, 0x55):
            damaged = bytearray(frame)
            damaged[index] ^= flip
            results = FrameReader(TO_PICO).feed(bytes(damaged) + b"\n")
            assert not any(isinstance(r, Message) and r == decode(frame[:-1], TO_PICO) for r in results), index
            assert all(isinstance(r, FrameError) for r in results)


def test_every_single_dropped_byte_is_rejected():
    frame = encode(9, "LAUNCH", (3, 3000, 800, 70, 150, 2))
    for index in range(len(frame) - 1):
        damaged = frame[:index] + frame[index + 1:]
        assert not [r for r in FrameReader(TO_PICO).feed(damaged + b"\n") if isinstance(r, Message)], index


@pytest.mark.parametrize("line, why", [
    (encode(3, "LAUNCH", (0, 3000, 800, 70, 150, 2)), "outside"),       # zero cards
    (encode(3, "LAUNCH", (3, 99999, 800, 70, 150, 2)), "outside"),      # beyond the motor limit
    (encode(3, "LAUNCH", (3, 3000, 800, 70)), "arguments"),
    (encode(3, "LAUNCH", (3, 3000, 800, 70, 900, 2)), "outside"),       # a reverse pulse too long
    (encode(3, "LAUNCH", (3, 3000, 800, 70, 150, 9)), "outside"),
    (encode(3, "FLY", ()), "unknown verb"),
    (encode(0, "STOP", ()), "sequence"),                         # a command must be sequenced
    (encode(4, "PING", ()), "sequence"),
    (encode(3, "AIM", ("090",)), "bad number"),                  # one spelling per value
    (encode(3, "AIM", ("+90",)), "bad number"),
    (encode(3, "SEAT", (1, "SOLID", "ff0000", 0)), "hex digits"),
    (encode(3, "PRESS", ("S1",)), "unknown verb"),               # an event is not a command
])
def test_well_framed_but_invalid_messages_are_refused_with_a_reason(line, why):
    with pytest.raises(FrameError, match=why):
        decode(line[:-1], TO_PICO)


def test_noise_before_a_frame_is_skipped_and_an_overlong_line_is_one_error():
    reader = FrameReader(TO_HOST)
    results = reader.feed(b"\x00\xffboot noise" + encode(0, "NAK", (0, "BAD")))
    assert results == [Message(0, "NAK", (0, "BAD"))]
    results = reader.feed(b"$" + b"9" * 500 + b"\n" + encode(1, "PRESS", ("S3",)))
    assert isinstance(results[0], FrameError) and "too long" in str(results[0])
    assert results[1] == Message(1, "PRESS", ("S3",))


def test_the_sender_refuses_to_encode_a_message_the_receiver_would_reject():
    with pytest.raises(FrameError):
        encode_message(TO_HOST, 1, "CARD", (0, 3))
    with pytest.raises(FrameError):
        encode_message(TO_HOST, 0, "PRESS", ("S2",))
