"""The table's hands: the card launcher, the button ring and the beeper.

The table loop opens them with :func:`companion.backends.open_devices` on a backend
(``gpio``, ``sim`` or ``pico``), hands them its queue, and from then on:

* calls the small interface of :mod:`companion.devices.interface`
  (``launcher.dispense(n, seat)``, ``launcher.burst(seat)``, ``ring.light_turn(seat, seconds)``,
  ``ring.start_race(seats, window)``, ``ring.show_colours()``, ``beeper.play("uno")``...);
* reads the results as observations (:mod:`companion.devices.observations`) from its queue.

Devices never call the engine. See docs/devices.md for wiring and burst policies.
"""
from companion.devices.interface import Beeper, ButtonRing, DispenseJob, Launcher
from companion.devices.policies import ToyBurst, UniformBurst, make_policy

__all__ = ["Beeper", "ButtonRing", "DispenseJob", "Launcher",
           "ToyBurst", "UniformBurst", "make_policy"]
