"""What the table observed, and what it means now: the engine events it stands for, and
what the launcher must do.

A button has no meaning of its own: the same seat button ends a turn, calls UNO,
catches, challenges or names a target; the draw button deals, takes the cards of a
challenge, throws one card or a burst. The table (buttons, launcher sensor, camera,
timers) only says what it saw, as one of the small *inputs* below; :func:`meaning`
reads it against the engine's state (its snapshot: ``phase``, ``turn``,
``uno_window``, ``rules``...) and answers a :class:`Meaning`: the events to submit
and the actions to carry out. The engine then decides whether an event counts.
Pure: no I/O, no devices; the names differ from the engine's events on purpose
(``SeatButton`` is what was pressed, ``Pass`` or ``Catch`` what it meant).

>>> state = {"phase": "drawn", "turn": 1, "uno_window": None, "uno_called": [False] * 3,
...          "dealer": 0, "players": ["A", "B", "C"]}
>>> [e.to_json() for e in meaning(state, SeatButton(1)).events]
[{'type': 'pass', 'seat': 1}]
>>> [e.to_json() for e in meaning({**state, "uno_window": 0}, SeatButton(2)).events]
[{'type': 'catch', 'seat': 2, 'target': 0}]
>>> [e.to_json() for e in meaning({**state, "phase": "turn", "claimable": 1}, SeatButton(2)).events]
[{'type': 'jump_in', 'seat': 2}]
>>> [a.to_json()["count"] for a in meaning({**state, "phase": "turn", "pending_draw": 0}, DrawButton()).actions]
[1]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.engine import actions as A
from companion.engine import events as E
from companion.engine.messages import message
from companion.engine import phases as P

FLASH_TURN_SECONDS = 6   # E2: Flash plays against the clock unless the rules name a time


# -- what the table observed ----------------------------------------------------------------
@dataclass(frozen=True)
class SeatButton:
    """A seat's button was pressed."""
    seat: int


@dataclass(frozen=True)
class DrawButton:
    """The launcher's big draw button was pressed (the launcher is there and idle).

    ``asked``: the dispenses the engine still asks for (its prompt), thrown again after a
    jam or a reload; ``bursts``: the table throws Extreme bursts (its mode) (E1)."""
    asked: tuple = ()
    bursts: bool = False


@dataclass(frozen=True)
class ColourButton:
    """A colour was picked on the ring (T4): the colour its group was offered as."""
    colour: str


@dataclass(frozen=True)
class TurnTimeout:
    """The Flash turn timer of ``seat`` ran out (E2)."""
    seat: int


@dataclass(frozen=True)
class RaceOutcome:
    """The ring's race (V3) is over: the seats in the order they slapped, and those who did not."""
    order: tuple = ()
    no_shows: tuple = ()


@dataclass(frozen=True)
class CardsCounted:
    """A launcher job ended: the exit sensor counted ``count`` cards for ``seat``.

    ``burst``: it was an Extreme burst; ``ran``: it did run (False: dropped or stopped
    before it started)."""
    seat: int | None
    count: int
    burst: bool = False
    ran: bool = True


@dataclass(frozen=True)
class CardSighted:
    """The camera saw ``card`` settle on the discard pile."""
    card: str


@dataclass(frozen=True)
class RowSighted:
    """E7 DOS: the camera saw ``cards`` (one, or two of a sum) settle on centre row pile
    ``pile`` (0: the left one), or, with ``pile`` None, open a new pile on the right."""
    pile: int | None
    cards: tuple


Input = (SeatButton | DrawButton | ColourButton | TurnTimeout | RaceOutcome | CardsCounted | CardSighted
         | RowSighted)


@dataclass(frozen=True)
class Meaning:
    """What one input means now: engine events to submit, in order, and actions to carry out."""
    events: list = field(default_factory=list)
    actions: list = field(default_factory=list)


# -- what it means --------------------------------------------------------------------------
def meaning(state: dict, observed: Input) -> Meaning:
    """What ``observed`` stands for in ``state`` (the engine's snapshot); empty: nothing now."""
    if isinstance(observed, DrawButton):
        return draw_button(state, observed)
    event = _event(state, observed)
    return Meaning(events=[event] if event is not None else [])


def _event(state: dict, observed) -> E.Event | None:
    if isinstance(observed, SeatButton):
        return press_event(state, observed.seat)
    if isinstance(observed, CardSighted):
        return sighting_event(state, observed.card)
    if isinstance(observed, RowSighted):
        return row_sighting_event(state, observed)
    phase, turn = state["phase"], state["turn"]
    if isinstance(observed, ColourButton):
        if phase != P.COLOUR:
            return None
        return E.ChooseColour(turn, observed.colour)  # the ring's group, as the engine offered it
    if isinstance(observed, TurnTimeout):
        if turn == observed.seat and phase in (P.TURN, P.DRAWN):
            return E.Penalty(observed.seat, "timer")  # E2: the engine sets the count
        return None
    if isinstance(observed, RaceOutcome):
        slowest = observed.no_shows or (observed.order[-1] if observed.order else ())
        return E.RaceResult(slowest[0]) if slowest else None
    if isinstance(observed, CardsCounted):
        if observed.seat is None:
            return None
        if observed.burst and phase == P.TURN and turn == observed.seat:
            # E1: the whole burst, 0 included, unless it never ran (dropped or stopped at once)
            return E.Burst(observed.seat, observed.count) if observed.count or observed.ran else None
        return E.Draw(observed.seat, observed.count) if observed.count else None  # what was counted
    return None


