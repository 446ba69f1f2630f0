"""Rendered top-down scenes of DOS's centre row (E7): piles side by side on a mat.

A :class:`RowScene` lays piles in slots (three a line, two lines), each pile its centre
card with the matches on it: one card squarely on top, or the two cards of a sum match
fanned side by side across it. Piles can be taken away (the end of a turn) and their slot
used again. Each change draws the scene afresh from what lies there, so a pile taken away
leaves the bare mat. Used by the row watcher's tests, the simulated table and the demo.

>>> row = RowScene(seed=3)
>>> row.open("red-5"), row.open("blue-8")
(0, 1)
>>> row.match(1, ["blue-3", "yellow-5"]); row.take(0)
['red-5']
>>> row.piles
[['blue-8', 'blue-3', 'yellow-5']]
>>> row.frame().shape
(480, 640, 3)
"""
from __future__ import annotations

import numpy as np

from companion.vision.render import CARD_H, CARD_W
from companion.vision.scene import FRAME_H, FRAME_W, Scene

CARD_HEIGHT = 100.0                              # px: the camera sees the whole row
SLOTS = tuple((FRAME_W * (0.5 + col) / 3, FRAME_H * (0.27 + 0.46 * line))
              for line in range(2) for col in range(3))
FAN = 0.7                                        # a sum match's cards lie this far (of a card's width) aside


class RowScene:
    """The centre row on a rendered mat (see the module docstring)."""

    def __init__(self, seed: int = 0, light: str = "neutral", design: str = "classic",
                 glare=(420, 160)):
        self.seed, self.light, self.design, self.glare = seed, light, design, glare
        self.rng = np.random.default_rng(seed)
        self._piles: list[tuple[int, list]] = []       # (slot, [(card, centre, angle, font)])
        self._scene = None

    @property
    def piles(self) -> list[list[str]]:
        """The cards of each pile, in the order the piles were opened (the engine's order)."""
        return [[card for card, *_ in cards] for _, cards in self._piles]

    def open(self, card: str) -> int:
        """A card laid in a free slot: a new pile at the row's end; answers its index."""
        used = {slot for slot, _ in self._piles}
        free = [i for i in range(len(SLOTS)) if i not in used]
        if not free:
            raise ValueError(f"no free place for another pile (the row holds {len(SLOTS)})")
        slot = free[0]
        x, y = SLOTS[slot]
        self._piles.append((slot, [self._card(card, (x, y), 0.0)]))
        self._scene = None
        return len(self._piles) - 1

    def match(self, pile: int, cards) -> None:
        """``cards`` (one, or the two of a sum fanned side by side) laid on pile ``pile``."""
        slot, lying = self._piles[pile]
        x, y = SLOTS[slot]
        width = CARD_W * CARD_HEIGHT / CARD_H
        aside = [0.0] if len(cards) == 1 else [-FAN * width, FAN * width]
        for card, dx in zip(cards, aside):
            lying.append(self._card(card, (x + dx, y + 4), 3.0))
        self._scene = None

    def take_back(self, pile: int, count: int) -> list[str]:
        """The last ``count`` cards of pile ``pile`` taken back into a hand (a refused match)."""
        lying = self._piles[pile][1]
        back, lying[:] = lying[len(lying) - count:], lying[:len(lying) - count]
        self._scene = None
        return [card for card, *_ in back]

    def take(self, pile: int) -> list[str]:
        """Pile ``pile`` taken away (to the discard pile); answers its cards."""
        _, lying = self._piles.pop(pile)
        self._scene = None
        return [card for card, *_ in lying]

    def clear(self) -> None:
        self._piles, self._scene = [], None

    def _card(self, card: str, centre, spread: float):
        rng = self.rng
        place = (centre[0] + rng.uniform(-spread, spread), centre[1] + rng.uniform(-spread, spread))
        return card, place, float(rng.uniform(-4, 4) + 180 * rng.integers(2)), int(rng.integers(3))

    def scene(self) -> Scene:
        """The scene as it lies now (drawn afresh after a change)."""
        if self._scene is None:
            scene = Scene(seed=self.seed, light=self.light, design=self.design,
                          card_height=CARD_HEIGHT, glare=self.glare)
            for _, lying in self._piles:
                for card, centre, angle, font in lying:
                    scene.place(card, centre, angle, font=font)
            self._scene = scene
        return self._scene

    def frame(self, hand_at=None, blur: float = 0.0) -> np.ndarray:
        return self.scene().frame(hand_at=hand_at, blur=blur)


def row_sequence(steps, seed: int = 0, light: str = "neutral", design: str = "classic"):
    """Frames of a row changing by ``steps`` (``("open", card)``, ``("match", pile, cards)``,
    ``("take", pile)``): yields ``(frame, step just settled or None)``; a hand reaches in
    before each step and leaves after it, then the row lies still."""
    row = RowScene(seed=seed, light=light, design=design)
    rng = row.rng
    for _ in range(4):
        yield row.frame(), None
    for step in steps:
        path = [(FRAME_W / 2 + rng.uniform(-150, 150), FRAME_H + 60 - k * 90) for k in range(3)]
        for point in path:
            yield row.frame(hand_at=point, blur=1.0), None
        kind, *args = step
        getattr(row, kind)(*args)
        for point in reversed(path[:2]):
            yield row.frame(hand_at=point, blur=1.0), None
        for k in range(5):
            yield row.frame(), (step if k == 0 else None)
