"""E4 UNO Flip: the double-sided deck, the side in play, the flip, both sides' actions and
points, and whole matches, given/when/then, in both modes where the rule applies.

Which dark face backs which light face is the deck's data (FLIP_DECK.other_side), so the
tests name a dark card by its name and look up the light face it is printed behind."""
import random
from collections import Counter

import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.engine.cards import CARDS, CLASSIC_DECK, DECKS, FLIP_DECK, parse_card
from companion.engine.house.flip import is_dark
from companion.engine.log import format_log, header, read_log
from companion.engine.options import NOT_AT_THE_TABLE, check_playable_at_table
from companion.engine.phases import CHALLENGE, COLOUR
from companion.errors import UserError

from engine_helpers import draw, table, texts, types
from flip_helpers import DARK, DARK_START, OTHER, POINTS, colour_of, dark_hands, flip_table, seen_top


# -- E4.1 the deck ------------------------------------------------------------------------------
def test_e4_1_the_flip_deck_is_112_double_sided_cards_with_both_sides_complete():
    light_faces = Counter(CARDS[c].name for c in FLIP_DECK.cards())
    dark_faces = Counter(OTHER[name] for name in light_faces.elements())
    assert FLIP_DECK.size == 112 and FLIP_DECK.hand_size == 7
    for side, colours, actions in ((light_faces, ("red", "yellow", "green", "blue"),
                                    ("draw1", "reverse", "skip", "flip")),
                                   (dark_faces, ("pink", "teal", "orange", "purple"),
                                    ("draw5", "reverse", "skip-everyone", "flip"))):
        for colour in colours:
            assert all(side[f"{colour}-{n}"] == 2 for n in range(1, 10))
            assert f"{colour}-0" not in side
            assert all(side[f"{colour}-{action}"] == 2 for action in actions)
        assert sum(side.values()) == 112
    assert light_faces["wild"] == light_faces["wild-draw2"] == 4
    assert dark_faces["dark-wild"] == dark_faces["wild-draw-colour"] == 4
    # every card is a pair: a light face on one side, a dark face on the other, both ways
    for name in light_faces:
        assert OTHER[OTHER[name]] == name and colour_of(OTHER[name]) not in (
            "red", "yellow", "green", "blue")


def test_e4_1_each_sides_points_follow_the_sheet():
    values = {"red-7": 7, "blue-draw1": 10, "green-reverse": 20, "yellow-skip": 20,
              "red-flip": 20, "wild": 40, "wild-draw2": 50, "pink-7": 7, "teal-draw5": 20,
              "orange-reverse": 20, "purple-skip-everyone": 30, "pink-flip": 20,
              "dark-wild": 40, "wild-draw-colour": 60}
    assert {name: POINTS[parse_card(name)] for name in values} == values
    # the classic deck keeps S1's values for the faces Flip shares
    assert CLASSIC_DECK.points[parse_card("wild")] == 50


def test_e4_1_the_option_chooses_the_deck_alone_and_is_played_at_a_table():
    assert Game(3, RuleOptions(flip=True)).deck is FLIP_DECK and DECKS["flip"] is FLIP_DECK
    with pytest.raises(UserError, match="only one edition at a time: junior_level, flip"):
        RuleOptions(flip=True, junior_level=2)
    with pytest.raises(UserError, match="flip deck does not go"):
        Game(3, deck=FLIP_DECK)
    assert "flip" not in NOT_AT_THE_TABLE       # the camera knows both sides' faces
    check_playable_at_table(RuleOptions(flip=True))
    # a face of the other edition is a misread: no red-0 or wild-draw4 at a Flip table
    game = flip_table(False, dark_hands())
    for card in ("red-0", "wild-draw4", "red-draw2"):
        with pytest.raises(UserError, match=f"{card} is not a card of the flip deck"):
            game.apply(E.Play(1, card))


