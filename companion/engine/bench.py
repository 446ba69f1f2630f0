"""``uno-companion bench engine``: complete full-information games per second.

Each game is one round from the deal until a player goes out, scored, with the
official rules (or an edition's: ``--edition junior``, E3; ``--edition dos``, E7) and no game log. Virtual players choose uniformly among their
legal plays; with none they draw one card and play it if it fits, else pass
(``companion.engine.sim``). If RLCard 1.2 is importable, its raw ``UnoGame``
loop (random legal actions) is measured in the same run for comparison; it is
not a dependency of the project. Rates are medians over chunks of games (robust
against other programs' bursts on a shared machine); the speed-up is the median
ratio of interleaved chunk pairs. Time is this process's CPU time (``time.process_time``):
on an idle machine it equals the wall-clock time of this single-threaded loop, and on a
shared one it leaves out the time spent waiting for a core, for both contestants alike. The last line is
``games_per_s=<number>``.
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time

from companion.engine.editions import EDITIONS as REGISTRY
from companion.engine.game import Game
from companion.engine.messages import message
from companion.engine.options import RuleOptions
from companion.engine.sim import play_round
from companion.errors import UserError


#: ``--edition``: the rules each edition's games are played by (the official rules in the
#: edition's deck), from the one registry of editions (companion/engine/editions.py).
EDITIONS: dict[str, RuleOptions] = {name: edition.rules() for name, edition in REGISTRY.items()}


def engine_games(games: int, players: int, seed: int, edition: str = "classic") -> float:
    """CPU seconds to play ``games`` complete games of ``edition``."""
    options = EDITIONS[edition]
    rnd = random.Random(seed).random
    start = time.process_time()
    for number in range(games):
        game = Game(players, options, full_information=True, record=False)
        game.deal_random(rnd, dealer=number % players)
        play_round(game, rnd)
    return time.process_time() - start


def rlcard_games(games: int, players: int, seed: int) -> float | None:
    """CPU seconds for RLCard's UnoGame loop with random legal actions; None if not installed."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    choose = np.random.RandomState(seed + 1).randint
    start = time.process_time()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[choose(len(legal))])
    return time.process_time() - start


def _max_rss_mb() -> float:
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def _chunks(games: int, count: int = 10) -> list[int]:
    count = max(1, min(count, games))
    return [games // count + (i < games % count) for i in range(count)]


def _median_rate(sizes: list[int], seconds: list[float]) -> float:
    """Median of the per-chunk rates: robust against other programs' load bursts."""
    return statistics.median(size / spent for size, spent in zip(sizes, seconds))


def _compare(options) -> None:
    """RLCard and the engine again, interleaved in 20 chunks each so that both see the same
    machine; the speed-up is the median ratio of the chunk pairs."""
    if rlcard_games(1, options.players, 0) is None:
        print("rlcard: not installed (pip install rlcard==1.2.0 to compare); skipped")
        return
    sizes = _chunks(options.games, count=20)
    ours, theirs = [], []
    for index, size in enumerate(sizes):
        ours.append(engine_games(size, options.players, options.seed + index))
        theirs.append(rlcard_games(size, options.players, options.seed + index))
    rate, rl_rate = _median_rate(sizes, ours), _median_rate(sizes, theirs)
    speedup = statistics.median(their / our for our, their in zip(ours, theirs))
    print(f"interleaved with rlcard ({len(sizes)} chunk pairs): engine {rate:.0f} games/s, "
          f"rlcard UnoGame {rl_rate:.0f} games/s")
    print(f"rlcard_games_per_s={rl_rate:.0f}")
    print(f"speedup_vs_rlcard={speedup:.2f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench engine", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="complete games to play (default 5000)")
    parser.add_argument("--players", type=int, default=2, help="players per game, 2-10 (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="classic",
                        help="the edition's deck and rules (default classic; RLCard plays classic only)")
    parser.add_argument("--no-rlcard", action="store_true", help="skip the RLCard comparison")
    options = parser.parse_args(argv)
    if options.games < 1:
        raise UserError(message("bench_games"))
    if not 2 <= options.players <= 10:
        raise UserError(message("bench_players"))
    edition = options.edition
    Game(options.players, EDITIONS[edition])  # too many players for the deck: a clear UserError
    engine_games(min(500, options.games), options.players, options.seed, edition)  # warm-up
    rss_start = _max_rss_mb()
    sizes = _chunks(options.games)
    seconds = [engine_games(size, options.players, options.seed + index, edition)
               for index, size in enumerate(sizes)]
    rss_end = _max_rss_mb()  # before RLCard (and numpy) are loaded
    rate = _median_rate(sizes, seconds)
    print(f"engine ({edition}): {options.games} games, {options.players} players, seed {options.seed}: "
          f"{sum(seconds):.2f} s; median of {len(sizes)} chunks {rate:.0f} games/s")
    print(f"memory: max RSS {rss_start:.1f} MB after warm-up, {rss_end:.1f} MB after the games")
    if not options.no_rlcard and edition == "classic":
        _compare(options)
    print(f"games_per_s={rate:.0f}")
    return 0
