"""T1-T7: a turn. Given/when/then, in tracking mode and with full information.

Default table (engine_helpers.HANDS): 3 players, dealer 0, red-5 on top, seat 1 to play.
"""
import pytest

from companion.engine import events as E, parse_card
from companion.errors import UserError

from engine_helpers import draw, table, types


@pytest.mark.parametrize("card, answer", [("red-3", "turn"), ("wild", "ask_colour")])
def test_t1_a_card_of_the_same_colour_or_a_wild_may_be_played(mode, card, answer):
    game = mode([["red-1", "red-2"], ["red-3", "wild", "blue-5"], ["blue-2", "blue-3"]])
    assert types(game.apply(E.Play(1, card))) == [answer]


def test_t1_same_number_or_symbol_in_another_colour_may_be_played(mode):
    game = mode([["red-1", "red-2"], ["blue-5", "green-skip"], ["blue-2", "yellow-skip"]])
    assert types(game.apply(E.Play(1, "blue-5"))) == ["turn"]          # number
    game.apply(E.Play(2, "blue-2"))
    game.apply(E.Play(0, "red-2"))                                      # number again
    assert game.snapshot()["colour"] == "red"


def test_t1_a_card_that_matches_nothing_is_a_misplay(mode):
    game = mode()
    actions = game.apply(E.Play(1, "blue-4"))
    assert types(actions) == ["take_back", "dispense"] and "(T1)" in actions[0].why
    assert game.snapshot()["turn"] == 1 and game.snapshot()["top_card"] == "red-5"


def test_t1_full_information_lists_the_legal_plays():
    game = table([["red-1"], ["red-3", "blue-5", "wild", "green-1", "red-3"], ["blue-2"]])
    assert sorted(game.legal_plays(1)) == sorted([parse_card(n) for n in ("red-3", "blue-5", "wild")])
    assert game.legal_plays(0) == []  # not seat 0's turn


def test_t2_wild_draw4_is_not_legal_while_holding_the_current_colour():
    # given red on top and a red card in hand, then wild-draw4 is not among the legal plays
    game = table([["red-1"], ["red-3", "wild-draw4"], ["blue-2"]])
    assert game.legal_plays(1) == [parse_card("red-3")]


def test_t2_same_number_in_another_colour_and_wilds_do_not_forbid_it():
    # given red-5 on top and only blue-5 and a wild besides, then wild-draw4 is legal
    game = table([["red-1"], ["blue-5", "wild", "wild-draw4"], ["blue-2"]])
    assert sorted(game.legal_plays(1)) == [parse_card(n) for n in ("blue-5", "wild", "wild-draw4")]


def test_t2_without_challenges_an_illegal_wild_draw4_is_a_misplay_with_full_information():
    game = table([["red-1"], ["red-3", "wild-draw4"], ["blue-2"]], challenge_wd4=False)
    actions = game.apply(E.Play(1, "wild-draw4"))
    assert types(actions) == ["take_back", "dispense"] and "(T2)" in actions[0].why


def test_t2_tracking_mode_takes_a_wild_draw4_on_trust():
    game = table(challenge_wd4=False, full=False)
    assert types(game.apply(E.Play(1, "wild-draw4"))) == ["ask_colour"]


def test_t3_draw_one_then_play_that_card_at_once(mode):
    game = mode()
    assert types(draw(game, 1, "red-9")) == ["turn"]
    assert game.snapshot()["waiting_for"]["what"] == "play the drawn card or pass"
    game.apply(E.Play(1, "red-9"))
    assert game.snapshot()["turn"] == 2


def test_t3_after_drawing_only_the_drawn_card_may_be_played_with_full_information():
    game = table()
    draw(game, 1, "red-9")
    actions = game.apply(E.Play(1, "red-3"))
    assert types(actions) == ["take_back", "dispense"] and "(T3)" in actions[0].why


def test_t3_draw_then_pass_ends_the_turn_and_only_one_card_is_drawn(mode):
    game = mode()
    with pytest.raises(UserError, match="may draw 1"):
        draw(game, 1, "red-9", "red-9")
    with pytest.raises(UserError, match="cannot pass"):
        game.apply(E.Pass(1))
    draw(game, 1, "blue-0")
    with pytest.raises(UserError, match="may draw 0"):
        draw(game, 1, "red-9")
    game.apply(E.Pass(1))
    assert game.snapshot()["turn"] == 2 and game.snapshot()["hand_sizes"] == [7, 8, 7]


