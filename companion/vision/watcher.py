"""The discard watcher: top-down frames of the play area in, each newly played card out.

A play is reported once the picture has been still for a few frames and differs
from the last still picture where a card now lies. The new card is the one on
top, so it is found inside the changed area even when it overlaps the old one
at an angle. A hand passing over the pile changes nothing once it has gone; a
second identical card counts when it lies somewhere else on the pile.

>>> from companion.vision.scene import play_sequence
>>> watcher = DiscardWatcher()
>>> plays = [p.card for f, _ in play_sequence(["red-5", "red-5", "wild"], seed=4)
...          if (p := watcher.feed(f))]
>>> plays
['red-5', 'red-5', 'wild']
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.detect import _overlap, card_score, candidate_quads, order_corners, snap, warp, whiteness
from companion.vision.recognise import Recogniser, bad_frame

log = logging.getLogger(__name__)

MOTION_SIZE = (80, 60)          # frames are compared this small: cheap, and blind to noise
CHANGE_SIZE = (320, 240)


@dataclass(frozen=True)
class Play:
    """A card that came to rest on the pile. ``card`` is None when the recogniser was unsure."""
    card: str | None
    confidence: float
    quad: np.ndarray
    frame_number: int
    guess: str | None = None


class DiscardWatcher:
    """Feed it frames; :meth:`feed` returns a :class:`Play` on the frame a new card settles."""

    def __init__(self, recogniser: Recogniser | None = None, still_frames: int = 3,
                 motion_level: int = 18, min_card_fraction: float = 0.01):
        self.recogniser = recogniser or Recogniser()
        self.still_frames = still_frames
        self.motion_level = motion_level
        self.min_card_fraction = min_card_fraction
        self.frame_number = 0
        self.bad_frames = 0
        self._size = None
        self._previous = None         # last frame, small
        self._still = 0
        self._pile = None             # the last still picture, CHANGE_SIZE
        self._top: Play | None = None

    def _reset(self, shape) -> None:
        self._size, self._previous, self._pile, self._still, self._top = shape, None, None, 0, None

    def feed(self, frame) -> Play | None:
        """Look at one frame. Bad frames are counted and logged, never raised."""
        self.frame_number += 1
        reason = bad_frame(frame)
        if reason:
            self.bad_frames += 1
            if self.bad_frames in (1, 10, 100) or self.bad_frames % 1000 == 0:
                log.warning("discard camera: skipped a frame (%s); %d so far", reason, self.bad_frames)
            return None
        if frame.shape != self._size:
            if self._size is not None:
                log.warning("discard camera: frame size changed to %dx%d; watching afresh",
                            frame.shape[1], frame.shape[0])
            self._reset(frame.shape)
        small = cv2.resize(frame, MOTION_SIZE, interpolation=cv2.INTER_AREA)
        moving = self._previous is None or self._moved(small, self._previous)
        self._previous = small
        if moving:
            self._still = 0
            return None
        self._still += 1
        if self._still != self.still_frames:
            return None
        return self._settled(frame)

    def _moved(self, a: np.ndarray, b: np.ndarray) -> bool:
        diff = cv2.absdiff(a, b).max(axis=2)
        return int(np.count_nonzero(diff > self.motion_level)) > 2

    def _settled(self, frame: np.ndarray) -> Play | None:
        picture = cv2.GaussianBlur(cv2.resize(frame, CHANGE_SIZE, interpolation=cv2.INTER_AREA), (5, 5), 0)
        if self._pile is None:   # the first still view: the card lying there is the top card
            self._pile = picture
            self._top = self._place_first(frame)
            return self._top
        changed = cv2.absdiff(picture, self._pile).max(axis=2) > 40
        self._pile = picture
        changed = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if np.count_nonzero(changed) < self.min_card_fraction * changed.size:
            return None
        quad, score = self._new_card(frame, changed)
        if quad is None:
            return None
        sighting = self.recogniser.sighting(frame, quad, score)
        if self._top is not None and self._top.guess == sighting.guess and _overlap(quad, self._top.quad) > 0.8:
            return None   # the same card seen again where it lay (a hand lingered over it)
        play = Play(sighting.card, sighting.confidence, quad, self.frame_number, sighting.guess)
        self._top = play
        return play

    def _place_first(self, frame: np.ndarray) -> Play | None:
        """The card on the pile when watching starts (the start card), if any."""
        found = self.recogniser.recognise(frame)
        if found.quad is None:
            return None
        return Play(found.card, found.confidence, found.quad, self.frame_number, found.guess)

    def _new_card(self, frame: np.ndarray, changed: np.ndarray):
        """The card-like outline that best covers the changed area, in frame coordinates."""
        scale = frame.shape[1] / CHANGE_SIZE[0]
        count, labels, stats, _ = cv2.connectedComponentsWithStats(changed)
        if count < 2:
            return None, 0.0
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        points = cv2.findNonZero((labels == biggest).astype(np.uint8))
        guesses = [cv2.boxPoints(cv2.minAreaRect(points)).astype(np.float32) * scale]
        guesses += candidate_quads(frame)
        white = whiteness(frame)
        guesses += [snap(white, quad) for quad in guesses]
        best, best_score = None, 0.0
        region = (labels == biggest).astype(np.uint8)
        for quad in guesses:
            inside = np.zeros_like(region)
            cv2.fillConvexPoly(inside, (order_corners(quad) / scale).astype(np.int32), 1)
            covered = np.count_nonzero(inside & region) / max(1, np.count_nonzero(inside))
            score = card_score(warp(frame, quad))
            if covered > 0.5 and score * covered > best_score:
                best, best_score = quad, score * covered
        return best, best_score
