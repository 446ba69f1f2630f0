"""E3 UNO Junior: its deck, draw1, level 1's open hands, and whole matches, given/when/then,
in both modes where the rule applies."""
import dataclasses
import random
from collections import Counter

import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.engine.bench import main as bench
from companion.engine.cards import (CARD_POINTS, CARDS, CLASSIC_DECK, DECKS, JUNIOR_DECK,
                                    JUNIOR_LEVEL1_DECK, parse_card)
from companion.engine.log import format_log, header, read_log
from companion.engine.phases import SCORING
from companion.engine.sim import play_match
from companion.errors import UserError

from engine_helpers import draw, table, texts

# Three hands of five from the Junior deck (each face is there once, the 1s twice).
JUNIOR_HANDS = [["red-1", "red-skip", "blue-3", "green-4", "yellow-6"],
                ["red-draw1", "blue-4", "green-6", "yellow-7", "wild"],
                ["red-6", "blue-2", "green-3", "yellow-draw2", "blue-1"]]
LEVEL1_HANDS = [["red-1", "red-2", "blue-3", "green-4", "yellow-6"],
                ["red-3", "blue-4", "green-6", "yellow-7", "yellow-8"],
                ["red-6", "blue-2", "green-3", "yellow-4", "blue-1"]]


def junior(mode, hands=JUNIOR_HANDS, level=2, **kwargs):
    return mode(hands, junior_level=level, **kwargs)


# -- the deck ---------------------------------------------------------------------------------
def test_e3_the_junior_deck_holds_56_cards_in_the_seeds_mix_and_5_are_dealt():
    cards = Counter(CARDS[c].name for c in JUNIOR_DECK.cards())
    assert JUNIOR_DECK.size == 56 and JUNIOR_DECK.hand_size == 5
    for colour in ("red", "yellow", "green", "blue"):
        assert cards[f"{colour}-1"] == 2 and all(cards[f"{colour}-{n}"] == 1 for n in range(2, 10))
        assert cards[f"{colour}-draw1"] == cards[f"{colour}-draw2"] == cards[f"{colour}-skip"] == 1
        assert f"{colour}-0" not in cards and f"{colour}-reverse" not in cards
    assert cards["wild"] == 4 and "wild-draw4" not in cards
    # level 1 sorts the action cards out: 40 number cards
    assert JUNIOR_LEVEL1_DECK.size == 40
    assert all(CARDS[c].kind == "number" for c in JUNIOR_LEVEL1_DECK.cards())
    # S1 values: the draw1 counts as the other coloured action cards
    assert sum(CARD_POINTS[c] for c in JUNIOR_DECK.cards()) == 4 * (1 + 45) + 12 * 20 + 4 * 50


def test_e3_the_option_chooses_the_deck_and_a_mixed_up_deck_is_refused():
    assert Game(3, RuleOptions(junior_level=2)).deck is JUNIOR_DECK
    assert Game(3, RuleOptions(junior_level=1)).deck is JUNIOR_LEVEL1_DECK
    assert Game(3).deck is CLASSIC_DECK
    with pytest.raises(UserError, match="junior deck does not go with these rules"):
        Game(3, deck=JUNIOR_DECK)
    with pytest.raises(UserError, match="classic deck does not go"):
        Game(3, RuleOptions(junior_level=2), deck=CLASSIC_DECK)
    with pytest.raises(UserError, match="junior_level rule .E3. allows|not allowed"):
        RuleOptions(junior_level=3)
    # level 1's 40 cards leave a draw pile for 7 players, not 8
    Game(7, RuleOptions(junior_level=1))
    with pytest.raises(UserError, match="at most 7 players .E3."):
        Game(8, RuleOptions(junior_level=1))


