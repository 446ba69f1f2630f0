"""What the link tells its users: who the Pico is, its last snapshot, and why a command failed."""
from __future__ import annotations

from dataclasses import dataclass


class LinkDown(Exception):
    """No session with the Pico now; the command was not (or maybe not) carried out."""


class CommandRefused(Exception):
    """The Pico answered NAK: ``reason`` is RANGE (not fitted / no such seat) or BUSY."""

    def __init__(self, verb: str, reason: str):
        super().__init__(f"the Pico refused {verb}: {reason}")
        self.reason = reason


@dataclass(frozen=True)
class PicoInfo:
    version: str
    boot_id: int
    seats: int
    has_launcher: bool


@dataclass(frozen=True)
class PicoState:
    """A STATE snapshot: buttons held (bit 15 = draw), the last launch, the hopper, the exit beam."""
    held: int
    launching: bool
    count: int
    requested: int
    hopper: int          # 0 empty, 1 cards, 2 no sensor
    beam: int            # exit sensor: 0 clear, 1 blocked (a card, or active_low the wrong way), 2 none
    at: float
