"""D1-D5: deck, players, dealer, start card, reshuffle. Given/when/then, both modes."""
import pytest

from companion.engine import CLASSIC_DECK, Game, events as E
from companion.engine.cards import CARD_NAMES
from companion.errors import UserError

from engine_helpers import HANDS, table, types


def test_d1_the_draw_pile_holds_the_rest_of_the_108_cards(mode):
    # given three hands of 7 and a start card, then 108 - 21 - 1 cards are left to draw
    game = mode()
    assert game.snapshot()["draw_pile"] == 108 - 21 - 1 == 86


def test_d1_a_full_information_deal_cannot_hold_more_copies_than_the_deck():
    game = Game(2, full_information=True)
    with pytest.raises(UserError, match="more cards than the deck"):
        game.apply(E.Deal(dealer=0, hands=(("red-0", "red-0"), ("blue-1",))))


@pytest.mark.parametrize("players", [1, 11])
def test_d2_two_to_ten_players(players):
    with pytest.raises(UserError, match="2 to 10"):
        Game(players)


def test_d2_seven_cards_each_are_dealt():
    # given a new match with a known dealer, when the deal is due, then 7 cards each
    game = Game(4)
    game.apply(E.ChooseDealer(("red-9", "red-1", "red-2", "red-3")))
    assert [(a.dealer, a.count) for a in game.prompt()] == [(0, 7)]
    game.apply(E.Deal())
    assert game.snapshot()["hand_sizes"] == [7, 7, 7, 7]


def test_d3_highest_number_deals_and_ties_draw_again():
    # given four seats drawing, when two tie on the highest number, then only they draw again
    game = Game(4)
    actions = game.apply(E.ChooseDealer(("red-7", "wild", "blue-7", "green-2")))
    assert [a.seats for a in actions] == [(0, 2)]
    with pytest.raises(UserError, match="seats \\[0, 2\\]"):
        game.apply(E.ChooseDealer(("red-1", "red-2", "red-3", "red-4")))
    actions = game.apply(E.ChooseDealer(("red-3", None, "yellow-8", None)))
    assert [a.text for a in actions] == ["seat 2 deals 7 cards to everyone"]


def test_d3_action_cards_count_below_every_number():
    game = Game(3)
    game.apply(E.ChooseDealer(("wild-draw4", "red-0", "blue-skip")))
    assert game.snapshot()["dealer"] == 1


def test_d3_left_of_the_dealer_starts_clockwise_and_the_deal_passes_left(mode):
    # given dealer 2 of 3, then seat 0 starts and play goes clockwise
    game = mode(dealer=2)
    state = game.snapshot()
    assert (state["turn"], state["direction"]) == (0, "clockwise")
    game.apply(E.Play(0, "red-1"))
    assert game.snapshot()["turn"] == 1


def test_d3_the_deal_passes_to_the_left_after_a_round():
    # given seat 0 deals round 1, when the round ends, then seat 1 deals round 2
    game = table([["red-1"], ["red-2", "blue-3"], ["green-4", "blue-8"]], start="red-5")
    game.apply(E.Play(1, "red-2"))
    game.apply(E.Draw(2, 1, ("red-7",)))
    game.apply(E.Play(2, "red-7"))
    actions = game.apply(E.Play(0, "red-1"))
    assert types(actions)[-2:] == ["round_over", "deal"]
    assert (actions[-1].dealer, game.snapshot()["round"]) == (1, 2)
    with pytest.raises(UserError, match="seat 1 deals round 2"):
        game.apply(E.Deal(dealer=0, hands=HANDS))


def test_d4_start_draw2_left_player_draws_two_and_is_skipped(mode):
    game = mode(start="yellow-draw2")
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "draw 2"}
    actions = game.apply(E.Draw(1, 2, ("red-0", "red-9") if game.full else None))
    assert actions[0].seat == 2 and game.snapshot()["hand_sizes"] == [7, 9, 7]


def test_d4_start_skip_skips_the_left_player(mode):
    assert mode(start="green-skip").snapshot()["turn"] == 2


def test_d4_start_reverse_dealer_starts_counter_clockwise(mode):
    state = mode(start="blue-reverse").snapshot()
    assert (state["turn"], state["direction"]) == (0, "counter-clockwise")


def test_d4_start_wild_left_player_chooses_the_colour_then_plays(mode):
    game = mode(start="wild")
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "choose a colour"}
    game.apply(E.ChooseColour(1, "green"))
    state = game.snapshot()
    assert (state["turn"], state["colour"], state["waiting_for"]["what"]) == (1, "green", "play or draw")
    assert game.apply(E.Play(1, "green-6"))[0].type == "turn"


