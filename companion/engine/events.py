"""Table events: what happened at the table, as small records.

Each event is a frozen dataclass with a ``type`` name; ``to_json()`` gives a dict
with a ``"type"`` field, :func:`event_from_json` reads one back and refuses a
malformed record with a :class:`UserError` that names the problem.

>>> from companion.engine.events import Play, event_from_json
>>> Play(seat=1, card="red-5").to_json()
{'type': 'play', 'seat': 1, 'card': 'red-5'}
>>> event_from_json({'type': 'play', 'seat': 1, 'card': 'red-5'})
Play(seat=1, card='red-5')

Seats are numbered 0..n-1 clockwise. Card names are checked by the engine when
the event is applied (a card the camera saw may be illegal, but must be a card).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from companion.engine.messages import message
from companion.errors import UserError

PENALTY_REASONS = ("misplay", "suggestion", "social", "timer", "uno")


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = ""

    def to_json(self) -> dict:
        data = {"type": self.type}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None or field.default is dataclasses.MISSING:
                data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class ChooseDealer(Event):
    """D3: the card each seat drew to choose the first dealer (None: did not draw)."""
    type: ClassVar[str] = "choose_dealer"
    cards: tuple


@dataclass(frozen=True)
class Deal(Event):
    """D2: cards dealt. ``hands`` when known (full information), else ``sizes`` (default 7)."""
    type: ClassVar[str] = "deal"
    dealer: int | None = None
    hands: tuple | None = None
    sizes: tuple | None = None


@dataclass(frozen=True)
class StartCard(Event):
    """D4: the card turned up to start the discard pile."""
    type: ClassVar[str] = "start_card"
    card: str


@dataclass(frozen=True)
class Play(Event):
    """A card the camera saw played, legal or not."""
    type: ClassVar[str] = "play"
    seat: int
    card: str


@dataclass(frozen=True)
class ChooseColour(Event):
    """T4: the colour named for a wild card."""
    type: ClassVar[str] = "colour"
    seat: int
    colour: str


@dataclass(frozen=True)
class ChooseTarget(Event):
    """H4: the player of a 7 names the seat to swap hands with."""
    type: ClassVar[str] = "target"
    seat: int
    target: int


@dataclass(frozen=True)
class Draw(Event):
    """Cards a seat took (counted by the launcher); the cards themselves when known."""
    type: ClassVar[str] = "draw"
    seat: int
    count: int
    cards: tuple | None = None


@dataclass(frozen=True)
class Burst(Event):
    """E1 Extreme: the seat whose turn it is pressed the launcher instead of drawing; ``count``
    is what the sensor counted (0 or more), the cards themselves when known. The turn is over."""
    type: ClassVar[str] = "burst"
    seat: int
    count: int
    cards: tuple | None = None


@dataclass(frozen=True)
class LauncherDeal(Event):
    """D2 by launcher: the launcher deals the round; the cards arrive as ``draw`` events."""
    type: ClassVar[str] = "launcher_deal"
    dealer: int | None = None


@dataclass(frozen=True)
class JumpIn(Event):
    """H5 at the table: ``seat``'s button claims the card just seen (or the next one) as its
    jump-in; the engine decides which (see docs/rules.md)."""
    type: ClassVar[str] = "jump_in"
    seat: int


@dataclass(frozen=True)
class Pass(Event):
    """T3: after drawing, the seat ends the turn without playing."""
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class CallUno(Event):
    """T5: the seat called UNO (V7: ``word`` "bruno" or "kuno" at 3 and 2 cards)."""
    type: ClassVar[str] = "uno"
    seat: int
    word: str | None = None


@dataclass(frozen=True)
class Catch(Event):
    """T5: ``seat`` caught ``target`` not calling UNO."""
    type: ClassVar[str] = "catch"
    seat: int
    target: int


@dataclass(frozen=True)
class Challenge(Event):
    """T6: the seat hit by a wild-draw4 challenges it."""
    type: ClassVar[str] = "challenge"
    seat: int


@dataclass(frozen=True)
class Accept(Event):
    """The seat takes the cards it must draw (no challenge, no answer): dispense them."""
    type: ClassVar[str] = "accept"
    seat: int


@dataclass(frozen=True)
class ChallengeVerdict(Event):
    """T6 in tracking mode: the table's verdict after looking at the hand."""
    type: ClassVar[str] = "challenge_verdict"
    wd4_was_legal: bool


