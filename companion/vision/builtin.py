"""The built-in default profile: the project's own drawings, photographed in rendered scenes.

No photo of a real card is used. Each face is drawn (both designs, every style of
:mod:`companion.vision.render`), laid on a rendered mat and "photographed" under varied
conditions so what is learnt carries over to a real camera: card size in the frame, a
slight perspective, focus blur, warm and cold light, sensor noise and JPEG compression.
Each view is then taught exactly as a photo of a real deck is, where the card lies known
from the scene, so no guessing of outlines is needed. :func:`default_profile` keeps the
result in the user's cache folder.

>>> profile = built_in_profile(names=["red-5", "yellow-5", "green-5", "blue-5"])   # all: a minute
>>> sorted(set(profile.groups)), sorted(set(profile.ranks))
(['classic', 'current'], ['5'])
"""
from __future__ import annotations

import functools
import hashlib
import logging
import os
import time
from pathlib import Path

import cv2
import numpy as np

from companion.errors import UserError
from companion.vision.learn import learn_views, with_colours
from companion.vision.profile import Profile
from companion.vision.render import DESIGNS, STYLES, drawable_names
from companion.vision.render_flip import TAUGHT_BY_OTHERS
from companion.vision.scene import LIGHTS, Scene

log = logging.getLogger(__name__)

VIEWS = 1                 # scenes per face, design and style
JITTER = True             # also teach slightly wrong outlines of each view
SCENE = (480, 400)        # the rendered photo's size: small, to make the profile quickly
SEED = 20261130           # fixed: the same code always makes the same profile


def photographed(name: str, design: str, style: int, rng: np.random.Generator):
    """One rendered photo of a card and its four corners: ``(frame, quad)``."""
    light = tuple(LIGHTS)[int(rng.integers(len(LIGHTS)))]
    table = Scene(seed=int(rng.integers(1 << 30)), light=light, design=design, size=SCENE,
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
    """Every face drawn (of every edition's deck the drawings show; or those in ``names``),
    design and style, ``count`` rendered photos each: yields ``(name, design, frame, quad)``,
    as teaching takes them. The classic faces come first, so their photos stay the same when
    an edition's faces are drawn too."""
    rng = np.random.default_rng(seed)
    for name in names or profile_names():
        for design in DESIGNS:
            for style in range(len(STYLES)):
                for _ in range(count):
                    frame, quad = photographed(name, design, style, rng)
                    yield name, design, frame, quad


def view_count(count: int = VIEWS, names=None) -> int:
    """How many rendered photos :func:`views` makes."""
    return len(names or profile_names()) * len(DESIGNS) * len(STYLES) * count


def profile_names() -> tuple[str, ...]:
    """The faces the built-in profile draws: every drawn face but those whose symbol and ink
    other faces teach (E4's dark numbers, render_flip.TAUGHT_BY_OTHERS)."""
    return tuple(name for name in drawable_names() if name not in TAUGHT_BY_OTHERS)


def built_in_profile(count: int = VIEWS, seed: int = SEED, jitter: bool = JITTER, names=None,
                     progress=None) -> Profile:
    """The default profile, taught from rendered photos of the drawings (every face drawn: the
    classic 54, Junior's four draw1 and the editions' own symbols, E4 to E7: a minute or two on
    one PC core, several on a Pi). ``progress(done, total)`` is called after each
    view. Drawn from some ``names`` only, it holds the colours of those."""
    total = view_count(count, names)

    def counted():
        for done, view in enumerate(views(count, seed, names), 1):
            yield view
            if progress:
                progress(done, total)

    profile = Profile(source="built-in drawings")
    samples = learn_views(profile, counted(), jitter=jitter)
    return with_colours(profile, samples, dict, "no card views to learn from")


def _cache_file() -> Path:
    """Where the built-in profile is kept once made: named after the code that makes it."""
    digest = hashlib.sha256()
    for module in ("render.py", "features.py", "profile.py", "detect.py", "deck.py", "symbol.py", "learn.py",
                   "outline.py", "glyphs.py", "scene.py", "builtin.py", "ink.py"):
        digest.update((Path(__file__).parent / module).read_bytes())
    for module in sorted(Path(__file__).parent.glob("render_*.py")):    # the editions' faces
        digest.update(module.read_bytes())
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "uno-companion" / f"default-profile-{digest.hexdigest()[:16]}.json"


@functools.lru_cache(maxsize=1)
def default_profile() -> Profile:
    """Made from the project's drawings of both designs, several fonts each; no photos.

    Drawing and measuring takes about a minute (progress is logged), so the result is kept
    in the user's cache folder."""
    cache = _cache_file()
    try:
        return Profile.load(cache)
    except UserError:
        pass
    profile = _draw_default_profile()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        temporary = cache.with_suffix(f".{os.getpid()}.tmp")
        profile.save(temporary)
        temporary.replace(cache)
    except OSError:
        pass          # a read-only home: make it again next time
    return profile


def _draw_default_profile() -> Profile:
    total = view_count()
    log.info("drawing the built-in card profile: %d rendered card photos, once for this version "
             "of the companion (measured: 45 s to 2 min on a PC, several minutes on a Pi)", total)
    started = time.monotonic()
    reported = [started]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - reported[0] >= 10:      # a line every 10 s, with the time left
            reported[0] = now
            left = (now - started) / done * (total - done)
            log.info("drawing the built-in card profile: %d of %d, about %.0f s left", done, total, left)

    profile = built_in_profile(progress=progress)
    log.info("built-in card profile drawn in %.0f s and kept in %s", time.monotonic() - started,
             _cache_file().parent)
    return profile
