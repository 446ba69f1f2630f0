"""Debounced buttons: an edge counts once the level has held for ``settle_ms``.

>>> buttons = Debouncer(2, settle_ms=20)
>>> buttons.update(0, [False, False])          # the first reading is the start state
[]
>>> buttons.update(5, [True, False]), buttons.update(30, [True, False])
([], [(0, True)])
"""


class Debouncer:
    def __init__(self, count, settle_ms=20):
        self.settle_ms = settle_ms
        self.stable = None              # the debounced levels (True = pressed)
        self._raw = [False] * count
        self._since = [0] * count

    def update(self, now_ms, levels):
        """Feed the raw levels read at ``now_ms``; returns ``[(index, pressed), ...]``."""
        if self.stable is None:
            # A button held at boot is not a press: nobody pressed it for this game.
            self.stable = list(levels)
            self._raw = list(levels)
            self._since = [now_ms] * len(levels)
            return []
        edges = []
        for index, level in enumerate(levels):
            if level != self._raw[index]:
                self._raw[index] = level
                self._since[index] = now_ms
            elif level != self.stable[index] and now_ms - self._since[index] >= self.settle_ms:
                self.stable[index] = level
                edges.append((index, level))
        return edges

    def held(self):
        """Bit mask of the buttons that are down now (bit i = button i)."""
        mask = 0
        for index, level in enumerate(self.stable or ()):
            if level:
                mask |= 1 << index
        return mask
