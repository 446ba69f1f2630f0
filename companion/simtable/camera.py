"""A camera over a rendered table, for the demo, the tests and the latency benchmark.

Virtual players lay cards on a :class:`~companion.vision.scene.Scene` (the same
renderer the vision tests use); :meth:`SimCamera.read` hands out the frames a
camera above it would see: a hand reaching in, the card landing, the hand
leaving, then the pile lying still. With ``fps`` the frames come at that pace
(a real camera); without, as fast as they are read, and ``None`` once the pile
has been still long enough for the watcher (the feeder then waits).

>>> camera = SimCamera(seed=1)
>>> camera.place("red-5")
>>> frame = camera.read(); frame.shape
(480, 640, 3)
"""
from __future__ import annotations

import threading
import time
from collections import deque

from companion.vision.scene import FRAME_H, FRAME_W, Scene, hand_spread

STILL_FRAMES = 4       # the watcher settles on the 3rd still frame after the card lands; one spare
CENTRE = (FRAME_W / 2, FRAME_H / 2)


class SimCamera:
    """A frame source (``read()``, ``close()``) over a table virtual players lay cards on."""

    def __init__(self, seed: int = 0, fps: float | None = None, hands: bool = True,
                 continuous: bool = False):
        self.seed, self.fps, self.hands, self.continuous = seed, fps, hands, continuous
        self._lock = threading.Lock()
        self._frames: deque = deque()
        self._next = time.monotonic()
        self.table = Scene(seed=seed)
        self.read_count = 0
        self.scripted = 0       # the read count of the last frame of a placement (or a clear)
        self.placed_at: list[tuple[str, float]] = []   # (card, time its first still frame was read)
        self._mark: str | None = None
        self._spread = None     # the one picture of a hand spread for scoring
        self.row = None         # E7 DOS: the centre row (a RowScene) once a card is laid in it
        self._still(STILL_FRAMES)

    @property
    def pending(self) -> int:
        """Frames not yet read."""
        with self._lock:
            return len(self._frames)

    def place(self, card: str) -> None:
        """A player lays ``card`` on the pile (the frames of it happening are queued)."""
        rng = self.table.rng
        path = [(CENTRE[0] + rng.uniform(-120, 120), FRAME_H + 60 - k * 90) for k in range(3)]
        with self._lock:
            if self.hands:
                self._frames.extend(("frame", point) for point in path)
            self._frames.append(("place", card))
            if self.hands:
                self._frames.extend(("frame", point) for point in reversed(path[:2]))
            self._frames.extend(("frame", None) for _ in range(STILL_FRAMES))

    def spread(self, cards) -> None:
        """A player spreads their hand apart on the mat for scoring (S1)."""
        with self._lock:
            self._frames.append(("spread", tuple(cards)))
            self._frames.extend(("frame", None) for _ in range(STILL_FRAMES))

    def row_change(self, change: str, *args) -> None:
        """E7 DOS: the centre row changes (``open`` a pile with a card, ``match`` cards on a
        pile, ``take`` a pile away; vision.row_scene.RowScene); the frames of it are queued."""
        rng = self.table.rng
        path = [(CENTRE[0] + rng.uniform(-150, 150), FRAME_H + 60 - k * 90) for k in range(3)]
        with self._lock:
            if self.hands:
                self._frames.extend(("frame", point) for point in path)
            self._frames.append(("row", (change, args)))
            if self.hands:
                self._frames.extend(("frame", point) for point in reversed(path[:2]))
            self._frames.extend(("frame", None) for _ in range(STILL_FRAMES))

    def turn_pile(self, cards) -> None:
        """E4.5: the discard pile is turned over as a whole: ``cards`` (bottom first) are
        the faces it shows now, its old bottom card's other side on top."""
        with self._lock:
            self._frames.append(("turn", tuple(cards)))
            self._frames.extend(("frame", None) for _ in range(STILL_FRAMES))

    def clear(self) -> None:
        """The pile is taken away (a new round, or a start card put back)."""
        with self._lock:
            self._frames.append(("clear", None))
            self._frames.extend(("frame", None) for _ in range(STILL_FRAMES))

    def _still(self, count: int) -> None:
        self._frames.extend(("frame", None) for _ in range(count))

    def read(self):
        """The next frame, or None when the pile is still and the watcher has seen enough."""
        if self.fps:
            delay = self._next - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._next = max(self._next + 1 / self.fps, time.monotonic() - 1 / self.fps)
        with self._lock:
            while self._frames:
                kind, value = self._frames.popleft()
                if kind == "place":
                    self._spread = None
                    self.table.random_place(value, near=CENTRE, spread=45)
                    self._mark = value
                elif kind == "clear":
                    self.table, self._spread, self.row = Scene(seed=self.seed), None, None
                elif kind == "row":
                    if self.row is None:
                        from companion.vision.row_scene import RowScene
                        self.row = RowScene(seed=self.seed)
                    self._spread = None
                    getattr(self.row, value[0])(*value[1])
                elif kind == "turn":
                    self.table, self._spread = Scene(seed=self.seed), None
                    for card in value[-5:]:      # the top few show; the rest lie under them
                        self.table.random_place(card, near=CENTRE, spread=30)
                elif kind == "spread":
                    self._spread = hand_spread(value, seed=self.seed)[0]
                else:
                    self.read_count += 1   # counted as taken at once: nobody thinks we are idle
                    self.scripted = self.read_count
                    return self._frame(value)
            if not self.continuous:
                return None
            self.read_count += 1
        return self._frame(None)

    def _frame(self, hand_at):
        if self._spread is not None:
            return self._spread
        table = self.table if self.row is None else self.row
        frame = table.frame(hand_at=hand_at, blur=1.0 if hand_at is not None else 0.0)
        if hand_at is None and self._mark is not None:
            self.placed_at.append((self._mark, time.monotonic()))
            self._mark = None
        return frame

    def close(self) -> None:
        with self._lock:
            self._frames.clear()
