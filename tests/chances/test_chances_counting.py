"""Card counting from the public record, checked against full-information rounds."""
import math
import random

from companion.chances.counting import GROUPS, count_cards, true_groups
from companion.chances.record import table_view
from companion.engine import Game, events as E
from companion.engine.cards import CARD_NAMES, parse_card
from companion.engine.options import RuleOptions
from companion.engine.sim import play_round


def simulated(seed, players=3, options=None):
    game = Game(players, options, full_information=True, seed=seed)
    rnd = random.Random(seed)
    game.deal_random(rnd.random, dealer=seed % players)
    play_round(game, rnd.random)
    return game


def test_the_unseen_cards_are_the_deck_less_the_discard_pile():
    game = Game(3)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(seat=1, card="red-7"))
    count = count_cards(game)
    assert count.unseen_total == 108 - 2
    assert count.unseen[parse_card("red-5")] == 1 and count.unseen[parse_card("red-7")] == 1
    assert count.hidden == [7, 6, 7]
    colours = sum(count.expected[1][colour] for colour in ("red", "yellow", "green", "blue"))
    assert math.isclose(colours + count.expected[1]["wild"], 6)


def test_a_hand_shown_for_a_challenge_is_known_until_its_cards_are_played():
    game = Game(2)
    game.apply(E.Deal(dealer=0, sizes=(7, 3)))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(seat=1, card="wild-draw4"))
    game.apply(E.ChooseColour(seat=1, colour="blue"))
    game.apply(E.Challenge(seat=0))
    game.apply(E.RevealHand(seat=1, cards=("red-9", "green-2")))
    count = count_cards(game)
    assert count.surely_holds[1] == ["green-2", "red-9"]
    assert "blue-3" in count.cannot_hold[1]  # the whole hand was seen
    assert count.expected[1]["red"] == 1 and count.expected[1]["wild"] == 0
    assert count.unseen[parse_card("red-9")] == 1


def test_a_swap_moves_the_seen_cards_with_the_hand():
    game = Game(3, RuleOptions(seven_o=True))
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(seat=1, card="wild-draw4"))
    game.apply(E.ChooseColour(seat=1, colour="red"))
    game.apply(E.Challenge(seat=2))
    shown = ("red-7", "blue-1", "blue-2", "green-3", "green-4", "yellow-5")
    game.apply(E.RevealHand(seat=1, cards=shown))  # a red card: the challenge wins (T6)
    game.apply(E.Draw(seat=1, count=4))  # its penalty, unseen
    game.apply(E.Play(seat=2, card="red-3"))
    game.apply(E.Play(seat=0, card="red-4"))
    game.apply(E.Play(seat=1, card="red-7"))
    game.apply(E.ChooseTarget(seat=1, target=2))
    count = count_cards(game)
    assert count.surely_holds[2] == ["blue-1", "blue-2", "green-3", "green-4", "yellow-5"]
    assert count.surely_holds[1] == [] and count.hidden[1] == 6  # seat 2's old hand, unseen
    assert count.hidden[2] == 4 and math.isclose(count.expected[2]["blue"], 2 + 4 * 23 / 98)  # 108 - 5 played - 5 seen


def test_seen_cards_are_held_and_impossible_cards_are_not_in_every_simulated_state():
    seen_states = 0
    for seed in range(40):
        for tracking, full in table_view(simulated(seed)):
            count = count_cards(tracking)
            for seat in range(tracking.n):
                held = {CARD_NAMES[c] for c in full.hands[seat]}
                assert set(count.surely_holds[seat]) <= held
                assert not held & set(count.cannot_hold[seat])
                assert count.sizes[seat] == len(full.hands[seat])
            seen_states += any(count.known)
    assert seen_states > 0  # challenges showed hands in these rounds


def _agrees(differences):
    """Mean difference within 4 standard errors of zero (rounds are independent samples)."""
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    return abs(mean) <= 4 * spread / math.sqrt(n) + 1e-9, mean


def test_expected_counts_agree_with_the_truth_on_average_at_the_start_of_a_round():
    # One state per round (independent samples): after the deal and the start card, before
    # any player's choice has told anything (see test below for later in the round).
    differences = {group: [] for group in GROUPS}
    for seed in range(600):
        game = simulated(seed)
        for tracking, full in table_view(game):
            if tracking.phase in ("turn", "drawn", "colour"):
                break
        count = count_cards(tracking)
        seat = seed % tracking.n
        truth = true_groups(full.hands[seat])
        for group in GROUPS:
            differences[group].append(truth[group] - count.expected[seat][group])
    for group, values in differences.items():
        ok, mean = _agrees(values)
        assert ok, f"{group}: mean error {mean:.3f}"


def test_expected_counts_add_up_to_each_hand_size_in_every_state():
    for seed in range(20):
        for tracking, full in table_view(simulated(seed, players=4)):
            count = count_cards(tracking)
            for seat in range(4):
                colours = sum(count.expected[seat][c] for c in ("red", "yellow", "green", "blue"))
                assert math.isclose(colours + count.expected[seat]["wild"], len(full.hands[seat]))
