"""``uno-companion bench chances``: are the win chances honest, and what do they cost?

Simulated full-information rounds (official rules, virtual players) are replayed as a
tracking table sees them (:mod:`companion.chances.record`); at a few random moments of
each round the chances are estimated from the public record alone and later compared with
who won. Printed, for the raw playout shares and for the same shares through the
calibration map (:mod:`companion.chances.calibration`, what a table is shown): calibration
by decile (predicted against observed win frequency, with the count of predictions per
bin); the Brier scores against a hand-size-only baseline (each seat's chance proportional
to 1 / its hand size), playouts per second and CPU time per estimate. The map was fitted
on the development set (``--seed 1000001 --rounds 1000 --fit``); the default seed 1 is the
disjoint check set. ``--oracle`` also plays out the true hands from the same moments: its
Brier score is what a perfect card count would reach, so the gap to it is what counting
misses. Times are this process's CPU time. The last line is ``brier=<number>`` (mapped).

``--matches N`` also judges the match chances: N simulated matches (to the official 500) are
replayed the same way (the hands left at each round's end are shown for the scores, as a table
counts them); at ``--moments`` random moments of each match the match chances are estimated
from the public record and compared with who won the match, by decile and by Brier score
against a score-only baseline (each seat's chance proportional to 1 / the points it still
needs). The match chances are the raw playout shares (no map was fitted for them). The
round figures' last line, ``brier=``, stays the last line.
"""
from __future__ import annotations

import argparse
import random
import time

from companion.chances.calibration import calibrate, fit
from companion.chances.inference import Tracker
from companion.chances.playout import estimate, light_copy
from companion.chances.record import table_view
from companion.engine.game import Game
from companion.engine.phases import PLAYING
from companion.engine.sim import play_match, play_round
from companion.errors import UserError

#: A bin is judged only with this many predictions (fewer: its frequency is too noisy).
ENOUGH = 100


def hand_size_baseline(sizes: list[int]) -> list[float]:
    weights = [1 / max(size, 1) for size in sizes]
    total = sum(weights)
    return [w / total for w in weights]


def oracle(full, playouts: int, rnd) -> list[float]:
    """Round chances from the true hands (what a perfect card count would give)."""
    wins = [0] * full.n
    for _ in range(playouts):
        world = light_copy(full)
        play_round(world, rnd.random)
        wins[world.winner] += 1
    return [w / playouts for w in wins]


def collect(rounds: int, players: int, seed: int, moments: int, playouts: int,
            with_oracle: bool = False):
    """Per estimate (raw shares, hand sizes, winner, oracle shares or None), the number of
    playouts and their CPU seconds."""
    rnd = random.Random(seed)
    rows, total_playouts, spent = [], 0, 0.0
    for number in range(rounds):
        game = Game(players, full_information=True, seed=seed + number)
        game.deal_random(rnd.random, dealer=number % players)
        play_round(game, rnd.random)
        steps = len(game.log)
        chosen = set(rnd.sample(range(2, steps), min(moments, max(0, steps - 2))))
        tracker = Tracker()
        for index, (tracking, full) in enumerate(table_view(game, tracker)):
            if index not in chosen or tracking.phase not in PLAYING:
                continue
            result = estimate(tracking, budget_s=3600, rnd=rnd, max_playouts=playouts,
                              masks=tracker.masks(tracking), calibrated=False)
            total_playouts += result.playouts
            spent += result.cpu_s
            truth = oracle(full, playouts, rnd) if with_oracle else None
            rows.append((result.round, list(tracking.sizes), game.winner, truth))
    return rows, total_playouts, spent


def score_baseline(scores: list[int], target: int) -> list[float]:
    """Each seat's match chance proportional to 1 / the points it still needs."""
    weights = [1 / max(target - score, 1) for score in scores]
    total = sum(weights)
    return [w / total for w in weights]


def collect_matches(matches: int, players: int, seed: int, moments: int, playouts: int):
    """Per estimate (match shares, scores, target, match winner), the playouts and their CPU s."""
    rnd = random.Random(seed)
    rows, total_playouts, spent = [], 0, 0.0
    for number in range(matches):
        game = Game(players, full_information=True, seed=seed + number)
        play_match(game, rnd.random)
        steps = len(game.log)
        chosen = set(rnd.sample(range(2, steps), min(moments, max(0, steps - 2))))
        tracker = Tracker()
        for index, (tracking, _full) in enumerate(table_view(game, tracker)):
            if index not in chosen or tracking.phase not in PLAYING:
                continue
            result = estimate(tracking, budget_s=3600, rnd=rnd, max_playouts=playouts, match=True,
                              masks=tracker.masks(tracking), calibrated=False)
            total_playouts += result.playouts
            spent += result.cpu_s
            rows.append((result.match, list(tracking.scores), tracking.options.target, game.match_winner))
    return rows, total_playouts, spent


def brier(pairs) -> float:
    return sum((p - won) ** 2 for p, won in pairs) / len(pairs)


