"""``uno-companion bench undo``: what an undo and a restart cost late in a long match.

A seeded official match is recorded as a real table records it (counts, not hidden
cards; ``--events`` of it are used). Then, on a :class:`~companion.table.TableGame`
holding that log, the host undoes the last event and the table plays it again,
``--undos`` times; and a store holding the match plus every one of those undos and
replays is reopened as after a restart (the replay ``run`` does before it serves).
Printed: ms per undo (median and slowest), the restart replay in ms, and the match
without undos, for comparison. CPU time of this one thread (``time.process_time``).
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench undo", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=700, help="events in the match's log")
    parser.add_argument("--undos", type=int, default=800, help="undo + play again, at the end of it")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    from companion.engine.events import Undo
    from companion.matchdb.database import MatchDatabase
    from companion.service.recording import StoreKeeper, replay_match
    from companion.table import Setup
    from companion.web.bench_matches import recorded_match

    players, recorded = recorded_match(options.seed)
    while len(recorded) < options.events:             # a longer match: more of the same matches
        recorded += recorded_match(options.seed + len(recorded))[1]
    events, setup = recorded[:options.events], Setup(players=players, dealer=None, seed=options.seed)
    with tempfile.TemporaryDirectory() as folder:
        keeper = StoreKeeper(MatchDatabase(Path(folder) / "games.sqlite"))
        keeper.store._db.execute("PRAGMA synchronous=OFF")   # the writes are not what is measured
        game = keeper.new_game(setup)
        for event in events:
            _apply(game, event)
        applied = len(game.engine.log)
        undo_ms = []
        for _ in range(options.undos):
            last = game.engine.log[-1]
            started = time.process_time()
            game.apply(Undo(1))
            undo_ms.append((time.process_time() - started) * 1000)
            game.apply(last)
        match_id = keeper.match_of(game)
        started = time.process_time()
        replayed = replay_match(keeper.store, match_id)
        restart_ms = (time.process_time() - started) * 1000
        assert replayed.game.state().game.events == applied, "the restart did not rebuild the match"
        keeper.store.close()
    stored = applied + 2 * options.undos
    print(f"match: {applied} events in the log; {options.undos} undos, each followed by the same "
          f"event again (store: {stored} events)")
    print(f"undo: median {statistics.median(undo_ms):.2f} ms, slowest {max(undo_ms):.2f} ms, "
          f"all {sum(undo_ms) / 1000:.2f} s")
    print(f"restart replay of the stored match ({stored} events): {restart_ms:.0f} ms")
    print(f"undo_median_ms={statistics.median(undo_ms):.2f}")
    return 0


def _apply(game, event) -> None:
    from companion.errors import UserError
    try:
        game.apply(event)
    except UserError:
        pass  # refused as at the table: changes nothing
