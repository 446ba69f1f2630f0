"""Learning a card's look into a :class:`Profile`: the step every kind of teaching shares.

The layers, each importing only those below it (a test holds it):
``profile`` (the data and its file) <- ``learn`` (this: one card's look, views with a known
outline) <- ``builtin`` (the drawings' profile, the default) <- ``teach`` (the entry points
for a deck's own pictures, whose missing colours come from the default).

>>> import cv2
>>> from companion.vision.detect import READ_H, READ_W
>>> from companion.vision.render import draw_card
>>> profile = Profile(source="example")
>>> seen = learn(profile, "5", cv2.resize(draw_card("red-5", "classic"), (READ_W, READ_H)), "classic")
>>> profile.ranks, len(profile.symbol_ranks)
(['5'], 1)
"""
from __future__ import annotations

import numpy as np

from companion.errors import UserError
from companion.vision.deck import split
from companion.vision.detect import read_warp
from companion.vision.features import look
from companion.vision.outline import jittered
from companion.vision.profile import Profile


def learn(profile: Profile, rank: str, card: np.ndarray, group: str, shape: bool = True):
    """Add one flat card (READ size) to ``profile``; its look, for the colour."""
    seen = look(card)
    if shape:
        profile.add(rank, seen.shape, group)
    if seen.symbols:
        profile.add_symbol(rank, seen.symbols[0], group)
    return seen


def learn_views(profile: Profile, views, jitter: bool = True) -> dict[str, list[np.ndarray]]:
    """Add frames where each card's outline is known, ``[(card name, group, BGR frame, quad),
    ...]``, to ``profile``; the colour samples seen, per colour. Each view teaches its coarse
    shape and centre symbol, and (``jitter``) those of slightly shifted, turned and resized
    outlines, because outlines found later are rarely exact."""
    samples: dict[str, list[np.ndarray]] = {}
    for name, group, frame, quad in views:
        colour, rank = split(name)
        seen = learn(profile, rank, read_warp(frame, quad), group)
        for variant in jittered(np.float32(quad)) if jitter else ():
            learn(profile, rank, read_warp(frame, variant), group, shape=False)
        if colour:
            samples.setdefault(colour, []).append(seen.chroma)
    return samples


def with_colours(profile: Profile, samples: dict[str, list[np.ndarray]], fallback, nothing: str) -> Profile:
    """Each colour the median of its samples; where fewer than four were taught, the others
    from ``fallback()`` (called only then: the default profile may take a minute to draw).
    ``nothing``: the message when no card was learnt at all."""
    if not profile.ranks:
        raise UserError(nothing)
    profile.colours = {c: np.median(v, axis=0).astype(np.float32) for c, v in samples.items()}
    if len(profile.colours) < 4:
        profile.colours = {**fallback(), **profile.colours}
    return profile

