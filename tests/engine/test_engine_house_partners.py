"""V2 partners, on and off, both modes, with S2, S3 and S4; refused at odd tables."""
import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.errors import UserError

# dealer 0, red-5 on top, seat 1 goes out at once; seat 3 is its partner
HANDS = [["red-1", "blue-reverse"],   # 21
         ["red-9"],
         ["wild", "yellow-8"],        # 58
         ["green-3", "green-4"]]      # 7
POINTS = (21, 0, 58, 7)


def finish(game):
    actions = game.apply(E.Play(1, "red-9"))
    if not game.full:
        actions = game.apply(E.RoundEnd(POINTS))
    return actions


def test_v2_off_the_winner_alone_scores_everyone_elses_cards(mode):
    game = mode(HANDS)
    finish(game)
    assert game.snapshot()["scores"] == [0, 86, 0, 0]


def test_v2_with_s2_the_team_scores_the_opponents_cards(mode):
    game = mode(HANDS, partners=True)
    actions = finish(game)
    assert actions[0].points == (0, 79, 0, 79)      # 21 + 58; the partner's 7 do not count
    assert game.snapshot()["scores"] == [0, 79, 0, 79]


def test_v2_with_s3_each_team_counts_its_own_cards_as_penalty(mode):
    game = mode(HANDS, partners=True, scoring="penalty", target=75)
    actions = finish(game)
    assert actions[0].points == (79, 7, 79, 7)
    assert actions[-1].type == "match_over" and actions[-1].winner in (1, 3)


def test_v2_with_s4_a_round_win_counts_for_both_partners(mode):
    game = mode(HANDS, partners=True, scoring="wins")
    finish(game)
    assert game.snapshot()["round_wins"] == [0, 1, 0, 1]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_v2_needs_an_even_table_of_four_or_more(players):
    with pytest.raises(UserError, match="even number of players"):
        Game(players, RuleOptions(partners=True))


def test_v2_with_s4_the_standing_counts_round_wins_and_the_round_brought_one_to_each_partner(mode):
    game = mode(HANDS, partners=True, scoring="wins", target_wins=3)
    finish(game)
    standing = game.snapshot().standing
    assert (standing.counts, standing.totals, standing.last_round, standing.goal) == (
        "round_wins", (0, 1, 0, 1), (0, 1, 0, 1), 3)