def test_e3_a_tracked_junior_deal_counts_five_each_from_56(mode):
    # given a Junior table, when the dealer deals by hand, then 5 each and 40 left
    game = Game(3, RuleOptions(junior_level=2), full_information=mode.full)
    if mode.full:
        game.deal_random(random.Random(1).random, dealer=0)
    else:
        assert "deals 5 cards" in texts(game.apply(E.ChooseDealer(("red-3", "blue-9", "wild"))))[0]
        game.apply(E.Deal())
    assert game.snapshot()["hand_sizes"] == [5, 5, 5] and game.snapshot()["draw_pile"] == 41


def test_e3_a_card_of_another_deck_is_refused_and_nothing_changes(mode):
    # given a Junior table, when the camera reports a face the Junior deck has not
    game = junior(mode)
    before = game.snapshot()
    for card in ("red-0", "red-reverse", "wild-draw4"):
        with pytest.raises(UserError, match=f"{card} is not a card of the junior deck"):
            game.apply(E.Play(1, card))
    # level 1 has no action cards at all
    level1 = junior(mode, LEVEL1_HANDS, level=1)
    with pytest.raises(UserError, match="red-draw1 is not a card of the junior-level1 deck"):
        level1.apply(E.Play(1, "red-draw1"))
    assert game.snapshot() == before


# -- draw1 --------------------------------------------------------------------------------------
def test_e3_a_draw1_makes_the_next_player_draw_one_and_lose_the_turn(mode):
    game = junior(mode)
    actions = game.apply(E.Play(1, "red-draw1"))
    assert texts(actions) == ["seat 2's turn: draw", "dispense 1 to seat 2 (draw1 (E3))"]
    assert game.snapshot()["pending_draw"] == 1
    assert texts(draw(game, 2, "green-9")) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [5, 4, 6]


def test_e3_a_draw1_start_card_makes_the_first_player_draw_one_and_skips_them(mode):
    game = junior(mode, start="blue-draw1")
    assert game.snapshot()["turn"] == 1 and game.snapshot()["pending_draw"] == 1
    assert texts(draw(game, 1, "green-9")) == ["seat 2's turn: play or draw"]


def test_e3_a_last_draw1_still_makes_the_next_player_draw_and_counts_in_the_score():
    # given seat 1 holds only its draw1 (T7 as for a draw2)
    hands = [JUNIOR_HANDS[0], ["red-draw1"], JUNIOR_HANDS[2]]
    game = table(hands, junior_level=2)
    game.apply(E.Play(1, "red-draw1"))
    assert game.snapshot()["pending_draw"] == 1
    draw(game, 2, "green-9")
    left = sum(CARD_POINTS[parse_card(c)] for c in hands[0] + hands[2] + ["green-9"])
    assert game.snapshot()["scores"] == [0, left, 0] and game.snapshot()["round_winner"] == 1


# -- level 1: open hands -----------------------------------------------------------------------
def test_e3_level1_open_hands_are_known_cards_and_a_card_the_hand_lacks_is_refused():
    # given a tracked level 1 table whose open hands were entered with the deal
    game = Game(3, RuleOptions(junior_level=1))
    game.apply(E.Deal(dealer=0, hands=LEVEL1_HANDS))
    game.apply(E.StartCard("red-5"))
    assert game.snapshot()["known_cards"] == LEVEL1_HANDS
    before = game.snapshot()
    # when the camera reports a red-9 for seat 1, whose open hand has none: refused, unchanged
    with pytest.raises(UserError, match="seat 1's open hand holds no red-9 .E3 level 1."):
        game.apply(E.Play(1, "red-9"))
    assert game.snapshot() == before
    # a card the open hand holds plays as usual, and the log keeps the open hands
    assert texts(game.apply(E.Play(1, "red-3"))) == ["seat 2's turn: play or draw"]
    assert read_log(format_log(game)).snapshot() == game.snapshot()
    # a card drawn unseen (counted by the launcher) leaves seat 2's hand not wholly known
    game.apply(E.Draw(2, 1))
    game.apply(E.Pass(2))
    game.apply(E.Play(0, "red-2"))
    # a drawn card the table saw joins the open hand, which is then checked again
    game.apply(E.Draw(1, 1, ("red-8",)))
    assert game.snapshot()["known_cards"][1] == ["blue-4", "green-6", "yellow-7", "yellow-8", "red-8"]
    with pytest.raises(UserError, match="open hand holds no red-9"):
        game.apply(E.Play(1, "red-9"))
    game.apply(E.Play(1, "red-8"))
    # seat 2's unseen card may be any card: its red-7 is not refused
    assert texts(game.apply(E.Play(2, "red-7"))) == ["seat 0's turn: play or draw"]


