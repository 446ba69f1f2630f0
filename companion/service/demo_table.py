"""The simulated table behind ``uno-companion demo`` and the end-to-end tests.

:class:`DemoTable` runs the real :class:`~companion.service.table.TableService`
(sim launcher and ring on gpiozero mock pins, a :class:`SimCamera` feeding the
vision pipeline, the page) and seats :class:`VirtualPlayers` at it. Each step it
waits until the table is quiet (the launcher done, every button press and camera
frame handled), asks the players for one act and does it with their hands:
lay a card under the camera, press a button, clear a jam, refill the hopper,
or type on the phone. Faults are injected the way they happen at a table.
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass

from companion.devices.ring_logic import colour_groups
from companion.engine import CARD_NAMES
from companion.engine import events as E
from companion.errors import UserError
from companion.service.presses import press_event
from companion.service.simcamera import SimCamera
from companion.service.table import TableService
from companion.service.virtual import Act, VirtualPlayers
from companion.table import Correct, Play, Undo

log = logging.getLogger(__name__)
# At speed 0 the launcher's pauses for a real servo and a real card's flight are cut short.
QUICK_LAUNCHER = {"aim_time": 0.01, "settle": 0.04, "rest": 0.01}
STALL_ACTS = 60   # acts in a row that change nothing: the demo is stuck (a bug), say so
MAX_SPREAD = 12   # cards a hand may have to lie apart under the camera (else typed in)


@dataclass(frozen=True)
class Faults:
    misreads: float = 0.0   # share of camera readings made unsure
    jams: int = 0           # cards that jam in the launcher
    hopper: int = 108       # cards in the hopper at the start (and at each refill)
    late: int = 0           # Flash: turns on which the player lets the timer run out


class UnsureWatcher:
    """An injected misread: the watcher's reading, now and then made unsure (card None)."""

    def __init__(self, watcher, share: float, random_: random.Random, counter: list):
        self.watcher, self.share, self.random, self.counter = watcher, share, random_, counter

    def feed(self, frame):
        seen = self.watcher.feed(frame)
        if seen is not None and seen.card is not None and self.random.random() < self.share:
            self.counter.append(seen.card)
            return type(seen)(None, 0.3, seen.quad, seen.frame_number, seen.guess)
        return seen


