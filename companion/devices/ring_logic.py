"""The button ring's shared logic: turn light, Flash turn timer, race order, colour groups.

Every backend's ring is a :class:`ButtonRing`; it supplies the lights
(:meth:`ButtonRing._show`) and reports debounced presses
(:meth:`ButtonRing._pressed`). Import it from :mod:`companion.devices.interface`.
"""
from __future__ import annotations

import itertools
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable

from companion.devices import observations as obs
from companion.devices.closing import ClosedOnExit
from companion.devices.observations import MAX_SEATS, EventSink


# Light states a backend must show: "off", "on" (turn/white), "blink", "violet" (a turn on
# E4's dark side), or a colour name. Single-colour LEDs show every state but "off" as lit.
LIGHT_STATES = ("off", "on", "blink", "violet", *obs.COLOURS, *obs.DARK_COLOURS)
#: How a turn is lit on each side of an E4 Flip deck (the turn action names the side).
TURN_LIGHTS = {"light": "on", "dark": "violet"}


def colour_groups(seats: int, colours=obs.COLOURS) -> dict[int, str]:
    """Split the ring into four neighbouring groups, one per colour of ``colours`` in their
    order (needs four buttons or more).

    >>> colour_groups(6)
    {0: 'red', 1: 'red', 2: 'yellow', 3: 'green', 4: 'green', 5: 'blue'}
    >>> colour_groups(4, ("pink", "teal", "orange", "purple"))
    {0: 'pink', 1: 'teal', 2: 'orange', 3: 'purple'}
    """
    colours = tuple(colours)
    if len(colours) != len(obs.COLOURS):
        raise ValueError(f"a colour choice offers 4 colours, not {len(colours)}")
    if seats < len(colours):
        raise ValueError(f"a colour choice needs 4 buttons on the ring, this ring has {seats}")
    return {seat: colours[seat * len(colours) // seats] for seat in range(seats)}


class ButtonRing(ClosedOnExit, ABC):
    """One button and one light per seat: turn light, race, colour choice, Flash turn timer.

    Backends supply :meth:`_show` (set the lights) and call :meth:`_pressed` for
    each debounced press, from any thread. Everything else is shared logic.
    One mode at a time: a new light call ends a running race or timer (a race
    ended this way reports no result).

    >>> import queue
    >>> from companion.backends import open_devices
    >>> events = queue.Queue()
    >>> with open_devices("sim", events) as devices:
    ...     turn = devices.ring.light_turn(2)
    ...     devices.ring.lights
    {0: 'off', 1: 'off', 2: 'on', 3: 'off', 4: 'off', 5: 'off'}
    """

    def __init__(self, events: EventSink, seats: int, clock: Callable[[], float] = time.monotonic):
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a ring has 1 to {MAX_SEATS} seats, not {seats}")
        self.events = events
        self.seats = seats
        self.clock = clock
        self._lock = threading.RLock()
        self._lights = {seat: "off" for seat in range(seats)}
        self._mode = "idle"      # idle | turn | colours | race
        self._timer: threading.Timer | None = None
        self._timed = None       # (seat, turn, seconds) while a turn timer runs
        self._turns = itertools.count(1)
        self._races = itertools.count(1)
        self._race = None        # (race, seats, presses[seat -> at], tie_window)
        self._colours: dict[int, str] = {}

    # -- what the table calls -------------------------------------------------------------
    @property
    def lights(self) -> dict[int, str]:
        """What each seat's light shows now (a copy)."""
        with self._lock:
            return dict(self._lights)

    def light_turn(self, seat: int, seconds: float | None = None, side: str = "light") -> int:
        """Light ``seat`` alone (as :data:`TURN_LIGHTS` says for ``side``, the side of an E4
        Flip deck in play); with ``seconds`` start the Flash turn timer. Returns the turn number.

        The timer ends either by that seat's press (reported as :class:`SeatPressed`)
        or by :class:`TurnTimerExpired`: never both.
        """
        self._check_seat(seat)
        if seconds is not None and not seconds > 0:
            raise ValueError(f"turn timer must be more than 0 seconds, not {seconds!r}")
        if side not in TURN_LIGHTS:
            raise ValueError(f"no side {side!r}; sides are: {', '.join(TURN_LIGHTS)}")
        with self._lock:
            self._end_mode()
            turn = next(self._turns)
            self._mode = "turn"
            self._set({s: TURN_LIGHTS[side] if s == seat else "off" for s in range(self.seats)})
            if seconds is not None:
                self._timed = (seat, turn, seconds)
                self._timer = threading.Timer(seconds, self._timer_ran_out, args=(turn,))
                self._timer.daemon = True
                self._timer.start()
            return turn

    def light_all(self) -> None:
        """Every light on."""
        with self._lock:
            self._end_mode()
            self._set({s: "on" for s in range(self.seats)})

    def lights_off(self) -> None:
        """Every light off; ends a timer, race or colour choice."""
        with self._lock:
            self._end_mode()
            self._set({s: "off" for s in range(self.seats)})

    def blink(self, seat: int) -> None:
        """Blink ``seat`` (a warning) until the next light call; other lights keep their state."""
        self._check_seat(seat)
        with self._lock:
            self._set({**self._lights, seat: "blink"})

    def show_colours(self, colours=obs.COLOURS) -> dict[int, str]:
        """Colour-choice mode: four groups of buttons, one of ``colours`` each (in their order,
        as the table asks: E4's dark side offers the dark ones); a press reports
        :class:`ColourChosen` with its group's colour. Returns seat -> colour (mono lights
        simply light up)."""
        unknown = [colour for colour in colours if colour not in LIGHT_STATES]
        if unknown:
            raise ValueError(f"the ring cannot show {', '.join(map(repr, unknown))}")
        groups = colour_groups(self.seats, colours)
        with self._lock:
            self._end_mode()
            self._colours = groups
            self._mode = "colours"
            self._set(dict(self._colours))
            return dict(self._colours)

    def start_race(self, seats: Iterable[int], window: float, tie_window: float = 0.010) -> int:
        """Light the racing seats; report :class:`RaceEnded` when all pressed or ``window`` closes."""
        racing = tuple(dict.fromkeys(seats))
        for seat in racing:
            self._check_seat(seat)
        if not racing or not window > 0 or tie_window < 0:
            raise ValueError("a race needs seats, a window > 0 s and a tie window >= 0 s")
        with self._lock:
            self._end_mode()
            race = next(self._races)
            self._mode = "race"
            self._race = (race, racing, {}, tie_window)
            self._set({s: "on" if s in racing else "off" for s in range(self.seats)})
            self._timer = threading.Timer(window, self._race_window_closed, args=(race,))
            self._timer.daemon = True
            self._timer.start()
            return race

    def self_check(self) -> list[str]:
        """What looks miswired right now, in plain words (empty = nothing seen); for ``check``."""
        return []

    def safe_state(self) -> None:
        """Lights off without locks (signal handlers); the pins stay claimed."""
        self._show({s: "off" for s in range(self.seats)})

    def close(self) -> None:
        with self._lock:
            self._end_mode()
        self._close_pins()

    # -- what a backend implements and calls ----------------------------------------------
    @abstractmethod
    def _show(self, lights: dict[int, str]) -> None:
        """Backend: make every light show its state from :data:`LIGHT_STATES` (lock-free)."""

    @abstractmethod
    def _close_pins(self) -> None:
        """Backend: lights off, release pins or the link."""

    def _pressed(self, seat: int, at: float) -> None:
        """Backend: a debounced press of ``seat`` seen at ``at`` (monotonic seconds)."""
        with self._lock:
            if self._mode == "colours":
                self.events.put(obs.ColourChosen(self._colours[seat], seat, at))
                return
            if self._mode == "race":
                self._race_press(seat, at)
                return
            if self._timed is not None and self._timed[0] == seat:
                self._cancel_timer()
            self.events.put(obs.SeatPressed(seat, at))

    # -- internals ------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise ValueError(f"no seat {seat!r} on a ring of {self.seats}")

    def _set(self, lights: dict[int, str]) -> None:
        self._lights = lights
        self._show(dict(lights))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timed = None, None

    def _end_mode(self) -> None:
        self._cancel_timer()
        self._race, self._colours, self._mode = None, {}, "idle"

    def _timer_ran_out(self, turn: int) -> None:
        with self._lock:
            if self._timed is None or self._timed[1] != turn:
                return  # the seat pressed, or the table moved on, just before the timer fired
            seat, _, seconds = self._timed
            self._timer, self._timed = None, None
            self.events.put(obs.TurnTimerExpired(seat, turn, seconds))

    def _race_press(self, seat: int, at: float) -> None:
        race, racing, presses, _ = self._race
        if seat not in racing or seat in presses:
            return  # a bystander or a second press does not change the order
        presses[seat] = at
        if len(presses) == len(racing):
            self._finish_race(race)

    def _race_window_closed(self, race: int) -> None:
        with self._lock:
            if self._race is not None and self._race[0] == race:
                self._finish_race(race)

    def _finish_race(self, race: int) -> None:
        _, racing, presses, tie_window = self._race
        self._cancel_timer()
        self._race, self._mode = None, "idle"
        order: list[list[int]] = []
        first_of_group = None
        for seat, at in sorted(presses.items(), key=lambda item: (item[1], item[0])):
            if first_of_group is not None and at - first_of_group <= tie_window:
                order[-1].append(seat)
            else:
                order.append([seat])
                first_of_group = at
        no_shows = tuple(seat for seat in racing if seat not in presses)
        self.events.put(obs.RaceEnded(race, tuple(tuple(g) for g in order), no_shows))
