"""E6 UNO All Wild: its deck, any card on any card, its eight actions, the last card, two
players, scoring and whole matches, given/when/then, in both modes where the rule applies."""
import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from companion.engine import Game, RuleOptions, events as E
from companion.engine.bench import main as bench
from companion.engine.cards import ALL_WILD_DECK, CARD_NAMES, CARD_POINTS, CARDS, parse_card
from companion.engine.log import format_log, header, read_log
from companion.engine.options import NOT_AT_THE_TABLE, check_playable_at_table
from companion.engine.phases import MATCH_OVER, SCORING, TARGET
from companion.engine.sim import play_match, play_round
from companion.errors import UserError

from engine_helpers import draw, table, texts

FACES = ("all-wild", "all-wild-reverse", "all-wild-skip", "all-wild-skip2", "all-wild-draw2",
         "all-wild-draw4", "all-wild-target-draw2", "all-wild-swap")
# Three hands of seven (seat 1 plays first: the dealer is seat 0).
HANDS = [["all-wild", "all-wild-skip", "all-wild-skip2", "all-wild-reverse", "all-wild-draw2",
          "all-wild-draw4", "all-wild-swap"],
         ["all-wild-target-draw2", "all-wild-skip2", "all-wild", "all-wild-reverse",
          "all-wild-draw2", "all-wild-draw4", "all-wild-swap"],
         ["all-wild", "all-wild", "all-wild-skip2", "all-wild-target-draw2", "all-wild-draw2",
          "all-wild-draw4", "all-wild-swap"]]


def all_wild(mode, hands=HANDS, **kwargs):
    return mode(hands, all_wild=True, start=kwargs.pop("start", "all-wild"), **kwargs)


def points(cards):
    return sum(CARD_POINTS[parse_card(card)] for card in cards)


# -- E6.1 the deck ---------------------------------------------------------------------------
def test_e6_1_the_all_wild_deck_holds_112_wild_cards_of_eight_kinds():
    cards = Counter(CARDS[c].name for c in ALL_WILD_DECK.cards())
    assert ALL_WILD_DECK.size == 112 and ALL_WILD_DECK.hand_size == 7
    assert set(cards) == set(FACES)  # by name: the merge order may renumber the faces
    assert cards["all-wild"] == 28 and all(cards[face] == 12 for face in FACES[1:])  # our reading
    assert all(CARDS[parse_card(face)].colour is None for face in FACES)  # no colour, no number
    assert Game(3, RuleOptions(all_wild=True)).deck is ALL_WILD_DECK


def test_e6_1_a_card_of_another_deck_is_refused_and_nothing_changes(mode):
    game = all_wild(mode)
    before = game.snapshot()
    for card in ("red-5", "wild", "wild-draw4", "blue-draw1"):
        with pytest.raises(UserError, match=f"{card} is not a card of the all-wild deck"):
            game.apply(E.Play(1, card))
    assert game.snapshot() == before


# -- E6.2 set-up -----------------------------------------------------------------------------
@pytest.mark.parametrize("start", FACES)
def test_e6_2_the_start_cards_action_is_ignored_and_left_of_the_dealer_plays(mode, start):
    game = all_wild(mode, start=start)
    state = game.snapshot()
    assert (state["turn"], state["phase"], state["pending_draw"]) == (1, "turn", 0)
    assert state["colour"] is None and state["direction"] == "clockwise"
    assert game.prompt()[0].text == "seat 1's turn: play or draw"


def test_e6_2_seven_cards_each_and_the_dealer_is_named_not_drawn_for():
    game = Game(3, RuleOptions(all_wild=True))
    assert texts(game.start_actions()) == [
        "the all-wild deck has no number cards to choose the dealer by: name the dealer with the "
        "deal (D3, E6)"]
    with pytest.raises(UserError, match="no number cards to choose the dealer by"):
        game.apply(E.ChooseDealer(("all-wild", "all-wild-skip", "all-wild")))
    assert texts(game.apply(E.Deal(dealer=2))) == ["turn up the start card"]
    assert game.snapshot()["hand_sizes"] == [7, 7, 7] and game.snapshot()["draw_pile"] == 91
    game.apply(E.StartCard("all-wild-skip"))
    assert game.snapshot()["turn"] == 0  # left of dealer 2


