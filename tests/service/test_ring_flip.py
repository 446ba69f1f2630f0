"""E4 UNO Flip on the ring of gpiozero MockFactory pins: the table's adapter carries out the
engine's actions; after a flip the ring lights the dark colours and the dark-side turn, and a
press of a group names the colour the ring was asked with (group 0: pink)."""
import queue

import pytest

from companion.devices.ring import PinButtonRing
from companion.devices.sim import mock_factory
from companion.engine import Game, RuleOptions, events as E
from companion.engine.cards import FLIP_DECK
from companion.pinmap import load_pinmap
from companion.service.adapters import DeviceAdapter
from companion.service.presses import observation_event

PINS = load_pinmap()
SEATS = PINS.seats("pi")
BUTTONS = [PINS.pin("pi", f"seat{s}_button").gpio for s in range(SEATS)]
LIGHTS = [PINS.pin("pi", f"seat{s}_light").gpio for s in range(SEATS)]
HANDS = [["red-1", "blue-3", "green-4", "yellow-6", "blue-8", "green-9", "yellow-2"],
         ["red-flip", "blue-4", "green-6", "yellow-7", "yellow-8", "blue-9", "wild"],
         [FLIP_DECK.other_side["dark-wild"], "red-6", "blue-2", "green-3", "yellow-4", "red-8", "blue-1"]]


@pytest.fixture
def ring():
    factory, events = mock_factory(), queue.Queue()
    ring = PinButtonRing(events, buttons=BUTTONS, lights=LIGHTS, pin_factory=factory, bounce_time=0)
    ring.factory, ring.queue = factory, events
    yield ring
    ring.close()


def flip_game():
    game = Game(3, RuleOptions(flip=True), full_information=True)
    game.apply(E.Deal(dealer=0, hands=HANDS))
    game.apply(E.StartCard("red-5"))
    return game


def press(ring, seat):
    pin = ring.factory.pin(BUTTONS[seat])
    pin.drive_low()
    pin.drive_high()
    return ring.queue.get(timeout=2)


def lit(ring):
    return [bool(ring.factory.pin(pin).state) for pin in LIGHTS]


def test_after_a_flip_the_ring_lights_the_dark_colours_and_group_0_chooses_pink(ring):
    game, adapter = flip_game(), DeviceAdapter(ring=ring, seats=3)
    adapter.carry_out(game.apply(E.Play(1, "red-flip")))
    assert ring.lights[2] == "violet" and lit(ring) == [s == 2 for s in range(SEATS)]  # dark turn
    adapter.carry_out(game.apply(E.Play(2, "dark-wild")))
    assert list(dict.fromkeys(ring.lights.values())) == ["pink", "teal", "orange", "purple"]
    assert lit(ring) == [True] * SEATS         # single-colour LEDs just light every group
    chosen = press(ring, 0)
    assert chosen.colour == "pink" and chosen.seat == 0
    event = observation_event(game.snapshot(), chosen)
    assert event == E.ChooseColour(2, "pink")
    adapter.carry_out(game.apply(event))
    assert game.snapshot().colour == "pink" and ring.lights[0] == "violet"


def test_on_the_light_side_the_ring_lights_the_light_colours_and_a_white_turn(ring):
    game, adapter = flip_game(), DeviceAdapter(ring=ring, seats=3)
    adapter.carry_out(game.prompt())
    assert ring.lights[1] == "on"
    adapter.carry_out(game.apply(E.Play(1, "wild")))
    assert list(dict.fromkeys(ring.lights.values())) == ["red", "yellow", "green", "blue"]
    assert observation_event(game.snapshot(), press(ring, 0)) == E.ChooseColour(1, "red")


def test_the_ring_refuses_colours_it_cannot_show_and_a_side_it_does_not_know(ring):
    with pytest.raises(ValueError, match="cannot show 'gold'"):
        ring.show_colours(("red", "gold", "green", "blue"))
    with pytest.raises(ValueError, match="4 colours"):
        ring.show_colours(("red", "green"))
    with pytest.raises(ValueError, match="no side 'grey'"):
        ring.light_turn(0, side="grey")
    assert ring.lights == {seat: "off" for seat in range(SEATS)}
