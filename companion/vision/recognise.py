"""The card recogniser: frame -> card name with a confidence, or unknown.

>>> from companion.vision.scene import Scene
>>> table = Scene(seed=2)
>>> _ = table.place("blue-7", (320, 240), angle=30)
>>> sighting = Recogniser().recognise(table.frame())
>>> sighting.card, sighting.confidence > 0.5
('blue-7', True)
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.cards import CLASSIC_DECK, Deck
from companion.errors import UserError
from companion.vision.deck import WILD_RANKS, card_names, colours as deck_colours, join, ranks as deck_ranks, side, split
from companion.vision.detect import overlap
from companion.vision.detect import CONTINUED, Judge, find_cards, order_corners, ranked_outlines, read_warp
from companion.vision.features import look
from companion.vision.outline import polish
from companion.vision.builtin import default_profile
from companion.vision.profile import Profile
from companion.vision.symbol import distinct

DEFAULT_THRESHOLD = 0.35
SYMBOL_MARGIN = 0.1  # a centre symbol this much closer to one rank than to any other is sure
SYMBOL_FLOOR = 0.6   # ... when it is also at least this alike to that rank's best template
# A taught profile's templates are this very deck's print, so its true card's symbol comes
# out closer than a drawing's would, and a template taught from part of a card (a photo's
# outline that split the field at the oval) lies nearer to many cards: its guesses need
# more lead and more likeness. On ../shared/photos' development half: 94.6% right at 95.3%
# answered with the drawings' 0.1 and 0.6, 97.2% at 91.2% with these.
TAUGHT_MARGIN, TAUGHT_FLOOR = 0.2, 0.7
SHAPE_WEIGHT = 0.3   # how much the coarse whole-card shape adds to the symbol's similarity
ZOOMS = (1.05, 1.1)    # outlines found a little too large are common; try closer crops too
MIN_SIDE = 32
CHOICES = 3          # outlines read before choosing one
LATER_AT_MOST = 27   # when none of those named a card, black patches are left out down to here
# Quick looks first, each with a few kinds of outline guesses: the white border's (on
# rendered tables they hold the card), then the most vivid fields' too (on most real
# photos); a fraction of the outline work. When a look's best outline is this card-like and
# reads this surely as a whole card, the other guesses are not made. (At 0.7 a quick look
# answers 66% of the real photos with the built-in profile, against 54% at 0.9; one of the
# 120 photos it adds was named wrong.)
QUICK_LOOKS = (("white",), ("white", "vivid field"))
QUICK_OUTLINE, QUICK_READ = 0.5, 0.7
WILD_COLOURS = 0.06  # share of a wild card's field in colour below which it is less sure
#: Wild faces that may show no colour at all: E5's wild draws printed white on the black
#: field, E7's wild DOS on the current print (its 2 in white).
PLAIN_WILDS = frozenset({"wild-draw6", "wild-draw10", "wild-reverse-draw4", "wild-dos"})


@dataclass(frozen=True)
class Sighting:
    """One card seen: its name (None when unsure), the confidence, and where it lies."""
    card: str | None
    confidence: float
    quad: np.ndarray | None = None
    guess: str | None = None     # the best guess even when below the threshold
    side: str | None = None      # E4 Flip: "light" or "dark", the side up (None: one-sided)

    def to_json(self) -> dict:
        answer = {"card": self.card, "confidence": round(float(self.confidence), 3)}
        return {**answer, "side": self.side} if self.side and self.card else answer


UNSEEN = Sighting(None, 0.0)


def bad_frame(frame) -> str | None:
    """Why a frame cannot be looked at, or None when it can."""
    if frame is None:
        return "no image"
    if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3:
        return "not a colour image"
    if frame.dtype != np.uint8:
        return f"pixels of type {frame.dtype}, expected 8-bit"
    if min(frame.shape[:2]) < MIN_SIDE:
        return f"image too small ({frame.shape[1]}x{frame.shape[0]})"
    if int(frame[::8, ::8].max()) < 25:
        return "black picture (lens covered, or no light?)"
    return None


def _outermost(outlines):
    """Drop an outline lying inside a larger card-like one: the white ring of a skip or the
    oval around a number is not a card of its own."""
    areas = [cv2.contourArea(order_corners(q)) for q, _ in outlines]
    keep = []
    for i, (quad, score) in enumerate(outlines):
        inside = any(areas[j] > 1.4 * areas[i] and other_score >= 0.6 * score
                     and overlap(quad, other) > 0.85
                     for j, (other, other_score) in enumerate(outlines) if j != i)
        if not inside:
            keep.append((quad, score))
    return keep





def _hue(bgr: np.ndarray) -> np.ndarray:
    """Hue angle (radians) of colours given as (b, g, r) rows: a dim or pale green keeps the
    hue of green, where its mixture of channels can come close to yellow's."""
    b, g, r = np.moveaxis(np.atleast_2d(bgr), -1, 0)
    return np.arctan2(np.sqrt(3.0) * (g - b), 2 * r - g - b)