def test_e3_level2_hides_the_hands_so_no_open_hand_check():
    game = Game(3, RuleOptions(junior_level=2))
    game.apply(E.Deal(dealer=0, hands=JUNIOR_HANDS))
    game.apply(E.StartCard("red-5"))
    assert texts(game.apply(E.Play(1, "red-9"))) == ["seat 2's turn: play or draw"]


# -- the game log ----------------------------------------------------------------------------
def test_e3_a_classic_log_header_is_as_before_and_a_junior_log_replays(mode):
    assert "junior_level" not in header(Game(3))["options"]  # old logs and digests unchanged
    game = junior(mode)
    game.apply(E.Play(1, "red-draw1"))
    text = format_log(game)
    assert '"deck":"junior"' in text and '"junior_level":2' in text
    assert read_log(text).snapshot() == game.snapshot()


# -- whole matches by the virtual players ---------------------------------------------------
def _tracked_replay(game, open_hands: bool) -> Game:
    """The full game's log as a real table records it: counted cards (level 2), or the open
    hands and the drawn cards seen (level 1); each round's points counted by the players."""
    tracking = Game(game.players, game.options, seed=game.seed)
    full = Game(game.players, game.options, full_information=True, seed=game.seed)
    for event in game.log:
        full.apply(event)
        if not open_hands and isinstance(event, E.Deal):
            event = E.Deal(event.dealer, None, tuple(len(hand) for hand in event.hands))
        elif not open_hands and isinstance(event, E.Draw):
            event = dataclasses.replace(event, cards=None)
        tracking.apply(event)
        if tracking.phase is SCORING:  # the players count the cards left in their hands (S1)
            tracking.apply(E.RoundEnd(tuple(sum(CARD_POINTS[c] for c in hand)
                                            for hand in full.hands)))
    return tracking


@pytest.mark.parametrize("level", [1, 2])
def test_e3_a_whole_seeded_junior_match_by_virtual_players_in_both_modes(level):
    # given virtual players at a 3-seat Junior table, when they play a whole match (S2)
    game = Game(["Ada", "Ben", "Cem"], RuleOptions(junior_level=level, target=150),
                full_information=True, seed=7)
    play_match(game, random.Random(3 + level).random, forget=0.3)
    state = game.snapshot()
    assert state["match"]["over"] and max(state["scores"]) >= 150
    deck = DECKS["junior-level1" if level == 1 else "junior"]
    # every card of the deck is in a hand, the draw pile or the discard pile, and no other
    assert Counter(c for hand in game.hands for c in hand) + Counter(game.pile) + Counter(
        game.discard) == Counter(deck.cards())
    played = {e.card for e in game.log if isinstance(e, E.Play)}
    assert ("red-draw1" in played or "blue-draw1" in played or "green-draw1" in played
            or "yellow-draw1" in played) == (level == 2)
    # then a tracked table that saw the same events ends with the same scores and winner
    tracking = _tracked_replay(game, open_hands=level == 1)
    assert tracking.snapshot()["scores"] == state["scores"]
    assert tracking.snapshot()["match"] == state["match"]
    if level == 1:  # the open hands were known cards all along
        assert tracking.snapshot()["known_cards"] == state["hands"]


def test_e3_bench_engine_plays_junior_games_and_prints_games_per_second(capsys):
    assert bench(["--games", "20", "--players", "4", "--edition", "junior", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("engine (junior): 20 games, 4 players")
    assert lines[-1].startswith("games_per_s=") and int(lines[-1].split("=")[1]) > 0