# -- E4.2 set-up ---------------------------------------------------------------------------------
def test_e4_2_seven_each_from_112_and_play_starts_on_the_light_side(mode):
    game = Game(3, RuleOptions(flip=True), full_information=mode.full)
    if mode.full:
        game.deal_random(random.Random(1).random, dealer=0)
    else:
        assert "deals 7 cards" in texts(game.apply(E.ChooseDealer(("red-3", "blue-9", "red-flip"))))[0]
        game.apply(E.Deal())
    assert game.snapshot()["hand_sizes"] == [7, 7, 7] and game.snapshot()["draw_pile"] == 91
    # the start card is turned light side up: a dark face is a misread, and so in play
    with pytest.raises(UserError, match="pink-5 is not (a card of the light side|in the draw pile)"):
        game.apply(E.StartCard("pink-5"))
    game.apply(E.StartCard("blue-5"))
    with pytest.raises(UserError, match="pink-5 is not a card of the light side|not hold pink-5"):
        game.apply(E.Play(1, "pink-5"))
    assert game.snapshot()["house"].get("side") is None  # light, as every round begins


def test_e4_2_a_wild_draw2_start_card_goes_back_and_a_start_flip_turns_to_the_dark_side(mode):
    game = Game(3, RuleOptions(flip=True), full_information=mode.full)
    game.apply(E.Deal(dealer=0, hands=dark_hands()) if mode.full else E.Deal(dealer=0))
    assert "back, shuffle" in texts(game.apply(E.StartCard("wild-draw2")))[0]  # as D4's wd4
    assert game.snapshot()["top_card"] is None
    game.apply(E.StartCard("blue-flip"))
    seen_top(game, OTHER["blue-flip"])
    state = game.snapshot()
    assert state["house"]["side"] == "dark" and state["top_card"] == OTHER["blue-flip"]
    assert state["turn"] == 1
    if mode.full:  # every hand was turned over
        assert list(state["hands"][2][:3]) == [f"{DARK}-draw5", f"{DARK}-skip-everyone",
                                               "wild-draw-colour"]


# -- E4.3 light side actions -----------------------------------------------------------------------
def test_e4_3_a_draw1_makes_the_next_player_draw_one_and_lose_the_turn(mode):
    hands = dark_hands()
    hands[1][0] = "red-draw1"
    game = flip_table(mode, hands)
    assert texts(game.apply(E.Play(1, "red-draw1"))) == ["seat 2's turn: draw",
                                                         "dispense 1 to seat 2 (draw 1 (E4))"]
    assert texts(draw(game, 2, "green-9")) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [7, 6, 8]


def test_e4_3_a_wild_draw2_names_a_colour_then_two_cards_and_may_be_challenged(mode):
    hands = dark_hands()
    hands[1][0] = "wild-draw2"
    game = flip_table(mode, hands)
    assert texts(game.apply(E.Play(1, "wild-draw2")))[-1].startswith("seat 1")
    game.apply(E.ChooseColour(1, "blue"))
    assert game.phase is CHALLENGE and game.snapshot()["pending_draw"] == 2
    game.apply(E.Challenge(2))
    if not mode.full:  # the table looked at seat 1's hand: no red card, the play was legal
        game.apply(E.ChallengeVerdict(True))
    # seat 1 held no red card (the colour in play): the challenge fails, seat 2 draws 2 + 2
    assert game.snapshot()["pending_draw"] == 4
    assert texts(draw(game, 2, "green-9", "red-9", "blue-7", "yellow-9"))[-1] == \
        "seat 0's turn: play or draw"


def test_e4_3_with_full_information_no_wild_draw2_while_holding_the_colour():
    hands = dark_hands()
    hands[1][0:2] = ["wild-draw2", "red-2"]
    game = flip_table(True, hands)
    assert parse_card("wild-draw2") not in game.legal_plays(1)
    game = flip_table(True, hands, challenge_wd4=False)  # without challenges it is a misplay
    assert types(game.apply(E.Play(1, "wild-draw2"))) == ["take_back", "dispense"]
    assert game.snapshot()["owed_cards"][1] == 2


# -- E4.5 the flip ---------------------------------------------------------------------------------
def test_e4_5_a_flip_turns_every_hand_and_both_piles_and_the_bottom_card_comes_on_top(mode):
    game = flip_table(mode, dark_hands())
    game.apply(E.Play(1, "red-flip"))
    # the discard pile (red-5, red-flip) was turned as a whole: the start card's back
    actions = seen_top(game, DARK_START)
    state = game.snapshot()
    assert state["house"]["side"] == "dark" and state["top_card"] == DARK_START
    assert state["colour"] == DARK and state["turn"] == 2 and state["discard_pile"] == 2
    if mode.full:
        assert list(state["hands"][2]) == [OTHER[c] for c in dark_hands()[2]]
        assert all(is_dark(c) for c in game.pile) and len(game.pile) == 112 - 21 - 1
    else:  # the camera's new top lets seat 2 play
        assert texts(actions) == ["seat 2's turn: play or draw"]
    # a light face is now a misread, refused before anything changes
    before = game.snapshot()
    with pytest.raises(UserError, match="green-3 is not a card of the dark side|not hold green-3"):
        game.apply(E.Play(2, "green-3"))
    assert game.snapshot() == before
    # flipping back: the light side again, the discard pile turned once more
    game.apply(E.Play(2, f"{DARK}-flip"))
    seen_top(game, "red-flip")
    assert game.snapshot()["house"]["side"] == "light" and game.snapshot()["top_card"] == "red-flip"


