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
from companion.vision.detect import find_cards, polish, warp
from companion.vision.features import look
from companion.vision.profile import Profile, default_profile

DEFAULT_THRESHOLD = 0.35
ZOOMS = (1.05, 1.1)    # outlines found a little too large are common; try closer crops too
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
    if int(frame[::8, ::8].max()) < 25:
        return "black picture (lens covered, or no light?)"
    return None


class Recogniser:
    """Names cards with a :class:`Profile` (the built-in one unless a taught one is given)."""

    def __init__(self, profile: Profile | None = None, threshold: float = DEFAULT_THRESHOLD):
        self.profile = profile or default_profile()
        self.threshold = threshold
        self._ranks = np.array(self.profile.ranks)
        # Compare shapes after taking away what all cards of a design share (border, oval),
        # so the small part that differs (the number) decides.
        self._rank_names = sorted(set(self.profile.ranks))
        groups = np.array(self.profile.groups)
        self._groups = []
        for group in sorted(set(self.profile.groups)):
            rows = self.profile.shapes[groups == group]
            mean = rows.mean(axis=0)
            centred = rows - mean
            centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)
            ranks = self._ranks[groups == group]
            rows_of = [(rank, np.flatnonzero(ranks == rank)) for rank in self._rank_names]
            self._groups.append((mean, centred, [(r, i) for r, i in rows_of if i.size]))
        self._colour_names = list(self.profile.colours)
        self._colours = np.stack([self.profile.colours[c] for c in self._colour_names])

    def rank_scores(self, seen) -> dict[str, float]:
        """Best shape similarity per rank, either way up and over the closer crops, within
        the design the card is closest to."""
        per_rank = dict.fromkeys(self._rank_names, -1.0)
        mean, centred, ranks = max(self._groups, key=lambda g: max(float(g[0] @ seen.shape),
                                                                    float(g[0] @ seen.shape_turned)))
        queries = [seen.shape, seen.shape_turned, *seen.variants]
        matrix = np.stack([q - mean for q in queries])
        matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-6)
        best = (centred @ matrix.T).max(axis=1)
        for rank, rows in ranks:
            per_rank[rank] = float(best[rows].max())
        return per_rank

    def name_card(self, card: np.ndarray, outline_score: float = 1.0) -> tuple[str, float]:
        """Best guess and confidence for a warped card."""
        seen = look(card, ZOOMS)
        per_rank = self.rank_scores(seen)
        # the black field decides wild or not; the shape then decides among those
        wild = seen.black_edge > 0.4
        allowed = {r: v for r, v in per_rank.items() if (r in WILD_RANKS) == wild} or per_rank
        ordered = sorted(allowed.items(), key=lambda item: item[1], reverse=True)
        (rank, best), (_, second) = ordered[0], ordered[1] if len(ordered) > 1 else ("", -1.0)
        rank_confidence = np.clip((best - second) / 0.1, 0, 1) * np.clip((best - 0.2) / 0.4, 0, 1)
        rank_confidence *= np.clip(abs(seen.black_edge - 0.4) / 0.2, 0, 1)
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
        return [self.sighting(frame, *polish(frame, quad)) for quad, _ in find_cards(frame, max_cards)]

    def recognise(self, frame: np.ndarray) -> Sighting:
        """The most card-like thing in the frame, named; UNSEEN when there is none."""
        found = self.recognise_all(frame, max_cards=1)
        return found[0] if found else UNSEEN
