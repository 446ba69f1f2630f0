"""Fuzzing both ends' frame parsers with hypothesis: no crash, no accepted garbage.

The default run keeps the example count modest; the full run is opt-in:

    UNO_FUZZ_EXAMPLES=100000 python -m pytest tests/link/test_link_fuzz.py
"""
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.firmware import protocol
from companion.firmware.app import VERSION, Firmware
from companion.firmware.protocol import TO_HOST, TO_PICO, FrameError, FrameReader, Message, encode_message
from companion.backends.pico.session import HostLink

EXAMPLES = int(os.environ.get("UNO_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOOT = 0x600DF00D
OFFER = 0x600DF00E         # the session the host's end below syncs to


def _argument(kind):
    if kind[0] == "int":
        return st.integers(kind[1], kind[2])
    if kind[0] == "hex":
        return st.integers(0, 16 ** kind[1] - 1)
    if kind[0] == "enum":
        return st.sampled_from(kind[1])
    return st.text(alphabet=protocol._TEXT_CHARS, min_size=1, max_size=kind[1])


def messages(schema):
    """Any valid message of one direction, as (seq, verb, args, session)."""
    def one(verb):
        seq = st.just(0) if verb in protocol.UNSEQUENCED else st.integers(1, protocol.MAX_SEQ)
        return st.tuples(seq, st.just(verb), st.tuples(*[_argument(kind) for kind in schema[verb]]),
                         st.integers(0, 0xFFFFFFFF))
    return st.sampled_from(sorted(schema)).flatmap(one)


# One damage to one frame: bytes overwritten (a burst of up to two), one byte lost or added, a cut.
damage = st.one_of(
    st.tuples(st.just("overwrite"), st.integers(0, 200), st.binary(min_size=1, max_size=2)),
    st.tuples(st.just("delete"), st.integers(0, 200), st.just(b"")),
    st.tuples(st.just("insert"), st.integers(0, 200), st.binary(min_size=1, max_size=1)),
    st.tuples(st.just("cut"), st.integers(0, 200), st.just(b"")))


def damaged(frame, how):
    kind, at, data = how
    body = frame[:-1]                                    # keep the newline: one line, one verdict
    at %= len(body)
    if kind == "overwrite":
        body = body[:at] + data + body[at + len(data):]
    elif kind == "delete":
        body = body[:at] + body[at + 1:]
    elif kind == "insert":
        body = body[:at] + data + body[at:]
    else:
        body = body[:at]
    return body + b"\n"


def _accepted(schema, data):
    return [m for m in FrameReader(schema).feed(data) if isinstance(m, Message)]


# -- the Pico's parser -------------------------------------------------------------------
def _synced_pico():
    pico = Firmware(seats=6, has_launcher=True, boot_id=BOOT, now_ms=0)
    pico.receive(encode_message(TO_PICO, 1, "SYNC", (BOOT, pico.link.offer, 1, 1, 500, 2400)), 0)
    pico.take_output()
    return pico


@FUZZ
@given(st.lists(st.binary(max_size=64), max_size=8))
def test_random_bytes_to_the_pico_never_crash_it_nor_start_anything(chunks):
    pico = _synced_pico()
    for index, chunk in enumerate(chunks):
        pico.receive(chunk, index)
        pico.tick(index, [False] * 7)
    assert pico.launcher.direction == 0 and pico.pixels(0) == [(0, 0, 0)] * 6
    for message in FrameReader(TO_HOST).feed(pico.take_output()):
        assert isinstance(message, Message)             # whatever came in, the Pico sends only valid frames
    data = b"".join(chunks)
    for message in _accepted(TO_PICO, data):
        assert encode_message(TO_PICO, message.seq, message.verb, message.args, message.session) in data


@FUZZ
@given(messages(TO_PICO), damage)
def test_a_damaged_command_is_refused_or_is_exactly_the_original(message, how):
    frame = encode_message(TO_PICO, *message)
    accepted = _accepted(TO_PICO, damaged(frame, how))
    assert accepted in ([], [Message(*message)])


@FUZZ
@given(st.integers(1, 40), damage)
def test_a_damaged_launch_throws_the_count_sent_or_nothing(count, how):
    pico = _synced_pico()
    pico.receive(damaged(encode_message(TO_PICO, 2, "LAUNCH", (count, 3000, 800, 70, 150, 2)), how), 1)
    assert pico.launcher.requested in (0, count)


# -- the host's parser -------------------------------------------------------------------
def _ready_link():
    link = HostLink("fuzz")                               # never started: frames are fed by hand
    link._set_phase("hello")
    link._receive(encode_message(TO_HOST, 0, "HELLO", (VERSION, BOOT, OFFER, 6, 1)), 0.0)
    link._receive(encode_message(TO_HOST, 0, "ACK", (link._sync[0],), OFFER), 0.0)
    assert link.ready and link._listeners._queue.get_nowait() == "ready"
    return link


def _dispatched(link):
    items = []
    while not link._listeners._queue.empty():
        items.append(link._listeners._queue.get_nowait())
    return items


@FUZZ
@given(st.lists(st.binary(max_size=64), max_size=8))
def test_random_bytes_to_the_host_never_crash_it_nor_make_events(chunks):
    link = _ready_link()
    for chunk in chunks:
        link._receive(chunk, 1.0)
    data = b"".join(chunks)
    for message, _ in _dispatched(link):
        assert encode_message(TO_HOST, message.seq, message.verb, message.args, message.session) in data


@FUZZ
@given(messages(TO_HOST), damage)
def test_a_damaged_event_is_refused_or_is_exactly_the_original(message, how):
    frame = encode_message(TO_HOST, *message)
    assert _accepted(TO_HOST, damaged(frame, how)) in ([], [Message(*message)])
    link = _ready_link()
    seq, verb, args, _ = message
    frame = encode_message(TO_HOST, seq, verb, args, OFFER)    # one of the link's own session
    link._receive(damaged(frame, how), 1.0)
    for item in _dispatched(link):
        assert item == "reboot" or item[0] == Message(seq, verb, args, OFFER)


def test_frame_errors_name_the_fault():
    assert "length" in str(_accepted_error(b"$1 STOP*05ABCD\n"))
    assert "CRC" in str(_accepted_error(encode_message(TO_PICO, 1, "STOP")[:-2] + b"0\n"))


def _accepted_error(data):
    (result,) = FrameReader(TO_PICO).feed(data)
    assert isinstance(result, FrameError)
    return result
