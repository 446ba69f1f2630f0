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