def _hue_gap(colours: np.ndarray, chroma: np.ndarray) -> np.ndarray:
    """Angle between each of ``colours`` and ``chroma`` around the colour wheel, 0..pi."""
    return np.abs(np.angle(np.exp(1j * (_hue(colours) - _hue(chroma)))))


# How far each colour's hue strays between print runs and lamps, relative to the others: a
# yellow stays yellow (a narrow band), a green runs from yellowish (hue 72-77 degrees after
# white balance on one deck; yellow is about 51) to bluish (128 on the drawings). A gap is
# divided by its colour's spread, so the yellow/green boundary lies near 67 degrees, not
# halfway (90), and another print run's green is not read as yellow.
HUE_SPREAD = {"red": 1.0, "yellow": 0.4, "green": 1.5, "blue": 1.0}


def nearest_colour(chroma: np.ndarray, colours: dict[str, np.ndarray]) -> str:
    """The one of ``colours`` (name -> chroma) nearest to ``chroma`` by hue, as cards are
    named: each gap divided by its colour's spread."""
    names = list(colours)
    gaps = _hue_gap(np.stack([colours[c] for c in names]), chroma)
    return names[int(np.argmin(gaps / np.float32([HUE_SPREAD.get(c, 1.0) for c in names])))]


class Recogniser:
    """Names cards with a :class:`Profile` (the built-in one unless a taught one is given)."""

    def __init__(self, profile: Profile | None = None, threshold: float = DEFAULT_THRESHOLD,
                 deck: Deck | None = None):
        """``deck``: the deck in play (an engine ``Deck``, classic by default); only its faces
        are ever named, whatever else the profile knows (a red-0 is no candidate at a Junior
        table). :attr:`unknown` lists its faces the profile cannot name (never taught)."""
        self.profile = profile or default_profile()
        self.threshold = threshold
        self.deck = deck or CLASSIC_DECK
        self._faces = frozenset(card_names(self.deck))
        wanted = set(deck_ranks(self.deck))
        shape_rows = [i for i, rank in enumerate(self.profile.ranks) if rank in wanted]
        symbol_rows = [i for i, rank in enumerate(self.profile.symbol_ranks) if rank in wanted]
        self._colour_names = [c for c in deck_colours(self.deck) if c in self.profile.colours]
        self.unknown = tuple(name for name in card_names(self.deck)
                             if split(name)[1] not in {self.profile.ranks[i] for i in shape_rows}
                             or split(name)[0] not in (None, *self._colour_names))
        if not shape_rows:
            raise UserError(f"this card profile ({self.profile.source or 'no source'}) knows none of the "
                            f"{self.deck.name} deck's cards: teach that deck ('uno-companion teach')")
        self._ranks = np.array(self.profile.ranks)[shape_rows]
        shapes = self.profile.shapes[shape_rows]
        # Compare shapes after taking away what all cards of a design share (border, oval),
        # so the small part that differs (the number) decides.
        self._rank_names = sorted(set(self._ranks.tolist()))
        groups = np.array(self.profile.groups)[shape_rows]
        self._groups = []
        for group in sorted(set(groups.tolist())):
            rows = shapes[groups == group]
            mean = rows.mean(axis=0)
            centred = rows - mean
            centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)
            ranks = self._ranks[groups == group]
            rows_of = [(rank, np.flatnonzero(ranks == rank)) for rank in self._rank_names]
            self._groups.append((mean, centred, [(r, i) for r, i in rows_of if i.size]))
        # symbol templates grouped by rank, so the best per rank is one reduceat
        symbol_ranks = np.array(self.profile.symbol_ranks)[symbol_rows]
        order = np.argsort(symbol_ranks, kind="stable")
        order = order[distinct(self.profile.symbols[symbol_rows][order], symbol_ranks[order])]
        self._symbols = (np.ascontiguousarray(self.profile.symbols[symbol_rows][order])
                         if symbol_ranks.size else None)
        sorted_ranks = symbol_ranks[order]
        starts = np.flatnonzero(np.r_[True, sorted_ranks[1:] != sorted_ranks[:-1]]) if symbol_ranks.size else []
        self._symbol_starts, self._symbol_names = starts, [str(sorted_ranks[i]) for i in starts]
        self._colours = np.stack([self.profile.colours[c] for c in self._colour_names]) if self._colour_names \
            else np.zeros((0, 3), np.float32)
        self._spreads = np.float32([HUE_SPREAD.get(c, 1.0) for c in self._colour_names])

    def with_deck(self, deck: Deck) -> "Recogniser":
        """The same profile and threshold naming the faces of another deck (a table's setup
        chose an edition): cheap, the profile is not made again."""
        return self if deck == self.deck else Recogniser(self.profile, self.threshold, deck)

    def rank_scores(self, seen) -> dict[str, float]:
        """Best shape similarity per rank, either way up and over the closer crops, within
        the design (template group) that matches the card best."""
        queries = np.stack([seen.shape, seen.shape_turned, *seen.variants])
        answer, top = {}, -2.0
        for mean, centred, ranks in self._groups:
            matrix = queries - mean
            matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-6)
            best = (centred @ matrix.T).max(axis=1)
            per_rank = {rank: float(best[rows].max()) for rank, rows in ranks}
            if max(per_rank.values()) > top:
                answer, top = per_rank, max(per_rank.values())
        return {rank: answer.get(rank, -1.0) for rank in self._rank_names}

    def symbol_scores(self, seen) -> dict[str, float]:
        """Best centre-symbol similarity per rank, either way up; empty without a symbol."""
        if not seen.symbols or self._symbols is None:
            return {}
        best = (self._symbols @ np.stack(seen.symbols).T).max(axis=1)
        return dict(zip(self._symbol_names, np.maximum.reduceat(best, self._symbol_starts).tolist()))

    def name_card(self, card: np.ndarray, outline_score: float = 1.0, zooms=ZOOMS) -> tuple[str, float]:
        """Best guess and confidence for a card warped flat at READ size (``zooms``: closer
        crops of the coarse shape also tried)."""
        seen = look(card, zooms)
        # the centre symbol reads the rank when there is one; the coarse shape otherwise
        per_rank, by_shape = self.symbol_scores(seen), self.rank_scores(seen)
        margin, floor = (TAUGHT_MARGIN, TAUGHT_FLOOR) if self.profile.source == "taught" \
            else (SYMBOL_MARGIN, SYMBOL_FLOOR)
        if per_rank:
            # the whole card still tells what the symbol cannot (a 6 from a 9 without underline)
            per_rank = {r: v + SHAPE_WEIGHT * by_shape.get(r, -1.0) for r, v in per_rank.items()}
        else:
            per_rank, margin, floor = by_shape, 0.1, 0.2
        # the black field decides wild or not; the shape then decides among those
        wild = seen.black_edge > 0.4
        allowed = {r: v for r, v in per_rank.items() if (r in WILD_RANKS) == wild} or per_rank
        ordered = sorted(allowed.items(), key=lambda item: item[1], reverse=True)
        (rank, best), (_, second) = ordered[0], ordered[1] if len(ordered) > 1 else ("", -1.0)
        rank_confidence = np.clip((best - second) / margin, 0, 1) * np.clip((best - floor) / 0.4, 0, 1)
        rank_confidence *= np.clip(abs(seen.black_edge - 0.4) / 0.2, 0, 1)
        if rank in WILD_RANKS:
            # a wild card shows its colours on the black (the four-colour oval, the small
            # cards: 9-57% of the field); a keyboard's black key, framed by light, shows none.
            # Some editions' wilds are printed white on black: for them colour proves nothing
            if rank not in PLAIN_WILDS:
                rank_confidence *= np.clip(seen.coloured / WILD_COLOURS, 0, 1)
            return rank, float(rank_confidence * min(1.0, outline_score / 0.7))
        distances = _hue_gap(self._colours, seen.chroma) / self._spreads
        order = np.argsort(distances)
        d1, d2 = distances[order[0]], distances[order[1]] if len(order) > 1 else np.pi
        colour_confidence = np.clip((d2 - d1) / max(d2, 1e-6) * 2.0, 0, 1)
        confidence = min(rank_confidence, colour_confidence) * min(1.0, outline_score / 0.7)
        return self._face(rank, [self._colour_names[i] for i in order], ordered), float(confidence)

    def _face(self, rank: str, colours_by_nearness: list[str], ordered) -> str:
        """The deck's face of that rank in the nearest colour it comes in; a deck where not
        every colour has every rank falls back to its next best rank."""
        for rank in (rank, *(r for r, _ in ordered[1:])):
            for colour in ([None] if rank in WILD_RANKS else colours_by_nearness):
                try:
                    name = join(colour, rank)
                except ValueError:      # no face of that colour and rank in any deck
                    continue
                if name in self._faces:
                    return name
        return join(colours_by_nearness[0], rank)

    def sighting(self, frame: np.ndarray, quad: np.ndarray, outline_score: float = 1.0) -> Sighting:
        guess, confidence = self.name_card(read_warp(frame, quad), outline_score)
        card = guess if confidence >= self.threshold else None
        return Sighting(card, confidence, quad, guess, side(card or guess, self.deck))

    def recognise_all(self, frame: np.ndarray, max_cards: int = 12) -> list[Sighting]:
        """Every card found lying apart in the frame."""
        if bad_frame(frame):
            return []
        judge = Judge(frame)
        return [self.sighting(frame, *polish(frame, quad, judge=judge)) for quad, _ in find_cards(frame, max_cards)]

    def recognise(self, frame: np.ndarray) -> Sighting:
        """The one card in the frame (or the top card of a pile), named; UNSEEN when there is none.

        Of the few most card-like outlines, the one that reads most clearly as a card wins,
        a larger one preferred: a number's own outline inside the white oval can look like a
        small card, and a keyboard key like a black one."""
        if bad_frame(frame):
            return UNSEEN
        return self._recognise(frame, Judge(frame))[0]

    def _recognise(self, frame: np.ndarray, judge: Judge):
        """The sighting and the outlines it was chosen from. When the plain outline guesses
        name no card, the guesses that find a pile's top card are tried too."""
        for kinds in QUICK_LOOKS:
            quick = ranked_outlines(frame, 0.3, judge, kinds=kinds)
            if quick and quick[0][1] >= QUICK_OUTLINE:
                sighting = self._best(frame, judge, quick)
                if sighting.confidence >= QUICK_READ and judge.continued(sighting.quad) <= CONTINUED:
                    return sighting, quick
        ranked = ranked_outlines(frame, 0.3, judge)
        sighting = self._best(frame, judge, ranked)
        if sighting.card is None:
            more = ranked_outlines(frame, 0.3, judge, pile=True)
            second = self._best(frame, judge, more)
            if second.confidence > sighting.confidence:
                sighting, ranked = second, more
        if sighting.card is None and len(ranked) > CHOICES:
            # the surest outlines may all be black patches framed by light (the keys of a
            # keyboard), which no card is: leave them out and choose among the next ones
            kept = [item for item in ranked[:LATER_AT_MOST] if not self._black_patch(frame, item[0])]
            if kept and len(kept) < min(len(ranked), LATER_AT_MOST):
                later = self._best(frame, judge, kept)
                if later.confidence > sighting.confidence:
                    sighting = later
        return sighting, ranked

    def _black_patch(self, frame: np.ndarray, quad: np.ndarray) -> bool:
        """Black inside a light rim, with hardly any colour: not even a wild card."""
        seen = look(read_warp(frame, quad))
        return seen.black_edge > 0.4 and seen.coloured < WILD_COLOURS / 2

    def survey(self, frame: np.ndarray) -> "Survey":
        """The card (or a pile's top card) named, and how many cards or piles lie apart in
        the frame, with a note when that is not one: what ``uno-companion recognise`` says."""
        reason = bad_frame(frame)
        if reason:
            return Survey(UNSEEN, 0, reason)
        judge = Judge(frame)
        top, _ = self._recognise(frame, judge)
        ranked = ranked_outlines(frame, 0.3, judge, pile=True)     # counting looks for every card
        if top.quad is None or top.confidence < NOTHING_READ:
            # an outline that reads as no card at all (a patch of a white table) is no card
            return Survey(top, 0, "no card found")
        # the surest outlines first, each kept unless it overlaps one kept (a guess spanning
        # two cards scores less than either card)
        kept = [top.quad]
        for quad, score in ranked:
            if score >= SURE_OUTLINE and all(overlap(quad, other) < 0.3 for other in kept):
                kept.append(quad)
        apart = _apart(kept)
        if apart > 1:
            return Survey(top, apart, f"{apart} cards or piles lying apart: named the clearest "
                                      "(photograph one card, or one pile from above)")
        return Survey(top, 1, None)

    def _best(self, frame: np.ndarray, judge: Judge, ranked) -> Sighting:
        outlines = _outermost(ranked[:CHOICES])
        if not outlines:
            return UNSEEN
        areas = [cv2.contourArea(order_corners(q)) for q, _ in outlines]
        # an outline is worth score x (0.5 + 0.5 confidence) x size^0.25: at most its
        # score x size^0.25 (``most``), at least half that; one that cannot beat the best
        # so far is not read, and when no other can beat the first, nothing is read
        most = [score * (area / max(areas)) ** 0.25 for (_, score), area in zip(outlines, areas)]
        best, best_value = outlines[0][0], -1.0
        if len(outlines) == 1 or max(most[1:]) <= 0.5 * most[0]:
            return self._read(frame, judge, best)
        for (quad, score), area, bound in zip(outlines, areas, most):
            if bound <= best_value:
                continue
            # a quick read (kept for the frame: a quick look and the full one share outlines)
            guess, confidence = judge.once(("quick read", id(self), quad.tobytes(), score),
                                           lambda: self.name_card(read_warp(frame, quad), score, zooms=()))
            value = score * (0.5 + 0.5 * confidence) * (area / max(areas)) ** 0.25
            if value > best_value:
                best, best_value = quad, value
        return self._read(frame, judge, best)

    def _read(self, frame: np.ndarray, judge: Judge, quad: np.ndarray) -> Sighting:
        """The outline polished and read, once per frame."""
        return judge.once(("read", id(self), quad.tobytes()),
                          lambda: self.sighting(frame, *polish(frame, quad, judge=judge)))


