"""E4 UNO Flip on the ring: the engine's colour question offers the colours of the side in
play (in the ring's group order) and its turn says the side, so the ring shows the side;
a press of a colour group names the colour the ring was asked with."""
from companion.engine import events as E
from companion.engine.actions import AskColour, Turn
from companion.engine.cards import COLOURS, DARK_COLOURS, FLIP_DECK
from companion.engine.inputs import ColourButton, meaning

from engine_helpers import table

OTHER = FLIP_DECK.other_side
HANDS = [["red-1", "blue-3", "green-4", "yellow-6", "blue-8", "green-9", "yellow-2"],
         ["red-flip", "blue-4", "green-6", "yellow-7", "yellow-8", "blue-9", "green-1"],
         [OTHER["dark-wild"], OTHER["dark-wild"], "red-6", "blue-2", "green-3", "yellow-4", "red-8"]]


def of(actions, kind):
    return [a for a in actions if isinstance(a, kind)]


def test_e4_on_the_light_side_the_ring_offers_the_light_colours_and_lights_a_light_turn(mode):
    hands = [HANDS[0], [*HANDS[1][:-1], "wild"], HANDS[2]]
    game = table(hands, full=mode.full, flip=True)
    assert [t.side for t in of(game.prompt(), Turn)] == ["light"]
    asked = of(game.apply(E.Play(1, "wild")), AskColour)
    assert [a.colours for a in asked] == [COLOURS]                   # red, yellow, green, blue
    pressed = meaning(game.snapshot(), ColourButton(asked[0].colours[0]))
    assert pressed.events == [E.ChooseColour(1, "red")]


def test_e4_after_a_flip_the_ring_offers_the_dark_colours_and_group_0_chooses_pink():
    game = table(HANDS, full=True, flip=True)
    turned = game.apply(E.Play(1, "red-flip"))
    assert [t.side for t in of(turned, Turn)] == ["dark"]           # seat 2's turn, dark side
    asked = of(game.apply(E.Play(2, "dark-wild")), AskColour)
    assert [a.colours for a in asked] == [DARK_COLOURS]              # pink, teal, orange, purple
    assert asked[0].to_json()["colours"] == ["pink", "teal", "orange", "purple"]
    assert of(game.prompt(), AskColour)[0].colours == DARK_COLOURS  # asked again: the same
    # the ring reports the colour its group stands for: group 0 was asked as pink
    pressed = meaning(game.snapshot(), ColourButton(asked[0].colours[0]))
    assert pressed.events == [E.ChooseColour(2, "pink")]
    after = game.apply(pressed.events[0])
    assert game.snapshot().colour == "pink"
    assert [t.side for t in of(after, Turn)] == ["dark"]


def test_e4_a_tracked_table_waits_for_the_new_top_then_lights_the_dark_turn():
    game = table(HANDS, full=False, flip=True)
    game.apply(E.Play(1, "red-flip"))
    seen = game.apply(E.FlipTop(OTHER["red-5"]))
    assert [t.side for t in of(seen, Turn)] == ["dark"]
    assert [t.side for t in of(game.prompt(), Turn)] == ["dark"]
