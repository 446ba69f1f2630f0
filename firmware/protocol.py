"""The frame codec of the Pico link, shared by the firmware and the host.

This one module runs on the Pico (MicroPython) and on the Pi (CPython, as
``companion.firmware.protocol``), so both ends always agree on the format.
A frame is one readable ASCII line::

    $5EEDF00E 12 LAUNCH 3 3000 800 70 150 2*267325\\n

``$``, the body (session, sequence number, verb, arguments, single spaces),
``*``, the body's length as two hex digits and its CRC-16/CCITT-FALSE as four
(all upper case). The CRC catches any damage up to 16 bits in a row; the length
catches every lost or extra byte, which a CRC alone may miss.

The session (8 hex digits) is the one the Pico handed out at SYNC; 00000000
before a session (HELLO, SYNC, the refusals of a Pico without one). A frame of
another session is stale bytes (from before a reconnect or a reboot) and is
dropped. Sequence 0 marks frames that are never acknowledged (HELLO, PING,
STATE, ACK, NAK, HALT); 1-999999 marks commands and events, acknowledged and
retransmitted with the same number until they are. Within a session the
numbers only grow: a frame is new only when its number is above the last one
taken (:func:`is_new`), so an older frame, replayed, is never taken again.
docs/protocol.md describes every message.

>>> encode(12, "LAUNCH", (3, 3000, 800, 70, 150, 2), session=0x5EEDF00E)
b'$5EEDF00E 12 LAUNCH 3 3000 800 70 150 2*267325\\n'
>>> frame = encode(12, "LAUNCH", (3, 3000, 800, 70, 150, 2), session=0x5EEDF00E)
>>> [("%08X" % m.session, m.seq, m.verb, m.args) for m in FrameReader(TO_PICO).feed(frame)]
[('5EEDF00E', 12, 'LAUNCH', (3, 3000, 800, 70, 150, 2))]
"""

MAX_FRAME = 96          # bytes, "$" to "\n"; a longer line is noise and is dropped
MAX_SEQ = 999999        # a session ends before its numbers would wrap
SEQ_WINDOW = 1000       # a new frame's number is at most this far above the last one taken

# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), four bits at a time: a 16-entry
# table is small on the Pico and needs no optional binascii feature.
_CRC_TABLE = []
for _nibble in range(16):
    _crc = _nibble << 12
    for _ in range(4):
        _crc = ((_crc << 1) ^ 0x1021) & 0xFFFF if _crc & 0x8000 else (_crc << 1) & 0xFFFF
    _CRC_TABLE.append(_crc)


