"""``uno-companion replay LOG``: replay a game log and print the resulting state as JSON.

A corrupt or truncated log is refused with the line number and the reason.
``--undo N`` shows the state without the last N events (exact undo).
"""
from __future__ import annotations

import argparse
import json

from companion.engine.log import read_log
from companion.errors import UserError


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="uno-companion replay", description=__doc__.splitlines()[0])
    parser.add_argument("log", metavar="LOG", help="a game log (JSON Lines, see docs/game-log.md)")
    parser.add_argument("--undo", type=int, default=0, metavar="N", help="withdraw the last N events")
    parser.add_argument("--events", action="store_true", help="also list the events in effect")
    options = parser.parse_args(argv)
    try:
        with open(options.log, encoding="utf-8-sig") as file:  # -sig: a byte-order mark is fine
            text = file.read()
    except OSError as error:
        raise UserError(f"cannot read {options.log}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UserError(f"{options.log} is not a text file (UTF-8 JSON Lines expected)") from None
    try:
        game = read_log(text)
    except UserError as error:
        raise UserError(f"{options.log}: {error}") from None
    if options.undo:
        game.undo(options.undo)
    output = game.snapshot().to_json()
    if options.events:
        output["event_list"] = [event.to_json() for event in game.log]
    print(json.dumps(output, indent=2, ensure_ascii=False))
    return 0
