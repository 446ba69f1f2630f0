"""Synthetic top-down table scenes made from the project's own card drawings.

A plain mat seen from above, cards placed with random rotation and offset,
overlapping on the discard pile, under warm or cold light, with glare, blur,
sensor noise and a hand passing over. Used by the tests and benchmarks so
they run on a fresh clone.

>>> table = Scene(seed=1)
>>> quad = table.place("red-5", (320, 240), angle=20)
>>> table.frame().shape
(480, 640, 3)
"""
from __future__ import annotations

import cv2
import numpy as np

from companion.vision.render import CARD_H, CARD_W, card_mask, draw_card

FRAME_W, FRAME_H = 640, 480
MATS = ((60, 110, 40), (95, 70, 45), (70, 70, 70), (40, 40, 120))   # BGR: felt green, navy, grey, wine
LIGHTS = {"neutral": (1.0, 1.0, 1.0), "warm": (0.78, 0.93, 1.08), "cold": (1.08, 1.0, 0.84)}


class Scene:
    """A rendered scene: a mat with cards lying on it; :meth:`frame` photographs it."""

    def __init__(self, seed: int = 0, light: str = "neutral", card_height: float = 150.0,
                 design: str = "classic", size=(FRAME_W, FRAME_H), noise: float = 4.0, glare=None,
                 noise_frames: int = 4, print_run: str = "standard"):
        self.print_run = print_run      # which print run of the deck (render.PRINT_RUNS)
        self.rng = np.random.default_rng(seed)
        self.size = size
        self.scale = card_height / CARD_H
        self.design = design
        self.noise = noise
        mat = np.float32(MATS[int(self.rng.integers(len(MATS)))])
        texture = cv2.GaussianBlur(self.rng.normal(0, 8, (size[1], size[0])).astype(np.float32), (0, 0), 3)
        self.canvas = np.clip(mat[None, None, :] + texture[..., None], 0, 255).astype(np.uint8)
        self.gain = np.float32(LIGHTS[light])
        # light falls off towards the frame's corners, as under one lamp
        ys, xs = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
        r2 = ((xs - size[0] / 2) / size[0]) ** 2 + ((ys - size[1] / 2) / size[1]) ** 2
        self.shading = (1.0 - 0.35 * r2)[..., None]
        self._noise = [self.rng.normal(0, noise, (size[1], size[0], 3)).astype(np.int16) for _ in range(noise_frames)]
        self._lit = None        # the still scene under the light, made once per change
        self._frames = 0
        self.glare = glare      # where the lamp is reflected (it stays put, as a lamp does)

    def place(self, name: str, centre, angle: float, scale: float | None = None, font: int = 0):
        """Lay a card face up on the mat; returns its four corners in the frame."""
        s = self.scale if scale is None else scale
        matrix = cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), angle, s)
        matrix[:, 2] += np.float32(centre) - np.float32([CARD_W / 2, CARD_H / 2])
        size = self.size
        card = cv2.warpAffine(draw_card(name, self.design, font, self.print_run), matrix, size, flags=cv2.INTER_AREA)
        mask = cv2.warpAffine(card_mask(), matrix, size, flags=cv2.INTER_LINEAR)
        alpha = (mask.astype(np.float32) / 255.0)[..., None]
        # a faint shadow so a card on a card still has an edge
        shadow = np.roll(cv2.GaussianBlur(alpha[..., 0], (0, 0), 2), (2, 2), (0, 1))[..., None]
        base = self.canvas.astype(np.float32) * (1 - 0.35 * shadow)
        self.canvas = (base * (1 - alpha) + card.astype(np.float32) * alpha).astype(np.uint8)
        self._lit = None
        corners = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
        return cv2.transform(corners[None], matrix)[0]

    def random_place(self, name: str, near=None, spread: float = 40.0, font: int | None = None):
        """Place ``name`` at a random angle and offset around ``near`` (default: frame centre)."""
        cx, cy = near if near is not None else (self.size[0] / 2, self.size[1] / 2)
        centre = (cx + self.rng.uniform(-spread, spread), cy + self.rng.uniform(-spread, spread))
        f = int(self.rng.integers(3)) if font is None else font
        return self.place(name, centre, float(self.rng.uniform(0, 360)), font=f)

    def _light(self, image: np.ndarray) -> np.ndarray:
        image = image.astype(np.float32) * self.gain[None, None, :] * self.shading
        if self.glare is not None:
            ys, xs = np.mgrid[0:self.size[1], 0:self.size[0]].astype(np.float32)
            blob = np.exp(-((xs - self.glare[0]) ** 2 + (ys - self.glare[1]) ** 2) / (2 * 22.0 ** 2))
            image += 80 * blob[..., None]
        return image

    def frame(self, hand_at=None, blur: float = 0.0) -> np.ndarray:
        """One camera frame: the scene under this light, with sensor noise; optionally a hand
        (moving, so slightly blurred)."""
        if hand_at is None and not blur:
            if self._lit is None:
                self._lit = np.clip(self._light(self.canvas), 0, 255).astype(np.int16)
            image = self._lit
        else:
            scene = self.canvas if hand_at is None else draw_hand(self.canvas, hand_at)
            image = self._light(scene)
            if blur:
                image = cv2.GaussianBlur(image, (0, 0), blur)
            image = np.clip(image, 0, 255).astype(np.int16)
        self._frames += 1
        return np.clip(image + self._noise[self._frames % len(self._noise)], 0, 255).astype(np.uint8)


