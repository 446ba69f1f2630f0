"""E1 Extreme bursts, E2 Flash (random turns, race card), H5 jump-in claimed by a button and
D2 dealing by launcher. Given/when/then, in both modes where the rule applies."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.engine import Game, RuleOptions, events as E
from companion.engine.house.editions import random_seat
from companion.engine.log import format_log, read_log
from companion.engine.sim import play_round
from companion.errors import UserError

from engine_helpers import HANDS, table, texts, types
from test_engine_properties import DECK, _names, cards_in_play


def burst(game, seat, *cards, count=None):
    count = len(cards) if count is None else count
    return game.apply(E.Burst(seat, count, tuple(cards) if game.full else None))


# -- E1 Extreme ------------------------------------------------------------------------------
def test_e1_a_burst_adds_exactly_the_counted_cards_and_ends_the_turn(mode):
    # given Extreme and seat 1 to play, when the launcher throws three cards
    game = mode(extreme_bursts=True)
    actions = burst(game, 1, "red-7", "blue-7", "wild")
    # then seat 1 holds 10 and seat 2 plays: no drawn card may be played (E1)
    state = game.snapshot()
    assert state["hand_sizes"] == [7, 10, 7] and texts(actions) == ["seat 2's turn: play or draw"]
    if mode.full:
        assert {"red-7", "blue-7", "wild"} <= set(state["hands"][1])
    with pytest.raises(UserError, match="not seat 1's turn|cannot pass"):
        game.pass_turn(1)


def test_e1_an_empty_burst_is_a_whole_turn(mode):
    game = mode(extreme_bursts=True)
    actions = burst(game, 1)
    assert game.snapshot()["hand_sizes"] == [7, 7, 7] and texts(actions) == ["seat 2's turn: play or draw"]
    assert game.snapshot()["draw_pile"] == 108 - 21 - 1


def test_e1_bursts_are_refused_without_the_option_or_out_of_turn(mode):
    with pytest.raises(UserError, match="extreme_bursts rule .E1"):
        burst(mode(), 1, count=0)
    game = mode(extreme_bursts=True)
    before = game.snapshot()
    with pytest.raises(UserError, match="only the player whose turn it is"):
        burst(game, 2, count=0)
    with pytest.raises(UserError, match="0 or more"):
        game.apply(E.Burst(1, -1))
    assert game.snapshot() == before


def test_e1_a_burst_is_no_answer_to_a_draw2_which_stays_exact():
    game = table(full=False, extreme_bursts=True)
    game.apply(E.Play(1, "red-draw2"))
    with pytest.raises(UserError, match="cannot press the launcher now"):
        game.apply(E.Burst(2, 3))
    assert texts(game.apply(E.Draw(2, 2))) == ["seat 0's turn: play or draw"]


def test_e1_burst_log_replays_and_undo_is_exact(mode):
    game = mode(extreme_bursts=True)
    before = game.snapshot()
    burst(game, 1, "red-7", "blue-7")
    after = game.snapshot()
    assert read_log(format_log(game)).snapshot() == after
    assert game.pop() == E.Burst(1, 2, ("red-7", "blue-7") if mode.full else None)
    assert game.snapshot() == before


def test_e1_a_burst_from_a_reloaded_launcher_counts_the_discards_as_the_new_pile():
    # given the launcher ran empty and three cards lie under the top card
    game = table(full=False, extreme_bursts=True)
    for seat, card in ((1, "red-3"), (2, "red-6"), (0, "red-1")):
        game.apply(E.Play(seat, card))
    game.pile_count = 0
    # when the reloaded launcher throws 2 at seat 1
    actions = game.apply(E.Burst(1, 2))
    # then the discards were reshuffled (D5) and one card is left in the launcher
    assert "needs_correction" not in types(actions)
    assert game.snapshot()["draw_pile"] == 1 and game.snapshot()["discard_pile"] == 1


# -- E2 Flash --------------------------------------------------------------------------------
def test_e2_the_next_player_is_drawn_at_random_and_may_come_twice():
    # given a seeded Flash game of four, when seats play numbers
    seats = []
    game = Game(4, RuleOptions(flash=True), seed=11)
    game.apply(E.Deal(dealer=0, sizes=(20, 20, 20, 20)))
    game.apply(E.StartCard("red-5"))
    for _ in range(24):
        seats.append(game.current)
        game.apply(E.Play(game.current, "red-5"))
    # then every seat got turns, some twice in a row, and the seed gives the same order again
    again = Game(4, RuleOptions(flash=True), seed=11).replayed(game.log)
    assert again.snapshot() == game.snapshot() and set(seats) == {0, 1, 2, 3}
    assert any(a == b for a, b in zip(seats, seats[1:]))
    other = Game(4, RuleOptions(flash=True), seed=12).replayed(game.log[:2])
    orders = {tuple(random_seat(s, 1, k, [0, 1, 2, 3]) for k in range(8)) for s in (11, 12)}
    assert len(orders) == 2 and other.phase == "turn"


def test_e2_the_race_card_has_no_reverse_effect_and_the_slowest_draws_2(mode):
    # given Flash with the default race card, when seat 1 plays a reverse
    hands = [HANDS[0], ["red-reverse", *HANDS[1][1:]], HANDS[2]]
    game = mode(hands, flash=True)
    direction = game.snapshot()["direction"]
    actions = game.apply(E.Play(1, "red-reverse"))
    # then a race starts, the direction stays, and the slowest draws 2
    race = [a for a in actions if a.type == "race"]
    assert race and race[0].count == 2 and game.snapshot()["direction"] == direction
    assert texts(game.apply(E.RaceResult(2)))[0] == "dispense 2 to seat 2 (slowest in the Flash race (E2))"
    with pytest.raises(UserError, match="no race is running"):
        game.apply(E.RaceResult(0))


def test_e2_race_card_option_off_or_skip():
    off = table(full=False, flash=True, flash_race_card=None)
    assert "race" not in types(off.apply(E.Play(1, "red-reverse")))
    assert off.snapshot()["direction"] == "counter-clockwise"
    skip = table(full=False, flash=True, flash_race_card="skip")
    assert "race" in types(skip.apply(E.Play(1, "red-skip")))


def test_e2_a_draw2_never_hits_its_own_player():
    for seed in range(30):
        game = Game(3, RuleOptions(flash=True), seed=seed)
        game.apply(E.Deal(dealer=0))
        game.apply(E.StartCard("red-5"))
        player = game.current
        game.apply(E.Play(player, "red-draw2"))
        assert game.current != player and game.snapshot()["pending_draw"] == 2


def test_e2_a_last_draw2_hits_another_player_not_the_one_who_went_out():
    hit = []
    for seed in range(40):
        game = Game(3, RuleOptions(flash=True), full_information=True, seed=seed)
        game.apply(E.Deal(dealer=0, hands=[["red-draw2"], ["red-draw2"], ["blue-draw2"]]))
        game.apply(E.StartCard("red-5"))
        player = game.current
        if player == 2:
            continue
        game.apply(E.Play(player, "red-draw2"))
        assert game.winner == player
        hit.append(game.current)
        assert game.current != player and game.snapshot()["pending_draw"] == 2, (seed, player)
    assert len(hit) > 10


def test_e2_the_seed_is_in_the_log_header_and_version_1_logs_still_read():
    game = Game(3, RuleOptions(flash=True), seed=99)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(1, "red-6"))
    text = format_log(game)
    assert '"seed":99' in text and read_log(text).snapshot() == game.snapshot()
    old = Game(3)
    old.apply(E.Deal(dealer=0))
    old_text = format_log(old).replace('"version":2', '"version":1').replace('"seed":0,', "")
    assert read_log(old_text).snapshot() == old.snapshot()


# -- H5 jump-in claimed by a button ----------------------------------------------------------
JUMP = [["red-1", "blue-2"], ["red-9", "red-draw2", "wild"], ["green-3", "red-draw2"], ["red-9", "wild", "yellow-4"]]


def test_h5_card_then_button_the_jumper_claims_the_card_seen_as_the_turns():
    # given seat 1 played red-9 and it is seat 2's turn; seat 3 lays the other red-9, the
    # camera reports it as seat 2's
    game = table(JUMP, full=False, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    game.apply(E.Play(2, "red-9"))
    assert game.snapshot()["claimable"] == 2
    # when seat 3's button claims it
    actions = game.apply(E.JumpIn(3))
    # then the card is seat 3's: seat 2 keeps its cards, seat 0 (after seat 3) plays
    assert game.snapshot()["hand_sizes"] == [2, 2, 2, 2] and texts(actions)[-1] == "seat 0's turn: play or draw"
    assert read_log(format_log(game)).snapshot() == game.snapshot()
    game.pop()
    assert game.snapshot()["hand_sizes"] == [2, 2, 1, 3] and game.current == 3


def test_h5_button_then_card_in_both_modes(mode):
    game = mode(JUMP, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    assert texts(game.apply(E.JumpIn(3))) == ["seat 3 jumps in: the next card is seat 3's (H5)"]
    actions = game.apply(E.Play(2, "red-9"))        # the camera names the turn's seat
    assert texts(actions) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [2, 2, 2, 2]
    assert game.replayed(game.log).snapshot() == game.snapshot()


def test_h5_race_the_turns_seat_played_first_and_a_late_claim_takes_nothing():
    # given seat 1 played red-9, and seat 2 (whose turn it was) beat the jumper with a draw2
    game = table(JUMP, full=False, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    game.apply(E.Play(2, "red-draw2"))
    assert game.snapshot()["claimable"] == -1         # not identical to the card under it
    # when seat 1's button comes late, then seat 3 takes the 2 and seat 0 plays
    game.apply(E.JumpIn(1))
    game.apply(E.Accept(3))                           # the next event closes the claim
    game.apply(E.Draw(3, 2))
    game.apply(E.Play(0, "red-1"))
    # then the claim took nothing: seat 2's draw2 stands and seat 0's card is seat 0's
    assert game.snapshot()["hand_sizes"] == [1, 2, 1, 5]


def test_h5_race_the_claimed_card_is_judged_as_the_claimers():
    # a claim of a card that is not identical makes it the claimer's misplay (P1)
    game = table(JUMP, full=False, jump_in=True)
    game.apply(E.Play(1, "red-9"))
    game.apply(E.JumpIn(3))
    assert types(game.apply(E.Play(2, "yellow-4")))[:2] == ["take_back", "dispense"]
    assert game.snapshot()["owed_cards"] == [0, 0, 0, 2]


def test_h5_claims_are_refused_without_the_rule_or_by_the_turns_seat():
    with pytest.raises(UserError, match="jump_in house rule"):
        table(JUMP, full=False).apply(E.JumpIn(3))
    game = table(JUMP, full=False, jump_in=True)
    with pytest.raises(UserError, match="seat 1's turn"):
        game.apply(E.JumpIn(1))


# -- D2 dealing by launcher ------------------------------------------------------------------
def test_d2_the_launcher_deals_and_a_jam_loses_nothing(mode):
    game = Game(3, full_information=mode.full)
    actions = game.apply(E.LauncherDeal(dealer=1))
    assert [(a.seat, a.count) for a in actions] == [(2, 7), (0, 7), (1, 7)]
    pile = iter(game.pile if mode.full else [])

    def dealt(seat, count):
        cards = tuple(__import__("companion.engine.cards", fromlist=["CARD_NAMES"]).CARD_NAMES[next(pile)]
                      for _ in range(count)) if mode.full else None
        return game.apply(E.Draw(seat, count, cards))
    dealt(2, 7)
    dealt(0, 3)                                   # jammed after 3
    assert [(a.seat, a.count) for a in game.prompt()] == [(0, 4), (1, 7)]
    dealt(0, 4)
    assert types(dealt(1, 7)) == ["flip_start_card"]
    state = game.snapshot()
    assert state["hand_sizes"] == [7, 7, 7] and state["draw_pile"] == 108 - 21
    assert game.replayed(game.log).snapshot() == state


def test_d2_a_double_feed_counts_and_other_events_wait():
    game = Game(2)
    game.apply(E.LauncherDeal(dealer=0))
    assert texts(game.apply(E.Draw(1, 8))) == ["seat 1 was dealt 8 cards; they all count (D2)"]
    with pytest.raises(UserError):
        game.apply(E.Play(0, "red-1"))
    game.apply(E.Draw(0, 7))
    assert game.snapshot()["hand_sizes"] == [7, 8] and game.phase == "start_card"


# -- properties with the editions on ---------------------------------------------------------
@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1), st.integers(2, 7), st.booleans(), st.booleans(), st.booleans())
def test_editions_conserve_cards_replay_and_undo_exactly(seed, players, extreme, flash, jump):
    options = RuleOptions(extreme_bursts=extreme, flash=flash, jump_in=jump)
    game = Game(players, options, full_information=True, seed=seed)
    rnd = random.Random(seed).random
    play_round(game, rnd, 0.3)
    assert read_log(format_log(game)).snapshot() == game.snapshot()
    mirror = Game(players, options, full_information=True, seed=seed)
    tracking = Game(players, options, seed=seed)
    for event in game.log:
        hands = [_names(h) for h in mirror.hands]
        mirror.apply(event)
        assert cards_in_play(mirror) == DECK
        if isinstance(event, E.Deal):
            tracking.apply(E.Deal(event.dealer, None, tuple(len(h) for h in event.hands)))
        elif isinstance(event, (E.Draw, E.Burst)):
            tracking.apply(type(event)(event.seat, event.count))
        else:
            tracking.apply(event)
        if isinstance(event, E.Challenge):
            tracking.apply(E.RevealHand(mirror.wd4_by, tuple(hands[mirror.wd4_by])))
        if tracking.phase == "scoring":
            break
        assert tracking.snapshot()["hand_sizes"] == mirror.snapshot()["hand_sizes"]
        assert tracking.current == mirror.current
    back = min(5, len(game.log))
    before, events = game.snapshot(), game.log[-back:]
    game.undo(back)
    for event in events:
        game.apply(event)
    assert game.snapshot() == before


def test_e1_a_burst_does_not_pay_owed_penalty_cards_which_stay_exact():
    # given seat 1 owes 2 (a suggestion penalty being thrown), when its burst of 3 comes first
    game = table(full=False, extreme_bursts=True)
    game.apply(E.Penalty(1, "suggestion"))
    game.apply(E.Burst(1, 3))
    # then the 2 are still owed, and their own count arrives later as a draw
    assert game.snapshot()["owed_cards"] == [0, 2, 0]
    game.apply(E.Draw(1, 2))
    assert game.snapshot()["hand_sizes"] == [7, 12, 7] and game.snapshot()["owed_cards"] == [0, 0, 0]
