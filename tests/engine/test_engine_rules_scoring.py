"""P1-P3 penalties and S1-S4 scoring and the match. Given/when/then, both modes."""
import pytest

from companion.engine import Game, events as E
from companion.errors import UserError

from engine_helpers import draw, table, types


def test_p1_a_wrong_card_goes_back_and_costs_two(mode):
    game = mode()
    actions = game.apply(E.Play(1, "green-6"))
    assert [(a.type, a.seat) for a in actions] == [("take_back", 1), ("dispense", 1)]
    assert actions[1].count == 2 and game.snapshot()["hand_sizes"] == [7, 7, 7]
    draw(game, 1, "blue-0", "blue-1")
    assert game.snapshot()["hand_sizes"] == [7, 9, 7] and game.snapshot()["turn"] == 1


def test_p1_playing_out_of_turn_is_a_misplay(mode):
    game = mode()
    actions = game.apply(E.Play(2, "red-6"))
    assert types(actions) == ["take_back", "dispense"] and "not seat 2's turn" in actions[0].why
    assert game.snapshot()["top_card"] == "red-5" and game.snapshot()["turn"] == 1


def test_p1_misplay_penalty_option_one_card(mode):
    game = mode(misplay_penalty=1)
    assert game.apply(E.Play(1, "green-6"))[1].count == 1


def test_p1_full_information_refuses_a_card_the_player_does_not_hold():
    game = table()
    with pytest.raises(UserError, match="does not hold"):
        game.apply(E.Play(1, "red-9"))


def test_p2_a_suggestion_costs_two_cards(mode):
    game = mode()
    actions = game.apply(E.Penalty(0, "suggestion"))
    assert [(a.seat, a.count, a.reason) for a in actions] == [(0, 2, "suggestion penalty (P2)")]


@pytest.mark.parametrize("reason", ["social", "timer"])
def test_p3_social_rules_and_the_timer_cost_one_card(mode, reason):
    game = mode()
    assert game.apply(E.Penalty(2, reason))[0].count == 1
    assert game.snapshot()["owed_cards"] == [0, 0, 1]


def test_p3_a_named_penalty_may_give_its_own_count(mode):
    game = mode()
    assert game.apply(E.Penalty(2, "social", 3))[0].count == 3
    with pytest.raises(UserError, match="1 to 10"):
        game.apply(E.Penalty(2, "social", 0))


def test_penalty_cards_do_not_take_the_turn(mode):
    # given seat 1 to play and owing 1, when the launcher gives it 2, then 1 pays and 1 is its draw
    game = mode()
    game.apply(E.Penalty(1, "social"))
    draw(game, 1, "blue-0", "blue-1")
    assert game.snapshot()["waiting_for"] == {"seat": 1, "what": "play the drawn card or pass"}


def _one_card_left(mode, **options):
    """Seat 1 goes out on its next play; the others hold known points (S1)."""
    return mode([["red-1", "blue-reverse", "wild"],  # 1 + 20 + 50 = 71
                 ["red-9"],
                 ["green-draw2", "yellow-8"]],        # 20 + 8 = 28
                **options)


def _finish(game, points=(71, 0, 28)):
    actions = game.apply(E.Play(1, "red-9"))
    if not game.full:
        actions = game.apply(E.RoundEnd(points))
    return actions


def test_s1_s2_the_winner_scores_the_points_left_in_the_other_hands(mode):
    game = _one_card_left(mode)
    actions = _finish(game)
    assert actions[0].points == (0, 71 + 28, 0)
    assert game.snapshot()["scores"] == [0, 99, 0]


def test_s1_hands_shown_one_by_one_are_counted_in_tracking_mode():
    game = _one_card_left(lambda hands, **o: table(hands, full=False, **o))
    game.apply(E.Play(1, "red-9"))
    game.apply(E.RevealHand(0, ("red-1", "blue-reverse", "wild")))
    assert game.snapshot()["scores"] == [0, 0, 0]
    actions = game.apply(E.RevealHand(2, ("green-draw2", "yellow-8")))
    assert actions[0].points == (0, 99, 0)


def test_s2_reaching_the_target_wins_the_match(mode):
    game = _one_card_left(mode, target=99)
    actions = _finish(game)
    assert types(actions) == ["round_over", "match_over"] and actions[1].winner == 1
    with pytest.raises(UserError, match="match is over"):
        game.apply(E.Play(0, "red-1"))