@dataclass(frozen=True)
class Penalty(Event):
    """P1-P3 (and a timer in Flash mode): ``count`` defaults to the rule's number."""
    type: ClassVar[str] = "penalty"
    seat: int
    reason: str
    count: int | None = None


@dataclass(frozen=True)
class RaceResult(Event):
    """V3: the ring's verdict on a race: the slowest seat (or the one that did not react)."""
    type: ClassVar[str] = "race"
    slowest: int


@dataclass(frozen=True)
class Reshuffle(Event):
    """D5: the discard pile except its top card became the new draw pile."""
    type: ClassVar[str] = "reshuffle"


@dataclass(frozen=True)
class RevealHand(Event):
    """A seat showed its hand (challenge, scoring, or a check)."""
    type: ClassVar[str] = "reveal"
    seat: int
    cards: tuple


@dataclass(frozen=True)
class RoundEnd(Event):
    """S1 in tracking mode: the points left in each hand, counted by the players."""
    type: ClassVar[str] = "round_end"
    points: tuple


@dataclass(frozen=True)
class Correction(Event):
    """A host's correction from the phone: the real size of a hand."""
    type: ClassVar[str] = "correction"
    seat: int
    hand_size: int


# --- E7 DOS
@dataclass(frozen=True)
class Match(Event):
    """E7 DOS: ``seat`` matched centre row pile ``pile`` (0: the left one) with ``cards``:
    one card of its number, or two whose numbers add up to it (the camera saw them land)."""
    type: ClassVar[str] = "match"
    seat: int
    pile: int
    cards: tuple
# --- end of E7 DOS


@dataclass(frozen=True)
class DiscardAll(Event):
    """E5 No Mercy at a tracked table: the cards ``seat`` laid under its discard all (every
    other card of its colour), as counted on the ring or the phone; the cards when seen."""
    type: ClassVar[str] = "discard_all"
    seat: int
    count: int
    cards: tuple | None = None


@dataclass(frozen=True)
class FlipTop(Event):
    """E4 Flip, tracked: the discard pile's new top card after a flip, as the camera saw it."""
    type: ClassVar[str] = "flip_top"
    card: str


@dataclass(frozen=True)
class Undo(Event):
    """Withdraw the last ``count`` events (the log stays append-only)."""
    type: ClassVar[str] = "undo"
    count: int = 1


EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in [
    ChooseDealer, Deal, LauncherDeal, StartCard, Play, ChooseColour, ChooseTarget, Draw, Burst, Pass, CallUno,
    Catch, Challenge, Accept, ChallengeVerdict, Penalty, RaceResult, Reshuffle, RevealHand, RoundEnd, Correction,
    JumpIn, DiscardAll, FlipTop, Undo, Match]}


def _check(cls, name: str, value, annotation: str):
    """Shape checks only; the engine checks meaning (seat range, card names)."""
    if value is None and "None" in annotation:
        return None
    if annotation.startswith("int"):
        if type(value) is not int:
            raise UserError(message("event_whole_number", event=cls.type, field=name, value=repr(value)))
    elif annotation.startswith("bool"):
        if type(value) is not bool:
            raise UserError(message("event_bool", event=cls.type, field=name, value=repr(value)))
    elif annotation.startswith("str"):
        if type(value) is not str:
            raise UserError(message("event_text", event=cls.type, field=name, value=repr(value)))
    elif annotation.startswith("tuple"):
        if not isinstance(value, (list, tuple)):
            raise UserError(message("event_list", event=cls.type, field=name, value=repr(value)))
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


def event_from_json(data: object) -> Event:
    """An event from its dict form; UserError for anything malformed."""
    if not isinstance(data, dict):
        raise UserError(message("event_object", kind=type(data).__name__))
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise UserError(message("event_type", kind=repr(kind), known=", ".join(EVENT_TYPES)))
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type", "at"}  # "at": a time stamp the table may add
    if extra:
        raise UserError(message("event_extra", event=kind, fields=", ".join(sorted(extra))))
    values = {}
    for name, field in fields.items():
        if name not in data:
            if field.default is dataclasses.MISSING:
                raise UserError(message("event_missing", event=kind, field=repr(name)))
            continue
        values[name] = _check(cls, name, data[name], str(field.type))
    return cls(**values)
