"""Launcher control: the motor runs only inside a command's limits.

Every motor command carries its own maximum on-time, and the firmware caps
that again at ``ABSOLUTE_MAX_MS``. The time counts over the *continuous* run:
a command that arrives while the motor runs, or less than ``REST_MS`` after it
stopped, continues that run and its clock (it may shorten the run, never
lengthen it), so no stream of commands keeps the motor on longer than one
limit without a rest. A launch also stops at its count, when no
card passes the exit sensor within the deadline (a jam) and when the hopper
sensor reports empty. Each launch ends with exactly one ``END`` event.

A jam is first cleared here, without the host: the motor runs backward for
``reverse_ms`` (a snagged card is pulled back), then forward with a fresh
deadline, at most ``clears`` times per jam (never with a card in the exit
sensor: it was counted already). The reverse pulses run inside the launch's own
maximum on-time, which still ends it with ``LIMIT``.

>>> launcher = Launcher()
>>> launcher.launch(2, max_ms=3000, deadline_ms=800, speed=70, now_ms=0)
>>> launcher.direction, launcher.card(100), launcher.card(250), launcher.direction
(1, [('CARD', (1, 2))], [('CARD', (2, 2)), ('END', ('DONE', 2, 2))], 0)
"""

ABSOLUTE_MAX_MS = 15000      # no command, however garbled, runs the motor longer
REST_MS = 100                # off at least this long before a run gets a fresh time limit
MAX_REVERSE_MS = 500         # a longer reverse pulse would drag the stack back too
MAX_CLEARS = 5


class Busy(Exception):
    """A launch is running; the host must wait for its END or send STOP."""


class Launcher:
    def __init__(self):
        self.direction = 0       # 1 forward (throw), -1 backward (clear a jam), 0 off
        self.speed = 0           # percent of full PWM
        self.launching = False
        self.count = 0           # cards counted in the current or last launch
        self.requested = 0
        self.total = 0           # cards counted since boot
        self._started = 0        # when the continuous run began
        self._stopped_at = None  # when the motor last stopped
        self._now = 0            # the latest time seen
        self._limit = 0
        self._deadline = 0
        self._last_card = 0
        self._reverse_ms = 0
        self._clears = 0
        self._clears_left = 0
        self._forward_at = 0     # when a reverse pulse ends
        self.reversals = 0       # reverse pulses since boot

    @property
    def running(self):
        return self.direction != 0

    def launch(self, count, max_ms, deadline_ms, speed, now_ms, reverse_ms=0, clears=0):
        """Throw ``count`` cards; raises :class:`Busy` while the motor runs.

        A jam is met with up to ``clears`` backward pulses of ``reverse_ms`` each.
        """
        if self.running:
            raise Busy()
        self.launching = True
        self.count, self.requested = 0, count
        self._deadline = deadline_ms
        self._last_card = now_ms
        self._reverse_ms = max(0, min(reverse_ms, MAX_REVERSE_MS))
        self._clears = self._clears_left = max(0, min(clears, MAX_CLEARS)) if self._reverse_ms else 0
        self._start(1, speed, max_ms, now_ms)

    def run(self, direction, speed, max_ms, now_ms):
        """Run the motor by hand (``direction`` 1 or -1) for at most ``max_ms``."""
        if self.launching:
            raise Busy()
        self._start(direction, speed, max_ms, now_ms)

    def _start(self, direction, speed, max_ms, now_ms):
        self._now = now_ms
        if not self.running and (self._stopped_at is None or now_ms - self._stopped_at >= REST_MS):
            self._started = now_ms               # rested: a new run
        # else the same continuous run: its clock goes on, this command's limit applies to all of it
        self.direction = direction
        self.speed = max(1, min(100, speed))
        self._limit = max(0, min(max_ms, ABSOLUTE_MAX_MS))

    def card(self, now_ms):
        """The exit sensor counted a card; returns the events to send."""
        self.total += 1
        self._now = now_ms
        if not self.launching:
            return []
        self.count += 1
        self._last_card = now_ms
        self._clears_left = self._clears          # each jam gets its own tries
        events = [("CARD", (self.count, self.requested))]
        if self.count >= self.requested:
            events += self.stop("DONE")
        return events

    def tick(self, now_ms, hopper_empty=False, beam_blocked=False):
        """Check the limits at ``now_ms``; returns the events to send.

        ``beam_blocked``: a card sits in the exit sensor now. A jam like that is never
        backed off: the card was counted as it came in, and fed again it would count twice.
        """
        self._now = now_ms
        if not self.running:
            return []
        if now_ms - self._started >= self._limit:
            return self.stop("LIMIT")
        if self.launching and hopper_empty:
            return self.stop("EMPTY")
        if self.launching and self.direction < 0:
            if now_ms >= self._forward_at:        # the pulse is over: forward, a fresh deadline
                self.direction, self._last_card = 1, now_ms
            return []
        if self.launching and now_ms - self._last_card >= self._deadline:
            if self._clears_left > 0 and not beam_blocked:   # back off to free a snagged card
                self._clears_left -= 1
                self.reversals += 1
                self.direction, self._forward_at = -1, now_ms + self._reverse_ms
                return []
            return self.stop("JAM")
        return []

    def stop(self, reason="STOP", now_ms=None):
        """Motor off now; a running launch ends with ``reason``."""
        if self.running:
            self._stopped_at = self._now if now_ms is None else now_ms
        self.direction, self.speed = 0, 0
        if not self.launching:
            return []
        self.launching = False
        return [("END", (reason, self.count, self.requested))]
