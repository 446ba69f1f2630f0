"""The simulated table: the demo harness, its virtual players and its camera.

Nothing here runs at a real table; ``uno-companion demo``, the benchmarks and the
end-to-end tests seat virtual players at the real service.

- :mod:`.simulated`: :class:`SimulatedTable` runs the real table service and the players' acts.
- :mod:`.hands`: each act done physically (a card laid, a button pressed, a jam cleared).
- :mod:`.players`: :class:`VirtualPlayers`, whose world is derived from the table's engine.
- :mod:`.camera`: :class:`SimCamera`, frames of a rendered table.
- :mod:`.faults`: :class:`Faults` to inject (misreads, jams, an empty hopper, a late player).
"""
from companion.simtable.camera import SimCamera
from companion.simtable.faults import Faults, UnsureWatcher
from companion.simtable.players import Act, VirtualPlayers
from companion.simtable.simulated import SimulatedTable

__all__ = ["SimulatedTable", "SimCamera", "Faults", "UnsureWatcher", "Act", "VirtualPlayers"]