# -- E6.3 any card on any card -----------------------------------------------------------------
def test_e6_3_any_card_fits_on_any_card_and_no_colour_is_ever_named(mode):
    game = all_wild(mode, start="all-wild-draw4")
    if mode.full:
        assert sorted(CARD_NAMES[c] for c in game.legal_plays(1)) == sorted(set(HANDS[1]))
    assert texts(game.apply(E.Play(1, "all-wild"))) == ["seat 2's turn: play or draw"]
    assert game.snapshot()["colour"] is None and game.snapshot()["phase"] == "turn"
    with pytest.raises(UserError, match="seat 2 has no colour to choose now"):
        game.apply(E.ChooseColour(2, "red"))
    # T3: a player may draw instead, then play the drawn card or end the turn
    assert texts(draw(game, 2, "all-wild-skip")) == ["seat 2's turn: play the drawn card or pass"]
    assert texts(game.apply(E.Play(2, "all-wild-skip"))) == ["seat 1's turn: play or draw"]


# -- E6.4 the actions ----------------------------------------------------------------------------
def test_e6_4_wild_reverse_skip_and_skip_two_move_the_turn(mode):
    game = all_wild(mode)
    assert texts(game.apply(E.Play(1, "all-wild-reverse"))) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["direction"] == "counter-clockwise"
    assert texts(game.apply(E.Play(0, "all-wild-skip"))) == ["seat 1's turn: play or draw"]  # 2 skipped
    # skip two at three players passes over both others: the player plays again
    actions = game.apply(E.Play(1, "all-wild-skip2"))
    assert texts(actions) == ["seat 1's turn: play or draw"] and actions[0].skipped == (0, 2)
    four = all_wild(mode, HANDS + [["all-wild"] * 7], start="all-wild")
    actions = four.apply(E.Play(1, "all-wild-skip2"))
    assert texts(actions) == ["seat 0's turn: play or draw"] and actions[0].skipped == (2, 3)


@pytest.mark.parametrize("card, count, reason", [("all-wild-draw2", 2, "draw two"),
                                                 ("all-wild-draw4", 4, "draw four")])
def test_e6_4_draw_two_and_draw_four_hit_the_next_player_who_misses_the_turn(mode, card, count,
                                                                             reason):
    game = all_wild(mode)
    assert texts(game.apply(E.Play(1, card))) == [
        "seat 2's turn: draw", f"dispense {count} to seat 2 ({reason} (E6))"]
    assert game.snapshot()["pending_draw"] == count  # no challenge window: no colour to hold
    assert texts(draw(game, 2, *["all-wild"] * count)) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [7, 6, 7 + count]


def test_e6_4_targeted_draw_two_the_player_names_who_draws_2_and_keeps_the_turn(mode):
    game = all_wild(mode)
    actions = game.apply(E.Play(1, "all-wild-target-draw2"))
    assert texts(actions) == ["seat 1 chooses a player to draw 2"] and actions[0].type == "ask_target"
    state = game.snapshot()
    assert state["phase"] == TARGET and state["waiting_for"]["what"] == "choose a player to draw 2"
    assert texts(game.prompt()) == ["seat 1 chooses a player to draw 2"]  # after a reconnect too
    with pytest.raises(UserError, match="another player than yourself"):
        game.apply(E.ChooseTarget(1, 1))
    # when seat 1 names seat 0 (not the next player): seat 0 draws 2, seat 2 plays on
    assert texts(game.apply(E.ChooseTarget(1, 0))) == [
        "dispense 2 to seat 0 (targeted draw2 (E6))", "seat 2's turn: play or draw"]
    assert game.snapshot()["owed_cards"] == [2, 0, 0]
    draw(game, 0, "all-wild", "all-wild-skip")
    assert game.snapshot()["hand_sizes"] == [9, 6, 7] and game.snapshot()["turn"] == 2
    # the next player as the target draws 2 and still plays (does not miss the turn)
    game.apply(E.Play(2, "all-wild-target-draw2"))
    game.apply(E.ChooseTarget(2, 0))
    draw(game, 0, "all-wild", "all-wild")
    assert texts(game.apply(E.Play(0, "all-wild"))) == ["seat 1's turn: play or draw"]


