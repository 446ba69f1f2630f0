"""``uno-companion demo``: a simulated match in the terminal, no hardware needed.

Virtual players play a full match by the chosen rules; the demo prints each
round's points, the running scores and the winner. ``--log FILE`` writes the
game log, which ``uno-companion replay FILE`` reads back.
"""
from __future__ import annotations

import argparse
import random

from companion.engine import Game, PRESETS, preset
from companion.engine.log import format_log
from companion.engine.sim import play_round
from companion.errors import UserError

NAMES = ["Ada", "Ben", "Cem", "Dana", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jule"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion demo", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, help="2 to 10 virtual players (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="random seed, to repeat a match")
    parser.add_argument("--rules", default="official", choices=sorted(PRESETS),
                        help="rule preset (default official)")
    parser.add_argument("--target", type=int, default=None, help="points that end the match")
    parser.add_argument("--log", metavar="FILE", help="write the game log (JSON Lines) to FILE")
    options = parser.parse_args(argv)
    if not 2 <= options.players <= 10:
        raise UserError("--players must be from 2 to 10 (D2)")
    rules = preset(options.rules)
    if options.target is not None:
        rules = rules.replace(target=options.target)
    if rules.scoring == "wins" and not rules.target_wins:
        rules = rules.replace(target_wins=3)
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**6)
    game = Game(NAMES[:options.players], rules, full_information=True)
    rnd = random.Random(seed).random
    print(f"UNO demo: {', '.join(game.players)}; rules {options.rules} "
          f"({_goal(rules)}); seed {seed}")
    while game.phase != "match_over" and game.round_no <= 500:
        number = game.round_no
        play_round(game, rnd, forget=0.25)
        print(_round_line(game, number))
    state = game.snapshot()
    winner = state["match"]["winner"]
    print(f"winner: {game.players[winner]} after {number} rounds"
          if winner is not None else "no winner after 500 rounds")
    if options.log:
        try:
            with open(options.log, "w", encoding="utf-8") as file:
                file.write(format_log(game))
        except OSError as error:
            raise UserError(f"cannot write {options.log}: {error.strerror}") from None
        print(f"game log: {options.log} ({len(game.log)} events)")
    return 0


def _goal(rules) -> str:
    if rules.scoring == "wins":
        return f"first to {rules.target_wins} round wins"
    if rules.scoring == "penalty":
        return f"penalty points, reaching {rules.target} loses"
    return f"first to {rules.target} points"


def _round_line(game, number: int) -> str:
    winner = game.winner
    gained = game.round_points[winner] if game.options.scoring == "winner" else None
    scores = game.wins if game.options.scoring == "wins" else game.scores
    table = ", ".join(f"{name} {score}" for name, score in zip(game.players, scores))
    won = {"winner": f"+{gained}", "wins": "one more win",
           "penalty": "the others add their cards"}[game.options.scoring]
    return f"round {number:>2}: {game.players[winner]} goes out ({won}); scores: {table}"
