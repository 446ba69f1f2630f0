"""The simulated table's virtual players, where a demo relies on them alone."""
import random

from companion.engine.cards import parse_card
from companion.simtable.players import VirtualPlayers


def test_players_count_the_points_left_in_their_hands_for_the_scoring():
    """S1 in tracking mode: with no camera answer the players count and type in their points
    (this raised NameError, so such a demo stopped at its first scoring)."""
    players = VirtualPlayers(random.Random(0).random)
    players.hands = [[parse_card("red-8"), parse_card("wild")], [], [parse_card("blue-skip")]]
    assert players.hand_points() == [58, 0, 20]


def test_players_turn_up_a_start_card_when_the_table_counts_more_cards_dealt_than_the_deck():
    """D2/D4: after the host undid dealt cards the launcher dealt them again, and the table
    counts more cards in the hands than the deck holds (the monkey test: the demo died of an
    IndexError turning up the start card from a pile the players' world thought empty)."""
    from companion.engine import Game, events as E
    game = Game(10, full_information=False)
    game.apply(E.LauncherDeal(0))
    game.apply(E.Draw(1, 50))
    for seat in [2, 3, 4, 5, 6, 7, 8, 9, 0]:
        game.apply(E.Draw(seat, 7))
    assert game.phase == "start_card" and sum(game.sizes) > game.deck.size
    players = VirtualPlayers(random.Random(0).random)
    players.sync(game, None)
    act = players.next_act(game.snapshot())
    assert act.kind == "place" and parse_card(act.value) is not None
