"""The simulated table behind ``uno-companion demo`` and the end-to-end tests.

:class:`SimulatedTable` runs the real :class:`~companion.service.table.TableService`
(sim launcher and ring on gpiozero mock pins, a
:class:`~companion.simtable.camera.SimCamera` feeding the vision pipeline, the
page) and seats :class:`~companion.simtable.players.VirtualPlayers` at it. Each step it
waits until the table is quiet (the launcher done, every button press and camera
frame handled), asks the players for one act and does it with their hands:
lay a card under the camera, press a button, clear a jam, refill the hopper,
or type on the phone (:mod:`.hands`). Faults are injected the way they happen
at a table (:mod:`.faults`).
"""
from __future__ import annotations

import logging
import random
import time

from companion.engine import CARD_NAMES
from companion.engine import events as E
from companion.engine import phases as P
from companion.service.table import TableService
from companion.simtable.camera import SimCamera
from companion.simtable.faults import Faults, UnsureWatcher
from companion.simtable.hands import PlayersHands
from companion.simtable.players import Act, VirtualPlayers
from companion.table.state import TableState

log = logging.getLogger(__name__)
# At speed 0 the launcher's pauses for a real servo and a real card's flight are cut short.
QUICK_LAUNCHER = {"aim_time": 0.01, "settle": 0.04, "rest": 0.01}
STALL_ACTS = 60   # acts in a row that change nothing: the demo is stuck (a bug), say so
MAX_SPREAD = 12   # cards a hand may have to lie apart under the camera (else typed in)
#: the demo's word for what the engine's standing counts
COUNTED = {"points": "scores", "round_wins": "round wins"}


