"""Teaching a deck: pictures of this table's own cards -> a :class:`Profile`.

One entry point per kind of input (a test lists them):

- :func:`teach`: a folder on disk, DIR/<card name>/<photos> (``uno-companion teach``);
- :func:`teach_images`: decoded photos, ``{card name: [BGR image, ...]}``, the card found in each;
- :func:`teach_from_views`: frames where each card's outline is known;
- :func:`teach_from_cards`: flat card pictures (each image the whole card).

Colours not taught come from the built-in profile (:mod:`companion.vision.builtin`), which
is itself drawn through :mod:`companion.vision.learn`, below this module.

DIR holds one folder per card name (``red-5``, ``wild`` ...) with one or more photos of
that card. Each photo's card is found and measured like any frame; its shape becomes a
template for its rank and its colour tunes the colour of its suit. A card not taught is
still known through the others of its rank (a red 5 teaches every 5's shape).

>>> profile, report = teach("my-deck")          # doctest: +SKIP
>>> profile.save("deck.json")                   # doctest: +SKIP

Flat card pictures (drawings filling the whole image) teach through
:func:`teach_from_cards`, with augmented copies for what a camera adds:

>>> from companion.vision.render import draw_card
>>> profile = teach_from_cards([("red-5", draw_card("red-5", "classic"))], augment=2)
>>> profile.ranks, len(profile.symbol_ranks) > 0
(['5'], True)
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.engine.cards import CLASSIC_DECK, Deck
from companion.errors import UserError
from companion.vision.builtin import default_profile
from companion.vision.deck import card_names, colours as deck_colours, split
from companion.vision.detect import READ_H, READ_W, card_score, order_corners, ranked_outlines, read_warp, warp
from companion.vision.features import look
from companion.vision.learn import learn, learn_views, with_colours
from companion.vision.outline import jittered, polish
from companion.vision.profile import Profile
from companion.vision.recognise import nearest_colour
from companion.vision.imagefile import read_image
from companion.vision.sources import IMAGE_SUFFIXES

log = logging.getLogger(__name__)

CLEAR_OUTLINE = 0.62    # a teaching photo whose outline scores less would teach a blurred shape


@dataclass
class TeachReport:
    taught: dict[str, int] = field(default_factory=dict)       # card -> photos used
    skipped: list[str] = field(default_factory=list)           # "file: why"
    missing: list[str] = field(default_factory=list)           # cards with no usable photo
    # every photo looked at, for the contact sheet: (card, photo number, image, outline or
    # None, why it was refused or None)
    looked: list[tuple] = field(default_factory=list, repr=False)

    def summary(self) -> str:
        lines = [f"taught {len(self.taught)} cards from {sum(self.taught.values())} photos"]
        if self.missing:
            lines.append(f"not taught ({len(self.missing)}): {', '.join(self.missing)}")
        lines += [f"skipped {entry}" for entry in self.skipped]
        return "\n".join(lines)


def _outline_of(image: np.ndarray, colour: str | None, deck: Deck) -> np.ndarray | None:
    """The card's outline in a teaching photo: of the most card-like outlines, a large one
    whose field has the colour the folder name says (black for wild cards), of the colours
    ``deck`` has (a classic green is not to be taken for Flip's teal)."""
    outlines = ranked_outlines(image, 0.3)[:6]
    if not outlines:
        return None
    builtin = default_profile().colours
    colours = {c: builtin[c] for c in deck_colours(deck) if c in builtin}
    largest = max(cv2.contourArea(order_corners(q)) for q, _ in outlines)
    best, best_value = None, -1.0
    for quad, score in outlines:
        seen = look(warp(image, quad))
        if colour is None:
            agrees = seen.black_edge > 0.4
        else:
            agrees = nearest_colour(seen.chroma, colours) == colour and seen.black_edge < 0.4
        value = score * (cv2.contourArea(order_corners(quad)) / largest) ** 0.2 * (1.0 if agrees else 0.3)
        if value > best_value:
            best, best_value = quad, value
    return polish(image, best)[0]


def _default_colours() -> dict:
    return default_profile().colours


def augmented(card: np.ndarray, n: int, seed: int = 0) -> list[np.ndarray]:
    """``n`` copies of a flat card as a camera might deliver it: turned a few degrees,
    a little larger or smaller, shifted, blurred, darker or brighter, tinted."""
    rng = np.random.default_rng(seed)
    h, w = card.shape[:2]
    copies = []
    for _ in range(n):
        centre = (w / 2 + rng.uniform(-0.02, 0.02) * w, h / 2 + rng.uniform(-0.02, 0.02) * h)
        matrix = cv2.getRotationMatrix2D(centre, rng.uniform(-4, 4), rng.uniform(0.93, 1.07))
        copy = cv2.warpAffine(card, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if rng.random() < 0.5:
            copy = cv2.GaussianBlur(copy, (0, 0), rng.uniform(0.4, 1.2) * w / READ_W)
        light = rng.uniform(0.6, 1.15) * rng.uniform(0.9, 1.1, 3)
        copies.append(np.clip(copy.astype(np.float32) * light, 0, 255).astype(np.uint8))
    return copies


def teach_from_cards(cards, augment: int = 0, seed: int = 0, source: str = "taught",
                     group: str = "taught") -> Profile:
    """Learn from flat pictures of cards: ``[(card name, BGR image), ...]`` (or ``(name,
    image, group)``), each image the whole card, portrait, any size. ``augment`` adds that
    many :func:`augmented` copies of each (their symbols only; the coarse shapes stay few)."""
    profile = Profile(source=source)
    samples: dict[str, list[np.ndarray]] = {}
    for index, (name, image, *rest) in enumerate(cards):
        colour, rank = split(name)
        card = cv2.resize(image, (READ_W, READ_H), interpolation=cv2.INTER_AREA)
        seen = learn(profile, rank, card, rest[0] if rest else group)
        for copy in augmented(card, augment, seed + index):
            learn(profile, rank, copy, rest[0] if rest else group, shape=False)
        if colour:
            samples.setdefault(colour, []).append(seen.chroma)
    return with_colours(profile, samples, _default_colours, "no card pictures to learn from")


def teach_from_views(views, source: str = "taught", jitter: bool = True) -> Profile:
    """Learn from frames where each card's outline is known: ``[(card name, group, BGR frame,
    quad), ...]`` (quad: the card's four corners in the frame, any order); see
    :func:`companion.vision.learn.learn_views`."""
    profile = Profile(source=source)
    samples = learn_views(profile, views, jitter)
    return with_colours(profile, samples, _default_colours, "no card views to learn from")


def _refuse_outside(names, deck: Deck) -> None:
    """A card name that is not one of ``deck``'s faces is refused (a red-0 in a Junior deck's
    folder is a mistake, not a card to learn)."""
    faces = set(card_names(deck))
    outside = [name for name in names if name not in faces]
    if outside:
        raise UserError(f"{', '.join(outside)}: not a card of the {deck.name} deck (its cards: "
                        f"{', '.join(card_names(deck)[:4])} ...); choose the deck the photos are of")


def teach_images(images: dict[str, list[np.ndarray]], deck: Deck | None = None) -> tuple[Profile, TeachReport]:
    """Learn from decoded images: ``{card name: [BGR image, ...]}``, cards of ``deck`` (an
    engine ``Deck``, classic by default); one photo per card is enough."""
    _refuse_outside(images, deck or CLASSIC_DECK)
    profile = Profile(source="taught", deck=deck.name if deck else "")
    report = TeachReport()
    samples: dict[str, list[np.ndarray]] = {}
    for name, photos in images.items():
        colour, rank = split(name)
        used = 0
        for index, image in enumerate(photos):
            quad = _outline_of(image, colour, deck or CLASSIC_DECK)
            if quad is None:
                report.skipped.append(f"{name} photo {index + 1}: no card found")
                report.looked.append((name, index + 1, image, None, "no card found"))
                continue
            if card_score(warp(image, quad)) < CLEAR_OUTLINE:
                report.skipped.append(f"{name} photo {index + 1}: the card's edge is not clear "
                                      "(take it again, flat and whole in the picture)")
                report.looked.append((name, index + 1, image, quad, "edge not clear"))
                continue
            report.looked.append((name, index + 1, image, quad, None))
            seen = learn(profile, rank, read_warp(image, quad), "taught")
            for variant in jittered(quad):      # outlines found later are rarely exact
                learn(profile, rank, read_warp(image, variant), "taught")
            if colour:
                samples.setdefault(colour, []).append(seen.chroma)
            used += 1
        if used:
            report.taught[name] = used
    if not profile.ranks:
        raise UserError("no card was found in any photo; photograph each card flat, filling "
                        "much of the picture, against a darker background")
    fallback = default_profile().colours
    profile.colours = {c: np.median(samples[c], axis=0).astype(np.float32) if c in samples else fallback[c]
                       for c in fallback}
    report.missing = [n for n in card_names(deck) if n not in report.taught]
    return profile, report


def teach(folder: str | Path, deck: Deck | None = None) -> tuple[Profile, TeachReport]:
    """Learn from DIR/<card name>/<photos>, the cards of ``deck`` (classic by default)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise UserError(f"{folder}: no such folder (expected one folder per card name inside)")
    known = set(card_names(deck))
    images: dict[str, list[np.ndarray]] = {}
    skipped = []
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        if sub.name not in known:
            try:
                split(sub.name)
            except ValueError:
                raise UserError(f"{sub}: {sub.name!r} is not a card name (like red-5, blue-skip, "
                                "wild-draw4)") from None
            raise UserError(f"{sub}: {sub.name!r} is not a card of the {(deck or CLASSIC_DECK).name} "
                            "deck (choose the deck the photos are of: --deck)")
        for path in sorted(p for p in sub.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
            try:
                images.setdefault(sub.name, []).append(read_image(path))
            except UserError as error:
                skipped.append(str(error))
    if not images:
        raise UserError(f"{folder}: no photos found (expected {folder}/red-5/photo.jpg and so on)")
    profile, report = teach_images(images, deck)
    report.skipped = skipped + report.skipped
    return profile, report