def press_event(state: dict, seat: int) -> E.Event | None:
    """The event a press of ``seat``'s button stands for in ``state`` (None: nothing now)."""
    phase, turn, window = state["phase"], state["turn"], state.get("uno_window")
    if seat >= len(state["players"]):
        return None
    if state.get("centre_row") is not None:
        return dos_press_event(state, seat)
    if window is not None and seat != turn:
        # T5: within the window after a player is down to one card: their own button calls
        # UNO, anyone else's catches them (before the next turn begins)
        if seat == window:
            return None if state["uno_called"][window] else E.CallUno(seat)
        return E.Catch(seat, window)
    claimable = state.get("claimable", -1)
    if claimable is not None and claimable >= 0 and seat != claimable and phase != P.TARGET:
        return E.JumpIn(seat)            # H5: "that card was mine"
    if phase == P.DEAL and seat == state.get("dealer"):
        return E.Deal(dealer=seat)       # the dealer has dealt by hand and says so
    if phase == P.CHALLENGE and seat == turn:
        return E.Challenge(seat)         # T6: the victim's own button
    if phase == P.TARGET and seat != turn:
        return E.ChooseTarget(turn, seat)  # H4: the target's button
    if phase == P.DRAWN and seat == turn:
        return E.Pass(seat)              # T3: drew, keeps the card
    if window is not None and seat == window:
        return None if state["uno_called"][window] else E.CallUno(seat)
    if state.get("rules", {}).get("jump_in") and turn is not None and seat != turn and window is None:
        return E.JumpIn(seat)            # H5: "the next card is mine"
    return None


def dos_press_event(state: dict, seat: int) -> E.Event | None:
    """E7 DOS: a seat's button. While someone is down to two cards without "DOS!", their own
    button calls it and any other catches them (E7.8); else the player's button ends the turn
    once it matched or drew (E7.5, E7.6), and the dealer's says the hand deal is done."""
    phase, turn, window = state["phase"], state["turn"], state.get("uno_window")
    if window is not None:
        if seat != window:
            return E.Catch(seat, window)
        return None if state["uno_called"][window] else E.CallUno(seat, "dos")
    if phase == P.DEAL and seat == state.get("dealer"):
        return E.Deal(dealer=seat)
    if seat == turn and (phase == P.DRAWN or (phase == P.TURN and state["house"].get("matched_piles"))):
        return E.Pass(seat)
    return None


def row_sighting_event(state: dict, seen: RowSighted) -> E.Event | None:
    """E7 DOS: cards settling in the centre row: a row card turned up (the deal, a refill), a
    card put into the row at the end of a turn, or a match on a pile."""
    phase, turn, cards = state["phase"], state["turn"], tuple(seen.cards)
    if phase in ("start_card", "refill") and len(cards) == 1:
        return E.StartCard(cards[0])
    if turn is None:
        return None
    if seen.pile is None:
        return E.Play(turn, cards[0]) if len(cards) == 1 else None
    return E.Match(turn, seen.pile, cards)


def sighting_event(state: dict, card: str) -> E.Event | None:
    """The event a card settling on the pile stands for now (None: the table waits for none)."""
    if state["phase"] == P.START:
        return E.StartCard(card)
    if state.get("house", {}).get("top_due"):
        return E.FlipTop(card)           # E4.5: the turned discard pile's new top card
    if state["turn"] is not None:
        return E.Play(state["turn"], card)
    return None


def draw_button(state: dict, pressed: DrawButton) -> Meaning:
    """D2: the launcher deals (or, while dealing, throws what each seat lacks); T6: the
    victim takes the cards instead of challenging; after a jam or a reload, what the engine
    still asks for; else on a turn with nothing owed one card (T3) or a burst (E1), and
    after a drawn card one more while the engine allows it (H7, E5.3)."""
    phase, turn = state["phase"], state["turn"]
    if phase == P.DEAL and state["dealer"] is not None:
        return Meaning(events=[E.LauncherDeal(state["dealer"])])
    if phase == P.DEALING:
        return Meaning(actions=list(pressed.asked))
    if turn is None:
        return Meaning()
    if phase == P.CHALLENGE:
        return Meaning(events=[E.Accept(turn)])
    if pressed.asked:
        return Meaning(actions=list(pressed.asked))
    if phase == P.TURN and not state["pending_draw"]:
        if pressed.bursts or state.get("rules", {}).get("extreme_bursts"):
            return Meaning(actions=[LauncherBurst(turn)])
        return _one_card(turn)
    if phase == P.DRAWN and state["house"].get("draw_again"):   # H7, E5.3: no card fits yet
        return _one_card(turn)
    return Meaning()


def _one_card(seat: int) -> Meaning:
    """The draw button's one card for ``seat`` (T3, and again after a drawn card: H7, E5.3)."""
    return Meaning(actions=[A.Dispense(seat=seat, count=1, reason=message("reason_draw_button"))])


@dataclass(frozen=True, slots=True)
class LauncherBurst(A.Action):
    """E1: the launcher throws a burst at ``seat``; the sensor's count comes back as the draw."""
    type: ClassVar[str] = "burst"
    seat: int

    @property
    def text(self):
        return f"launcher: a burst at seat {self.seat}"


# -- what the table's mode asks of the inputs -----------------------------------------------
def turn_timer(mode: str, flash_turn_seconds: float | None) -> float | None:
    """The seconds a Flash turn lasts (E2; :func:`options_for_mode` sets the default); None:
    no turn timer at this table."""
    return flash_turn_seconds if mode == "flash" else None


def throws_bursts(mode: str) -> bool:
    """Whether the draw button throws Extreme bursts (E1) at a table of this mode."""
    return mode == "extreme"


def options_for_mode(options, mode: str):
    """The options with what the mode implies: Flash has a turn timer (E2)."""
    if mode == "flash" and options.flash_turn_seconds is None:
        return options.replace(flash_turn_seconds=FLASH_TURN_SECONDS)
    return options