def test_t4_draw2_next_player_draws_two_and_loses_the_turn(mode):
    game = mode([["red-1", "red-2"], ["red-draw2", "blue-9"], ["blue-2", "blue-3"]])
    actions = game.apply(E.Play(1, "red-draw2"))
    assert [(a.type, getattr(a, "seat", None)) for a in actions] == [("turn", 2), ("dispense", 2)]
    assert types(game.apply(E.Play(2, "blue-2"))) == ["take_back", "dispense"]  # must draw first
    game.apply(E.Undo())
    draw(game, 2, "red-9", "red-8")
    assert game.snapshot()["turn"] == 0


def test_t4_skip_the_next_player_loses_the_turn(mode):
    game = mode([["red-1", "red-2"], ["red-skip", "blue-9"], ["blue-2", "blue-3"]])
    game.apply(E.Play(1, "red-skip"))
    assert game.snapshot()["turn"] == 0


def test_t4_reverse_changes_direction(mode):
    game = mode([["red-1", "red-2"], ["red-reverse", "blue-9"], ["blue-2", "blue-3"]])
    game.apply(E.Play(1, "red-reverse"))
    state = game.snapshot()
    assert (state["turn"], state["direction"]) == (0, "counter-clockwise")


def test_t4_with_two_players_reverse_acts_as_skip(mode):
    game = mode([["red-1", "red-2"], ["red-reverse", "blue-9"]])
    game.apply(E.Play(1, "red-reverse"))
    assert game.snapshot()["turn"] == 1


def test_t4_wild_names_any_colour_also_the_current_one(mode):
    game = mode([["red-1", "red-2"], ["wild", "blue-9"], ["blue-2", "blue-3"]])
    game.apply(E.Play(1, "wild"))
    with pytest.raises(UserError, match="no colour to choose"):
        game.apply(E.ChooseColour(2, "blue"))
    game.apply(E.ChooseColour(1, "red"))
    assert (game.snapshot()["colour"], game.snapshot()["turn"]) == ("red", 2)


def test_t4_wild_draw4_next_player_draws_four_and_loses_the_turn(mode):
    game = mode([["red-1", "red-2"], ["wild-draw4", "blue-9"], ["blue-2", "blue-3"]],
                challenge_wd4=False)
    game.apply(E.Play(1, "wild-draw4"))
    actions = game.apply(E.ChooseColour(1, "blue"))
    assert [(a.type, a.seat) for a in actions] == [("turn", 2), ("dispense", 2)]
    assert actions[1].count == 4
    draw(game, 2, "red-9", "red-8", "red-7", "red-6")
    assert game.snapshot()["turn"] == 0 and game.snapshot()["hand_sizes"] == [2, 1, 6]


def _after_uno(mode, **options):
    game = mode([["red-1", "red-2"], ["red-3", "red-4"], ["blue-2", "blue-3"]], **options)
    game.apply(E.Play(1, "red-3"))  # seat 1 keeps one card and says nothing
    return game


def test_t5_caught_before_the_next_player_begins_costs_two_cards(mode):
    game = _after_uno(mode)
    assert game.snapshot()["uno_window"] == 1
    actions = game.apply(E.Catch(0, 1))
    assert [(a.type, a.seat, a.count) for a in actions] == [("dispense", 1, 2)]


def test_t5_uno_penalty_option_one_card(mode):
    game = _after_uno(mode, uno_penalty=1)
    assert game.apply(E.Catch(2, 1))[0].count == 1


def test_t5_the_window_closes_when_the_next_player_draws(mode):
    game = _after_uno(mode)
    draw(game, 2, "red-9")
    actions = game.apply(E.Catch(0, 1))
    assert types(actions) == ["notice"] and "already begun" in actions[0].text


def test_t5_the_window_closes_when_the_next_player_plays(mode):
    game = mode([["red-1", "red-2"], ["red-3", "red-4"], ["red-7", "blue-3"]])
    game.apply(E.Play(1, "red-3"))
    game.apply(E.Play(2, "red-7"))
    assert types(game.apply(E.Catch(0, 1))) == ["notice"]


def test_t5_calling_uno_protects(mode):
    game = mode([["red-1", "red-2"], ["red-3", "red-4"], ["blue-2", "blue-3"]])
    game.apply(E.CallUno(1))
    game.apply(E.Play(1, "red-3"))
    assert game.snapshot()["uno_called"][1] is True
    assert types(game.apply(E.Catch(0, 1))) == ["notice"]