def test_e4_5_a_tracked_table_waits_for_the_new_top_before_a_play():
    game = flip_table(False, dark_hands())
    actions = game.apply(E.Play(1, "red-flip"))
    assert "turn every hand, the draw pile and the discard pile over" in texts(actions)[0]
    with pytest.raises(UserError, match="new top card must be seen first"):
        game.apply(E.Play(2, f"{DARK}-draw5"))
    with pytest.raises(UserError, match="is not a card of the dark side"):
        game.apply(E.FlipTop("red-5"))
    game.apply(E.FlipTop(DARK_START))
    with pytest.raises(UserError, match="no flip waits"):
        game.apply(E.FlipTop(DARK_START))
    assert texts(game.apply(E.Play(2, f"{DARK}-draw5")))[-1].startswith("dispense 5 to seat 0")


def test_e4_5_undo_and_the_log_replay_the_side_exactly(mode):
    game = flip_table(mode, dark_hands())
    light_state = game.snapshot()
    game.apply(E.Play(1, "red-flip"))
    seen_top(game, DARK_START)
    dark_state = game.snapshot()
    text = format_log(game)
    assert '"flip":true' in text and '"deck":"flip"' in text
    assert read_log(text).snapshot() == dark_state
    game.undo(2 if not mode.full else 1)
    assert game.snapshot() == light_state


def test_e4_a_classic_log_header_is_as_before():
    assert "flip" not in header(Game(3))["options"]


def test_e4_flip_is_played_without_house_rules_and_its_faces_are_no_classic_cards():
    with pytest.raises(UserError, match="without house rules for now: stack_draw2"):
        RuleOptions(flip=True, stack_draw2=True)
    RuleOptions(flip=True, uno_penalty=1, scoring="penalty")  # the official options stay
    with pytest.raises(UserError, match="purple-5 is not a card of the classic deck"):
        table(None, full=False).apply(E.Play(1, "purple-5"))


def test_e4_5_a_wild_turned_up_by_a_flip_gets_its_colour_from_the_next_player(mode):
    # given a wild start card (D4) under the flip, when seat 1 flips, the dark wild comes on top
    game = flip_table(mode, dark_hands(), start="wild")
    game.apply(E.ChooseColour(1, "red"))
    game.apply(E.Play(1, "red-flip"))
    actions = seen_top(game, "dark-wild")
    if not mode.full:
        assert texts(actions) == ["seat 2 chooses a colour"]
    assert game.phase is COLOUR and game.snapshot()["turn"] == 2
    with pytest.raises(UserError):
        game.apply(E.ChooseColour(2, "red"))  # a light colour is not in play
    assert texts(game.apply(E.ChooseColour(2, "orange"))) == ["seat 2's turn: play or draw"]
    assert game.snapshot()["colour"] == "orange"


def test_e4_start_cards_at_a_table_say_which_card_goes_back_and_cite_e4():
    """D4 with E4's cards: a wild-draw2 start card goes back (by its own name, not as a
    wild-draw4); a draw1 start card's draw is E4's, not Junior's (E3)."""
    game = Game(3, RuleOptions(flip=True))
    game.apply(E.Deal(dealer=0, sizes=[7, 7, 7]))
    back = [a for a in game.apply(E.StartCard("wild-draw2")) if a.type == "flip_start_card"]
    assert back and back[0].text.startswith("put the wild-draw2 back") and back[0].to_json()["card"] == "wild-draw2"
    draws = [a for a in game.apply(E.StartCard("blue-draw1")) if a.type == "dispense"]
    assert [(a.seat, a.count, a.reason.key) for a in draws] == [(1, 1, "reason_start_draw1_flip")]
    assert "E4" in str(draws[0].reason) and "E3" not in str(draws[0].reason)