SURE_OUTLINE = 0.6      # an outline this card-like counts as a card when cards are counted
NOTHING_READ = 0.02     # a best outline read with less confidence than this holds no card


@dataclass(frozen=True)
class Survey:
    """What one photo holds: the named card (a pile's top card), how many cards or piles lie
    apart, and a note for the person when that is not exactly one."""
    top: Sighting
    cards: int
    note: str | None = None

    def to_json(self) -> dict:
        answer = {**self.top.to_json(), "cards": self.cards}
        return {**answer, "note": self.note} if self.note else answer


def _apart(quads) -> int:
    """How many groups of outlines lie apart (outlines that overlap or touch, as the cards of
    a pile do, are one group); the first outline is the card named."""
    groups: list[list[np.ndarray]] = []
    for quad in quads:
        quad = order_corners(quad)
        touching = [g for g in groups if any(_touch(quad, other) for other in g)]
        merged = [quad] + [q for g in touching for q in g]
        groups = [g for g in groups if not any(g is t for t in touching)] + [merged]
    return len(groups)


def _touch(a: np.ndarray, b: np.ndarray) -> bool:
    grown = [(q - q.mean(axis=0)) * 1.05 + q.mean(axis=0) for q in (a, b)]
    inter, _ = cv2.intersectConvexConvex(*grown)
    return inter > 0