def calibration(pairs) -> list[tuple[int, int, float, float]]:
    """Per decile: (bin, count, mean predicted, observed win frequency)."""
    bins = [[] for _ in range(10)]
    for p, won in pairs:
        bins[min(int(p * 10), 9)].append((p, won))
    return [(k, len(b), sum(p for p, _ in b) / len(b), sum(w for _, w in b) / len(b))
            for k, b in enumerate(bins) if b]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench chances",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="simulated rounds (default 2000)")
    parser.add_argument("--players", type=int, default=3, help="players per round, 2-10 (default 3)")
    parser.add_argument("--moments", type=int, default=2, help="estimates per round (default 2)")
    parser.add_argument("--playouts", type=int, default=100, help="playouts per estimate (default 100)")
    parser.add_argument("--oracle", action="store_true",
                        help="also play out the true hands (the best a card count could do)")
    parser.add_argument("--seed", type=int, default=1,
                        help="random seed (default 1: the check set; the map was fitted on 1000001)")
    parser.add_argument("--matches", type=int, default=0,
                        help="also judge the match chances over this many simulated matches (default 0)")
    parser.add_argument("--fit", action="store_true",
                        help="fit the calibration map on these rounds and print its constants")
    options = parser.parse_args(argv)
    if options.rounds < 1 or options.moments < 1 or options.playouts < 1:
        raise UserError("--rounds, --moments and --playouts must be at least 1")
    if options.matches < 0:
        raise UserError("--matches must be 0 (no match chances) or more")
    if not 2 <= options.players <= 10:
        raise UserError("--players must be from 2 to 10 (D2)")
    start = time.process_time()
    rows, playouts, spent = collect(options.rounds, options.players, options.seed,
                                    options.moments, options.playouts, options.oracle)
    if not rows:
        raise UserError("no estimates were made; play more --rounds")
    print(f"chances: {options.rounds} rounds, {options.players} players, {len(rows)} estimates "
          f"of {options.playouts} playouts, seed {options.seed}: {time.process_time() - start:.1f} s")
    params = None
    if options.fit:
        params = fit([(raw, sizes, options.playouts, won) for raw, sizes, won, _ in rows])
        print(f"fitted on these rounds: SHARPEN = {params[0]:.3f}, SIZE_WEIGHT = {params[1]:.3f}"
              " (judge it on other seeds)")
    pairs = {"raw": [], "mapped": [], "baseline": [], "true_hands": []}
    for raw, sizes, won, truth in rows:
        mapped = calibrate(raw, sizes, options.playouts, params)
        for seat, base in enumerate(hand_size_baseline(sizes)):
            pairs["raw"].append((raw[seat], seat == won))
            pairs["mapped"].append((mapped[seat], seat == won))
            pairs["baseline"].append((base, seat == won))
            if truth is not None:
                pairs["true_hands"].append((truth[seat], seat == won))
    for name in ("raw", "mapped"):
        print(f"{name} playout shares" + (" (calibration map)" if name == "mapped" else ""))
        tail = "" if name == "mapped" else "_raw"  # the mapped figures are what a table sees
        _print_deciles(pairs[name], tail)
        if name == "raw":
            print(f"brier_raw={brier(pairs[name]):.4f}")
    print(f"brier_hand_size_baseline={brier(pairs['baseline']):.4f}")
    if options.oracle:
        print(f"brier_true_hands={brier(pairs['true_hands']):.4f}")
    print(f"playouts_per_s={playouts / spent:.0f}")
    print(f"ms_per_estimate={1000 * spent / len(rows):.1f} ({options.playouts} playouts)")
    if options.matches:
        _match_chances(options)
    print(f"brier={brier(pairs['mapped']):.4f}")
    return 0


def _print_deciles(pairs, tail: str) -> None:
    print("decile  count  predicted  observed")
    worst = 0.0
    for k, count, predicted, observed in calibration(pairs):
        judged = count >= ENOUGH
        if judged:
            worst = max(worst, abs(predicted - observed))
        print(f"  {k / 10:.1f}  {count:6d}  {predicted:9.3f}  {observed:8.3f}"
              f"{'' if judged else '  (too few to judge)'}")
    print(f"calibration_worst_bin_pp{tail}={100 * worst:.1f} (bins with >= {ENOUGH} predictions)")


def _match_chances(options) -> None:
    start = time.process_time()
    rows, playouts, spent = collect_matches(options.matches, options.players, options.seed,
                                            options.moments, options.playouts)
    print(f"match chances: {options.matches} matches, {len(rows)} estimates of {options.playouts} "
          f"playouts (each to the match's end): {time.process_time() - start:.1f} s")
    if not rows:
        print("no match estimates were made; play more --matches")
        return
    shares, baseline = [], []
    for match, scores, target, winner in rows:
        for seat, base in enumerate(score_baseline(scores, target)):
            shares.append((match[seat], seat == winner))
            baseline.append((base, seat == winner))
    print("match playout shares")
    _print_deciles(shares, "_match")
    print(f"brier_match={brier(shares):.4f}")
    print(f"brier_match_score_baseline={brier(baseline):.4f}")
    print(f"ms_per_match_estimate={1000 * spent / len(rows):.1f} ({playouts / spent:.0f} playouts/s)")