def _after_wild_draw4(mode, hands=None):
    game = mode(hands or [["red-1", "red-2"], ["wild-draw4", "blue-9", "green-1"], ["blue-2", "blue-3"]])
    game.apply(E.Play(1, "wild-draw4"))
    actions = game.apply(E.ChooseColour(1, "yellow"))
    assert [(a.type, a.seat, a.against) for a in actions] == [("challenge_window", 2, 1)]
    return game


def test_t6_only_the_player_who_must_draw_may_challenge(mode):
    game = _after_wild_draw4(mode)
    with pytest.raises(UserError, match="only the player who must draw 4"):
        game.apply(E.Challenge(0))


def test_t6_taking_the_cards_closes_the_window(mode):
    game = _after_wild_draw4(mode)
    draw(game, 2, "red-9", "red-8", "red-7", "red-6")
    assert game.snapshot()["turn"] == 0
    with pytest.raises(UserError):
        game.apply(E.Challenge(2))


def _settle(game, legal: bool, how: str):
    """Tracking mode settles by a verdict or by the shown hand; full information by itself."""
    if game.full:
        return
    if how == "verdict":
        game.apply(E.ChallengeVerdict(legal))
    else:
        game.apply(E.RevealHand(1, ("blue-9", "green-1") if legal else ("red-9", "green-1")))


@pytest.mark.parametrize("how", ["verdict", "reveal"])
def test_t6_a_proven_illegal_wild_draw4_costs_its_player_four(mode, how):
    # given seat 1 held red (the colour before the wild-draw4), when seat 2 challenges
    game = _after_wild_draw4(mode, [["red-1", "red-2"], ["wild-draw4", "red-9", "green-1"],
                                    ["blue-2", "blue-3"]])
    actions = game.apply(E.Challenge(2))
    if not game.full:
        assert [(a.type, a.seat, a.to) for a in actions] == [("show_hand", 1, 2)]
        _settle(game, False, how)
    # then seat 1 draws 4 and seat 2 plays normally
    state = game.snapshot()
    assert state["owed_cards"] == [0, 4, 0] and state["turn"] == 2 and state["pending_draw"] == 0
    assert state["waiting_for"]["what"] == "play or draw"


@pytest.mark.parametrize("how", ["verdict", "reveal"])
def test_t6_a_legal_wild_draw4_costs_the_challenger_six(mode, how):
    game = _after_wild_draw4(mode)
    game.apply(E.Challenge(2))
    _settle(game, True, how)
    assert game.snapshot()["waiting_for"] == {"seat": 2, "what": "draw 6"}
    draw(game, 2, "red-9", "red-8", "red-7", "red-6", "red-0", "red-9")
    assert game.snapshot()["turn"] == 0 and game.snapshot()["hand_sizes"][2] == 8


def test_t6_option_off_means_no_challenge(mode):
    game = mode([["red-1", "red-2"], ["wild-draw4", "blue-9"], ["blue-2", "blue-3"]],
                challenge_wd4=False)
    game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.ChooseColour(1, "yellow"))
    with pytest.raises(UserError, match="cannot challenge"):
        game.apply(E.Challenge(2))


def test_t7_going_out_on_draw2_the_next_player_still_draws_and_it_counts(mode):
    # given seat 1's last card is a draw2, when played, then seat 2 draws 2 before the scoring
    game = mode([["red-1", "red-2"], ["red-draw2"], ["blue-2", "blue-3"]])
    game.apply(E.Play(1, "red-draw2"))
    assert game.snapshot()["waiting_for"] == {"seat": 2, "what": "draw 2"}
    actions = draw(game, 2, "wild", "red-9")
    if not game.full:
        assert types(actions) == ["show_hand", "show_hand"]
        actions = game.apply(E.RoundEnd((3, 0, 64)))
    assert types(actions) == ["round_over", "deal"]
    assert actions[0].winner == 1 and actions[0].points == (0, 3 + 64, 0)


def test_t7_the_round_ends_when_the_last_card_is_played(mode):
    game = mode([["red-1", "red-2"], ["red-9"], ["blue-2", "blue-3"]])
    actions = game.apply(E.Play(1, "red-9"))
    assert game.snapshot()["round_winner"] == 1
    assert types(actions) == (["round_over", "deal"] if game.full else ["show_hand", "show_hand"])
