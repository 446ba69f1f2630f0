"""Actions: what the table must do next, as the engine's answer to an event.

Hardware and web carry these out; they never decide a rule themselves.
Each action has ``to_json()`` (a dict with ``"type"``) and ``text`` (one line
a person can read).

>>> from companion.engine.actions import Dispense
>>> Dispense(seat=3, count=2, reason="draw2").text
'dispense 2 to seat 3 (draw2)'
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from companion.engine.cards import COLOURS


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""

    def to_json(self) -> dict:
        data = {"type": self.type}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
            if hasattr(value, "key"):  # an engine Message: its key and parameters for a page
                data[f"{field.name}_key"], data[f"{field.name}_params"] = value.key, dict(value.params)
        data["text"] = self.text
        return data

    @property
    def text(self) -> str:  # pragma: no cover - every subclass overrides
        return self.type


@dataclass(frozen=True, slots=True)
class ChooseDealerCards(Action):
    """D3: the listed seats each draw a card; the highest number deals."""
    type: ClassVar[str] = "choose_dealer"
    seats: tuple

    @property
    def text(self):
        return f"seats {', '.join(map(str, self.seats))} draw a card to choose the dealer"


@dataclass(frozen=True, slots=True)
class DealCards(Action):
    """D2: deal ``count`` cards to every seat, starting left of the dealer."""
    type: ClassVar[str] = "deal"
    dealer: int
    count: int

    @property
    def text(self):
        return f"seat {self.dealer} deals {self.count} cards to everyone"


@dataclass(frozen=True, slots=True)
class FlipStartCard(Action):
    """D4: turn up the start card (again, after a wild-draw4, or E4's wild draw card, went
    back into the deck: ``card``)."""
    type: ClassVar[str] = "flip_start_card"
    reshuffle_first: bool = False
    card: str = "wild-draw4"

    @property
    def text(self):
        return (f"put the {self.card} back, shuffle and turn up a new start card"
                if self.reshuffle_first else "turn up the start card")


@dataclass(frozen=True, slots=True)
class Dispense(Action):
    """Give ``count`` cards to ``seat`` from the draw pile (the launcher)."""
    type: ClassVar[str] = "dispense"
    seat: int
    count: int
    reason: str

    @property
    def text(self):
        return f"dispense {self.count} to seat {self.seat} ({self.reason})"


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """P1: the card just played was not allowed: the player takes it back."""
    type: ClassVar[str] = "take_back"
    seat: int
    card: str
    why: str

    @property
    def text(self):
        return f"misplay: seat {self.seat} takes the {self.card} back ({self.why})"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Light ``seat``: it is their turn. ``may`` lists what they may do; ``skipped``: the
    seats a skip passed over on the way (in the JSON only when there are any); ``side``: the
    side of an E4 Flip deck in play ("light" or "dark"), so the ring can light it apart."""
    type: ClassVar[str] = "turn"
    seat: int
    may: tuple
    skipped: tuple = ()
    side: str = "light"

    def to_json(self) -> dict:
        data = Action.to_json(self)
        if not self.skipped:
            del data["skipped"]
        return data

    @property
    def text(self):
        return f"seat {self.seat}'s turn: {' or '.join(self.may)}"


@dataclass(frozen=True, slots=True)
class AskColour(Action):
    """T4/D4: ``seat`` names one of ``colours``, offered in the ring's group order (E4's
    dark side: the dark colours)."""
    type: ClassVar[str] = "ask_colour"
    seat: int
    colours: tuple = COLOURS

    @property
    def text(self):
        return f"seat {self.seat} chooses a colour"


@dataclass(frozen=True, slots=True)
class AskTarget(Action):
    """H4: ``seat`` names the player to swap hands with."""
    type: ClassVar[str] = "ask_target"
    seat: int

    @property
    def text(self):
        return f"seat {self.seat} chooses a player to swap hands with"


@dataclass(frozen=True, slots=True)
class AskDrawTarget(AskTarget):
    """E6: ``seat`` names the player who draws ``count`` (a targeted draw two); the same
    question as H4's, so the ring and the phone answer it the same way."""
    count: int = 2

    @property
    def text(self):
        return f"seat {self.seat} chooses a player to draw {self.count}"


@dataclass(frozen=True, slots=True)
class AskDiscardAll(Action):
    """E5 No Mercy (tracking): ``seat`` played a discard all and lays every other card of
    ``colour`` under it; the ring or the phone tells how many (a ``discard_all`` event)."""
    type: ClassVar[str] = "ask_discard_all"
    seat: int
    colour: str

    @property
    def text(self):
        return f"seat {self.seat} lays every other {self.colour} card under the discard all: how many?"


@dataclass(frozen=True, slots=True)
class ChallengeWindow(Action):
    """T6: ``seat`` may challenge the wild-draw4 of ``against`` or take the cards."""
    type: ClassVar[str] = "challenge_window"
    seat: int
    against: int

    @property
    def text(self):
        return f"challenge window open for seat {self.seat} (wild-draw4 of seat {self.against})"


@dataclass(frozen=True, slots=True)
class ShowHand(Action):
    """``seat`` shows the hand to ``to`` (a challenge) or to the table (scoring: to = -1)."""
    type: ClassVar[str] = "show_hand"
    seat: int
    to: int
    why: str

    @property
    def text(self):
        who = "the table" if self.to < 0 else f"seat {self.to}"
        return f"seat {self.seat} shows the hand to {who} ({self.why})"


@dataclass(frozen=True, slots=True)
class Race(Action):
    """V3: the action number was played (E2: the Flash race card, ``card``): everyone races
    on the ring; report the slowest, who draws ``count``."""
    type: ClassVar[str] = "race"
    number: int | None = None
    card: str | None = None
    count: int = 1

    @property
    def text(self):
        played = f"a {self.number}" if self.card is None else f"the {self.card}"
        return f"race! {played} was played: the slowest draws {self.count}"


@dataclass(frozen=True, slots=True)
class Reload(Action):
    """D5: shuffle the discard pile except its top card into the launcher."""
    type: ClassVar[str] = "reload"
    cards: int

    @property
    def text(self):
        return f"draw pile empty: shuffle the {self.cards} discarded cards into the launcher"


@dataclass(frozen=True, slots=True)
class Notice(Action):
    """Something to show on the phone (a catch too late, a refused challenge...)."""
    type: ClassVar[str] = "notice"
    message: str

    @property
    def text(self):
        return self.message


@dataclass(frozen=True, slots=True)
class NeedsCorrection(Action):
    """The tracked state contradicts itself; the host should check and correct."""
    type: ClassVar[str] = "needs_correction"
    message: str

    @property
    def text(self):
        return f"please check: {self.message}"


@dataclass(frozen=True, slots=True)
class RoundOver(Action):
    """The round ended; ``points`` each seat scored this round."""
    type: ClassVar[str] = "round_over"
    winner: int
    points: tuple

    @property
    def text(self):
        return f"round over: seat {self.winner} went out; points {list(self.points)}"


@dataclass(frozen=True, slots=True)
class MatchOver(Action):
    """S2-S4: the match is decided."""
    type: ClassVar[str] = "match_over"
    winner: int
    scores: tuple

    @property
    def text(self):
        return f"match over: seat {self.winner} wins; scores {list(self.scores)}"
