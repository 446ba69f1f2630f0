"""Win chances from sampled playouts, and the worker that a newer event cancels."""
import random
import threading
import time
from collections import Counter

from companion.chances import ChancesWorker, count_cards, estimate, sample_world
from companion.engine import Game, events as E
from companion.engine.options import RuleOptions


def started(players=3, **options):
    game = Game(players, RuleOptions(**options) if options else None)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    return game


def test_a_sampled_world_keeps_the_record_and_deals_only_unseen_cards():
    game = started(2)
    game.apply(E.Play(seat=1, card="wild-draw4"))
    game.apply(E.ChooseColour(seat=1, colour="blue"))
    game.apply(E.Challenge(seat=0))
    game.apply(E.RevealHand(seat=1, cards=("red-9", "green-2", "blue-skip", "yellow-1", "wild", "red-0")))
    world = sample_world(game, random.Random(3))
    assert world.full and game.full is False  # the table's game is untouched
    assert sorted(world.hands[1]) == sorted(count_cards(game).known[1])
    everything = Counter(world.pile) + Counter(world.discard) + sum((Counter(h) for h in world.hands), Counter())
    assert everything == Counter(game.deck.cards())
    assert world.sizes == [len(h) for h in world.hands] == [7, 6]  # the challenger's 6 are still due


def test_chances_sum_to_one_and_favour_the_seat_with_one_card():
    game = Game(3)
    game.apply(E.Deal(dealer=0, sizes=(7, 2, 7)))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(seat=1, card="red-9"))  # seat 1 has one card left
    result = estimate(game, max_playouts=300, rnd=random.Random(1), budget_s=60)
    assert abs(sum(result.round) - 1) < 1e-9 and result.playouts == 300
    assert all(0 < se < 0.05 for se in result.round_se)
    assert result.round[1] > max(result.round[0], result.round[2])


def test_a_round_already_won_is_certain():
    game = Game(2)
    game.apply(E.Deal(dealer=0, sizes=(7, 1)))
    game.apply(E.StartCard("red-5"))
    game.apply(E.Play(seat=1, card="red-9"))
    result = estimate(game, budget_s=1)
    assert result.round == [0.0, 1.0] and result.playouts == 0


def test_match_chances_follow_the_scores():
    game = started(2, target=60)
    game.scores[0] = 55  # seat 0 needs only a few points
    result = estimate(game, max_playouts=150, budget_s=60, rnd=random.Random(2), match=True)
    assert abs(sum(result.match) - 1) < 1e-9
    assert result.match[0] > result.match[1]
    assert result.match[0] >= result.round[0] - 3 * result.round_se[0]


def test_the_budget_bounds_the_cpu_time_of_an_estimate():
    result = estimate(started(4), budget_s=0.05, rnd=random.Random(0))
    assert result.playouts >= 1 and result.cpu_s < 0.05 + 0.5  # one playout may overrun


def test_the_worker_answers_off_the_callers_thread():
    answers = []
    done = threading.Event()
    worker = ChancesWorker(lambda gen, est: (answers.append((gen, est, threading.get_ident())), done.set()),
                           budget_s=0.02)
    try:
        generation = worker.submit(started())
        assert done.wait(30)
        assert answers[0][0] == generation and answers[0][2] != threading.get_ident()
        assert abs(sum(answers[0][1].round) - 1) < 1e-9
    finally:
        worker.close()
    assert not worker.alive


def test_a_newer_event_cancels_the_running_estimate():
    answers = []
    done = threading.Event()
    worker = ChancesWorker(lambda gen, est: (answers.append(gen), done.set()), budget_s=60)
    try:
        game = started()
        first = worker.submit(game)
        time.sleep(0.2)  # the first estimate is running (its budget is a minute)
        worker.budget_s = 0.02
        game.apply(E.Play(seat=1, card="red-7"))
        second = worker.submit(game)
        assert done.wait(30)
        assert answers == [second] and first < second
        assert worker.overtaken == 1
    finally:
        worker.close()


def test_submitting_copies_the_game_so_the_table_may_go_on():
    worker = ChancesWorker(lambda gen, est: None, budget_s=0.01)
    try:
        game = started()
        worker.submit(game)
        game.apply(E.Play(seat=1, card="red-7"))  # the table goes on while the worker runs
        assert game.sizes[1] == 6
    finally:
        worker.close()


def test_an_open_jump_in_claim_still_gets_chances():
    """H5: a seat pressed its jump-in button and its card is not down yet; the estimate of that
    moment plays on from a copy without the log (the claim, judged by the log, is dropped)."""
    game = Game(3, RuleOptions(jump_in=True), seed=1)
    for event in (E.Deal(dealer=0), E.StartCard("red-5"), E.Play(1, "red-9"), E.JumpIn(0)):
        game.apply(event)
    result = estimate(game, 0.05, random.Random(0))
    assert abs(sum(result.round) - 1) < 1e-6 and result.playouts > 0
    assert game.flags.jump_claim is not None  # the table's own game keeps the claim
