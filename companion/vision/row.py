"""The row watcher (E7 DOS): top-down frames of the centre row in, the cards each pile got out.

DOS lays its discards in a centre row of piles side by side (two or more). The camera over
the row sees still pictures between the players' moves; each still picture is compared
with the last one and what changed is read as one of three things:

- a card in a new place: a new pile at the row's end (a card turned up from the draw pile,
  or put into the row at the end of a turn), reported as ``pile=None``;
- one card, or two lying fanned side by side (a sum match), on an existing pile: a match
  on that pile, reported with its index;
- a pile gone (the matched piles go to the discard pile at the end of a turn): it leaves
  the row and the piles after it move up one index, as they do in the engine's row.

Piles are numbered as the engine numbers them: in the order they were opened, whatever
their place on the table. The watcher answers :class:`~companion.engine.inputs.RowSighted`,
the observation the engine already reads (companion.engine.inputs.row_sighting_event);
an unsure card is reported with ``None`` in its place (the table asks the host).

>>> from companion.vision.scene import Scene
>>> watcher = RowWatcher()
>>> table = Scene(seed=1, card_height=110)
>>> for cards in (["red-5"], ["blue-8"], ["blue-3", "yellow-5"]):
...     watcher.feed(table.frame())                             # the row lies still ...
...     for i, card in enumerate(cards):                        # ... cards are laid
...         place = (160, 240) if cards[0] == "red-5" else (420, 240) if len(cards) == 1 else (372 + 96 * i, 250)
...         _ = table.place(card, place, 3)
...     seen = [watcher.feed(table.frame()) for _ in range(4)]
>>> watcher.piles, [s for s in seen if s][0]
(2, RowSighted(pile=1, cards=('blue-3', 'yellow-5')))
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.inputs import RowSighted
from companion.vision.detect import order_corners, overlap
from companion.vision.outline import polish
from companion.vision.recognise import Recogniser, bad_frame
from companion.vision.watcher import CHANGE_SIZE, MOTION_SIZE, DiscardWatcher, Stillness, _edge_angle

log = logging.getLogger(__name__)

MIN_PART = 0.04         # a changed part smaller than this (of a card's area) is noise
MIN_CARD_PART = 0.3     # a changed part this large (of a card's area) is a card of its own
NEAR = 0.85             # a card this near a pile's centre card (of its long side) lies on it
GONE = 0.35             # a pile whose white dropped below this share of what it was is gone


@dataclass
class _Pile:
    """One pile of the row: where it lies (its cards' outlines, frame pixels)."""
    quads: list

    def box(self) -> tuple[int, int, int, int]:
        """The box round all its cards."""
        points = np.concatenate([order_corners(q) for q in self.quads])
        (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
        return int(x0), int(y0), int(x1), int(y1)

    def centre(self) -> tuple[np.ndarray, float]:
        """Where its centre card lies, and that card's long side."""
        quad = order_corners(self.quads[0])
        long = max(float(np.linalg.norm(quad[0] - quad[1])), float(np.linalg.norm(quad[1] - quad[2])))
        return quad.mean(axis=0), long


class RowWatcher:
    """Feed it frames of the centre row; :meth:`feed` answers a RowSighted when cards settle."""

    def __init__(self, recogniser: Recogniser | None = None, still_frames: int = 3,
                 motion_level: int = 18, deck=None):
        recogniser = recogniser or Recogniser(deck=deck)
        self.recogniser = recogniser.with_deck(deck) if deck is not None else recogniser
        # the discard watcher's motion test and card finder, used pile by pile
        self._finder = DiscardWatcher(self.recogniser, still_frames, motion_level)
        self.still_frames, self.motion_level = still_frames, motion_level
        self._rows: list[_Pile] = []
        self._rest = Stillness(still_frames, self._finder._moved)
        self._picture = None          # the last still picture, CHANGE_SIZE, blurred
        self._white = None            # its whiteness
        self._picture_before = None
        self.frame_number = 0
        self.sightings: list = []     # every sighting reported, with its card outlines

    @property
    def piles(self) -> int:
        """How many piles the row has, as the camera sees it."""
        return len(self._rows)

    def feed(self, frame) -> RowSighted | None:
        """Look at one frame; bad frames are skipped (logged by the caller's counters)."""
        self.frame_number += 1
        if bad_frame(frame):
            return None
        calm = self._rest.feed(frame, cv2.resize(frame, MOTION_SIZE, interpolation=cv2.INTER_AREA))
        return None if calm is None else self._settled(calm)

    def _settled(self, frame: np.ndarray) -> RowSighted | None:
        picture = cv2.GaussianBlur(cv2.resize(frame, CHANGE_SIZE, interpolation=cv2.INTER_AREA), (5, 5), 0)
        white = _white(picture)
        if self._picture is None:        # the first still view: whatever lies there is the row
            self._picture, self._white = picture, white
            self._rows = [_Pile([s.quad]) for s in self.recogniser.recognise_all(frame) if s.quad is not None]
            return None
        changed = cv2.absdiff(picture, self._picture).max(axis=2) > 40
        before_white, self._picture_before = self._white, self._picture
        self._picture, self._white = picture, white
        changed = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        scale = frame.shape[1] / CHANGE_SIZE[0]
        card_area = self._card_area(scale)
        count, labels, stats, centroids = cv2.connectedComponentsWithStats(changed)
        parts = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] * scale ** 2 >= MIN_PART * card_area]
        if not parts:
            return None
        # piles taken away first: where they lay the white of their cards is gone
        gone = []
        for index, pile in enumerate(self._rows):
            x0, y0, x1, y1 = (int(v / scale) for v in pile.box())
            region = (slice(max(0, y0), y1), slice(max(0, x0), x1))
            was, now = float(before_white[region].sum()), float(white[region].sum())
            if was > 0 and now < GONE * was:
                gone.append(index)
        if gone:
            self._rows = [p for i, p in enumerate(self._rows) if i not in gone]
            log.debug("row camera: pile(s) %s taken away; %d left", gone, len(self._rows))
            return None
        for index, pile in enumerate(self._rows):   # a refused match (P1) goes back to the hand
            if len(pile.quads) > 1:
                was, now = _white_over(pile, before_white, scale), _white_over(pile, white, scale)
                if was > 0 and now < GONE * was:
                    del pile.quads[1:]
                    log.debug("row camera: the cards on pile %d were taken back", index)
                    return None
        angle = _edge_angle(picture, self._picture_before, changed)
        groups: dict[int | None, list[int]] = {}     # the changed parts by the pile they lie on
        for part in parts:
            middle = np.float32(centroids[part]) * scale
            groups.setdefault(self._pile_near(middle), []).append(part)
        new: dict[int | None, list] = {}
        for pile, group in groups.items():
            big = sorted((p for p in group if stats[p, cv2.CC_STAT_AREA] * scale ** 2 >= MIN_CARD_PART * card_area),
                         key=lambda p: -stats[p, cv2.CC_STAT_AREA])
            if pile is not None and len(big) >= 2:   # two cards of a sum, fanned side by side
                masks = [(labels == p).astype(np.uint8) for p in big[:2]]
            else:                                    # one card (a card on a look-alike changes in bits)
                joined = np.isin(labels, group).astype(np.uint8)
                masks = [cv2.morphologyEx(joined, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))]
            for mask in masks:
                found, (_, judge) = self._finder._new_card(frame, mask, angle)
                if not found:
                    continue
                read = [(self.recogniser.sighting(frame, polish(frame, quad, judge=judge)[0], score), score)
                        for score, quad in found]
                sighting = max(read, key=lambda item: item[1] * (0.5 + 0.5 * item[0].confidence))[0]
                kept = new.setdefault(pile, [])
                # one card whose change fell apart in two (around its oval) is still one card
                if all(overlap(sighting.quad, other.quad) < 0.5 for other in kept):
                    kept.append(sighting)
        if not new:
            return None
        pile, sightings = next(iter(new.items()))
        if len(new) > 1:
            log.warning("row camera: cards settled on %d piles at once; reporting one", len(new))
        sightings.sort(key=lambda s: float(order_corners(s.quad)[:, 0].mean()))     # left to right
        if pile is None:
            self._rows.append(_Pile([s.quad for s in sightings]))
        else:
            self._rows[pile].quads.extend(s.quad for s in sightings)
        for s in sightings:
            self._finder._remember_size(s.quad)
        seen = RowSighted(pile, tuple(s.card for s in sightings))
        self.sightings.append((seen, sightings))
        return seen

    def _card_area(self, scale: float) -> float:
        sizes = self._finder._sizes
        if sizes:
            short, long = np.median(sizes, axis=0)
            return float(short * long)
        return 0.02 * (CHANGE_SIZE[0] * CHANGE_SIZE[1]) * scale ** 2

    def _pile_near(self, middle: np.ndarray) -> int | None:
        """The pile a change centred at ``middle`` lies on (near that pile's centre card: a
        fanned match lies beside it), else None (a new pile)."""
        best, best_gap = None, None
        for index, pile in enumerate(self._rows):
            centre, long = pile.centre()
            gap = float(np.linalg.norm(middle - centre))
            if gap < NEAR * long and (best_gap is None or gap < best_gap):
                best, best_gap = index, gap
        return best


def _white(picture: np.ndarray) -> np.ndarray:
    """Where the picture is paper-white (the cards' borders and ovals), 0..1."""
    low = picture.min(axis=2).astype(np.float32)
    high = picture.max(axis=2).astype(np.float32)
    return np.clip((low - 150) / 60, 0, 1) * np.clip((60 - (high - low)) / 30, 0, 1)


def _white_over(pile: _Pile, white: np.ndarray, scale: float) -> float:
    """The white where a pile's matched cards lie beside its centre card (CHANGE_SIZE pixels)."""
    mask = np.zeros(white.shape, np.uint8)
    for quad in pile.quads[1:]:
        cv2.fillConvexPoly(mask, (order_corners(quad) / scale).astype(np.int32), 1)
    cv2.fillConvexPoly(mask, (order_corners(pile.quads[0]) / scale).astype(np.int32), 0)
    return float(white[mask > 0].sum())
