"""A device observation, said in the engine's words: the input it is (no meaning of our own).

The devices speak :mod:`companion.devices.observations`; the engine reads
:mod:`companion.engine.inputs` and alone decides what each means now (a press
ends a turn, calls UNO, catches, challenges...). This module only renames one
into the other; it reads no phase and no rule.

>>> from companion.engine import phases
>>> state = {"phase": phases.DRAWN, "turn": 1, "uno_window": None, "uno_called": [False] * 3,
...          "dealer": 0, "players": ["A", "B", "C"]}
>>> press_event(state, 1).to_json()
{'type': 'pass', 'seat': 1}
"""
from __future__ import annotations

from companion.devices import observations as obs
from companion.engine import events as E
from companion.engine import inputs


def engine_input(observation) -> inputs.Input | None:
    """The engine's input for one device observation (None: nothing for the engine)."""
    if isinstance(observation, obs.SeatPressed):
        return inputs.SeatButton(observation.seat)
    if isinstance(observation, obs.ColourChosen):
        return inputs.ColourButton(observation.colour)
    if isinstance(observation, obs.TurnTimerExpired):
        return inputs.TurnTimeout(observation.seat)
    if isinstance(observation, obs.RaceEnded):
        return inputs.RaceOutcome(tuple(observation.order), tuple(observation.no_shows))
    if isinstance(observation, obs.DispenseEnded.__args__):
        return inputs.CardsCounted(observation.seat, observation.count, observation.burst,
                                   ran=not isinstance(observation, obs.DispenseStopped))
    return None


def press_event(state: dict, seat: int) -> E.Event | None:
    """The event a press of ``seat``'s button stands for in ``state`` (the engine's reading)."""
    return inputs.press_event(state, seat)


def observation_event(state: dict, observation) -> E.Event | None:
    """The engine event for one device observation in ``state`` (None: nothing for the engine)."""
    observed = engine_input(observation)
    if observed is None:
        return None
    events = inputs.meaning(state, observed).events
    return events[0] if events else None
