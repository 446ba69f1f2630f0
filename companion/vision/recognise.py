"""The card recogniser: frame -> card name with a confidence, or unknown.

>>> from companion.vision.scene import Table
>>> table = Table(seed=2)
>>> _ = table.place("blue-7", (320, 240), angle=30)
>>> sighting = Recogniser().recognise(table.frame())
>>> sighting.card, sighting.confidence > 0.5
('blue-7', True)
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.vision.deck import WILD_RANKS, join
from companion.vision.detect import find_cards, warp
from companion.vision.features import look
from companion.vision.profile import Profile, default_profile

DEFAULT_THRESHOLD = 0.35
MIN_SIDE = 32


@dataclass(frozen=True)
class Sighting:
    """One card seen: its name (None when unsure), the confidence, and where it lies."""
    card: str | None
    confidence: float
    quad: np.ndarray | None = None
    guess: str | None = None     # the best guess even when below the threshold

    def to_json(self) -> dict:
        return {"card": self.card, "confidence": round(float(self.confidence), 3)}


UNSEEN = Sighting(None, 0.0)


def bad_frame(frame) -> str | None:
    """Why a frame cannot be looked at, or None when it can."""
    if frame is None:
        return "no image"
    if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3:
        return "not a colour image"
    if frame.dtype != np.uint8:
        return f"pixels of type {frame.dtype}, expected 8-bit"
    if min(frame.shape[:2]) < MIN_SIDE:
        return f"image too small ({frame.shape[1]}x{frame.shape[0]})"
    return None


class Recogniser:
    """Names cards with a :class:`Profile` (the built-in one unless a taught one is given)."""

    def __init__(self, profile: Profile | None = None, threshold: float = DEFAULT_THRESHOLD):
        self.profile = profile or default_profile()
        self.threshold = threshold
        self._ranks = np.array(self.profile.ranks)
        # Compare shapes after taking away what all cards of a design share (border, oval),
        # so the small part that differs (the number) decides.
        groups = np.array(self.profile.groups)
        self._groups = []
        for group in sorted(set(self.profile.groups)):
            rows = self.profile.shapes[groups == group]
            mean = rows.mean(axis=0)
            centred = rows - mean
            centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)
            self._groups.append((mean, centred, self._ranks[groups == group]))
        self._rank_names = sorted(set(self.profile.ranks))
        self._colour_names = list(self.profile.colours)
        self._colours = np.stack([self.profile.colours[c] for c in self._colour_names])

    def rank_scores(self, seen) -> dict[str, float]:
        """Best shape similarity per rank, either way up."""
        per_rank = dict.fromkeys(self._rank_names, -1.0)
        for mean, centred, ranks in self._groups:
            best = np.full(len(ranks), -1.0, np.float32)
            for shape in (seen.shape, seen.shape_turned):
                query = shape - mean
                best = np.maximum(best, centred @ (query / max(float(np.linalg.norm(query)), 1e-6)))
            for rank in self._rank_names:
                hits = best[ranks == rank]
                if hits.size:
                    per_rank[rank] = max(per_rank[rank], float(hits.max()))
        return per_rank

    def name_card(self, card: np.ndarray, outline_score: float = 1.0) -> tuple[str, float]:
        """Best guess and confidence for a warped card."""
        seen = look(card)
        per_rank = self.rank_scores(seen)
        ordered = sorted(per_rank.items(), key=lambda item: item[1], reverse=True)
        (rank, best), (_, second) = ordered[0], ordered[1] if len(ordered) > 1 else ("", -1.0)
        rank_confidence = np.clip((best - second) / 0.12, 0, 1) * np.clip((best - 0.2) / 0.4, 0, 1)
        if rank in WILD_RANKS:
            return rank, float(rank_confidence * min(1.0, outline_score / 0.7))
        distances = np.linalg.norm(self._colours - seen.chroma, axis=1)
        order = np.argsort(distances)
        d1, d2 = distances[order[0]], distances[order[1]]
        colour_confidence = np.clip((d2 - d1) / max(d2, 1e-6) * 2.0, 0, 1)
        confidence = min(rank_confidence, colour_confidence) * min(1.0, outline_score / 0.7)
        return join(self._colour_names[order[0]], rank), float(confidence)

    def sighting(self, frame: np.ndarray, quad: np.ndarray, outline_score: float = 1.0) -> Sighting:
        guess, confidence = self.name_card(warp(frame, quad), outline_score)
        card = guess if confidence >= self.threshold else None
        return Sighting(card, confidence, quad, guess)

    def recognise_all(self, frame: np.ndarray, max_cards: int = 12) -> list[Sighting]:
        """Every card found lying apart in the frame."""
        if bad_frame(frame):
            return []
        return [self.sighting(frame, quad, score) for quad, score in find_cards(frame, max_cards)]

    def recognise(self, frame: np.ndarray) -> Sighting:
        """The most card-like thing in the frame, named; UNSEEN when there is none."""
        found = self.recognise_all(frame, max_cards=1)
        return found[0] if found else UNSEEN
