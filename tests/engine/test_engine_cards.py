"""D1 and S1: the classic deck and card values, given/when/then."""
import pytest

from companion.engine.cards import (CARD_NAMES, CLASSIC_DECK, card_points, hand_points,
                                    parse_card, CARDS)
from companion.errors import UserError


def test_d1_classic_deck_has_108_cards_in_the_official_mix():
    # given the classic deck, when counted, then 108 cards: 25 per colour and 8 wilds
    cards = [CARDS[i] for i in CLASSIC_DECK.cards()]
    assert len(cards) == 108 == CLASSIC_DECK.size
    for colour in ("red", "yellow", "green", "blue"):
        assert sum(c.colour == colour for c in cards) == 25
        assert sum(c.name == f"{colour}-0" for c in cards) == 1
        assert sum(c.name == f"{colour}-draw2" for c in cards) == 2
    assert sum(c.name == "wild" for c in cards) == 4
    assert sum(c.name == "wild-draw4" for c in cards) == 4


def test_there_are_54_distinct_faces_named_as_in_the_rules():
    # the classic deck's 54 faces come first, with the ids they always had; the faces of
    # later editions (E3's draw1) follow them (E3 first; later editions append their own blocks)
    assert CLASSIC_DECK.names == CARD_NAMES[:54] and len(set(CLASSIC_DECK.names)) == 54
    assert CLASSIC_DECK.face_ids == tuple(range(54))
    assert CARD_NAMES[54:58] == ("red-draw1", "yellow-draw1", "green-draw1", "blue-draw1")
    assert CARD_NAMES[58:63] == ("red-flip", "yellow-flip", "green-flip", "blue-flip",
                                 "wild-draw2")  # then E4 Flip's dark faces
    for name in ("red-5", "blue-skip", "green-reverse", "yellow-draw2", "wild", "wild-draw4"):
        assert CARDS[parse_card(name)].name == name


@pytest.mark.parametrize("bad", ["purple-0", "red-11", "", "wild-draw3", None, 5, "red"])
def test_a_bad_card_name_is_a_clear_user_error(bad):
    with pytest.raises(UserError, match="not a card"):
        parse_card(bad)


def test_parsing_forgives_case_and_spaces():
    assert CARDS[parse_card(" Red-5 ")].name == "red-5"


def test_s1_card_values():
    # given cards, when valued, then numbers face value, actions 20, wilds 50
    assert card_points("red-0") == 0
    assert card_points("blue-9") == 9
    assert card_points("green-skip") == card_points("green-reverse") == card_points("yellow-draw2") == 20
    assert card_points("wild") == card_points("wild-draw4") == 50
    # the rule text's example: 8 + reverse + wild = 78
    assert hand_points(["red-8", "blue-reverse", "wild"]) == 78
