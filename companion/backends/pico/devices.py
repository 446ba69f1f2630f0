"""The ``pico`` backend: the table's devices on a Raspberry Pi Pico over USB serial.

Same interface as the ``gpio`` and ``sim`` backends (:mod:`companion.devices.interface`,
opened as :class:`companion.backends.base.Opener` says); the table never knows where a device
lives. The ring's lights are sent by a background thread that only ever sends
the newest state, and sends all of it again after every new session (a
reconnect or a Pico reboot), so the lights always come back.

>>> import queue
>>> events = queue.Queue()
>>> devices = open_devices(events, port="/dev/ttyACM0")   # doctest: +SKIP
>>> devices.launcher.dispense(3, seat=1)                  # doctest: +SKIP
1
"""
from __future__ import annotations

import logging
import threading
import time

from companion.devices import safety
from companion.backends.base import TableDevices, aim_angles, part_settings
from companion.devices.interface import LIGHT_STATES, MAX_SEATS, Beeper, ButtonRing, EventSink
from companion.firmware.ring import PALETTE
from companion.devices.policies import make_policy
from companion.backends.pico.launcher import PicoLauncher
from companion.backends.pico.session import CommandRefused, LinkDown, HostLink
from companion.pinmap import PinMap, load_pinmap

log = logging.getLogger(__name__)

DEFAULT_PORT = "/dev/ttyACM0"
BLINK_MS = 500
# How each light state of the interface looks on the RGB ring: (mode, colour); every colour
# name (E4's dark ones and its dark-side turn, "violet", too) in the firmware's palette.
LOOKS = {"off": ("OFF", 0x000000), "on": ("SOLID", PALETTE["white"]), "blink": ("BLINK", PALETTE["white"]),
         **{state: ("SOLID", PALETTE[state]) for state in LIGHT_STATES if state not in ("off", "on", "blink")}}


