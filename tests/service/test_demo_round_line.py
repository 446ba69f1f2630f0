"""The line the demo prints after each round: who won it and what it brought them."""
from companion.engine import RuleOptions, events as E
from companion.simtable.simulated import round_line
from companion.table import Setup, TableGame


def _ben_goes_out(options: RuleOptions) -> TableGame:
    """A tracked two-seat round: Ada and Ben lay red cards in turn until Ben has none left;
    Ada still holds 5 points."""
    game = TableGame(Setup(players=("Ada", "Ben"), dealer=0, options=options))
    game.apply(E.StartCard("red-5"))
    cards = [f"red-{number}" for number in (1, 2, 3, 4, 6, 7, 8, 9)]
    for laid in range(13):
        game.apply(E.Play(game.state().game.turn, cards[laid % len(cards)]))
    game.apply(E.RoundEnd((5, 0)))
    return game


def test_a_match_of_round_wins_says_the_round_won_not_plus_nothing():
    line = round_line(_ben_goes_out(RuleOptions(scoring="wins")).state())
    assert line == "round  1: Ben wins the round (+1 round win); round wins: Ada 0, Ben 1", line


def test_a_match_of_points_says_the_points_the_round_brought():
    line = round_line(_ben_goes_out(RuleOptions()).state())
    assert line == "round  1: Ben wins the round (+5); scores: Ada 0, Ben 5", line
