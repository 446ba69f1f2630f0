"""Virtual players at a simulated table: they hold real hands and act physically.

The players' cards live in a full-information engine game (``world``), kept in
step with the table by following every update the table publishes: a card the
table accepted leaves the player's hand, a draw the launcher counted brings
random cards from the world's pile. So a player only ever knows what a person
at the table knows, and the table only ever learns what its camera, buttons,
launcher and phone tell it.

:meth:`VirtualPlayers.next_act` looks at what the table waits for and answers
one physical act (lay a card, press a seat button, press the draw button, pick
a colour on the ring, type on the phone). Strategies are simple on purpose:
play a random legal card, name the colour held most, challenge half the time,
sometimes forget UNO (and the others catch it).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from companion.engine import CARD_NAMES, Game, card_points
from companion.engine import events as E
from companion.errors import UserError

log = logging.getLogger(__name__)
SKIPPED = ("challenge_verdict", "round_end", "reveal", "correction")  # the world knows these itself


@dataclass(frozen=True)
class Act:
    """One physical act: ``kind`` is place, spread, press, draw_button, colour, phone, correct,
    race, fix_launcher or jump (H5: ``seat``'s button, then the card ``value``)."""
    kind: str
    seat: int | None = None
    value: Any = None


class VirtualPlayers:
    """The people at a simulated table (see the module docstring)."""

    def __init__(self, players, options, random, *, forget: float = 0.2, challenge: float = 0.5,
                 seed: int = 0, jump: float = 0.5):
        # ``seed``: the table's, so the world draws the same random turns (E2)
        self.world = Game(list(players), options, full_information=True, seed=seed)
        self.jump = jump                                    # H5: how often a holder jumps in
        self.random, self.forget, self.challenge = random, forget, challenge
        self.placed: tuple[int | None, str] | None = None   # laid down, not yet seen by the table
        self.misread: tuple[int, str] | None = None         # laid down, but taken as another card
        self.verdict: bool | None = None                    # T6, known once the world resolved it
        self.race = False
        self.launcher = True     # the table has a launcher: it deals (D2) and throws bursts (E1)
        self.uno_seen: int | None = None
        self.steps: list[int] = []      # world events per table event (to follow an undo)
        self.errors: list[str] = []

    # -- following the table (runs on the table loop's thread: quick, no blocking) -----------
    def follow(self, update) -> None:
        if update.kind == "undo":
            self._undo()
        elif update.kind == "correct":
            self._undo()
            self.misread = None
            self._mirror(update.event)
        elif update.kind == "event":
            self._mirror(update.event)
        if any(action.type == "race" for action in update.actions):
            self.race = True

    def _undo(self) -> None:
        count = self.steps.pop() if self.steps else 0
        if count:
            self.world.undo(count)

    def _mirror(self, event: dict) -> None:
        world, before = self.world, len(self.world.log)
        kind = event["type"]
        if (kind == "play" and self.placed is not None and self.placed[0] == event["seat"]
                and self.placed[1] != event["card"]):
            self.misread, self.placed = self.placed, None   # the camera named another card
        if self.misread is not None:   # until the host has corrected it, nothing happened here
            self.steps.append(0)
            return
        try:
            if kind == "deal":
                world.deal_random(self.random, event.get("dealer"))
            elif kind == "draw":
                world.draw_random(event["seat"], event["count"], self.random)
            elif kind == "burst":   # E1: the cards the launcher threw, whatever they were
                world.burst_random(event["seat"], event["count"], self.random)
            elif kind == "challenge":
                actions = world.apply(E.event_from_json(event))
                dispense = [a for a in actions if a.type == "dispense"]
                self.verdict = bool(dispense) and dispense[0].seat == event["seat"]
            elif kind not in SKIPPED:
                world.apply(E.event_from_json(event))
            if kind in ("play", "start_card"):
                self.placed = None
        except UserError as error:
            self.errors.append(f"{event}: {error}")
            log.error("the players' cards disagree with the table after %s: %s", event, error)
        self.steps.append(len(world.log) - before)

    # -- acting -------------------------------------------------------------------------------
    def next_act(self, state: dict) -> Act | None:
        """What someone at the table does next, given the table's snapshot (None: match over)."""
        world, phase, turn = self.world, state["phase"], state["turn"]
        if state["match"]["over"]:
            return None
        if self.misread is not None:  # the table took another card than was laid down
            seat, card = self.misread
            return Act("correct", seat, card)
        if self.placed is not None:  # the camera did not take it: the host types it in
            seat, card = self.placed
            self.placed = None
            event = E.StartCard(card) if seat is None else E.Play(seat, card)
            return Act("phone", value=event)
        if self.race:
            self.race = False
            return Act("race")
        window = state["uno_window"]
        if window is None:
            self.uno_seen = None
        elif self.uno_seen != window and not state["uno_called"][window]:
            self.uno_seen = window
            if self.random() >= self.forget:
                return Act("press", window)                       # UNO!
            catchers = [s for s in range(world.n) if s not in (window, turn)]
            if catchers and self.random() < 0.5:
                return Act("press", catchers[int(self.random() * len(catchers))])  # caught
        if phase == "deal":   # the launcher deals (D2); with none, the dealer deals by hand
            return Act("draw_button" if self.launcher else "press", state["dealer"])
        if phase == "dealing":
            return Act("fix_launcher")       # after a jam or a refill: deal on
        if phase == "start_card":
            return self._place(None, CARD_NAMES[world.pile[int(self.random() * len(world.pile))]])
        if phase == "scoring":
            points = tuple(sum(card_points(CARD_NAMES[c]) for c in hand) for hand in world.hands)
            return Act("phone", value=E.RoundEnd(points))          # counted and typed in (S1)
        if phase == "verdict":
            return Act("phone", value=E.ChallengeVerdict(bool(self.verdict)))
        if turn is None:
            return None
        if state["owed_cards"][turn] or (phase == "turn" and state["pending_draw"]):
            if not (world.answerable and world.legal_plays(turn)):
                return Act("fix_launcher")   # the launcher owes cards but stands still
        if phase == "colour":
            return Act("colour", turn, self._colour(turn))
        if phase == "target":
            others = [s for s in range(world.n) if s != turn]
            return Act("press", others[int(self.random() * len(others))])
        if phase == "challenge":
            return Act("press", turn) if self.random() < self.challenge else Act("draw_button", turn)
        plays = world.legal_plays(turn)
        if phase == "drawn":
            return self._place(turn, CARD_NAMES[plays[0]]) if plays else Act("press", turn)
        jumper = self._jumper(state) if phase == "turn" else None
        if jumper is not None:   # H5: the jumper's button first, then the identical card
            self.placed = (turn, CARD_NAMES[world.top])  # the camera reports the turn's seat
            return Act("jump", jumper, CARD_NAMES[world.top])
        if plays:
            return self._place(turn, CARD_NAMES[plays[int(self.random() * len(plays))]])
        return Act("draw_button", turn)

    def _jumper(self, state: dict) -> int | None:
        """H5: a seat that holds the card on top and jumps in with it now and then."""
        world, turn = self.world, state["turn"]
        if (not state["rules"].get("jump_in") or state["uno_window"] is not None
                or state.get("claimable", -1) >= 0):  # a press now would claim the last card
            return None
        holders = [s for s in range(world.n) if s != turn and world.top in world.hands[s]
                   and world.may_play(s, world.top) and world.sizes[s] > 1]
        if holders and self.random() < self.jump:
            return holders[int(self.random() * len(holders))]
        return None

    def _place(self, seat: int | None, card: str) -> Act:
        self.placed = (seat, card)
        return Act("place", seat, card)

    def _colour(self, seat: int) -> str:
        held = [CARD_NAMES[c].split("-")[0] for c in self.world.hands[seat]]
        counts = {colour: held.count(colour) for colour in ("red", "yellow", "green", "blue")}
        return max(counts, key=counts.get)

    def hand_points(self) -> list[int]:
        return [sum(card_points(CARD_NAMES[c]) for c in hand) for hand in self.world.hands]