def crc16(data):
    """CRC-16/CCITT-FALSE of ``data`` (bytes): ``crc16(b"123456789") == 0x29B1``."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 4) & 0xFFFF) ^ _CRC_TABLE[(crc >> 12) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ _CRC_TABLE[(crc >> 12) ^ (byte & 0x0F)]
    return crc


# Argument kinds: ("int", low, high), ("hex", digits), ("enum", choices), ("text", max_length).
def _int(low, high):
    return ("int", low, high)


def _enum(*choices):
    return ("enum", choices)


BUTTONS = tuple(["S%d" % seat for seat in range(15)] + ["DRAW"])
MODES = ("OFF", "SOLID", "BLINK", "PULSE")
PATTERNS = ("SEATS", "CHOICE", "COUNTDOWN", "OFF")
END_REASONS = ("DONE", "JAM", "EMPTY", "LIMIT", "STOP", "LOST")
NAK_REASONS = ("BAD", "SYNC", "RANGE", "BUSY", "BOOT")
_BOOT = ("hex", 8)
_SESSION = ("hex", 8)
_COLOUR = ("hex", 6)

# Messages both ends may send: the link's own bookkeeping, never acknowledged.
_LINK = {
    "ACK": (_int(1, MAX_SEQ),),
    "NAK": (_int(0, MAX_SEQ), _enum(*NAK_REASONS)),
}
# Host -> Pico.
TO_PICO = dict(_LINK)
TO_PICO.update({
    "HELLO": (),                                            # who are you?
    "PING": (),                                             # heartbeat
    # start a session: boot id, the session the Pico's HELLO offered, then the parts' settings from
    # the pin map: exit sensor active low, hopper sensor active low, servo pulse (us) at 0 and 180 degrees
    "SYNC": (_BOOT, _SESSION, _int(0, 1), _int(0, 1), _int(400, 2600), _int(400, 2600)),
    "SEAT": (_int(0, 14), _enum(*MODES), _COLOUR, _int(0, 10000)),
    "RING": (_enum(*PATTERNS), _int(0, 60000)),
    # count, max on-time ms, card deadline ms, speed %, jam clearing: reverse pulse ms, tries
    "LAUNCH": (_int(1, 40), _int(50, 15000), _int(50, 5000), _int(1, 100), _int(0, 500), _int(0, 5)),
    "MOTOR": (_enum("FWD", "REV"), _int(1, 100), _int(50, 5000)),
    "STOP": (),
    "HALT": (),                                             # motor off, unacknowledged (emergency)
    "AIM": (_int(0, 180),),
    "BUZZ": (_int(1, 2000),),
})
# Pico -> host.
TO_HOST = dict(_LINK)
TO_HOST.update({
    # version, boot, the session its next SYNC must name, seats, launcher
    "HELLO": (("text", 16), _BOOT, _SESSION, _int(1, 15), _int(0, 1)),
    # held, launching, count, requested, hopper (0 empty 1 cards 2 none), beam (0 clear 1 blocked 2 none)
    "STATE": (("hex", 4), _int(0, 1), _int(0, 99), _int(0, 40), _int(0, 2), _int(0, 2)),
    "PRESS": (_enum(*BUTTONS),),
    "RELEASE": (_enum(*BUTTONS),),
    "CARD": (_int(1, 99), _int(1, 40)),                     # count so far, requested
    "END": (_enum(*END_REASONS), _int(0, 99), _int(1, 40)),  # reason, count, requested
})
# Frames with sequence 0: never acknowledged, never retransmitted.
UNSEQUENCED = ("ACK", "NAK", "HELLO", "PING", "STATE", "HALT")

_TEXT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.-_+"
_HEX = "0123456789ABCDEF"


class FrameError(ValueError):
    """A line that is not a valid frame; the message says why."""


class OldFrame(FrameError):
    """A HELLO in the frame format before sessions (firmware before 0.3.0): ``version`` says which."""

    def __init__(self, version):
        FrameError.__init__(self, "a HELLO of firmware %s, in the frame format before sessions" % version)
        self.version = version


def is_new(seq, last):
    """Whether a frame numbered ``seq`` comes after the last one taken (``last``) in a session."""
    return last < seq <= last + SEQ_WINDOW


class Message:
    """One decoded frame: ``seq`` (0 = unsequenced), ``verb``, ``args`` (a tuple), ``session``."""
    __slots__ = ("seq", "verb", "args", "session")

    def __init__(self, seq, verb, args, session=0):
        self.seq = seq
        self.verb = verb
        self.args = tuple(args)
        self.session = session

    def __eq__(self, other):
        return (isinstance(other, Message) and self.seq == other.seq and self.verb == other.verb
                and self.args == other.args and self.session == other.session)

    def __repr__(self):
        if self.session:
            return "Message(%d, %r, %r, session=0x%08X)" % (self.seq, self.verb, self.args, self.session)
        return "Message(%d, %r, %r)" % (self.seq, self.verb, self.args)


def _format_arg(kind, value):
    if kind[0] == "int":
        return "%d" % value
    if kind[0] == "hex":
        return ("%0" + str(kind[1]) + "X") % value
    return value


def encode(seq, verb, args=(), session=0):
    """The frame bytes for one message; the sender checks its own messages too."""
    body = ("%08X %d %s" % (session, seq, verb) + "".join(" " + str(arg) for arg in args)).encode()
    return b"$" + body + ("*%02X%04X\n" % (len(body), crc16(body))).encode()


def encode_message(schema, seq, verb, args=(), session=0):
    """Like :func:`encode`, after checking the message against ``schema``."""
    kinds = schema.get(verb)
    if kinds is None or len(kinds) != len(args):
        raise FrameError("not a message of this direction: %s/%d" % (verb, len(args)))
    text = tuple(_format_arg(kind, value) for kind, value in zip(kinds, args))
    for kind, value in zip(kinds, text):
        _parse_arg(kind, value)
    _check_seq(verb, seq)
    if not 0 <= session <= 0xFFFFFFFF:
        raise FrameError("bad session %r" % session)
    return encode(seq, verb, text, session)


def _check_seq(verb, seq):
    if (seq == 0) != (verb in UNSEQUENCED):
        raise FrameError("%s must have sequence %s" % (verb, "0" if verb in UNSEQUENCED else "1-255"))


def _parse_int(text, low, high):
    # Strict: digits only, no sign, no leading zero, so each value has one spelling.
    if not text or len(text) > 6 or (len(text) > 1 and text[0] == "0"):
        raise FrameError("bad number %r" % text)
    for char in text:
        if char not in "0123456789":
            raise FrameError("bad number %r" % text)
    value = int(text)
    if not low <= value <= high:
        raise FrameError("%d is outside %d-%d" % (value, low, high))
    return value


def _parse_arg(kind, text):
    if kind[0] == "int":
        return _parse_int(text, kind[1], kind[2])
    if kind[0] == "hex":
        if len(text) != kind[1] or any(char not in _HEX for char in text):
            raise FrameError("expected %d hex digits, got %r" % (kind[1], text))
        return int(text, 16)
    if kind[0] == "enum":
        if text not in kind[1]:
            raise FrameError("%r is not one of %s" % (text, ",".join(kind[1])))
        return text
    if not 0 < len(text) <= kind[1] or any(char not in _TEXT_CHARS for char in text):
        raise FrameError("bad text %r" % text)
    return text


def decode(line, schema):
    """Decode one line (bytes, ``$`` to the CRC, without the newline) or raise FrameError."""
    if len(line) < 12 or line[0] != 0x24 or line[-7] != 0x2A:   # "$", "*"
        raise FrameError("not framed")
    body = line[1:-7]
    for byte in line[-6:]:
        if byte not in b"0123456789ABCDEF":
            raise FrameError("bad length or CRC digits")
    if int(line[-6:-4], 16) != len(body):
        raise FrameError("length mismatch: bytes lost or added")
    if int(line[-4:], 16) != crc16(body):
        raise FrameError("CRC mismatch")
    for byte in body:
        if byte < 0x21 and byte != 0x20 or byte > 0x7E:
            raise FrameError("non-printable byte")
    words = body.decode().split(" ")
    if len(words) >= 3 and words[0] == "0" and words[1] == "HELLO":
        raise OldFrame(words[2])             # "$0 HELLO version ...": a Pico to flash again
    if len(words) < 3:
        raise FrameError("no verb")
    session = _parse_arg(_SESSION, words[0])
    seq = _parse_int(words[1], 0, MAX_SEQ)
    verb = words[2]
    kinds = schema.get(verb)
    if kinds is None:
        raise FrameError("unknown verb %r" % verb)
    if len(words) - 3 != len(kinds):
        raise FrameError("%s takes %d arguments" % (verb, len(kinds)))
    _check_seq(verb, seq)
    return Message(seq, verb, [_parse_arg(kind, text) for kind, text in zip(kinds, words[3:])], session)


class FrameReader:
    """Splits a byte stream into messages, whatever chunks it arrives in.

    ``feed`` returns decoded :class:`Message` objects in order; a broken line
    becomes a :class:`FrameError` in the same list, so the caller can NAK it.
    Bytes before a ``$`` (line noise, a half frame after a reconnect) are skipped.
    """

    def __init__(self, schema):
        self.schema = schema
        self._buffer = bytearray()
        self._overlong = False

    def feed(self, data):
        results = []
        for byte in data:
            if byte == 0x0A:                                   # "\n" ends a frame
                if self._buffer and not self._overlong:
                    try:
                        results.append(decode(bytes(self._buffer), self.schema))
                    except OldFrame as error:
                        results.append(error)
                    except (FrameError, ValueError, UnicodeError) as error:
                        results.append(FrameError(str(error)))
                elif self._overlong:
                    results.append(FrameError("frame too long"))
                self._buffer = bytearray()
                self._overlong = False
            elif byte == 0x24:                                 # "$" starts a frame anew
                self._buffer = bytearray(b"$")
                self._overlong = False
            elif self._buffer and not self._overlong:
                if len(self._buffer) >= MAX_FRAME:
                    self._overlong = True
                else:
                    self._buffer.append(byte)
        return results
