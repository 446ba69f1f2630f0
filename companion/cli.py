"""``uno-companion``: one command, a sub-command per job.

Each sub-command lives with its area (engine, vision, devices, service) and is
imported only when used, so ``uno-companion replay`` never loads OpenCV.
A sub-command is a function ``main(argv: list[str]) -> int``.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import sys

from companion.errors import UserError

# name -> ("module:function", one line of help). Keep sorted by how often a family needs it.
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("companion.demo:main", "play a simulated table (no hardware needed)"),
    "run": ("companion.service.cli:run", "run the table: run --config /etc/uno-companion/table.toml"),
    "check": ("companion.service.cli:check", "test each device and the camera, say what is missing: check [--config FILE] [--walk]"),
    "calibrate": ("companion.service.throw:main", "aim the launcher at each seat and note the throw: calibrate throw"),
    "motor-off": ("companion.service.cli:motor_off", "switch the launcher motor pins off (after a crash)"),
    "replay": ("companion.replay:main", "replay a game log and print the resulting state as JSON"),
    "bench": ("companion.bench:main", "measure speed: bench engine | vision | ..."),
    "pico": ("companion.backends.pico.cli:main", "the Pico link: pico check --port PORT | pico simulate PATH"),
    "teach": ("companion.vision.cli:teach", "learn this table's deck from photos: teach DIR --out PROFILE.json"),
    "recognise": ("companion.vision.cli:recognise", "name the card in images: recognise [--profile P] IMAGE..."),
}

EXIT_USER_ERROR = 2
EXIT_INTERNAL_ERROR = 70


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="uno-companion",
        description="UNO table companion: follows a real game of UNO at the table.",
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="show each observation and decision")
    parser.add_argument("command", choices=sorted(COMMANDS), metavar="COMMAND",
                        help="one of: " + ", ".join(COMMANDS))
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments of the command (COMMAND --help)")
    parser.epilog = "\n".join(f"  {name:10} {help_}" for name, (_, help_) in COMMANDS.items())
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _load(target: str):
    module_name, function_name = target.split(":")
    return getattr(importlib.import_module(module_name), function_name)


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.DEBUG if options.verbose else logging.INFO,
        format="%(asctime)s %(name)s: %(message)s" if options.verbose else "%(message)s",
    )
    target, _ = COMMANDS[options.command]
    try:
        return int(_load(target)(options.args) or 0)
    except UserError as error:
        print(f"uno-companion {options.command}: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("stopped.", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: one readable line, the details only with --verbose
        if options.verbose:
            logging.exception("internal error")
        print(f"uno-companion {options.command}: internal error ({type(error).__name__}: {error}). "
              "Run again with --verbose and report it.", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
