"""Card counting from the public record (tracking mode).

The unseen cards are the deck less the discard pile (its top card included) and less
every card the table has seen in a hand (shown to the camera for a challenge or the
scoring; the engine moves such cards with a hand in a swap, H4, and drops them when they
are played). Each hidden card of a hand is then equally likely to be any unseen card:
that gives each seat's expected cards per colour, of action and of wild cards, and which
faces it surely holds (seen) or cannot hold (none left unseen, or its whole hand seen).

With a :class:`~companion.chances.inference.Tracker`'s masks (what draws, passes and a
wild-draw4 imply), a hidden card is no longer any unseen card: the expected cards are then
the maximum-entropy spread of the unseen cards over the hidden places that respects every
mask (iterative proportional fitting), and a seat surely cannot hold a face that none of
its hidden cards may be.

A game with full information is counted as a tracking table would see it: its hands are
hidden and only their sizes count (see :mod:`companion.chances.record` for a table's
view of a simulated round, shown hands included).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.engine.cards import ACTIONS, CARD_NAMES, CARDS, COLOURS, on_side

#: The groups a seat's expected cards are given for.
GROUPS: tuple[str, ...] = (*COLOURS, "action", "wild")


def _groups(face: int) -> tuple[str, ...]:
    card = CARDS[face]
    if card.colour is None:
        return ("wild",)
    return (card.colour, "action") if card.kind in ACTIONS else (card.colour,)


FACE_GROUPS: tuple[tuple[str, ...], ...] = tuple(_groups(face) for face in range(len(CARDS)))


@dataclass
class CardCount:
    """What the public record says about the cards out of sight."""

    unseen: Counter            # face id -> copies neither on the discard pile nor seen in a hand
    known: list[list[int]]     # per seat: the faces seen in its hand (still held)
    sizes: list[int]           # per seat: cards in hand
    hidden: list[int]          # per seat: cards in hand not seen
    expected: list[dict]       # per seat: group name -> expected cards held
    surely_holds: list[list[str]]
    cannot_hold: list[list[str]]
    masks: list[list[int]] | None = None  # per seat, per hidden card: faces it cannot be

    @property
    def unseen_total(self) -> int:
        return sum(self.unseen.values())

    def to_json(self) -> dict:
        return {"unseen": {CARD_NAMES[f]: n for f, n in sorted(self.unseen.items()) if n},
                "hidden": list(self.hidden), "hand_sizes": list(self.sizes),
                "expected": [{k: round(v, 3) for k, v in e.items()} for e in self.expected],
                "surely_holds": self.surely_holds, "cannot_hold": self.cannot_hold}


def public_hands(game) -> list[list[int]]:
    """The faces the table has seen in each hand (none when the engine knows every hand:
    counting uses only what a tracking table would know)."""
    if game.full:
        return [[] for _ in range(game.n)]
    return [list(hand[:size]) for hand, size in zip(game.hands, game.sizes)]


def count_cards(game, masks: list[list[int]] | None = None) -> CardCount:
    """Count the cards of ``game``'s current round from its public record (and, when given,
    the masks of a :class:`~companion.chances.inference.Tracker` for this state)."""
    unseen = Counter(on_side(game.deck, game.deck.cards(), game.flags.side == "dark"))  # E4 Flip
    unseen.subtract(game.discard)
    known = public_hands(game)
    for hand in known:
        unseen.subtract(hand)
    for face in [f for f, n in unseen.items() if n <= 0]:
        del unseen[face]  # a contradiction (more seen than the deck holds) counts as none left
    sizes = list(game.sizes)
    hidden = [max(0, size - len(hand)) for size, hand in zip(sizes, known)]
    if masks is not None and (len(masks) != game.n or any(
            len(m) != h for m, h in zip(masks, hidden)) or not any(any(m) for m in masks)):
        masks = None  # masks of another state, or nothing inferred
    spread = _spread(unseen, hidden, masks) if masks else None
    total = sum(unseen.values())
    share = Counter()
    for face, copies in unseen.items():
        for group in FACE_GROUPS[face]:
            share[group] += copies
    expected, surely, cannot = [], [], []
    for seat in range(game.n):
        if spread is None:
            fraction = hidden[seat] / total if total else 0.0
            mine = {group: share[group] * fraction for group in GROUPS}
        else:
            mine = dict.fromkeys(GROUPS, 0.0)
            for mask in masks[seat]:
                for face, p in spread[mask].items():
                    for group in FACE_GROUPS[face]:
                        mine[group] += p
        for face in known[seat]:
            for group in FACE_GROUPS[face]:
                mine[group] += 1
        expected.append(mine)
        surely.append(sorted(CARD_NAMES[f] for f in set(known[seat])))
        possible = set(known[seat])
        for mask in (masks[seat] if masks else [0] * min(1, hidden[seat])):
            possible.update(f for f in unseen if not (mask >> f) & 1)
        cannot.append([CARD_NAMES[f] for f in game.deck.face_ids if f not in possible])
    return CardCount(unseen, known, sizes, hidden, expected, surely, cannot, masks)


def _spread(unseen: Counter, hidden: list[int], masks, rounds: int = 40) -> dict:
    """Per mask: face -> chance that a hidden card with that mask is that face.

    Every unseen card is in one hidden place (a hand's hidden card or the draw pile, which
    has no mask); face weights are scaled until the places' expected cards of each face add
    up to its unseen copies (iterative proportional fitting, the maximum-entropy answer)."""
    places = Counter()
    for seat_masks in masks:
        places.update(seat_masks)
    places[0] += max(0, sum(unseen.values()) - sum(hidden))
    faces = [f for f, n in unseen.items() if n > 0]
    allowed = {mask: [f for f in faces if not (mask >> f) & 1] for mask in places}
    weight = dict.fromkeys(faces, 1.0)
    for _ in range(rounds):
        placed = dict.fromkeys(faces, 0.0)
        for mask, many in places.items():
            total = sum(weight[f] * unseen[f] for f in allowed[mask])
            if total:
                for f in allowed[mask]:
                    placed[f] += many * weight[f] * unseen[f] / total
        for f in faces:
            if placed[f] > 0:
                weight[f] *= unseen[f] / placed[f]
    spread = {}
    for mask in places:
        total = sum(weight[f] * unseen[f] for f in allowed[mask])
        spread[mask] = {f: weight[f] * unseen[f] / total for f in allowed[mask]} if total else {}
    return spread


def true_groups(hand) -> dict:
    """The group counts of a known hand (for tests and calibration)."""
    counts = dict.fromkeys(GROUPS, 0)
    for face in hand:
        for group in FACE_GROUPS[face]:
            counts[group] += 1
    return counts
