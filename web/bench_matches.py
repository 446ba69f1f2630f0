"""``uno-companion bench matches``: how fast the phone's "Matches" pages answer over a full store.

A store in a temporary folder gets ``--matches`` complete official matches (each
played to 500 by the engine's virtual players and recorded as a real table
records it: counts, not hidden cards); then the page's own app answers the
list, one match replayed in words, and its game-log download. Printed: the
median and slowest of ``--repeat`` requests each, and the first list after an
upgrade (summaries written before this version were not kept, so each match is
replayed once).
"""
from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from companion.engine import Game, card_points, events as E, phases as P
from companion.engine.sim import play_match


def recorded_match(seed: int) -> tuple[tuple, list]:
    """``(players, events)`` of one seeded match as a tracking table receives them."""
    from companion.table import Setup, TableGame
    players = ("Ana", "Ben", "Cem", "Dora")
    full = Game(list(players), full_information=True)
    play_match(full, random.Random(seed).random)
    world = Game(list(players), full_information=True)
    table = TableGame(Setup(players=players, dealer=None))
    recorded = []
    for event in full.log:
        world.apply(event)
        if isinstance(event, (E.Deal, E.Draw, E.Burst)):  # the table sees counts, not cards
            event = (E.Deal(dealer=event.dealer) if isinstance(event, E.Deal)
                     else type(event)(event.seat, event.count))
        steps = [event]
        table.apply(event)
        if table.engine.phase == P.VERDICT:                # T6: the host enters what the hand showed
            want = world.snapshot()
            for legal in (True, False):
                trial = table.engine.copy()
                trial.apply(E.ChallengeVerdict(legal))
                shown = trial.snapshot()
                if shown.owed_cards == want.owed_cards and shown.turn == want.turn:
                    break
            steps.append(E.ChallengeVerdict(legal))
            table.apply(steps[-1])
        elif table.engine.phase == P.SCORING:              # S1: the hands counted
            steps.append(E.RoundEnd(tuple(sum(card_points(c) for c in hand)
                                          for hand in world.snapshot().hands)))
            table.apply(steps[-1])
        recorded.extend(steps)
    return players, recorded


def build_store(path: Path, matches: int):
    """The store with ``matches`` matches: the first one recorded, the rest copies of its rows."""
    from companion.matchdb.database import MatchDatabase
    from companion.service.recording import StoreKeeper
    from companion.table import NewGame, Happened, Setup, TableLoop
    players, recorded = recorded_match(seed=1)
    keeper = StoreKeeper(MatchDatabase(path))
    loop = TableLoop(keeper.new_game(Setup(players=players)), keeper.new_game,
                     before_apply=keeper.before_apply, refused=keeper.refused).start()
    loop.subscribe(keeper.after_update)
    with sqlite3.connect(path) as db:                       # speed: one transaction, not an fsync each
        db.execute("PRAGMA synchronous=OFF")
    for event in recorded:
        loop.submit(Happened(event)).result(10)
    with sqlite3.connect(path) as db:
        for _copy in range(matches - 1):
            (new,) = db.execute("INSERT INTO matches (started, header, finished, summary) SELECT started, "
                                "header, finished, summary FROM matches WHERE id = 1 RETURNING id").fetchone()
            db.execute("INSERT INTO events (match_id, seq, event) SELECT ?, seq, event FROM events "
                       "WHERE match_id = 1", (new,))
    loop.submit(NewGame(Setup(players=players, dealer=0))).result(10)  # the one at the table now
    return keeper, loop, len(recorded)


def timed(client, path: str, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion bench matches", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="complete matches in the store")
    parser.add_argument("--repeat", type=int, default=10, help="requests per address")
    options = parser.parse_args(argv)
    from companion.service.recording import MatchArchive
    from companion.web.app import create_app
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite"
        keeper, loop, events = build_store(path, max(1, options.matches))
        app = create_app(loop, host_token="bench", trusted_hosts=["localhost"], matches=MatchArchive(keeper))
        client = app.test_client()
        with sqlite3.connect(path) as db:
            db.execute("UPDATE matches SET summary = NULL WHERE id != ?", (keeper.match_of(keeper.current),))
        upgrade = timed(client, "/api/matches", 1)[0]
        print(f"{options.matches} matches of {events} events each ({sum(p.stat().st_size for p in path.parent.iterdir()) / 1e6:.1f} MB store)")
        print(f"first list after an upgrade (every match replayed once): {upgrade:.0f} ms")
        figures = {}
        for name, address in (("list page", "/matches"), ("list JSON", "/api/matches"),
                              ("one match page", "/matches/1"), ("game log", "/api/matches/1/log")):
            times = timed(client, address, options.repeat)
            figures[name] = statistics.median(times)
            print(f"{name:15} {address:22} median {figures[name]:6.1f} ms, slowest {max(times):6.1f} ms")
        loop.stop()
        keeper.store.close()
    print(f"matches_list_ms={figures['list page']:.1f}")
    return 0
