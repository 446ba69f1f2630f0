"""A complete match as a real table reports it: the events a tracking table receives.

Virtual players (companion.engine.sim) play a full-information match; its log is
replayed in step with a tracking TableGame, which gets the same events without
the hidden cards, plus what a table adds: the challenge verdict after a looked-at
hand (T6) and the counted points at the end of a round (S1). The tracking game
checks every event as it goes, so the list is one a real table could produce.
"""
from __future__ import annotations

import random

from companion.engine import Game, card_points, events as E
from companion.engine.sim import play_match
from companion.table import Setup, TableGame


def tracking_event(event: E.Event) -> E.Event:
    """What the table sees of a full-information event: counts, not the hidden cards."""
    if isinstance(event, E.Deal):
        return E.Deal(dealer=event.dealer)
    if isinstance(event, E.Draw):
        return E.Draw(event.seat, event.count)
    return event


def match_events(players=("Ana", "Ben", "Cem"), options=None, seed: int = 1) -> tuple[list[dict], TableGame]:
    """``(events as JSON, the tracking game after them)`` for one seeded match."""
    full = Game(list(players), options, full_information=True)
    play_match(full, random.Random(seed).random)
    world = Game(list(players), options, full_information=True)
    table = TableGame(Setup(players=tuple(players), dealer=None, options=full.options))
    out: list[dict] = []

    def apply(event):
        table.apply(event)
        out.append(event.to_json())

    for event in full.log:
        world.apply(event)
        apply(tracking_event(event))
        phase = table.engine.phase
        if phase == "verdict":
            apply(_verdict(table, world))
        elif phase == "scoring":
            apply(E.RoundEnd(tuple(sum(card_points(c) for c in hand)
                                   for hand in world.snapshot()["hands"])))
    assert table.engine.snapshot()["scores"] == full.snapshot()["scores"]
    return out, table


def _verdict(table: TableGame, world: Game) -> E.Event:
    """T6: the verdict under which the tracking game owes what the full one owes."""
    want = world.snapshot()
    for legal in (True, False):
        trial = table.engine.copy()
        trial.apply(E.ChallengeVerdict(legal))
        got = trial.snapshot()
        if (got["pending_draw"], got["owed_cards"], got["turn"]) == (
                want["pending_draw"], want["owed_cards"], want["turn"]):
            return E.ChallengeVerdict(legal)
    raise AssertionError("no verdict matches the full-information game")
