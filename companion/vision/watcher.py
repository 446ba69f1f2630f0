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

from companion.vision.detect import Judge, candidate_quads, order_corners, snap, whiteness
from companion.vision.outline import polish
from companion.vision.recognise import QUICK_LOOKS, QUICK_READ, Recogniser, bad_frame

log = logging.getLogger(__name__)

MOTION_SIZE = (80, 60)          # frames are compared this small: cheap, and blind to noise
CHANGE_SIZE = (320, 240)
# A camera over a pile sees room for many cards: an outline filling more of the view is the
# view's own edge (light falling off towards the corners), never a card. Taken for one, its
# size would be remembered as a card's and every real card after it would read as unsure.
MAX_CARD_SHARE = 0.4
SMALLEST_GUESS = 0.4    # of a card's area: smaller outlines cannot pass the size check (0.75)


@dataclass(frozen=True)
class SettledCard:
    """A card that came to rest on the pile. ``card`` is None when the recogniser was unsure."""
    card: str | None
    confidence: float
    quad: np.ndarray
    frame_number: int
    guess: str | None = None
    side: str | None = None       # E4 Flip: the side it shows ("light", "dark")


class Stillness:
    """Frames in; once the picture has lain still for ``frames`` frames in a row, their average
    (the same picture with less sensor noise), once for each rest; None otherwise. ``moved(a,
    b)`` compares two small copies of frames (the caller makes them, at its motion size).

    >>> frame = np.zeros((48, 64, 3), np.uint8)
    >>> rest = Stillness(3, lambda a, b: bool((a != b).any()))
    >>> [rest.feed(frame, frame[::4, ::4]) is not None for _ in range(5)]
    [False, False, False, True, False]
    """

    def __init__(self, frames: int, moved):
        self.frames, self._moved = frames, moved
        self.reset()

    def reset(self) -> None:
        self._previous, self._still, self._calm = None, 0, []   # the frames since it last moved

    def feed(self, frame: np.ndarray, small: np.ndarray) -> np.ndarray | None:
        moving = self._previous is None or self._moved(small, self._previous)
        self._previous = small
        if moving:
            self._still, self._calm = 0, [frame]
            return None
        self._still += 1
        if self._still > self.frames:
            return None
        self._calm.append(frame)
        if self._still < self.frames:
            return None
        recent = self._calm[-self.frames:]
        total = recent[0].astype(np.uint16)      # summed in place: stacking copied every frame first
        for frame in recent[1:]:
            total += frame
        return (total // len(recent)).astype(np.uint8)


class DiscardWatcher:
    """Feed it frames; :meth:`feed` returns a :class:`SettledCard` on the frame a new card settles."""

    def __init__(self, recogniser: Recogniser | None = None, still_frames: int = 3,
                 motion_level: int = 18, min_card_fraction: float = 0.01, deck=None):
        """``deck``: the deck in play (an engine ``Deck``), whose faces alone are named; the
        recogniser's (classic by default) when not given."""
        recogniser = recogniser or Recogniser(deck=deck)
        self.recogniser = recogniser.with_deck(deck) if deck is not None else recogniser
        self.still_frames = still_frames
        self.motion_level = motion_level
        self.min_card_fraction = min_card_fraction
        self.frame_number = 0
        self.bad_frames = 0
        self._size = None
        self._rest = Stillness(still_frames, self._moved)
        self._pile = None             # the last still picture, CHANGE_SIZE
        self._top: SettledCard | None = None
        self._sizes: list[tuple[float, float]] = []   # cards seen so far: the camera does not zoom

    def _reset(self, shape) -> None:
        self._size, self._pile, self._top = shape, None, None
        self._rest.reset()

    def feed(self, frame) -> SettledCard | None:
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
        calm = self._rest.feed(frame, cv2.resize(frame, MOTION_SIZE, interpolation=cv2.INTER_AREA))
        return None if calm is None else self._settled(calm)

    def _moved(self, a: np.ndarray, b: np.ndarray) -> bool:
        diff = _channel_max(cv2.absdiff(a, b))
        return int(np.count_nonzero(diff > self.motion_level)) > 2

    def _settled(self, frame: np.ndarray) -> SettledCard | None:
        picture = cv2.GaussianBlur(cv2.resize(frame, CHANGE_SIZE, interpolation=cv2.INTER_AREA), (5, 5), 0)
        if self._pile is None:   # the first still view: the card lying there is the top card
            self._pile = picture
            self._top = self._place_first(frame)
            if self._top:
                self._remember_size(self._top.quad)
            return self._top
        changed = _channel_max(cv2.absdiff(picture, self._pile)) > 40
        before, self._pile = self._pile, picture
        changed = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if np.count_nonzero(changed) < self.min_card_fraction * changed.size:
            return None
        if np.count_nonzero(changed) > 0.5 * changed.size:
            # the whole view changed (light switched, camera moved): look afresh, and report
            # the top card only if it is not the one already known
            log.info("discard camera: the whole view changed; looking afresh")
            top, self._top = self._top, self._place_first(frame)
            if self._top and top and self._top.guess == top.guess:
                return None
            return self._top
        angle, judges, reads = _edge_angle(picture, before, changed), None, {}
        # quick looks first (the recogniser's, each with a few kinds of guesses); when one
        # reads a card surely, the other guesses are not made
        for kinds in (*QUICK_LOOKS, None):
            outlines, judges = self._new_card(frame, changed, angle, kinds, judges)
            sighting = self._clearest(frame, outlines, judges[1], reads)
            if sighting is not None and sighting.confidence >= QUICK_READ:
                break
        if sighting is None:
            return None
        quad = sighting.quad
        if self._top is not None and self._top.guess == sighting.guess and _same_place(quad, self._top.quad):
            return None   # the same card seen again where it lay (a hand lingered over it)
        play = SettledCard(sighting.card, sighting.confidence, quad, self.frame_number, sighting.guess,
                           sighting.side)
        self._top = play
        self._remember_size(quad)
        return play

    def _clearest(self, frame: np.ndarray, outlines, judge: Judge, reads: dict):
        """Of the few most card-like outlines, the one that reads most clearly as a card
        (None without outlines); each is polished and read only while it can still win (it
        is worth at most its score, and they come best first), so a clear first reading
        spares the others. ``reads``: the frame's readings so far, by outline."""
        sighting, best = None, -1.0
        for score, quad in outlines:
            if sighting is not None and score <= best:
                break
            key = (quad.tobytes(), score)
            if key not in reads:
                reads[key] = self.recogniser.sighting(frame, polish(frame, quad, judge=judge)[0], score)
            seen = reads[key]
            if score * (0.5 + 0.5 * seen.confidence) > best:
                sighting, best = seen, score * (0.5 + 0.5 * seen.confidence)
        return sighting

    def _remember_size(self, quad: np.ndarray) -> None:
        q = order_corners(quad)
        size = (float(np.linalg.norm(q[0] - q[1])), float(np.linalg.norm(q[1] - q[2])))
        self._sizes = (self._sizes + [size])[-15:]

    def _place_first(self, frame: np.ndarray) -> SettledCard | None:
        """The card on the pile when watching starts (the start card), if any."""
        found = self.recogniser.recognise(frame)
        if found.quad is None or _share(found.quad, frame) > MAX_CARD_SHARE:
            return None
        return SettledCard(found.card, found.confidence, found.quad, self.frame_number, found.guess, found.side)

    def _new_card(self, frame: np.ndarray, changed: np.ndarray, angle: float | None = None,
                  kinds=None, judges=None):
        """The most card-like outlines that hold the changed area, as ``(score, quad)`` best
        first (not yet polished), and the :class:`Judge` of the crop looked in and of the
        frame (``judges``: those of a look before, whose work is reused). ``kinds``: only
        these kinds of outline guesses (see :func:`candidate_quads`).

        The new card lies on top, so everything that changed is inside it; where it
        covers a card of the same colour only part of it changed, so outlines are
        looked for around the change, not just fitted to it."""
        scale = frame.shape[1] / CHANGE_SIZE[0]
        count, labels, stats, _ = cv2.connectedComponentsWithStats(changed)
        if count < 2:
            return [], judges or (None, Judge(frame))
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        region = (labels == biggest).astype(np.uint8)
        points = cv2.findNonZero(region)
        guesses = [cv2.boxPoints(cv2.minAreaRect(points)).astype(np.float32) * scale]
        x, y, w, h = (int(v * scale) for v in cv2.boundingRect(points))
        pad = int(0.25 * max(frame.shape[:2]))
        x0, y0 = max(0, x - pad), max(0, y - pad)
        crop = frame[y0:y + h + pad, x0:x + w + pad]
        usual = np.median(self._sizes, axis=0) if self._sizes else None
        smallest = 0.01
        if usual is not None:
            # an outline far smaller than the cards seen so far stays too small after snapping
            # (each side moves by a tenth of the short side at most) to pass the size check
            # below, so it is not looked for (most of the crop's contours: ovals, numbers)
            smallest = max(smallest, SMALLEST_GUESS * usual[0] * usual[1] / (crop.shape[0] * crop.shape[1]))
        crop_judge, judge = judges or (Judge(crop), Judge(frame))
        guesses += [q + np.float32([x0, y0])
                    for q in candidate_quads(crop, smallest, nested=True, judge=crop_judge, kinds=kinds)]
        white = judge.white if judge.scale == 1.0 else whiteness(frame)
        guesses += [snap(white, quad) for quad in guesses]
        total = max(1, np.count_nonzero(region))
        scored = []
        if usual is not None:
            guesses += _slide_card(points.reshape(-1, 2) * scale, usual, angle)
        # how much of the change an outline holds, counted within the change's bounding box
        # only (nothing outside it can count)
        rx, ry, rw, rh = cv2.boundingRect(points)
        held_region = region[ry:ry + rh, rx:rx + rw]
        inside = np.zeros_like(held_region)
        shift = np.int32([rx, ry])
        for quad in guesses:
            quad = order_corners(quad)
            area = cv2.contourArea(quad)
            if area / float(frame.shape[0] * frame.shape[1]) > MAX_CARD_SHARE:
                continue
            if usual is not None and not 0.75 < area / (usual[0] * usual[1]) < 1.3:
                continue
            inside[:] = 0
            cv2.fillConvexPoly(inside, (quad / scale).astype(np.int32) - shift, 1)
            held = np.count_nonzero(inside & held_region) / total
            if held < 0.7:
                continue
            scored.append((judge.score(quad) * held, quad))
        return sorted(scored, key=lambda item: item[0], reverse=True)[:3], (crop_judge, judge)


def _channel_max(image: np.ndarray) -> np.ndarray:
    """The largest of each pixel's three channels (numpy's max over the channel axis is
    several times slower than cv2's)."""
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def _share(quad: np.ndarray, frame: np.ndarray) -> float:
    """How much of the view an outline covers."""
    return cv2.contourArea(order_corners(quad)) / float(frame.shape[0] * frame.shape[1])


def _same_place(a: np.ndarray, b: np.ndarray) -> bool:
    """Two outlines of one card lying still (either way round), not a second card nearby."""
    a, b = order_corners(a), order_corners(b)
    size = float(np.linalg.norm(a[0] - a[2]))
    gap = min(np.abs(a - b).max(), np.abs(np.roll(a, 2, axis=0) - b).max())
    return gap < 0.06 * size


def _edge_angle(now: np.ndarray, before: np.ndarray, changed: np.ndarray) -> float | None:
    """The direction (degrees, modulo 90) of the straight edges that appeared: the new card's."""
    def gradients(image):
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1)
    gx, gy = gradients(now)
    ox, oy = gradients(before)
    near = cv2.dilate(changed, np.ones((9, 9), np.uint8))
    # only the pixels near the change count: the magnitudes and angles are taken there alone
    # (the whole picture's arctan2 and hypot were most of this function's time)
    where = np.flatnonzero(near)
    gx, gy = gx.ravel()[where], gy.ravel()[where]
    new = np.hypot(gx, gy) - np.hypot(ox.ravel()[where], oy.ravel()[where])
    strong = new > 30
    weight = new[strong]
    if weight.sum() <= 0:
        return None
    theta = np.degrees(np.arctan2(gy[strong], gx[strong])) % 90
    histogram = np.bincount(theta.astype(int) % 90, weights=weight, minlength=90)
    histogram = np.convolve(np.concatenate([histogram[-2:], histogram, histogram[:2]]), np.ones(5), "valid")
    return float(np.argmax(histogram))


