"""The built-in default profile: the project's own drawings, photographed in rendered scenes.

No photo of a real card is used. Each face is drawn (both designs, every style of
:mod:`companion.vision.render`), laid on a rendered mat and "photographed" under varied
conditions so what is learnt carries over to a real camera: card size in the frame, a
slight perspective, focus blur, warm and cold light, sensor noise and JPEG compression.
Each view is then taught exactly as a photo of a real deck is, where the card lies known
from the scene, so no guessing of outlines is needed.

>>> profile = built_in_profile(names=["red-5", "yellow-5", "green-5", "blue-5"])   # all: a minute
>>> sorted(set(profile.groups)), sorted(set(profile.ranks))
(['classic', 'current'], ['5'])
"""
from __future__ import annotations

import cv2
import numpy as np

from companion.vision.deck import card_names
from companion.vision.render import DESIGNS, STYLES
from companion.vision.scene import LIGHTS, Table

VIEWS = 1                 # scenes per face, design and style
JITTER = True             # also teach slightly wrong outlines of each view
SCENE = (480, 400)        # the rendered photo's size: small, to make the profile quickly
SEED = 20261130           # fixed: the same code always makes the same profile


def photographed(name: str, design: str, style: int, rng: np.random.Generator):
    """One rendered photo of a card and its four corners: ``(frame, quad)``."""
    light = tuple(LIGHTS)[int(rng.integers(len(LIGHTS)))]
    table = Table(seed=int(rng.integers(1 << 30)), light=light, design=design, size=SCENE,
                  card_height=float(rng.uniform(130, 260)), noise=float(rng.uniform(2, 7)),
                  noise_frames=1)
    centre = (SCENE[0] / 2 + rng.uniform(-30, 30), SCENE[1] / 2 + rng.uniform(-20, 20))
    quad = table.place(name, centre, float(rng.uniform(0, 360)), font=style)
    frame = table.frame(blur=float(rng.uniform(0.3, 1.6)))
    frame, quad = _tilted(frame, quad, rng)
    quality = int(rng.integers(45, 92))
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR), quad


def _tilted(frame: np.ndarray, quad: np.ndarray, rng: np.random.Generator):
    """The camera a little off straight above: a random slight perspective."""
    h, w = frame.shape[:2]
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    moved = corners + rng.uniform(-0.07, 0.07, (4, 2)).astype(np.float32) * np.float32([w, h])
    matrix = cv2.getPerspectiveTransform(corners, moved)
    frame = cv2.warpPerspective(frame, matrix, (w, h), borderMode=cv2.BORDER_REPLICATE)
    return frame, cv2.perspectiveTransform(quad[None].astype(np.float32), matrix)[0]


def views(count: int = VIEWS, seed: int = SEED, names=None):
    """Every face (or those in ``names``), design and style, ``count`` rendered photos each:
    yields ``(name, design, frame, quad)``, as teaching takes them."""
    rng = np.random.default_rng(seed)
    for name in names or card_names():
        for design in DESIGNS:
            for style in range(len(STYLES)):
                for _ in range(count):
                    frame, quad = photographed(name, design, style, rng)
                    yield name, design, frame, quad


def view_count(count: int = VIEWS, names=None) -> int:
    """How many rendered photos :func:`views` makes."""
    return len(names or card_names()) * len(DESIGNS) * len(STYLES) * count


def built_in_profile(count: int = VIEWS, seed: int = SEED, jitter: bool = JITTER, names=None,
                     progress=None):
    """The default profile, taught from rendered photos of the drawings (all 324: about a
    minute on one PC core, several on a Pi). ``progress(done, total)`` is called after each view."""
    from companion.vision.teach import teach_from_views      # teaching builds on profiles

    total = view_count(count, names)

    def counted():
        for done, view in enumerate(views(count, seed, names), 1):
            yield view
            if progress:
                progress(done, total)

    return teach_from_views(counted(), source="built-in drawings", jitter=jitter)
