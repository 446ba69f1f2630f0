"""Between the table loop and the devices: actions out, observations in.

* :class:`DeviceAdapter` carries out the engine's actions (a loop adapter): the
  launcher throws what ``dispense`` asks, the ring lights whose turn it is, shows
  the colour groups, blinks a misplay, races; the beeper sounds the cues.
* :class:`DevicePump` takes the devices' observations off their queue, one at a
  time, forwards each to the engine (:mod:`companion.engine.inputs` reads what it
  means now) and submits the events / carries out the actions it answers, waiting
  for the answer so the next one is read against the state it produced.

Either device may be missing (``none`` in the config): the phone then shows the
action and the host enters what happened.
"""
from __future__ import annotations

import logging
import queue
import threading

from companion.devices import observations as obs
from companion.engine.inputs import DrawButton, meaning
from companion.errors import UserError
from companion.service.presses import engine_input
from companion.table import Happened, TableGame, TableLoop
from companion.threads import Worker

log = logging.getLogger(__name__)
RACE_WINDOW = 3.0   # seconds every seat has to slap its button in a race (V3)


class DeviceAdapter:
    """``carry_out(actions)``: the engine's answers, done by launcher, ring and beeper."""

    def __init__(self, launcher=None, ring=None, beeper=None, *, seats: int = 2,
                 turn_seconds: float | None = None):
        self.launcher, self.ring, self.beeper = launcher, ring, beeper
        self.seats, self.turn_seconds = seats, turn_seconds
        self.turn_number: int | None = None   # the ring's number for the lit turn (Flash timer)
        # One caller at a time: gpiozero's blink threads do not like two threads starting them.
        self._lock = threading.RLock()

    def carry_out(self, actions: list) -> None:
        # A race goes last: the ring runs one mode at a time, and lighting the next turn
        # would end a race started before it (the turn is lit again when the race is over).
        actions = sorted(actions, key=lambda action: action.type == "race")
        with self._lock:
            for action in actions:
                log.debug("action: %s", action.text)
                handler = getattr(self, "_" + action.type, None)
                if handler is not None:
                    handler(action)

    # The ring shows what the engine waits for, whatever came before (a new game, an undo):
    # the seats drawing for the dealer, the dealer, nobody while the start card is turned up.
    def _choose_dealer(self, action) -> None:
        if self.ring is not None:
            self.ring.lights_off()
            for seat in action.seats:
                if seat < self.ring.seats:
                    self.ring.blink(seat)

    def _deal(self, action) -> None:
        if self.ring is not None:
            self.ring.lights_off()
            if action.dealer < self.ring.seats:
                self.ring.blink(action.dealer)

    def _flip_start_card(self, action) -> None:
        if self.ring is not None:
            self.ring.lights_off()

    def _turn(self, action) -> None:
        if self.ring is not None and action.seat < self.ring.seats:
            self.turn_number = self.ring.light_turn(action.seat, self.turn_seconds, action.side)

    def _dispense(self, action) -> None:
        if self.launcher is not None:
            self.launcher.dispense(action.count, action.seat)

    def _burst(self, action) -> None:   # E1: the sensor's count comes back as the draw
        if self.launcher is not None:
            self.launcher.burst(action.seat)

    def _take_back(self, action) -> None:
        self._blink(action.seat)
        self._cue("illegal")

    def _ask_colour(self, action) -> None:
        if self.ring is not None:
            self.ring.show_colours(action.colours)

    def _ask_target(self, action) -> None:
        if self.ring is not None:
            self.ring.light_all()

    def _challenge_window(self, action) -> None:
        self._blink(action.seat)

    def _race(self, action) -> None:
        if self.ring is not None:
            self.ring.start_race(range(min(self.seats, self.ring.seats)), RACE_WINDOW)

    def _reload(self, action) -> None:
        self._cue("timer")

    def _round_over(self, action) -> None:
        if self.ring is not None:
            self.ring.light_all()

    def _match_over(self, action) -> None:
        if self.ring is not None:
            self.ring.blink(action.winner) if action.winner < self.ring.seats else self.ring.light_all()

    def _blink(self, seat: int) -> None:
        if self.ring is not None and seat < self.ring.seats:
            self.ring.blink(seat)

    def _cue(self, name: str) -> None:
        if self.beeper is not None:
            with self._lock:
                self.beeper.play(name)