def test_e6_4_a_card_played_before_the_target_is_named_is_a_misplay(mode):
    game = all_wild(mode)
    game.apply(E.Play(1, "all-wild-target-draw2"))
    actions = game.apply(E.Play(1, "all-wild"))
    assert "misplay: seat 1 takes the all-wild back (the player to aim the card at must be chosen first (E6))" in texts(actions)
    assert game.snapshot()["phase"] == TARGET


def test_e6_4_forced_swap_swaps_hands_with_the_chosen_player_who_keeps_the_turn(mode):
    game = all_wild(mode)
    actions = game.apply(E.Play(1, "all-wild-swap"))
    assert texts(actions) == ["seat 1 chooses a player to swap hands with"]
    assert texts(game.apply(E.ChooseTarget(1, 2))) == ["seat 2's turn: play or draw"]
    state = game.snapshot()
    assert state["hand_sizes"] == [7, 7, 6]
    if mode.full:
        assert list(state["hands"][1]) == HANDS[2]
        assert Counter(state["hands"][2]) == Counter(HANDS[1]) - Counter(["all-wild-swap"])
    # undo is exact: the swap is taken back, the question asked again
    game.undo(1)
    assert game.snapshot()["hand_sizes"] == [7, 6, 7] and game.snapshot()["phase"] == TARGET


# -- E6.5 UNO -------------------------------------------------------------------------------------
def test_e6_5_after_a_swap_the_player_left_with_one_card_must_say_uno(mode):
    # given seat 1 holds two cards: its swap leaves one, which goes to seat 0 with the swap
    hands = [HANDS[0], ["all-wild-swap", "all-wild"], HANDS[2]]
    game = all_wild(mode, hands)
    game.apply(E.Play(1, "all-wild-swap"))
    game.apply(E.ChooseTarget(1, 0))
    state = game.snapshot()
    assert state["hand_sizes"] == [1, 7, 7] and state["uno_window"] == 0
    # when seat 2 catches seat 0 first, seat 0 draws 2 (T5)
    game.apply(E.Catch(2, 0))
    assert game.snapshot()["owed_cards"] == [2, 0, 0]


def test_e6_5_down_to_one_card_with_an_aimed_card_the_buttons_name_the_player_first(mode):
    # given seat 1 plays its second-to-last card, a targeted draw two, without calling UNO
    from companion.engine.inputs import press_event
    game = all_wild(mode, [HANDS[0], ["all-wild-target-draw2", "all-wild"], HANDS[2]])
    game.apply(E.Play(1, "all-wild-target-draw2"))
    # when seat 2 presses its button, it is named (H4's way), not a catch of seat 1
    event = press_event(game.snapshot(), 2)
    assert event == E.ChooseTarget(1, 2)
    game.apply(event)
    # then seat 1 owes its UNO call: the next press of another seat catches it (T5)
    assert game.snapshot()["uno_window"] == 1 and press_event(game.snapshot(), 0) == E.Catch(0, 1)


def test_e6_5_a_player_down_to_one_card_who_calls_uno_is_not_caught(mode):
    hands = [HANDS[0], ["all-wild-skip", "all-wild"], HANDS[2]]
    game = all_wild(mode, hands)
    game.apply(E.CallUno(1))
    game.apply(E.Play(1, "all-wild-skip"))
    assert game.snapshot()["uno_window"] is None
    assert game.apply(E.Catch(0, 1))[0].type == "notice"
    assert game.snapshot()["owed_cards"] == [0, 0, 0]


# -- the last card (our readings) ------------------------------------------------------------------
def test_e6_4_a_last_forced_swap_wins_at_once_without_the_swap():
    game = table([HANDS[0], ["all-wild-swap"], HANDS[2]], all_wild=True, start="all-wild")
    actions = game.apply(E.Play(1, "all-wild-swap"))
    assert "ask_target" not in [a.type for a in actions] and game.snapshot()["round_winner"] == 1
    assert game.snapshot()["scores"] == [0, points(HANDS[0] + HANDS[2]), 0]


