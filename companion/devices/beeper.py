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
        safety.register(self)

    def _play(self, beeps: tuple[float, float, int]) -> None:
        if self._buzzer is None:
            return
        self._buzzer.off()  # cuts a cue that is still playing
        on_time, off_time, times = beeps
        self._player = threading.Thread(
            target=self._buzzer.beep, name="beeper", daemon=True,
            kwargs=dict(on_time=on_time, off_time=off_time, n=times, background=False))
        self._player.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the cue to end; True if it did (for scripts and tests)."""
        player = self._player
        if player is not None:
            player.join(timeout)
            return not player.is_alive()
        return True

    def safe_state(self) -> None:
        if self._buzzer is not None:
            self._buzzer.off()

    def close(self) -> None:
        safety.unregister(self)
        if self._buzzer is not None:
            self._buzzer.off()
            self._buzzer.close()
            self._buzzer = None