def draw_hand(image: np.ndarray, at) -> np.ndarray:
    """A flat hand-and-forearm silhouette (skin tone) reaching in from the bottom edge."""
    out = image.copy()
    x, y = int(at[0]), int(at[1])
    skin = (120, 150, 205)
    h = out.shape[0]
    cv2.ellipse(out, (x, y), (55, 65), 0, 0, 360, skin, -1, cv2.LINE_AA)
    for i, dx in enumerate((-40, -15, 10, 33)):
        cv2.line(out, (x + dx, y), (x + int(dx * 1.3), y - 95 + int(abs(i - 1.5) * 12)), skin, 18, cv2.LINE_AA)
    cv2.line(out, (x, y + 30), (x + 20, h + 200), skin, 90, cv2.LINE_AA)
    return out


def play_sequence(names, seed: int = 0, light: str = "neutral", design: str = "classic",
                  still_frames: int = 5, hand_every: int = 3):
    """Frames of a discard pile growing by ``names``: yields ``(frame, name_just_settled or None)``.

    Each play: a hand brings the card in (motion frames), the card lies still, sometimes a hand
    passes over the pile and leaves again. The truth marks the first still frame of each play.
    """
    cx, cy = FRAME_W / 2, FRAME_H / 2
    table = Scene(seed=seed, light=light, design=design, glare=(cx + 70, cy - 50))
    rng = table.rng
    for i, name in enumerate(names):
        path = [(cx + rng.uniform(-120, 120), FRAME_H + 60 - k * 90) for k in range(3)]
        for point in path:          # the hand reaching in, card not yet down
            yield table.frame(hand_at=point, blur=1.0), None
        table.random_place(name, near=(cx, cy), spread=45)
        for point in reversed(path[:2]):   # the hand leaving
            yield table.frame(hand_at=point, blur=1.0), None
        for k in range(still_frames):
            yield table.frame(), (name if k == 0 else None)
        if hand_every and i % hand_every == hand_every - 1:   # someone reaches over the pile
            for k in range(5):
                yield table.frame(hand_at=(cx - 150 + 75 * k, cy + 20 * np.sin(k))), None
            for _ in range(still_frames):
                yield table.frame(), None


def hand_spread(names, seed: int = 0, light: str = "neutral", design: str = "classic"):
    """One frame of cards laid out apart on the mat (a hand shown for scoring) and their quads."""
    table = Scene(seed=seed, light=light, design=design, card_height=120, glare=(400, 150))
    rng = table.rng
    n = len(names)
    cols = min(n, 4)
    rows = (n + cols - 1) // cols
    quads = []
    for i, name in enumerate(names):
        col, row = i % cols, i // cols
        centre = ((col + 0.5) * FRAME_W / cols + rng.uniform(-12, 12),
                  (row + 0.5) * FRAME_H / rows + rng.uniform(-10, 10))
        quads.append(table.place(name, centre, float(rng.uniform(-30, 30) + 90 * rng.integers(4)),
                                 font=int(rng.integers(3))))
    return table.frame(), quads
