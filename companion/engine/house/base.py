"""The base class of a house rule: every hook's default is "no opinion"."""
from __future__ import annotations

from typing import ClassVar


class HouseRule:
    option: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    answers_draws: ClassVar[bool] = False

    def __init__(self, options):
        self.options = options

    def judge(self, game, seat: int, card: int):
        return None

    def on_play(self, game, seat: int, card: int, rank: int) -> bool:
        return False

    def on_turn(self, game, seat: int) -> None:
        """The turn passed to ``seat``."""

    def may_draw_again(self, game, seat: int) -> bool:
        return False

    def on_out(self, game, seat: int) -> int | None:
        """``seat`` played its last card: -1 lets the round go on, a seat number ends it
        with that winner, None leaves it to the official rules (T7)."""
        return None

    def on_receive(self, game, seat: int, count: int) -> None:
        """``seat`` just took ``count`` cards (its size is already updated)."""

    def team(self, game, seat: int) -> list[int] | None:
        return None

    def check_table(self, players: int) -> str | None:
        """A reason why this rule cannot be played by ``players`` players."""
        return None

    def pass_refused(self, game, seat: int) -> str | None:
        return None

    def next_seat(self, game, steps: int) -> int | None:
        """The seat whose turn comes ``steps`` turns on (None: the direction of play decides)."""
        return None
