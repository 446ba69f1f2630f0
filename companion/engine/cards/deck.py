"""A deck as data (:class:`Deck`): copies per face, hand size, its points and its table of the
faces that fit."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.cards.faces import CARD_IDS, CARD_NAMES, CARD_POINTS, CARD_RANK, fits_table
from companion.engine.cards.names import parse_card
from companion.engine.messages import message
from companion.errors import UserError


@dataclass(frozen=True)
class Deck:
    """An edition's deck: copies per face name. ``cards()`` lists face ids (unshuffled);
    ``fits`` is its table of faces that fit (T1), over this deck's faces only."""

    name: str
    counts: dict[str, int]
    hand_size: int = 7  # D2
    #: E4 Flip: each face's other side, both ways (the deck is counted by its light faces).
    other_side: dict = field(default_factory=dict, repr=False)
    #: S1 values by face id (E4 Flip counts its own); the classic values when empty.
    points: tuple = field(default=(), repr=False, compare=False)
    fits: tuple = field(default=(), repr=False, compare=False)           # from counts
    face_set: frozenset = field(default=frozenset(), repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "face_set", frozenset(self.face_ids))
        object.__setattr__(self, "fits", fits_table(self.face_ids))
        if not self.points:
            object.__setattr__(self, "points", CARD_POINTS)

    def cards(self) -> list[int]:
        return list(self._faces)

    @property
    def face_ids(self) -> tuple[int, ...]:
        """The distinct faces of this deck, in id order."""
        return tuple(sorted({CARD_IDS[name] for name, count in self.counts.items() if count}
                            | {CARD_IDS[name] for name in self.other_side}))

    @property
    def names(self) -> tuple[str, ...]:
        """The distinct face names of this deck, in id order."""
        return tuple(CARD_NAMES[c] for c in self.face_ids)

    @property
    def has_numbers(self) -> bool:
        """Does this deck hold number cards (to choose the dealer by, D3)? E6's has none."""
        return any(CARD_RANK[c] <= 9 for c in self.face_set)

    def holds(self, card: int) -> bool:
        """Is face ``card`` in this deck?"""
        return card in self.face_set

    def parse(self, name: str) -> int:
        """Face id of a card name of this deck; a :class:`UserError` for any other name
        (a ``red-0`` at a Junior table is a misread, not a play)."""
        card = parse_card(name)
        if not self.holds(card):
            raise UserError(message("not_in_deck", name=CARD_NAMES[card], deck=self.name))
        return card

    @property
    def _faces(self) -> tuple[int, ...]:
        # Cached on first use: a fresh deck per simulated game must be cheap.
        faces = self.__dict__.get("_face_cache")
        if faces is None:
            faces = tuple(CARD_IDS[name] for name, count in self.counts.items() for _ in range(count))
            object.__setattr__(self, "_face_cache", faces)
        return faces

    @property
    def size(self) -> int:
        return len(self._faces)
