"""The launcher on the Pico (backend ``pico``): jobs become LAUNCH commands over the link.

The Pico runs the motor and counts the cards itself, within the limits each
LAUNCH carries (count, motor limit, card deadline, jam clearing); this class keeps the job
queue and turns the Pico's CARD and END events into the same observations the
``gpio`` and ``sim`` launchers give. A job longer than one motor limit runs in
stretches, as on the Pi. If the link drops mid-job the Pico stops the motor by
itself within a second; the job ends as ``DispenseStopped("link lost")`` with
the count from the Pico's next state snapshot when it comes back in time.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from companion.devices import observations as obs
from companion.devices import safety
from companion.devices.interface import DispenseJob, EventSink
from companion.devices.jobqueue import (HELD_OFF, QueuedLauncher, check_jam_clearing, check_motor_times,
                                        exit_blocked_at_rest, hopper_empty_at_rest, jam_reason)
from companion.devices.policies import BurstPolicy
from companion.backends.pico.session import CommandRefused, LinkDown, HostLink

log = logging.getLogger(__name__)

MAX_LAUNCH = 40          # cards per LAUNCH command (the protocol's limit); more go in several
END_REASONS = {"STOP": "stop", "LIMIT": "time limit",
               "LOST": "link lost", "REBOOT": "the Pico restarted",
               "NO END": "error: the Pico did not end the launch"}


class PicoLauncher(QueuedLauncher):
    """Throws cards through the Pico; ``seat_angles`` are servo angles (-90..90) per seat."""

    worker_name = "pico-launcher"

    def __init__(self, events: EventSink, link: HostLink, *, policy: BurstPolicy | None = None,
                 seat_angles: Sequence[float] = (), speed: float = 1.0, motor_limit: float = 3.0,
                 card_deadline: float = 0.8, rest: float = 0.15, recover_timeout: float = 5.0,
                 jam_reverse: float = 0.15, jam_retries: int = 2):
        super().__init__(events, policy)
        check_jam_clearing(jam_reverse, jam_retries)
        self.jam_reverse, self.jam_retries = jam_reverse, jam_retries
        check_motor_times(motor_limit, card_deadline)
        self.link = link
        self.seat_angles = list(seat_angles)
        self.speed, self.motor_limit, self.card_deadline = speed, motor_limit, card_deadline
        self.rest, self.recover_timeout = rest, recover_timeout
        self._base = 0                  # cards of the current job counted in earlier stretches
        self._count = 0
        self._end: tuple[str, int] | None = None
        self._session: str | None = None
        self._motor = False
        self._ended_at: float | None = None     # when the last launch's END came
        self._held_off = False
        self._hopper = 2
        link.add_listener(self._on_message)
        link.add_session_listener(self._on_session)
        self._start_worker()

    # -- the interface --------------------------------------------------------------------
    @property
    def motor_running(self) -> bool:
        return self._motor

    def aim(self, seat: int) -> None:
        if not 0 <= seat < len(self.seat_angles):
            raise ValueError(f"no aim angle for seat {seat}; the launcher knows {len(self.seat_angles)} seats")
        threading.Thread(target=self._try, args=("AIM", self._angle(seat)), daemon=True).start()

    def safe_state(self) -> None:
        self._held_off = True               # no LAUNCH after this: the process is ending
        self.link.halt()

    def self_check(self) -> list[str]:
        problems = []
        deadline = self.link.clock() + 1.0          # the first snapshot follows the session at once
        while self.link.state is None and self.link.clock() < deadline:
            self._pause(0.02)
        state = self.link.state
        if state is None:
            return problems
        if state.beam == 1 and not self.busy:
            problems.append(exit_blocked_at_rest("on the Pico", bool(self.link.settings[0]), "pico"))
        if state.hopper == 0:
            problems.append(hopper_empty_at_rest("on the Pico", bool(self.link.settings[1]), "pico"))
        return problems

    # -- the job queue's hooks ---------------------------------------------------------------
    def _halt(self, closing: bool = False) -> None:
        if closing:
            self._try("STOP")               # answered before the link closes
            return
        self.link.halt()                    # at once, and again with an ACK in the background
        threading.Thread(target=self._try, args=("STOP",), daemon=True).start()

    def _begin(self, job: DispenseJob) -> None:
        self._base = 0

    def _job_count(self) -> int:
        return self._base

    def _job_failed(self) -> None:
        self._try("STOP")                   # a fault in this code: the Pico's limits still hold

    def _job_over(self) -> None:
        self._motor = False

    # -- events from the link (its listener thread) ----------------------------------------
    def _on_message(self, message, at: float) -> None:
        verb, args = message.verb, message.args
        if verb == "PRESS" and args[0] == "DRAW":
            self.events.put(obs.DrawPressed(at))
        elif verb == "STATE":
            if self._hopper == 0 and args[4] == 1:
                self.events.put(obs.HopperRefilled(at))
            self._hopper = args[4]
        elif verb in ("CARD", "END"):
            with self._cond:
                if self._current is None or self._end is not None:
                    return
                count = args[0] if verb == "CARD" else args[1]
                if count > self._count:
                    self._count = count
                    self.events.put(obs.CardCounted(self._current.job, self._current.seat,
                                                    self._base + count, at))
                if verb == "END":
                    self._end = (args[0], count)
                self._cond.notify_all()

    def _on_session(self, what: str) -> None:
        if what in ("lost", "reboot"):
            with self._cond:
                self._session = what
                self._cond.notify_all()

    # -- one job (on the worker) -----------------------------------------------------------
    def _run_job(self, job: DispenseJob) -> obs.DispenseEnded:
        if job.requested == 0:
            return job.finished(0)
        try:
            if job.seat is not None and job.seat < len(self.seat_angles):
                self.link.command("AIM", self._angle(job.seat))
            while True:
                chunk = min(job.requested - self._base, MAX_LAUNCH)
                with self._cond:
                    self._count, self._end, self._session = 0, None, None
                    if self._stop_reason is not None:
                        return job.stopped(self._base, self._stop_reason)
                    if self._held_off:
                        return job.stopped(self._base, HELD_OFF)
                # The Pico counts a LAUNCH sent sooner after the last run as the same run (docs/protocol.md).
                if self._ended_at is not None:
                    self._pause(self._ended_at + safety.REST - self.link.clock())
                boot = self.link.info.boot_id if self.link.info else None
                # The Pico clears jams itself (backward pulses inside the same max on-time).
                self.link.command("LAUNCH", chunk, round(self.motor_limit * 1000),
                                  round(self.card_deadline * 1000), max(1, round(self.speed * 100)),
                                  round(self.jam_reverse * 1000), self.jam_retries)
                self._motor = True
                reason, count = self._wait_end(chunk, boot)
                self._motor = False
                self._ended_at = self.link.clock()
                self._base += count
                if reason == "DONE" and self._base < job.requested:
                    continue                      # the next LAUNCH of a long job
                if reason == "LIMIT" and count > 0 and self._stop_reason is None:
                    self._pause(self.rest)        # a stretch: rest the motor, then go on
                    continue
                break
        except LinkDown:
            return job.stopped(self._base, "link lost")
        except CommandRefused as refused:
            return job.stopped(self._base, f"error: {refused}")
        if reason == "DONE":
            return job.finished(self._base)
        if reason == "EMPTY":
            return job.empty(self._base)
        if reason == "JAM":
            return job.jammed(self._base, jam_reason(self.jam_retries))
        return job.stopped(self._base, self._stop_reason or END_REASONS.get(reason, reason))

    def _wait_end(self, chunk: int, boot: int | None) -> tuple[str, int]:
        """Wait for the LAUNCH's END; after a lost link, recover the count from a snapshot."""
        limit = self.motor_limit + 2.0            # the Pico stops by itself well before this
        with self._cond:
            self._cond.wait_for(lambda: self._end is not None or self._session is not None, limit)
            if self._end is not None:
                return self._end
            session, counted = self._session, self._count
        if session is None:                       # alive but no END: a firmware fault; make sure
            self._try("STOP")
            with self._cond:
                self._cond.wait_for(lambda: self._end is not None, 1.0)
                return self._end or ("NO END", self._count)
        if session == "lost" and self._wait_snapshot():
            # Same boot: the Pico stopped by itself and its snapshot holds the launch's count.
            state = self.link.state
            if self.link.info and self.link.info.boot_id == boot and state.requested == chunk:
                counted = max(counted, state.count)
        with self._cond:
            if counted > self._count:
                self._count = counted
                self.events.put(obs.CardCounted(self._current.job, self._current.seat, self._base + counted,
                                                self.link.clock()))
        return ("LOST" if session == "lost" else "REBOOT", counted)

    def _wait_snapshot(self) -> bool:
        """Wait for the link to come back and a fresh STATE; False if it does not in time."""
        deadline = self.link.clock() + self.recover_timeout
        while self.link.clock() < deadline and not self._closed:
            state = self.link.state
            if self.link.ready and state is not None and state.at >= self.link.ready_since:
                return True
            self._pause(0.05)
        return False

    def _pause(self, seconds: float) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._closed, seconds)

    def _angle(self, seat: int) -> int:
        return max(0, min(180, round(self.seat_angles[seat] + 90)))

    def _try(self, verb: str, *args) -> None:
        try:
            self.link.command(verb, *args)
        except (LinkDown, CommandRefused) as error:
            log.info("%s not sent: %s", verb, error)