class SimulatedTable(PlayersHands):
    """A simulated table with virtual players (see the module docstring)."""

    def __init__(self, config, *, seed: int, speed: float = 0.0, faults: Faults = Faults(),
                 web: bool = True, port: int = 0, live_camera: bool | None = None):
        self.speed, self.faults = speed, faults
        self.random = random.Random(seed)
        fault_random = random.Random(seed + 1)
        self.misread: list[str] = []
        # At a table's pace (or ``live_camera``) the camera runs on like a real one (30 frames/s,
        # hands reaching in); fast, it shows only the frames of each card laid down.
        live = bool(speed) if live_camera is None else live_camera
        self.camera = SimCamera(seed=seed, fps=30.0 if live else None, hands=live, continuous=live)
        jams = sorted(fault_random.sample(range(5, 400), faults.jams)) if faults.jams else ()
        from companion.vision.recognise import Recogniser
        from companion.vision.watcher import DiscardWatcher
        recogniser = Recogniser()
        watcher = (lambda: UnsureWatcher(DiscardWatcher(recogniser), faults.misreads, fault_random, self.misread)
                   ) if faults.misreads else (lambda: DiscardWatcher(recogniser))
        self.service = TableService(config, seed=seed, dealer=0, camera=self.camera, web=web, web_port=port,
                                    stack_options={"cards": faults.hopper, "jam_at": jams},
                                    new_watcher=watcher, launcher_options=None if speed else QUICK_LAUNCHER)
        self.counts = {"jams cleared": 0, "hopper refills": 0, "cards typed in": 0, "timers run out": 0,
                       "hands shown to the camera": 0, "misread cards corrected": 0, "jump-ins": 0}
        self._late_left = faults.late
        self._tapped: dict[str, float] = {}
        self._still, self._events_seen = 0, None
        self._shown = None
        self._problems: list[str] = []
        self._phase = None

    def __enter__(self) -> "SimulatedTable":
        self.service.start()
        state = self.state()
        self.players = VirtualPlayers(self.random.random, seed=state.setup.seed)
        self.service.loop.subscribe(self.players.follow)
        self.service.loop.subscribe(self._gather)
        self.sync()
        self.stack = self.service.devices["sim"].stack
        return self

    def __exit__(self, *exc) -> None:
        self.service.stop()

    def state(self) -> TableState:
        return self.service.loop.latest.snapshot

    def _gather(self, update) -> None:
        """The players gather the cards from the mat (the pile, a hand spread for scoring) once
        a round is scored, the match is over or the host starts a new game, and take a
        wild-draw4 start card back (D4): so the camera shows an empty mat when the table
        watches the pile afresh, never a picture of cards no play is expected of. (On the
        loop's thread, after the camera's own subscriber: it only queues the frames.)"""
        phase = update.snapshot.game.phase
        if (phase in (P.DEAL, P.MATCH_OVER) and phase != self._phase) or any(
                action.type == "flip_start_card" and action.reshuffle_first for action in update.actions):
            self.camera.clear()
        self._phase = phase

    def sync(self) -> TableState:
        """The players' world derived from the table's engine as it is now; answers the table's
        state of that same moment (one call on the loop thread: engine and state agree)."""
        game, engine, state = self.service.loop.call(lambda g: (g, g.engine.copy(), g.state()))
        self.players.sync(engine, game)
        problems = self.players.problems(engine)
        if problems and problems != self._problems:   # the table counts cards no deck holds
            log.warning("the players cannot hold what the table counts: %s", "; ".join(problems))
            self.players.errors.extend(problems)
        self._problems = problems
        return state

    # -- the match --------------------------------------------------------------------------
    def play(self, on_round=None, max_acts: int = 100_000) -> TableState:
        """Act until the match is over; ``on_round(line)`` hears each round's result."""
        if on_round is not None:
            self.service.loop.subscribe(lambda update: self._tell_rounds(update, on_round))
        for _ in range(max_acts):
            if not self.step():
                return self.state()
        raise RuntimeError("the demo did not finish the match")

    def step(self) -> bool:
        """Wait for the table to rest, then one act of a player; False once the match is over."""
        self.settle()
        state = self.sync()
        shown = state.game
        gone = None
        if shown.centre_row is not None and shown.phase != P.SCORING:
            from companion.simtable.dos import taken_away
            gone = taken_away(self.camera.row, shown.centre_row)   # E7.6: the matched piles go
        if gone is not None:
            act = Act("row", None, gone)
        else:
            act = self._show_hand(state) if shown.phase == P.SCORING else self.players.next_act(shown)
        if act is None and shown.match.over:
            return False
        if shown.events == self._events_seen:
            self._still += 1
            if self._still > STALL_ACTS:
                raise RuntimeError(f"the demo is stuck: {act} again and again in {shown.waiting_for}")
        else:
            self._still, self._events_seen = 0, shown.events
        if act is not None:
            self._tend_launcher(state)
            self.do(act, state)
        if self.speed:
            time.sleep(0.8 / self.speed)
        return True

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until nothing at the table is still moving (launcher, buttons, camera, loop)."""
        service, camera = self.service, self.camera
        deadline, quiet, last = time.monotonic() + timeout, 0, None
        while time.monotonic() < deadline:
            busy = (service.launcher.busy or service.pump.busy or camera.pending
                    or service.camera.frames < camera.scripted)
            mark = (service.loop.latest.version, service.pump.handled, camera.scripted)
            quiet = quiet + 1 if not busy and mark == last else 0
            if quiet >= 3:
                return
            last = mark
            time.sleep(0.002)
        raise RuntimeError("the simulated table did not come to rest")

    def _show_hand(self, state: TableState) -> Act | None:
        """S1: the next seat spreads its hand under the camera; if the table did not take it
        (too many cards to lie apart, or unreadable), the host types it in."""
        seats = [a.seat for a in self.service.loop.call(lambda g: g.engine.prompt()) if a.type == "show_hand"]
        if not seats:
            return None
        seat = seats[0]
        cards = tuple(CARD_NAMES[c] for c in self.players.world.hands[seat])
        if self._shown != (state.game.round, seat) and len(cards) <= MAX_SPREAD:
            self._shown = (state.game.round, seat)
            return Act("spread", seat, cards)
        return Act("phone", value=E.RevealHand(seat, cards))

    def _tell_rounds(self, update, tell) -> None:
        for action in update.actions:
            if action.type == "round_over":
                tell(round_line(update.snapshot))

    def fault_report(self) -> list[str]:
        lines = [f"{name}: {count}" for name, count in self.counts.items() if count]
        if self.misread:
            lines.append(f"unsure camera readings injected: {len(self.misread)}")
        if self.players.errors:
            lines.append(f"the players' cards disagreed with the table {len(self.players.errors)} times")
        return lines


def round_line(state: TableState) -> str:
    """The demo's line for the round just over (the table's last round row)."""
    shown, row = state.game, state.rounds[-1]
    winner, standing = row["winner"], row["standing"]   # the engine's count after that round
    gained = standing["last_round"][winner]
    brought = (f"+{gained} round win" + ("" if gained == 1 else "s") if standing["counts"] == "round_wins"
               else f"+{gained}")
    scores = ", ".join(f"{n} {s}" for n, s in zip(shown.players, shown.standing.totals))
    return (f"round {len(state.rounds):>2}: {shown.players[winner]} wins the round "
            f"({brought}); {COUNTED[standing['counts']]}: {scores}")
