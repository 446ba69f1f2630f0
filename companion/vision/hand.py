"""Hand scan for scoring: cards spread under the camera -> the cards and their points (S1).

>>> from companion.vision.scene import hand_spread
>>> frame, _ = hand_spread(["red-8", "blue-reverse", "wild"], seed=3)
>>> result = scan_hand(frame)
>>> sorted(result.cards), result.points
(['blue-reverse', 'red-8', 'wild'], 78)
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.vision.deck import points
from companion.vision.recognise import Recogniser, Sighting, bad_frame


@dataclass(frozen=True)
class HandScan:
    cards: list[str]                 # the cards named with confidence
    unsure: list[Sighting]           # cards seen but not named: the phone asks about these
    points: int                      # of ``cards`` only

    def to_json(self) -> dict:
        return {"cards": self.cards, "points": self.points, "unsure": len(self.unsure)}


def scan_hand(frame: np.ndarray, recogniser: Recogniser | None = None, max_cards: int = 20) -> HandScan:
    """Find every card lying apart in ``frame`` and count their points."""
    recogniser = recogniser or Recogniser()
    if bad_frame(frame):
        return HandScan([], [], 0)
    seen = recogniser.recognise_all(frame, max_cards=max_cards)
    cards = [s.card for s in seen if s.card]
    return HandScan(cards, [s for s in seen if not s.card], points(cards))
