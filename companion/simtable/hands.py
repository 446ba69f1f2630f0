"""The players' hands at the simulated table: each act done physically.

A card laid under the camera, a seat's button or the draw button pressed (with
a finger's pace), a jam cleared, the hopper refilled, or the host typing on the
phone. :class:`PlayersHands` is mixed into
:class:`~companion.simtable.simulated.SimulatedTable`, whose service, camera,
players and counts it uses.
"""
from __future__ import annotations

import logging
import time

from companion.errors import UserError
from companion.engine import phases as P
from companion.service.presses import press_event
from companion.simtable.players import Act
from companion.table import Correct, Happened, UndoLast
from companion.table.state import TableState

log = logging.getLogger(__name__)


class PlayersHands:
    """What the players' hands do at the table (see the module docstring)."""

    def do(self, act: Act, state: TableState) -> None:
        log.debug("player: %s", act)
        if act.kind == "place":
            if self._late(state):
                return
            if act.seat is None and state.game.top_card is None:
                self.camera.clear()     # a new round's pile (or a start wild-draw4 put back)
            self.camera.place(act.value)
        elif act.kind == "row":       # E7 DOS: a card turned up, laid or matched; a pile taken
            self.camera.row_change(*act.value)
        elif act.kind == "press":
            self.press(act.seat)
        elif act.kind == "jump":      # H5: the jumper's button claims the card laid next
            before = state.game.events
            self.press(act.seat)
            deadline = time.monotonic() + 2.0   # the press passes the button's debounce first
            while self.state().game.events == before and time.monotonic() < deadline:
                time.sleep(0.002)
            self.counts["jump-ins"] += 1
            self.camera.place(act.value)
        elif act.kind == "draw_button":
            if self._late(state):
                return
            self.tap("launcher_draw_button")
        elif act.kind == "colour":
            # the first button the ring lights in that colour (it shows what the engine offers)
            lit = self.service.ring.lights
            seat = next((s for s, c in lit.items() if c == act.value), None)
            if seat is None:   # the table moved on since the player chose (the host undid the wild)
                log.info("player: the ring offers no %s now; deciding again", act.value)
                return
            self.tap(f"seat{seat}_button")
        elif act.kind == "race":
            seats = min(len(state.game.players), self.service.ring.seats)   # the ring races its own
            for seat in self.random.sample(range(seats), seats):
                self.tap(f"seat{seat}_button")
        elif act.kind == "correct":   # the host on the phone: "that was another card"
            self.counts["misread cards corrected"] += 1
            self._correct(act.value)
        elif act.kind == "turn_pile":    # E4.5: after a flip the players turn the pile over
            self.camera.turn_pile(act.value)
        elif act.kind == "spread":
            self.camera.spread(act.value)
            self.counts["hands shown to the camera"] += 1
        elif act.kind == "fix_launcher":
            self._fix_launcher()
        elif act.kind == "phone":
            kind = "hand" if act.value.type == "reveal" else "card"
            asked = [q["id"] for q in state.questions if q["kind"] == kind]
            typed = act.value.type in ("play", "start_card", "reveal", "flip_top")
            self.counts["cards typed in"] += typed
            answers = asked[-1] if typed and asked else None   # the question the camera asked
            try:
                self.service.loop.submit(Happened(act.value, source="phone", answers=answers)).result(10)
            except UserError as refusal:
                log.warning("phone: %s refused: %s", act.value.to_json(), refusal)

    def _correct(self, card: str) -> None:
        """The host fixes a misread card; a penalty the misread already cost (a misplay's
        cards, the one event after it) is taken back first (undo), and those cards go back
        into the launcher. If the table has moved on further (the host stepped in), the
        table's reading stands: the players' hands follow the table either way."""
        loop = self.service.loop
        self.players.misread = None
        for attempt in range(2):
            try:
                loop.submit(Correct(card, source="phone")).result(10)
                return
            except UserError as refusal:
                last = self.state().journal[-1:] if attempt == 0 else ()
                before_last = self.state().journal[-2:-1]
                if not (last and before_last and before_last[0]["event"]["type"] == "play"):
                    log.info("host: the misread card stays (%s)", refusal)
                    return
                loop.submit(UndoLast(source="phone")).result(10)
                self.settle()

    def press(self, seat: int) -> None:
        """A seat's button; a seat the ring has no button for (more players than buttons)
        tells the host, who enters on the phone what the press would have meant."""
        if seat < self.service.ring.seats:
            return self.tap(f"seat{seat}_button")
        event = press_event(self.state().game, seat)
        if event is not None:
            try:
                self.service.loop.submit(Happened(event, source="phone")).result(10)
            except UserError as refusal:
                log.info("phone: %s refused: %s", event.to_json(), refusal)

    def tap(self, name: str) -> None:
        # A finger cannot press one button twice within the buttons' debounce time (20 ms).
        wait = self._tapped.get(name, 0.0) + 0.03 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.service.devices["sim"].tap(name)
        self._tapped[name] = time.monotonic()

    def _tend_launcher(self, state: TableState) -> None:
        """What players do when the launcher beeps: clear a jam, refill an empty hopper; and at
        a new deal all cards come back, so the hopper is filled up again."""
        if self.stack.jammed:
            self.stack.clear_jam()
            self.counts["jams cleared"] += 1
        if self.stack.cards == 0:
            self.stack.reload(self.faults.hopper)   # the refill resumes a dispense by itself
            self.counts["hopper refills"] += 1
            self.settle()
        elif state.game.phase == P.DEAL and self.stack.cards < self.faults.hopper:
            self.stack.reload(self.faults.hopper - self.stack.cards)

    def _fix_launcher(self) -> None:
        self.tap("launcher_draw_button")   # the launcher throws what the table still asks for

    def _late(self, state: TableState) -> bool:
        """Flash: now and then a player hesitates until the turn timer runs out."""
        seconds = self.service.adapter.turn_seconds
        if not (seconds and self._late_left and state.game.phase == P.TURN and self.random.random() < 0.2):
            return False
        self._late_left -= 1
        self.players.placed = None
        before = self.state().game.events
        deadline = time.monotonic() + seconds + 3
        while self.state().game.events == before and time.monotonic() < deadline:
            time.sleep(0.02)
        self.counts["timers run out"] += self.state().game.events != before
        return True