class DemoTable:
    """A simulated table with virtual players (see the module docstring)."""

    def __init__(self, config, *, seed: int, speed: float = 0.0, faults: Faults = Faults(),
                 web: bool = True, port: int = 0):
        self.speed, self.faults = speed, faults
        self.random = random.Random(seed)
        fault_random = random.Random(seed + 1)
        self.misread: list[str] = []
        # At a table's pace the camera runs on like a real one (30 frames/s); fast, it shows
        # only the frames of each card laid down.
        self.camera = SimCamera(seed=seed, fps=30.0 if speed else None, hands=bool(speed),
                                continuous=bool(speed))
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

    def __enter__(self) -> "DemoTable":
        self.service.start()
        state = self.state()
        self.players = VirtualPlayers(self.random.random, seed=state["setup"]["seed"])
        self.service.loop.subscribe(self.players.follow)
        self.sync()
        self.stack = self.service.devices["sim"].stack
        self.groups = colour_groups(self.service.ring.seats)
        return self

    def __exit__(self, *exc) -> None:
        self.service.stop()

    def state(self) -> dict:
        return self.service.loop.latest.snapshot

    def sync(self) -> dict:
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
    def play(self, on_round=None, max_acts: int = 100_000) -> dict:
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
        act = self._show_hand(state) if state["phase"] == "scoring" else self.players.next_act(state)
        if act is None and state["match"]["over"]:
            return False
        if state["events"] == self._events_seen:
            self._still += 1
            if self._still > STALL_ACTS:
                raise RuntimeError(f"the demo is stuck: {act} again and again in {state['waiting_for']}")
        else:
            self._still, self._events_seen = 0, state["events"]
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

    def do(self, act: Act, state: dict) -> None:
        log.debug("player: %s", act)
        if act.kind == "place":
            if self._late(state):
                return
            if act.seat is None and state["top_card"] is None:
                self.camera.clear()     # a new round's pile (or a start wild-draw4 put back)
            self.camera.place(act.value)
        elif act.kind == "press":
            self.press(act.seat)
        elif act.kind == "jump":      # H5: the jumper's button claims the card laid next
            before = state["events"]
            self.press(act.seat)
            deadline = time.monotonic() + 2.0   # the press passes the button's debounce first
            while self.state()["events"] == before and time.monotonic() < deadline:
                time.sleep(0.002)
            self.counts["jump-ins"] += 1
            self.camera.place(act.value)
        elif act.kind == "draw_button":
            if self._late(state):
                return
            self.tap("launcher_draw_button")
        elif act.kind == "colour":
            self.tap(f"seat{next(s for s, c in self.groups.items() if c == act.value)}_button")
        elif act.kind == "race":
            seats = min(len(state["players"]), self.service.ring.seats)   # the ring races its own
            for seat in self.random.sample(range(seats), seats):
                self.tap(f"seat{seat}_button")
        elif act.kind == "correct":   # the host on the phone: "that was another card"
            self.counts["misread cards corrected"] += 1
            self._correct(act.value)
        elif act.kind == "spread":
            self.camera.spread(act.value)
            self.counts["hands shown to the camera"] += 1
        elif act.kind == "fix_launcher":
            self._fix_launcher()
        elif act.kind == "phone":
            kind = "hand" if act.value.type == "reveal" else "card"
            asked = [q["id"] for q in state.get("questions", []) if q["kind"] == kind]
            typed = act.value.type in ("play", "start_card", "reveal")
            self.counts["cards typed in"] += typed
            answers = asked[-1] if typed and asked else None   # the question the camera asked
            try:
                self.service.loop.submit(Play(act.value, source="phone", answers=answers)).result(10)
            except UserError as refusal:
                log.warning("phone: %s refused: %s", act.value.to_json(), refusal)

    def _show_hand(self, state: dict) -> Act | None:
        """S1: the next seat spreads its hand under the camera; if the table did not take it
        (too many cards to lie apart, or unreadable), the host types it in."""
        seats = [a.seat for a in self.service.loop.call(lambda g: g.engine.prompt()) if a.type == "show_hand"]
        if not seats:
            return None
        seat = seats[0]
        cards = tuple(CARD_NAMES[c] for c in self.players.world.hands[seat])
        if self._shown != (state["round"], seat) and len(cards) <= MAX_SPREAD:
            self._shown = (state["round"], seat)
            return Act("spread", seat, cards)
        return Act("phone", value=E.RevealHand(seat, cards))

    def _correct(self, card: str) -> None:
        """The host fixes a misread card; a penalty the misread already cost (a misplay's
        cards) is taken back first (undo), and those cards go back into the launcher."""
        loop = self.service.loop
        for _ in range(4):
            try:
                loop.submit(Correct(card, source="phone")).result(10)
                return
            except UserError:
                loop.submit(Undo(source="phone")).result(10)
                self.settle()
        raise RuntimeError(f"the host could not correct the last card to {card}")

    def press(self, seat: int) -> None:
        """A seat's button; a seat the ring has no button for (more players than buttons)
        tells the host, who enters on the phone what the press would have meant."""
        if seat < self.service.ring.seats:
            return self.tap(f"seat{seat}_button")
        event = press_event(self.state(), seat)
        if event is not None:
            try:
                self.service.loop.submit(Play(event, source="phone")).result(10)
            except UserError as refusal:
                log.info("phone: %s refused: %s", event.to_json(), refusal)

    def tap(self, name: str) -> None:
        # A finger cannot press one button twice within the buttons' debounce time (20 ms).
        wait = self._tapped.get(name, 0.0) + 0.03 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.service.devices["sim"].tap(name)
        self._tapped[name] = time.monotonic()

    def _tend_launcher(self, state: dict) -> None:
        """What players do when the launcher beeps: clear a jam, refill an empty hopper; and at
        a new deal all cards come back, so the hopper is filled up again."""
        if self.stack.jammed:
            self.stack.clear_jam()
            self.counts["jams cleared"] += 1
        if self.stack.cards == 0:
            self.stack.reload(self.faults.hopper)   # the refill resumes a dispense by itself
            self.counts["hopper refills"] += 1
            self.settle()
        elif state["phase"] == "deal" and self.stack.cards < self.faults.hopper:
            self.stack.reload(self.faults.hopper - self.stack.cards)

    def _fix_launcher(self) -> None:
        self.tap("launcher_draw_button")   # the launcher throws what the table still asks for

    def _late(self, state: dict) -> bool:
        """Flash: now and then a player hesitates until the turn timer runs out."""
        seconds = self.service.adapter.turn_seconds
        if not (seconds and self._late_left and state["phase"] == "turn" and self.random.random() < 0.2):
            return False
        self._late_left -= 1
        self.players.placed = None
        before = self.state()["events"]
        deadline = time.monotonic() + seconds + 3
        while self.state()["events"] == before and time.monotonic() < deadline:
            time.sleep(0.02)
        self.counts["timers run out"] += self.state()["events"] != before
        return True

    def _tell_rounds(self, update, tell) -> None:
        for action in update.actions:
            if action.type == "round_over":
                state = update.snapshot
                scores = ", ".join(f"{n} {s}" for n, s in zip(state["players"], state["scores"]))
                tell(f"round {len(state['rounds']):>2}: "
                     f"{state['players'][action.winner]} goes out "
                     f"(+{action.points[action.winner]}); scores: {scores}")

    def fault_report(self) -> list[str]:
        lines = [f"{name}: {count}" for name, count in self.counts.items() if count]
        if self.misread:
            lines.append(f"unsure camera readings injected: {len(self.misread)}")
        if self.players.errors:
            lines.append(f"the players' cards disagreed with the table {len(self.players.errors)} times")
        return lines
