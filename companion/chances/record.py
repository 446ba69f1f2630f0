"""A table's view of a simulated round: the full game's log replayed in tracking mode.

Draws and deals lose their cards (the table only counts them); a challenged hand is
shown to the camera (T6) as a real table does, so the tracking game learns those cards,
and so are the hands left at a round's end (S1), so a whole match replays.
Each step yields the tracking game next to the full one, for tests and calibration.
"""
from __future__ import annotations

import dataclasses

from companion.engine import events as E
from companion.engine.cards import CARD_NAMES
from companion.engine.game import Game
from companion.engine.phases import SCORING, VERDICT


def as_seen(event):
    """The event as a tracking table records it: counted cards, not their faces."""
    if isinstance(event, E.Deal) and event.hands is not None:
        return E.Deal(event.dealer, None, tuple(len(hand) for hand in event.hands))
    if isinstance(event, (E.Draw, E.Burst)) and event.cards is not None:
        return dataclasses.replace(event, cards=None)
    return event


def table_view(game: Game, tracker=None):
    """Replay ``game``'s log (a full-information game that recorded one) and yield
    ``(tracking, full)`` after each event; both games are updated in place, and
    ``tracker`` (a :class:`~companion.chances.inference.Tracker`) steps with the table."""
    if game.log is None or not game.full:
        raise ValueError("table_view needs a full-information game with its log")
    full = Game(game.players, game.options, full_information=True, deck=game.deck,
                record=False, seed=game.seed)
    tracking = Game(game.players, game.options, deck=game.deck, record=False, seed=game.seed)
    for event in game.log:
        full.apply(event)
        seen = as_seen(event)
        tracking.apply(seen)
        if tracker is not None:
            tracker.step(seen, tracking)
        if tracking.phase is VERDICT:  # the challenged player shows the hand (T6)
            shown = full.wd4_by
            reveal = E.RevealHand(shown, tuple(CARD_NAMES[c] for c in full.hands[shown]))
            tracking.apply(reveal)
            if tracker is not None:
                tracker.step(reveal, tracking)
        while tracking.phase is SCORING:  # the hands are counted for the scores (S1)
            seat = tracking.revealed_points.index(None)
            tracking.apply(E.RevealHand(seat, tuple(CARD_NAMES[c] for c in full.hands[seat])))
        yield tracking, full