def _slide_card(points: np.ndarray, size, edge_angle: float | None = None) -> list[np.ndarray]:
    """Outlines of a card of the usual ``size`` (short, long) laid along the changed area and
    slid across the slack: where the new card covers a look-alike, only part of it changes."""
    (cx, cy), (rw, rh), rect_angle = cv2.minAreaRect(points.astype(np.float32))
    short, long = size
    out = []
    turns = [(rect_angle, 0), (rect_angle, 90)]
    if edge_angle is not None:
        turns += [(edge_angle, 0), (edge_angle, 90)]
    for angle, turn in turns:
        a = np.deg2rad(angle + turn)
        ax, ay = np.float32([np.cos(a), np.sin(a)]), np.float32([-np.sin(a), np.cos(a)])
        rel = points - np.float32([cx, cy])
        px, py = rel @ ax, rel @ ay
        ex, ey = float(np.ptp(px)), float(np.ptp(py))
        cx2, cy2 = np.float32([cx, cy]) + (px.max() + px.min()) / 2 * ax + (py.max() + py.min()) / 2 * ay
        slack_x, slack_y = max(0.0, short - ex), max(0.0, long - ey)
        if ex > short * 1.15 or ey > long * 1.15:
            continue
        for u in np.linspace(-slack_x / 2, slack_x / 2, min(7, 1 + int(slack_x / 6))):
            for v in np.linspace(-slack_y / 2, slack_y / 2, min(7, 1 + int(slack_y / 6))):
                centre = np.float32([cx2, cy2]) + u * ax + v * ay
                corners = [centre + sx * short / 2 * ax + sy * long / 2 * ay
                           for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
                out.append(np.float32(corners))
    return out