def test_d4_start_wild_draw4_goes_back_and_another_card_is_turned_up(mode):
    # given a fresh deal, when a wild-draw4 is turned up, then it goes back and another comes
    fresh = Game(3, full_information=mode.full)
    fresh.apply(E.Deal(dealer=0, hands=HANDS if mode.full else None))
    actions = fresh.apply(E.StartCard("wild-draw4"))
    assert [a.reshuffle_first for a in actions] == [True]
    assert fresh.snapshot()["top_card"] is None and fresh.snapshot()["draw_pile"] == 87
    fresh.apply(E.StartCard("wild-draw4"))  # the same card may come up again after the shuffle
    fresh.apply(E.StartCard("red-5"))
    assert fresh.snapshot()["turn"] == 1


def _nearly_empty_pile(full: bool) -> Game:
    """Two players, 8 cards left to draw (blue 5-7, green 7) before the start card."""
    rest = ["blue-5", "blue-5", "blue-6", "blue-6", "blue-7", "blue-7", "green-7", "green-7"]
    cards = [CARD_NAMES[c] for c in CLASSIC_DECK.cards()]
    for name in rest:
        cards.remove(name)
    game = Game(2, full_information=full)
    if full:
        game.apply(E.Deal(dealer=0, hands=(tuple(cards[0::2]), tuple(cards[1::2]))))
    else:
        game.apply(E.Deal(dealer=0, sizes=(50, 50)))
    game.apply(E.StartCard("blue-5"))
    return game


@pytest.mark.parametrize("full", [False, True], ids=["tracking", "full"])
def test_d5_an_empty_draw_pile_is_refilled_from_the_discards(full):
    # given a nearly empty draw pile, when it is drawn empty and more cards are due
    game = _nearly_empty_pile(full)
    game.apply(E.Play(1, "blue-1"))
    game.apply(E.Play(0, "blue-2"))
    game.apply(E.Penalty(0, "social", 7))
    game.apply(E.Draw(0, 7, ("blue-5", "blue-6", "blue-6", "blue-7", "blue-7", "green-7", "green-7")
                      if full else None))
    assert game.snapshot()["draw_pile"] == 0
    actions = game.apply(E.Penalty(1, "suggestion"))
    # then the table is asked to reload with the discards except the top card
    if not full:
        assert types(actions) == ["reload", "dispense"] and actions[0].cards == 2
    game.apply(E.Reshuffle())
    state = game.snapshot()
    assert (state["draw_pile"], state["discard_pile"], state["top_card"]) == (2, 1, "blue-2")
    game.apply(E.Draw(1, 2, ("blue-5", "blue-1") if full else None))
    assert game.snapshot()["hand_sizes"] == [56, 51]


def test_d5_full_information_refuses_a_reshuffle_while_cards_are_left():
    game = _nearly_empty_pile(True)
    game.apply(E.Play(1, "blue-1"))
    with pytest.raises(UserError, match="still holds 7"):
        game.apply(E.Reshuffle())


def test_d5_tracking_reshuffles_by_itself_when_the_launcher_counts_more_than_was_left():
    game = _nearly_empty_pile(False)
    game.apply(E.Play(1, "blue-1"))
    game.apply(E.Play(0, "blue-2"))
    game.apply(E.Penalty(1, "social", 8))
    game.apply(E.Draw(1, 8))
    # then the reload was recorded before the draw: 7 + 2 discards - 8 drawn = 1 left
    assert game.log[-2] == E.Reshuffle() and game.snapshot()["draw_pile"] == 1


def test_d5_with_every_card_in_a_hand_what_is_due_is_forgiven():
    # given two players holding all cards but the top one, when seat 1 must draw, then a draw of
    # 0 settles it (nothing left to draw or reshuffle); a draw of 0 is refused otherwise
    cards = [CARD_NAMES[c] for c in CLASSIC_DECK.cards()]
    cards.remove("red-5")
    cards.remove("red-1")
    game = Game(2, full_information=True)
    game.apply(E.Deal(dealer=0, hands=(tuple(cards[:54]), tuple(cards[54:]) + ("red-1",))))
    with pytest.raises(UserError, match="draw of 0"):
        table().apply(E.Draw(1, 0, ()))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Penalty(1, "suggestion"))
    game.apply(E.Draw(1, 0, ()))
    assert game.snapshot()["owed_cards"] == [0, 0] and game.snapshot()["turn"] == 1