class PicoButtonRing(ButtonRing):
    """The RGB ring and seat buttons on the Pico; presses arrive debounced by the firmware."""

    def __init__(self, events: EventSink, link: HostLink, seats: int):
        super().__init__(events, seats, clock=link.clock)
        self.link = link
        self._wanted = {seat: "off" for seat in range(seats)}
        self._shown: dict[int, str] = {}          # what the Pico shows, as far as we know
        self._changed = threading.Condition()
        self._closed = False
        link.add_listener(self._on_message)
        link.add_session_listener(self._on_session)
        safety.register(self)
        self._sender = threading.Thread(target=self._send_lights, name="pico-ring", daemon=True)
        self._sender.start()

    def _show(self, lights: dict[int, str]) -> None:
        with self._changed:
            self._wanted.update(lights)
            self._changed.notify_all()

    def _on_message(self, message, at: float) -> None:
        if message.verb == "PRESS" and message.args[0] != "DRAW":
            seat = int(message.args[0][1:])
            if seat < self.seats:
                self._pressed(seat, at)

    def _on_session(self, what: str) -> None:
        with self._changed:
            self._shown = {}                      # a new session: restore every light
            self._changed.notify_all()

    def _send_lights(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._closed or self._due())
                if self._closed and not self._due():
                    return
                seat = next(seat for seat, state in self._wanted.items() if self._shown.get(seat) != state)
                state = self._wanted[seat]
            mode, colour = LOOKS[state]
            try:
                self.link.command("SEAT", seat, mode, colour, BLINK_MS if mode == "BLINK" else 0)
            except LinkDown:
                self._wait_for_session()
                continue
            except CommandRefused as refused:
                log.warning("seat %d light: %s", seat, refused)
            with self._changed:
                self._shown[seat] = state

    def _due(self) -> bool:
        return self.link.ready and any(self._shown.get(seat) != state for seat, state in self._wanted.items())

    def _wait_for_session(self) -> None:
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self.link.ready, 0.5)

    def wait_shown(self, timeout: float) -> bool:
        """Wait until the Pico shows the wanted lights (for scripts and tests)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._changed:
                if self._shown == self._wanted:
                    return True
            time.sleep(0.01)
        return False

    def safe_state(self) -> None:
        self._wanted = {seat: "off" for seat in range(self.seats)}

    def _close_pins(self) -> None:
        safety.unregister(self)
        self._show({seat: "off" for seat in range(self.seats)})
        self.wait_shown(1.0)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._sender.join(timeout=2)


class PicoBeeper(Beeper):
    """The buzzer on the Pico: each beep is one BUZZ command (the Pico times its length)."""

    def __init__(self, link: HostLink):
        self.link = link
        self._generation = 0

    def _play(self, beeps: tuple[float, float, int]) -> None:
        self._generation += 1
        threading.Thread(target=self._beep, args=(beeps, self._generation), daemon=True).start()

    def _beep(self, beeps: tuple[float, float, int], generation: int) -> None:
        on_time, off_time, times = beeps
        for _ in range(times):
            if generation != self._generation:
                return                            # a newer cue cut this one
            try:
                self.link.command("BUZZ", max(1, min(2000, round(on_time * 1000))))
            except (LinkDown, CommandRefused):
                return
            time.sleep(on_time + off_time)

    def safe_state(self) -> None:
        self._generation += 1

    def close(self) -> None:
        self._generation += 1


class PicoDevices(TableDevices):
    """The three devices and the link they share; closing closes the link last."""

    def __init__(self, launcher, ring, beeper, link: HostLink):
        super().__init__(launcher, ring, beeper)
        self.link = link

    def close(self) -> None:
        super().close()
        self.link.close()


def pico_settings(pinmap: PinMap | None = None) -> tuple[int, int, int, int]:
    """The ``[pico.*]`` part settings as SYNC carries them: exit and hopper active low, servo pulse (us).

    They travel with every SYNC rather than in ``firmware/pins.py``: the Pi's pin map
    stays the one place to change them (no re-flash after ``check`` says "set
    active_low = false"), and a Pico that reboots has them again before any command.
    """
    settings = part_settings(pinmap or load_pinmap(), "pico")
    return (int(settings["exit_active_low"]), int(settings["hopper_active_low"]), *settings["servo_pulse_us"])


def open_devices(events: EventSink, *, port: str = DEFAULT_PORT, seed: int | None = None,
                 burst_policy: str = "toy", timeout: float = 5.0, launcher_options: dict | None = None,
                 pinmap: PinMap | None = None) -> PicoDevices:
    """Connect to the Pico on ``port`` and open launcher, ring and beeper on it.

    No Pico answering within ``timeout`` seconds is a :class:`UserError` saying
    what to check. Besides the :class:`~companion.backends.base.Opener` arguments:
    ``port`` and ``timeout``; any other is a ``TypeError``.
    ``launcher_options``: ``motor_limit``, ``card_deadline``, ``speed``, and
    ``seat_angles`` (seat -> degrees, see :func:`~companion.backends.base.aim_angles`).
    ``pinmap``: where the parts' settings come from (default: the shipped pin map).
    """
    link = HostLink(port, settings=pico_settings(pinmap)).start()
    try:
        link.wait_ready(timeout)
    except BaseException:
        link.close()
        raise
    seats = min(link.info.seats, MAX_SEATS)       # a Pico may wire more buttons than a table has seats
    launcher_options = dict(launcher_options or {})
    try:
        angles = aim_angles(seats, launcher_options.pop("seat_angles", None))
        launcher = PicoLauncher(events, link, policy=make_policy(burst_policy, seed), seat_angles=angles,
                                **launcher_options)
    except BaseException:
        link.close()
        raise
    ring = PicoButtonRing(events, link, seats)
    safety.install_handlers()
    return PicoDevices(launcher, ring, PicoBeeper(link), link)
