"""The RGB ring's palette: every colour the table may name (E4 UNO Flip's dark side and its
dark-side turn light too) has pixels of its own, sent as RRGGBB in the unchanged SEAT command."""
from companion.backends.pico.devices import LOOKS
from companion.devices.interface import LIGHT_STATES
from companion.firmware.protocol import TO_PICO, FrameReader, encode_message
from companion.firmware.ring import PALETTE, Ring

DARK = ("pink", "teal", "orange", "purple")


def test_every_light_state_the_ring_offers_has_a_look_on_the_rgb_ring():
    assert set(LOOKS) == set(LIGHT_STATES)
    assert {name for name in LIGHT_STATES if name not in ("off", "on", "blink")} <= set(PALETTE)


def test_the_dark_colours_and_the_dark_turn_light_differ_from_the_light_ones_and_each_other():
    shown = [PALETTE[name] for name in ("white", "red", "yellow", "green", "blue", *DARK, "violet")]
    assert len(set(shown)) == len(shown)


def test_a_seat_sent_pink_over_the_protocol_lights_pink_pixels():
    frame = encode_message(TO_PICO, 4, "SEAT", (1, "SOLID", PALETTE["pink"], 0), session=0x5EEDF00E)
    assert b" SEAT 1 SOLID FF3C8C 0*" in frame                     # RRGGBB, as every colour
    message = FrameReader(TO_PICO).feed(frame)[0]
    ring = Ring(4)
    ring.set_seat(*message.args)
    assert ring.pixels(0) == [(0, 0, 0), (0xFF, 0x3C, 0x8C), (0, 0, 0), (0, 0, 0)]
