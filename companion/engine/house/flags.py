"""What house rules keep for one round (``Game.flags``): one named field per fact.

A field at its default has not been set this round. The snapshot shows the fields that
were set (``items()``), apart from the bookkeeping ones (see ``ApplyMixin._house_state``).

>>> flags = RoundFlags()
>>> flags.race = True                 # V3: a race is on
>>> list(flags.items())
[('race', True)]
>>> flags.get("flash_picks", 0), flags.finished
(0, None)
"""
from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(slots=True)
class RoundFlags:
    #: H1 H2 V4 V5: the rank (DRAW2 or WILD_DRAW4) of the card that made the pending draw.
    draw_kind: int | None = None
    #: V6: the seats that went out (passed over until the round ends).
    finished: frozenset[int] | None = None
    #: V6: the seats in the order they went out.
    places: list[int] | None = None
    #: V9: the seats that went out and wait to be due again.
    waiting: frozenset[int] | None = None
    #: V7: the hand size each seat last announced (3 Bruno, 2 Kuno, 1 UNO).
    announced: dict[int, int] | None = None
    #: V1: the last single play a second identical card may join (seat, card, discard
    #: length, cards in hands); None after a pair (not three); () before any play.
    double: tuple | None = ()
    #: V10: the number a turned 6/9 on top now counts as.
    turned: int | None = None
    #: V10: the cards each seat draws at the start of its next turn.
    owe_at_turn: dict[int, int] | None = None
    #: V3 (True) or E2 (the penalty count): a race is on; the ring reports the slowest.
    race: bool | int | None = None
    #: V8: complementary colours are on (toggled by the chosen number).
    complementary: bool | None = None
    #: E2: how many random seats the round has picked.
    flash_picks: int = 0
    #: H5: a button claimed the next card (seat, log length at the claim).
    jump_claim: tuple[int, int] | None = None
    #: E6: what the player named in phase TARGET gets ("target-draw2" or "swap").
    target_for: str | None = None
    #: E5: the seats the mercy rule put out of the round, in order.
    eliminated: tuple | None = None
    #: E5: a colour roulette runs: the colour (0-3) its victim draws until, -1 until named.
    roulette: int | None = None
    #: E5: how many cards of the roulette victim's hand were known when its last card came.
    roulette_seen: int = 0
    #: E4 Flip: the side in play after a flip ("dark", "light"); None: the light side.
    side: str | None = None
    #: E4 Flip, tracked: a flip turned the discard pile; the camera reports its new top.
    top_due: bool = False
    #: E4 Flip: the current seat draws until this colour (its name) comes (wild-draw-colour),
    #: and how many of its hand's cards the table knew before each of those draws.
    until_colour: str | None = None
    until_known: int = 0

    def items(self):
        """The fields set this round, as (name, value) pairs."""
        for name, default in _DEFAULTS:
            value = getattr(self, name)
            if value != default:
                yield name, value

    def get(self, name: str, default=None):
        """The field ``name`` if it was set this round, else ``default`` (as for a dict)."""
        value = getattr(self, name)
        return default if value == _DEFAULT[name] else value

    def copy(self) -> RoundFlags:
        """An independent copy (the lists and dicts rules change in place are copied)."""
        twin = RoundFlags(*(getattr(self, name) for name, _ in _DEFAULTS))
        for name in ("places", "announced", "owe_at_turn"):
            value = getattr(twin, name)
            if value is not None:
                setattr(twin, name, value.copy())
        return twin


_DEFAULTS = tuple((field.name, field.default) for field in fields(RoundFlags))
_DEFAULT = dict(_DEFAULTS)


class _NoFlags(RoundFlags):
    """The flags of a game without house rules: shared, and nothing may set them."""
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"no house rule is on: game.flags.{name} cannot be set")

    def copy(self) -> RoundFlags:
        return self


#: ``Game.flags`` with the official rules: a new round costs no new object.
NO_FLAGS = object.__new__(_NoFlags)
for _name, _default in _DEFAULTS:
    object.__setattr__(NO_FLAGS, _name, _default)