class DevicePump:
    """A thread: device observations -> engine events -> the table loop (see the module doc)."""

    def __init__(self, loop: TableLoop, events: queue.Queue, adapter: DeviceAdapter, *,
                 burst: bool = False):
        self.loop, self.events, self.adapter, self.burst = loop, events, adapter, burst
        self._worker = Worker("device-pump", self._run, wake=lambda: self.events.put(None))
        self.taken = self.handled = 0   # observations taken off the queue / done with

    @property
    def busy(self) -> bool:
        """True while an observation waits in the queue or is being handled."""
        return self.taken != self.handled or not self.events.empty()

    def start(self) -> "DevicePump":
        self._worker.start()
        return self

    def stop(self) -> None:
        self._worker.stop(5)

    def _run(self) -> None:
        while not self._worker.stopping.is_set():
            observation = self.events.get()
            if observation is None:
                continue
            self.taken += 1
            try:
                self.handle(observation)
            except Exception:   # one odd observation must not stop the buttons
                log.exception("observation %r failed", observation)
            self.handled += 1

    def handle(self, observation) -> None:
        """Forward one observation to the engine (:mod:`companion.engine.inputs`); submit the
        events it means and carry out the actions it asks for, waiting for the table's answer."""
        log.debug("observation: %r", observation)
        if isinstance(observation, obs.TurnTimerExpired) and observation.turn != self.adapter.turn_number:
            return  # a timer of a turn the table has already moved past
        if isinstance(observation, obs.DrawPressed):
            return self._draw_pressed()
        if isinstance(observation, obs.HopperRefilled):
            return self._resume_dispensing()
        if isinstance(observation, (obs.DispenseJammed, obs.HopperEmpty)):
            log.warning("launcher: %s after %d of %d cards; clear it and press the draw button",
                        "jammed" if isinstance(observation, obs.DispenseJammed) else "hopper empty",
                        observation.count, observation.requested)
            self.adapter._cue("illegal")
        observed = engine_input(observation)
        if observed is not None:
            self._follow(meaning(self.loop.latest.snapshot.game, observed))
        if isinstance(observation, obs.RaceEnded):  # the race used the ring: light the turn again
            self.adapter.carry_out([a for a in self.loop.call(TableGame.prompt) if a.type == "turn"])

    def _follow(self, meant) -> None:
        for event in meant.events:
            self._submit(event)
        if meant.actions:
            self.adapter.carry_out(meant.actions)

    def _submit(self, event) -> None:
        try:
            self.loop.submit(Happened(event, source="devices")).result(10)
        except UserError as refusal:  # the engine's "no": the press changed nothing
            level = logging.WARNING if event.type == "draw" else logging.DEBUG  # cards are out
            log.log(level, "%s refused: %s", event.to_json(), refusal)

    def _draw_pressed(self) -> None:
        launcher = self.adapter.launcher
        if launcher is None or launcher.busy:
            return
        pressed = DrawButton(asked=tuple(self._asked()), bursts=self.burst)
        self._follow(meaning(self.loop.latest.snapshot.game, pressed))

    def _asked(self) -> list:
        """The dispenses the engine still asks for (after a jam or a reload)."""
        return [a for a in self.loop.call(TableGame.prompt) if a.type == "dispense"]

    def _resume_dispensing(self) -> bool:
        """After a jam or a reload: throw what the engine still asks for. True if anything."""
        launcher = self.adapter.launcher
        if launcher is None or launcher.busy:
            return False
        asked = self._asked()
        self.adapter.carry_out(asked)
        return bool(asked)
