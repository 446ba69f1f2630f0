"""The buzzer on a gpiozero pin (backends ``gpio`` and ``sim``): an active buzzer, on or off."""
from __future__ import annotations

import threading

from gpiozero import Buzzer

from companion.devices import safety
from companion.devices.interface import Beeper


class PinBeeper(Beeper):
    """Plays cues on an active buzzer; with ``pin=None`` (no buzzer fitted) cues are silent.

    >>> from companion.devices.sim import mock_factory
    >>> factory = mock_factory()
    >>> beeper = PinBeeper(16, pin_factory=factory)
    >>> beeper.play("uno"); beeper.wait(2)
    True
    >>> [float(state.state) for state in factory.pin(16).states]
    [0.0, 1.0, 0.0, 1.0, 0.0]
    >>> beeper.close()
    """

    def __init__(self, pin=None, *, pin_factory=None):
        self._buzzer = Buzzer(pin, pin_factory=pin_factory) if pin is not None else None
        self._player: threading.Thread | None = None
        self._cut = threading.Event()      # set: the playing cue stops at once
        self._lock = threading.Lock()      # one cue starts at a time
        safety.register(self)

    def _play(self, beeps: tuple[float, float, int]) -> None:
        if self._buzzer is None:
            return
        with self._lock:  # the beeps are ours, not gpiozero's blink thread, which another
            self._stop()   # thread's off() would take away under a cue still playing
            self._cut = threading.Event()
            self._player = threading.Thread(target=self._beeps, args=(self._buzzer, self._cut, *beeps),
                                            name="beeper", daemon=True)
            self._player.start()

    @staticmethod
    def _beeps(buzzer, cut: threading.Event, on_time: float, off_time: float, times: int) -> None:
        for _ in range(times):
            if cut.is_set():
                break
            buzzer.on()
            cut.wait(on_time)
            buzzer.off()
            if cut.wait(off_time):
                break

    def _stop(self) -> None:
        """Cut the playing cue and wait for its thread (briefly: it only waits on ``_cut``)."""
        self._cut.set()
        player = self._player
        if player is not None and player is not threading.current_thread():
            player.join(1.0)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the cue to end; True if it did (for scripts and tests)."""
        player = self._player
        if player is not None:
            player.join(timeout)
            return not player.is_alive()
        return True

    def safe_state(self) -> None:
        self._cut.set()
        if self._buzzer is not None:
            self._buzzer.off()

    def close(self) -> None:
        safety.unregister(self)
        self._stop()
        if self._buzzer is not None:
            self._buzzer.off()
            self._buzzer.close()
            self._buzzer = None