def test_s2_below_the_target_the_next_round_is_dealt(mode):
    game = _one_card_left(mode, target=100)
    actions = _finish(game)
    assert types(actions) == ["round_over", "deal"] and actions[1].dealer == 1


def test_s3_penalty_scoring_everyone_counts_their_own_cards_and_the_first_to_the_target_loses(mode):
    game = _one_card_left(mode, scoring="penalty", target=70)
    actions = _finish(game)
    assert actions[0].points == (71, 0, 28)
    # seat 0 reached 70 first and loses; the lowest score wins
    assert types(actions) == ["round_over", "match_over"] and actions[1].winner == 1


def test_s4_casual_play_counts_round_wins(mode):
    game = _one_card_left(mode, scoring="wins", target_wins=1)
    actions = _finish(game)
    assert game.snapshot()["round_wins"] == [0, 1, 0] and game.snapshot()["scores"] == [0, 0, 0]
    assert actions[-1].type == "match_over" and actions[-1].winner == 1


def test_s4_without_a_target_the_match_goes_on(mode):
    game = _one_card_left(mode, scoring="wins")
    assert types(_finish(game)) == ["round_over", "deal"]


def test_tracking_scoring_refuses_points_for_the_winner():
    game = table([["red-1"], ["red-9"], ["blue-2"]], full=False)
    game.apply(E.Play(1, "red-9"))
    with pytest.raises(UserError, match="went out"):
        game.apply(E.RoundEnd((1, 5, 2)))


def test_a_second_round_starts_from_a_fresh_deck():
    game = _one_card_left(lambda hands, **o: table(hands, **o))
    _finish(game)
    game.apply(E.Deal(hands=(("red-1",), ("red-2",), ("red-3",))))
    game.apply(E.StartCard("red-4"))
    state = game.snapshot()
    assert (state["round"], state["dealer"], state["turn"], state["draw_pile"]) == (2, 1, 2, 104)


def test_options_are_checked_and_round_trip():
    from companion.engine.option_info import OPTION_INFO
    from companion.engine.options import RuleOptions
    from companion.engine.presets import PRESETS
    with pytest.raises(UserError, match="uno_penalty \\(T5\\): 3"):
        RuleOptions(uno_penalty=3)
    with pytest.raises(UserError, match="unknown rule option\\(s\\): colour_blind"):
        RuleOptions.from_json({"colour_blind": True})
    with pytest.raises(UserError, match="challenge_wd4"):
        RuleOptions(challenge_wd4=1)
    for options in PRESETS.values():
        assert RuleOptions.from_json(options.to_json()) == options
    assert {info.rule for info in OPTION_INFO.values()} >= {"T5", "T6", "P1", "S2", "S4"}
    assert Game(2, PRESETS["gentle"]).options.uno_penalty == 1


def test_every_option_has_metadata_a_setup_page_can_render():
    import json
    from companion.engine.option_info import OPTION_INFO
    from companion.engine.options import RuleOptions
    defaults = RuleOptions().to_json()
    for name, info in OPTION_INFO.items():
        data = json.loads(json.dumps(info.to_json()))
        assert data["name"] == name and data["default"] == defaults[name]
        assert data["rule"][0] in "TPSHVE" and data["help"].endswith(".") and data["group"]
        assert info.is_range or info.default in info.allowed


@pytest.mark.parametrize("asked", ["colour", "challenge"])
def test_p1_p3_owed_cards_are_still_asked_for_while_the_table_waits_for_a_colour_or_a_challenge(mode, asked):
    # given seat 1 played a wild (draw4) and is caught, when the launcher jams before throwing
    # the penalty, then pressing the draw button again must throw it: the engine keeps asking
    hands = [["red-1", "red-2"], ["wild", "wild-draw4", "blue-4"], ["red-6", "blue-2"]]
    game = mode(hands)
    card = "wild" if asked == "colour" else "wild-draw4"
    game.apply(E.Play(1, card))
    if asked == "challenge":
        game.apply(E.ChooseColour(1, "blue"))
    game.apply(E.Penalty(1, "social", 2))
    owed = [(a.seat, a.count) for a in game.prompt() if a.type == "dispense"]
    assert (1, 2) in owed
