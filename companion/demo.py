"""``uno-companion demo``: a whole simulated table, with the real page, no hardware needed.

Virtual players sit at a simulated table: they lay cards under a simulated camera
(rendered frames read by the real vision pipeline), press the ring's buttons and
the launcher's draw button (gpiozero mock pins), and type on the phone only what
a family would type (counted points, an unreadable card). The real engine, table
loop, store and page follow the match. Open the printed address on a phone or a
browser to watch it, or scan the host code to step in. ``--edition`` plays another
deck and its rules (the editions of companion/engine/editions.py, e.g. ``junior``).
"""
from __future__ import annotations

import argparse
import logging
import random
import time

from companion.config import parse_config
from companion.engine import PRESETS, preset
from companion.engine.editions import EDITIONS, edition, edition_of
from companion.errors import UserError
from companion.simtable import Faults, SimulatedTable
from companion.simtable.simulated import COUNTED
from companion.table.game import MODES

log = logging.getLogger(__name__)
NAMES = ["Ada", "Ben", "Cem", "Dana", "Emil", "Fay"]   # the simulated ring has six seats


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-companion demo", description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--players", type=int, default=4, help="2 to 6 virtual players (default 4)")
    add("--seed", type=int, default=None, help="random seed, to repeat a match")
    add("--rules", default=None, choices=sorted(PRESETS),
        help="rule preset (default: the edition's own preset if it has one, else official)")
    add("--edition", default=None, metavar="NAME",
        help="the deck and its rules: " + ", ".join(EDITIONS) + " (default: the preset's, classic)")
    add("--mode", default="classic", choices=MODES,
        help="how the launcher and the ring play: classic, extreme (E1 bursts) or flash (E2) (default classic)")
    add("--target", type=int, default=None, help="points that end the match (default: the preset's, 500)")
    add("--speed", type=float, default=1.0,
        help="1 = a calm table, 5 = brisk; 0 = as fast as the machine goes (tests, CI)")
    add("--until-match-over", action="store_true", help="stop when the match is decided (else serve the page on)")
    add("--host", default="0.0.0.0", help="address for the page (default: all, so phones reach it)")
    add("--port", type=int, default=8000, help="port for the page (default 8000; 0 = any free port)")
    add("--no-web", action="store_true", help="no page (faster for tests)")
    add("--log", metavar="FILE", help="write the game log (JSON Lines) to FILE at the end")
    add("--misreads", type=float, default=0.0, metavar="SHARE",
        help="share of camera readings made unsure (the host types the card)")
    add("--jams", type=int, default=0, metavar="N", help="cards that jam in the launcher")
    add("--hopper", type=int, default=None, metavar="N",
        help="cards in the launcher's hopper (refilled when empty; default: the whole deck)")
    add("--late", type=int, default=0, metavar="N", help="Flash: turns on which a player lets the timer run out")
    return parser


def main(argv: list[str]) -> int:
    options = _parser().parse_args(argv)
    if not 2 <= options.players <= len(NAMES):
        raise UserError(f"--players must be from 2 to {len(NAMES)} (the simulated ring has six seats)")
    if options.speed < 0:
        raise UserError("--speed must be 0 or more")
    if not 0 <= options.misreads <= 1:
        raise UserError("--misreads is a share from 0 to 1")
    if not 0 <= options.port <= 65535:
        raise UserError("--port: 0 to 65535")
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**6)
    if options.rules is None:   # an edition's preset scores it as its sources do
        options.rules = options.edition if options.edition in PRESETS else "official"
    rules = {"target": options.target} if options.target else {}
    chosen = edition(options.edition) if options.edition is not None else None
    if chosen is not None:
        rules.update(chosen.settings())
    config = parse_config({"table": {"players": NAMES[:options.players], "mode": options.mode,
                                     "preset": options.rules, "seed": seed},
                           "rules": rules, "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}, "web": {"host": options.host}})
    played = chosen or edition_of(preset(options.rules))
    hopper = options.hopper if options.hopper is not None else played.deck.size
    faults = Faults(misreads=options.misreads, jams=options.jams, hopper=hopper, late=options.late)
    table = SimulatedTable(config, seed=seed, speed=options.speed, faults=faults,
                      web=not options.no_web, port=options.port)
    print(f"UNO demo: {', '.join(NAMES[:options.players])}; {options.mode}, rules {options.rules}; "
          f"seed {seed}" + ("" if played.name == "classic" else f"; edition {played.name} ({played.title})"),
          flush=True)
    with table:
        if table.service.web is not None:
            print(table.service.web.banner(), flush=True)
        started = time.monotonic()
        table.play(on_round=lambda line: print(line, flush=True))
        state = table.state()
        shown = state.game
        winner = shown.match.winner
        standing = shown.standing   # what the engine counts: points, or S4's round wins
        print(f"winner: {shown.players[winner]}; {COUNTED[standing.counts]} "
              + ", ".join(f"{n} {s}" for n, s in zip(shown.players, standing.totals)), flush=True)
        print(f"played: {len(state.rounds)} rounds, {shown.events} events "
              f"in {time.monotonic() - started:.0f} s", flush=True)
        for line in table.fault_report():
            print(line, flush=True)
        if options.log:
            _write_log(options.log, table.service.loop.game_log())
        if not options.until_match_over and table.service.web is not None:
            print("The page stays up: press Ctrl-C to stop.", flush=True)
            while True:
                time.sleep(3600)
    return 0


def _write_log(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise UserError(f"cannot write {path}: {error.strerror}") from None
    print(f"game log: {path} (uno-companion replay {path})", flush=True)
