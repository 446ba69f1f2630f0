"""What the RGB ring shows, computed from the time: one LED per seat, seat 0 first.

The host chooses per-seat lights (off, solid, blink, pulse in any colour) or a
whole-ring pattern (the four-colour choice, a race countdown); the firmware
adds the "link lost" pattern on its own when the host falls silent.

>>> ring = Ring(4)
>>> ring.set_seat(1, "BLINK", 0xFF0000, 500)
>>> ring.pixels(0)[1], ring.pixels(300)[1]
((255, 0, 0), (0, 0, 0))
"""

OFF = (0, 0, 0)
# How each colour the table names looks on the RGB pixels (0xRRGGBB): the host sends these
# in SEAT; pink to purple are E4 UNO Flip's dark side, "violet" its turn light there.
PALETTE = {"white": 0xFFFFFF, "red": 0xFF0000, "yellow": 0xFFB400, "green": 0x00C800,
           "blue": 0x0000FF, "pink": 0xFF3C8C, "teal": 0x00B4A0, "orange": 0xFF5000,
           "purple": 0x7800C8, "violet": 0xA064FF}


def _rgb(colour):
    return ((colour >> 16) & 0xFF, (colour >> 8) & 0xFF, colour & 0xFF)


# The four UNO colours, as the ring shows them in the colour choice.
CHOICE_COLOURS = tuple(_rgb(PALETTE[name]) for name in ("red", "yellow", "green", "blue"))
COUNTDOWN_COLOUR = (255, 255, 255)
GO_COLOUR = (0, 255, 0)
LOST_COLOUR = (255, 0, 0)
LOST_PERIOD_MS = 1000


def _scale(rgb, level, top):
    return (rgb[0] * level // top, rgb[1] * level // top, rgb[2] * level // top)


class Ring:
    def __init__(self, count):
        self.count = count
        self.seats = [("OFF", 0, 0)] * count     # (mode, colour 0xRRGGBB, period_ms)
        self.pattern = "SEATS"
        self.pattern_ms = 0
        self.pattern_start = 0
        self.link_lost = False

    def set_seat(self, seat, mode, colour, period_ms):
        self.seats[seat] = (mode, colour, max(period_ms, 50))

    def set_pattern(self, pattern, duration_ms, now_ms):
        self.pattern = pattern
        self.pattern_ms = duration_ms
        self.pattern_start = now_ms

    def clear(self):
        self.seats = [("OFF", 0, 0)] * self.count
        self.pattern = "SEATS"

    def pixels(self, now_ms):
        """The colour of each LED at ``now_ms``: a list of (r, g, b)."""
        if self.link_lost:
            # Every other LED blinks red: clearly not a game state.
            lit = (now_ms % LOST_PERIOD_MS) < LOST_PERIOD_MS // 2
            return [LOST_COLOUR if lit and index % 2 == 0 else OFF for index in range(self.count)]
        if self.pattern == "OFF":
            return [OFF] * self.count
        if self.pattern == "CHOICE":
            return [CHOICE_COLOURS[index * 4 // self.count] for index in range(self.count)]
        if self.pattern == "COUNTDOWN":
            return self._countdown(now_ms)
        return [self._seat(index, now_ms) for index in range(self.count)]

    def _seat(self, index, now_ms):
        mode, colour, period = self.seats[index]
        if mode == "OFF":
            return OFF
        rgb = _rgb(colour)
        phase = now_ms % period
        if mode == "BLINK":
            return rgb if phase < period // 2 else OFF
        if mode == "PULSE":
            half = period // 2 or 1
            level = phase if phase < half else period - phase      # a triangle wave
            return _scale(rgb, 16 + level * 239 // half, 255)
        return rgb

    def _countdown(self, now_ms):
        # The lit arc shrinks as the race countdown runs; at zero the ring turns green.
        left = self.pattern_ms - (now_ms - self.pattern_start)
        if left <= 0:
            return [GO_COLOUR] * self.count
        lit = (left * self.count + self.pattern_ms - 1) // self.pattern_ms
        return [COUNTDOWN_COLOUR if index < lit else OFF for index in range(self.count)]
