"""What a seat's choices tell about its hidden cards (tracking mode, issue 19).

A :class:`Tracker` follows a round event by event and keeps, for each hidden card of
each hand (a *slot*, oldest first), the faces it cannot be, as a bit mask:

- a draw (or an E1 burst) by the seat whose turn it is, with nothing owed: the seat had
  no card that fitted (T3), so every card it held then fits none of that moment's faces;
- a pass after such a draw: the drawn card did not fit either;
- a wild-draw4 played from a hidden hand: the seat held no card of the colour (T2).

The rules let a player draw who *will* not play, and bluff a wild-draw4; the virtual
players never do, and the chances play rounds out with their policy, so these inferences
are that policy's reading of the record. ``infer=False`` keeps only what is certain (the
engine's own record: seen cards, sizes). Under house rules the tracker infers nothing
(their plays and passes mean other things), and a hand that changes in a way it cannot
follow loses its slots' masks, never gains wrong ones. A played card leaves the slot with
the most exclusions that allows it (the least-constrained slots stay: it never claims
more than the record shows). Each step costs time in the size of the hands only.

>>> from companion.engine import Game, events as E
>>> game, tracker = Game(2), Tracker()
>>> for event in (E.Deal(dealer=0), E.StartCard("red-5"), E.Draw(seat=1, count=1)):
...     _ = game.apply(event); tracker.step(event, game)
>>> [bin(mask).count("1") for mask in tracker.slots[1]]  # none of the 7 dealt fits red-5
[18, 18, 18, 18, 18, 18, 18, 0]
"""
from __future__ import annotations

from companion.engine import events as E
from companion.engine.cards import CARD_IDS, OF_COLOUR
from companion.engine.phases import DRAWN, TURN

WILD_DRAW4 = CARD_IDS["wild-draw4"]
_MASKS: dict = {}


def mask_of(faces) -> int:
    """The bit mask of a set of face ids (cached: the engine's fitting sets are few)."""
    mask = _MASKS.get(faces)
    if mask is None:
        mask = 0
        for face in faces:
            mask |= 1 << face
        _MASKS[faces] = mask
    return mask


def hidden_sizes(game) -> list[int]:
    """Cards of each hand the table has not seen."""
    if game.full:
        return list(game.sizes)
    return [max(0, size - len(hand[:size])) for hand, size in zip(game.hands, game.sizes)]


class Tracker:
    """Per seat, the masks of the faces each hidden card cannot be (see the module)."""

    def __init__(self, infer: bool = True):
        self.infer = infer
        self.slots: list[list[int]] = []
        self._round = None
        self._before = None
        self._followed = 0  # log entries read by :meth:`follow`
        self._last_event = None

    def reset(self, game) -> None:
        """Forget every inference (a new round, an undo, a record it cannot follow)."""
        self.slots = [[0] * hidden for hidden in hidden_sizes(game)]
        self._round = (id(game.deck), game.round_no, game.n)
        self._remember(game)

    def _remember(self, game) -> None:
        self._before = (game.phase, game.current, game.pending, game.colour,
                        mask_of(game.fitting), hidden_sizes(game))

    def step(self, event, game) -> None:
        """``game`` has just applied ``event`` (as the table saw it)."""
        if self._round != (id(game.deck), game.round_no, game.n) or self._before is None:
            self.reset(game)
            return
        phase, current, pending, colour, fitting, before = self._before
        after = hidden_sizes(game)
        infer = self.infer and not game.house
        seat = getattr(event, "seat", -1)
        slots = self.slots
        if isinstance(event, (E.Draw, E.Burst)) and 0 <= seat < game.n:
            grown = after[seat] - before[seat]
            if (infer and phase is TURN and not pending and seat == current
                    and (game.phase is DRAWN or isinstance(event, E.Burst))):
                slots[seat] = [mask | fitting for mask in slots[seat]]  # T3: nothing fitted
            slots[seat].extend([0] * max(0, grown))
        elif isinstance(event, E.Pass) and infer and phase is DRAWN and seat == current:
            if slots[seat] and game.phase is not DRAWN:
                slots[seat][-1] |= fitting  # the drawn card did not fit either
        elif isinstance(event, E.Play) and 0 <= seat < game.n and after[seat] == before[seat] - 1:
            face = CARD_IDS.get(event.card, -1)
            self._remove(slots[seat], face)
            if infer and face == WILD_DRAW4 and 0 <= colour < 4:
                block = mask_of(OF_COLOUR[colour])  # T2: it held no card of the colour
                slots[seat] = [mask | block for mask in slots[seat]]
        elif isinstance(event, E.ChooseTarget) and 0 <= event.target < game.n:
            slots[seat], slots[event.target] = slots[event.target], slots[seat]
        for other in range(game.n):  # whatever it did not follow: keep the counts true
            if len(slots[other]) != after[other]:
                slots[other] = [0] * after[other]
        self._remember(game)

    def follow(self, game) -> None:
        """Catch up with ``game``'s log (the events since the last call). Events read in a
        batch are judged against the state after the batch, so only the last of them may
        infer; an undo or a new round starts the tracker afresh."""
        log = game.log
        if log is None:
            self.reset(game)
            return
        seen = self._followed
        if seen > len(log) or (seen and log[seen - 1] is not self._last_event
                               and log[seen - 1] != self._last_event):
            self.reset(game)
            seen = len(log)
        new = log[seen:]
        if len(new) > 1:  # only the batch's last event is judged (against the state after it)
            self._before = (None, -1, 0, -1, 0, [len(s) for s in self.slots])
        if new:
            self.step(new[-1], game)
        elif self._before is None:
            self.reset(game)
        self._followed = len(log)
        self._last_event = log[-1] if log else None

    @staticmethod
    def _remove(slots: list[int], face: int) -> None:
        if not slots:
            return
        best, most = -1, -1
        for index, mask in enumerate(slots):
            if face >= 0 and (mask >> face) & 1:
                continue
            bits = bin(mask).count("1")
            if bits > most:
                best, most = index, bits
        if best < 0:  # no slot allows it: the inferences were wrong, keep the certain part
            slots[:] = [0] * (len(slots) - 1)
        else:
            del slots[best]

    def masks(self, game) -> list[list[int]]:
        """The slots' masks for ``game`` as it stands (afresh when they do not fit it)."""
        sizes = hidden_sizes(game)
        if (self._round != (id(game.deck), game.round_no, game.n)
                or [len(s) for s in self.slots] != sizes):
            return [[0] * size for size in sizes]
        return [list(s) for s in self.slots]


__all__ = ["Tracker", "hidden_sizes", "mask_of"]