@pytest.mark.parametrize("card, count", [("all-wild-draw2", 2), ("all-wild-draw4", 4)])
def test_e6_4_a_last_draw_card_is_still_drawn_and_counts_in_the_score(card, count):
    game = table([HANDS[0], [card], HANDS[2]], all_wild=True, start="all-wild")
    game.apply(E.Play(1, card))
    assert game.snapshot()["pending_draw"] == count and game.snapshot()["turn"] == 2
    draw(game, 2, *["all-wild-skip"] * count)
    assert game.snapshot()["round_winner"] == 1
    assert game.snapshot()["scores"] == [0, points(HANDS[0] + HANDS[2]) + 50 * count, 0]


def test_e6_4_a_last_targeted_draw_two_is_drawn_by_the_chosen_player_then_scored(mode):
    game = all_wild(mode, [HANDS[0], ["all-wild-target-draw2"], HANDS[2]])
    game.apply(E.Play(1, "all-wild-target-draw2"))
    assert texts(game.apply(E.ChooseTarget(1, 0))) == [
        "seat 0's turn: draw", "dispense 2 to seat 0 (last card (T7))"]
    draw(game, 0, "all-wild", "all-wild")
    if mode.full:
        assert game.snapshot()["scores"] == [0, points(HANDS[0] + HANDS[2]) + 40, 0]
    else:  # the players count what is left (S1)
        assert game.snapshot()["phase"] == SCORING and game.snapshot()["hand_sizes"] == [9, 0, 7]


def test_e6_4_a_last_skip_ends_the_round_at_once(mode):
    game = all_wild(mode, [HANDS[0], ["all-wild-skip2"], HANDS[2]])
    game.apply(E.Play(1, "all-wild-skip2"))
    assert game.snapshot()["round_winner"] == 1 and game.snapshot()["pending_draw"] == 0


# -- two players (our readings) ----------------------------------------------------------------------
def test_e6_4_with_two_players_reverse_and_skip_replay_and_skip_two_hands_the_turn_over(mode):
    game = all_wild(mode, [["all-wild-skip2"] + ["all-wild"] * 6,
                           ["all-wild-reverse", "all-wild-skip"] + ["all-wild"] * 5])
    assert texts(game.apply(E.Play(1, "all-wild-reverse"))) == ["seat 1's turn: play or draw"]
    assert texts(game.apply(E.Play(1, "all-wild-skip"))) == ["seat 1's turn: play or draw"]
    game.apply(E.Play(1, "all-wild"))
    # skip two: the opponent, then the player are skipped: the opponent plays next
    assert texts(game.apply(E.Play(0, "all-wild-skip2"))) == ["seat 1's turn: play or draw"]


# -- E6.6 scoring ------------------------------------------------------------------------------------
def test_e6_6_the_winner_scores_20_per_plain_wild_and_50_per_other_card(mode):
    assert [CARD_POINTS[parse_card(face)] for face in FACES] == [20] + [50] * 7
    others = [["all-wild", "all-wild", "all-wild-swap"], ["all-wild-skip", "all-wild-draw4"]]
    game = all_wild(mode, [others[0], ["all-wild-reverse"], others[1]])
    game.apply(E.Play(1, "all-wild-reverse"))
    if not mode.full:  # tracking: the hands are shown and counted (S1)
        game.apply(E.RevealHand(0, tuple(others[0])))
        game.apply(E.RevealHand(2, tuple(others[1])))
    assert game.snapshot()["scores"] == [0, 20 + 20 + 50 + 50 + 50, 0]


# -- the option ----------------------------------------------------------------------------------------
def test_e6_the_option_is_off_by_default_alone_and_played_at_the_table():
    assert RuleOptions().all_wild is False and "all_wild" not in NOT_AT_THE_TABLE
    check_playable_at_table(RuleOptions(all_wild=True))     # the camera knows its faces (issue 17)
    for other in ({"junior_level": 2}, {"stack_draw2": True}, {"seven_o": True}, {"flash": True}):
        with pytest.raises(UserError, match="All Wild .E6. is played by its own rules"):
            RuleOptions(all_wild=True, **other)
    assert RuleOptions(all_wild=True, uno_penalty=1, target=250).deck is ALL_WILD_DECK


