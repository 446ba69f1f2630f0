"""The game log: JSON Lines, append-only, with a versioned header (docs/game-log.md).

Line 1 is the header (format, version, players, mode, deck, seed, options); every
further line is one event as ``Event.to_json()`` gives it. An ``undo`` record
withdraws earlier events, so the file never needs rewriting. The engine does no
I/O: these functions turn lines into a game and a game into lines.

>>> from companion.engine import Game, events as E
>>> from companion.engine.log import format_log, read_log
>>> game = Game(["Ada", "Ben"])
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> text = format_log(game)
>>> read_log(text.splitlines()).snapshot() == game.snapshot()
True
"""
from __future__ import annotations

import json
from typing import Iterable

from companion.engine.cards import DECKS
from companion.engine.events import Event, event_from_json
from companion.engine.messages import message
from companion.engine.options import RuleOptions
from companion.errors import UserError

LOG_FORMAT = "uno-companion-game-log"
LOG_VERSION = 2
BYTE_ORDER_MARK = "\ufeff"  # some editors (Notepad) start a UTF-8 file with it
READABLE_VERSIONS = (1, 2)  # 2 added the seed (E2's random turns) and the burst, launcher_deal
                            # and jump_in events; a version 1 log has none of them (seed 0)


def header(game) -> dict:
    """The header record of ``game``'s log."""
    return {"format": LOG_FORMAT, "version": LOG_VERSION, "players": list(game.players),
            "mode": "full" if game.full else "tracking", "deck": game.deck.name,
            "seed": game.seed, "options": game.options.header_json()}


def log_line(record: dict | Event) -> str:
    """One log line (no newline) for a header dict or an event."""
    data = record.to_json() if isinstance(record, Event) else record
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def format_log(game) -> str:
    """The whole log of ``game`` (header plus every event still in effect)."""
    if game.log is None:
        raise UserError(message("log_not_recorded"))
    return "".join(log_line(r) + "\n" for r in [header(game), *game.log])


def game_from_header(data: object):
    """A new game as the header describes it."""
    from companion.engine.game import Game

    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise UserError(message("log_not_a_log", format=LOG_FORMAT))
    version = data.get("version")
    if version not in READABLE_VERSIONS:
        raise UserError(message("log_version", version=repr(version),
                                readable=", ".join(map(str, READABLE_VERSIONS))))
    seed = data.get("seed", 0) if version >= 2 else 0
    if type(seed) is not int:
        raise UserError(message("log_seed", seed=repr(seed)))
    mode = data.get("mode", "tracking")
    if mode not in ("tracking", "full"):
        raise UserError(message("log_mode", mode=repr(mode)))
    deck = DECKS.get(data.get("deck", "classic"))
    if deck is None:
        raise UserError(message("log_deck", deck=repr(data.get("deck")), known=", ".join(DECKS)))
    players = data.get("players")
    if not isinstance(players, list):
        raise UserError(message("log_players"))
    return Game(players, RuleOptions.from_json(data.get("options", {})),
                full_information=mode == "full", deck=deck, seed=seed)


def _json_line(number: int, line: str):
    """One line's JSON; a UserError naming the line for anything a log cannot hold."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        key = "log_bad_json" if line.endswith("\n") else "log_cut_off"
        raise UserError(message(key, line=number, error=error.msg)) from None
    except RecursionError:  # [[[[... deeper than the parser goes
        raise UserError(message("log_too_deep", line=number)) from None
    except ValueError:  # a number of thousands of digits (Python's int limit)
        raise UserError(message("log_number_too_long", line=number)) from None


def _reason(error: UserError):
    """A refusal's sentence, keeping its key (its text if it has none)."""
    return error.args[0] if error.args and hasattr(error.args[0], "key") else str(error)


def read_log(lines: Iterable[str] | str):
    """Replay a log (text, or lines) into a game. A bad line raises UserError naming it."""
    if isinstance(lines, str):
        lines = lines.splitlines(keepends=True)
    game = None
    number = 0
    for number, line in enumerate(lines, start=1):
        if number == 1:
            line = line.removeprefix(BYTE_ORDER_MARK)
        if not line.strip():
            continue
        data = _json_line(number, line)
        try:
            if game is None:
                game = game_from_header(data)
            else:
                game.apply(event_from_json(data))
        except UserError as error:
            raise UserError(message("log_line", line=number, error=_reason(error))) from None
    if game is None:
        raise UserError(message("log_empty"))
    return game
