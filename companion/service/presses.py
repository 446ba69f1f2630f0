"""What a device observation means now: the engine event it stands for, or nothing.

A button press has no meaning of its own: the same seat button ends a turn,
calls UNO, catches, challenges or names a target. Which one is read from what
the engine said it waits for (its snapshot: ``phase``, ``turn``, ``uno_window``),
never from a rule of our own; the engine then decides whether the event counts.

>>> state = {"phase": "drawn", "turn": 1, "uno_window": None, "uno_called": [False] * 3,
...          "dealer": 0, "players": ["A", "B", "C"]}
>>> press_event(state, 1).to_json()
{'type': 'pass', 'seat': 1}
>>> press_event({**state, "uno_window": 0}, 2).to_json()
{'type': 'catch', 'seat': 2, 'target': 0}
>>> press_event({**state, "phase": "turn", "claimable": 1}, 2).to_json()   # H5
{'type': 'jump_in', 'seat': 2}
"""
from __future__ import annotations

from companion.devices import observations as obs
from companion.engine import events as E


def press_event(state: dict, seat: int) -> E.Event | None:
    """The event a press of ``seat``'s button stands for in ``state`` (None: nothing now)."""
    phase, turn, window = state["phase"], state["turn"], state.get("uno_window")
    if seat >= len(state["players"]):
        return None
    if window is not None and seat != turn:
        # T5: within the window after a player is down to one card: their own button calls
        # UNO, anyone else's catches them (before the next turn begins)
        if seat == window:
            return None if state["uno_called"][window] else E.CallUno(seat)
        return E.Catch(seat, window)
    claimable = state.get("claimable", -1)
    if claimable is not None and claimable >= 0 and seat != claimable and phase != "target":
        return E.JumpIn(seat)            # H5: "that card was mine"
    if phase == "deal" and seat == state.get("dealer"):
        return E.Deal(dealer=seat)       # the dealer has dealt by hand and says so
    if phase == "challenge" and seat == turn:
        return E.Challenge(seat)         # T6: the victim's own button
    if phase == "target" and seat != turn:
        return E.ChooseTarget(turn, seat)  # H4: the target's button
    if phase == "drawn" and seat == turn:
        return E.Pass(seat)              # T3: drew, keeps the card
    if window is not None and seat == window:
        return None if state["uno_called"][window] else E.CallUno(seat)
    if state.get("rules", {}).get("jump_in") and turn is not None and seat != turn and window is None:
        return E.JumpIn(seat)            # H5: "the next card is mine"
    return None


def observation_event(state: dict, observation) -> E.Event | None:
    """The engine event for one device observation in ``state`` (None: nothing for the engine)."""
    if isinstance(observation, obs.SeatPressed):
        return press_event(state, observation.seat)
    if isinstance(observation, obs.ColourChosen):
        if state["phase"] == "colour":
            return E.ChooseColour(state["turn"], observation.colour)
        return None
    if isinstance(observation, obs.TurnTimerExpired):
        if state["turn"] == observation.seat and state["phase"] in ("turn", "drawn"):
            return E.Penalty(observation.seat, "timer")  # E2: the engine sets the count
        return None
    if isinstance(observation, obs.RaceResult):
        slowest = (observation.no_shows or (observation.order[-1] if observation.order else ()))
        return E.RaceResult(slowest[0]) if slowest else None
    if isinstance(observation, obs.DispenseEnded.__args__):
        if observation.seat is None:
            return None
        if observation.burst and state["phase"] == "turn" and state["turn"] == observation.seat:
            # E1: the whole burst, 0 included, unless it never ran (dropped or stopped at once)
            if observation.count or not isinstance(observation, obs.DispenseStopped):
                return E.Burst(observation.seat, observation.count)
            return None
        if observation.count:
            return E.Draw(observation.seat, observation.count)  # what the sensor counted
        return None
    return None