def test_e6_a_classic_log_header_is_as_before_and_an_all_wild_log_replays(mode):
    assert "all_wild" not in header(Game(3))["options"]  # old logs and digests unchanged
    game = all_wild(mode)
    game.apply(E.Play(1, "all-wild-target-draw2"))
    game.apply(E.ChooseTarget(1, 0))
    game.apply(E.Play(2, "all-wild-swap"))
    text = format_log(game)
    assert '"deck":"all-wild"' in text and '"all_wild":true' in text
    assert read_log(text).snapshot() == game.snapshot()


# -- whole matches by the virtual players ---------------------------------------------------------------
def _tracked_replay(game) -> Game:
    """The full game's log as a real table records it: counted cards, not named; each round's
    points counted by the players."""
    tracking = Game(game.players, game.options, seed=game.seed)
    full = Game(game.players, game.options, full_information=True, seed=game.seed)
    for event in game.log:
        full.apply(event)
        if isinstance(event, E.Deal):
            event = E.Deal(event.dealer, None, tuple(len(hand) for hand in event.hands))
        elif isinstance(event, E.Draw):
            event = dataclasses.replace(event, cards=None)
        tracking.apply(event)
        assert tracking.snapshot()["hand_sizes"] == full.snapshot()["hand_sizes"]
        if tracking.phase is SCORING:  # the players count the cards left in their hands (S1)
            tracking.apply(E.RoundEnd(tuple(sum(CARD_POINTS[c] for c in hand)
                                            for hand in full.hands)))
    return tracking


@pytest.mark.parametrize("players", [2, 4])
def test_e6_a_whole_seeded_all_wild_match_by_virtual_players_in_both_modes(players):
    # given virtual players at an All Wild table, when they play a whole match (S2)
    names = ["Ada", "Ben", "Cem", "Dan"][:players]
    game = Game(names, RuleOptions(all_wild=True, target=1500), full_information=True, seed=5)
    play_match(game, random.Random(10 + players).random, forget=0.3)
    state = game.snapshot()
    assert state["match"]["over"] and max(state["scores"]) >= 1500 and state["round"] > 1
    # every card of the deck is in a hand, the draw pile or the discard pile, and no other
    assert Counter(c for hand in game.hands for c in hand) + Counter(game.pile) + Counter(
        game.discard) == Counter(ALL_WILD_DECK.cards())
    played = Counter(e.card for e in game.log if isinstance(e, E.Play))
    assert set(played) == set(FACES)  # every action came up
    assert any(isinstance(e, E.ChooseTarget) for e in game.log)
    # then a tracked table that saw the same events ends with the same scores and winner
    tracking = _tracked_replay(game)
    assert tracking.snapshot()["scores"] == state["scores"]
    assert tracking.snapshot()["match"] == state["match"]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 10), st.sampled_from([0.0, 0.5]),
       st.sampled_from(["winner", "penalty", "wins"]))
def test_e6_random_rounds_conserve_the_deck_replay_exactly_and_undo_exactly(seed, players, forget,
                                                                          scoring):
    # given virtual players at any table size and scoring, when they play up to two rounds
    game = Game(players, RuleOptions(all_wild=True, scoring=scoring), full_information=True)
    rnd = random.Random(seed).random
    for _ in range(2):
        if game.phase is not MATCH_OVER:
            play_round(game, rnd, forget)
    # then replaying the log event by event keeps all 112 cards and the hand sizes right
    replay = Game(game.players, game.options, full_information=True)
    for event in game.log:
        replay.apply(event)
        cards = Counter(replay.pile) + Counter(replay.discard) + sum(map(Counter, replay.hands),
                                                                     Counter())
        assert cards == Counter(ALL_WILD_DECK.cards())
        assert replay.sizes == [len(hand) for hand in replay.hands]
    assert replay.snapshot() == game.snapshot()
    # and an undo of the last event is the game one event earlier
    before = Game(game.players, game.options, full_information=True)
    for event in game.log[:-1]:
        before.apply(event)
    game.undo(1)
    assert game.snapshot() == before.snapshot()


def test_e6_bench_engine_plays_all_wild_games_and_prints_games_per_second(capsys):
    assert bench(["--games", "20", "--players", "4", "--edition", "all-wild", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("engine (all-wild): 20 games, 4 players")
    assert lines[-1].startswith("games_per_s=") and int(lines[-1].split("=")[1]) > 0
