"""E7 DOS: :class:`DosGame`, its state, view, deal and centre row (see the package's docs)."""
from __future__ import annotations

import dataclasses

from companion.engine import actions as A
from companion.engine.cards import CARD_NAMES, CARDS
from companion.engine.dos.data import _WAITING, DOS_PLAYING, REFILL, ROW_SIZE, AskLay, FillRow, LAY
from companion.engine.dos.turns import TurnsMixin
from companion.engine.events import ChooseDealer, Reshuffle, StartCard
from companion.engine.game import Game
from companion.engine.messages import message
from companion.engine.phases import DEAL, DRAWN, START, TURN
from companion.engine.state import WaitingFor
from companion.errors import UserError


class DosGame(TurnsMixin, Game):
    """One DOS match at one table (see the module docstring)."""

    # row: the centre row; matched: the piles matched this turn; bonus: cards the player
    # puts into the row at the end of the turn; hits: double colour matches this turn;
    # deferred: a DOS penalty caught during the player's own turn (drawn at its end);
    # half: (pile, card), the first card of a sum laid stacked, waiting for its second.
    __slots__ = ("row", "matched", "bonus", "hits", "deferred", "half")
    _STATE = Game.__slots__ + __slots__

    def __init__(self, players=2, options=None, **kwargs):
        super().__init__(players, options, **kwargs)
        if self.n > 4:
            raise UserError(message("dos_players", players=self.n))

    # ----- the state: copies, rounds, the view ---------------------------------------------
    def copy(self, record: bool = True) -> "DosGame":
        game = object.__new__(DosGame)
        for name in self._STATE:
            setattr(game, name, getattr(self, name))
        game.hands = [hand[:] for hand in self.hands]
        game.row = [pile[:] for pile in self.row]
        for name in ("sizes", "pile", "discard", "owed", "called", "scores", "wins",
                     "round_points", "round_won", "revealed_points", "candidates", "matched"):
            setattr(game, name, getattr(self, name)[:])
        game.log = None if self.log is None or not record else self.log[:]
        game.out = None
        return game

    def _restore(self, other) -> None:
        for name in self._STATE:
            if name != "out":
                setattr(self, name, getattr(other, name))

    def _reset_round(self, hands, sizes, pile) -> None:
        super()._reset_round(hands, sizes, pile)
        self.row, self.matched, self.bonus, self.hits, self.deferred = [], [], 0, 0, 0
        self.half = None

    def _waiting(self):
        return _WAITING.get(self.phase) or super()._waiting()

    def snapshot(self):
        view = super().snapshot()
        turn = self.current if self.phase in DOS_PLAYING else None
        facts = {"matched_piles": sorted(self.matched)} if self.matched else {}
        if self.bonus:
            facts["cards_to_lay"] = self.bonus
        if self.half is not None:
            facts["half_sum"] = {"pile": self.half[0], "card": CARD_NAMES[self.half[1]]}
        return dataclasses.replace(
            view, turn=turn, waiting_for=WaitingFor(turn, self._waiting()), house=facts,
            centre_row=tuple(tuple(CARD_NAMES[c] for c in pile) for pile in self.row))

    def prompt(self) -> list[A.Action]:
        phase, seat = self.phase, self.current
        owed = [A.Dispense(s, n, message("reason_owed")) for s, n in enumerate(self.owed) if n]
        if phase is START or phase is REFILL:
            return [FillRow(ROW_SIZE - len(self.row)), *owed]
        if phase is LAY:
            return [AskLay(seat, self.bonus), *owed]
        if phase is TURN:
            return [A.Turn(seat, ("match", "draw")), *owed]
        if phase is DRAWN:
            return [A.Turn(seat, ("match", "end the turn")), *owed]
        return super().prompt()

    def _check_running(self, what: str) -> None:
        if self.phase not in DOS_PLAYING:
            raise UserError(self._not_now(message(what)))

    # ----- E7.2: the dealer, the deal and the centre row -----------------------------------
    def choose_dealer(self, cards) -> None:
        """E7.2: the highest number deals; both wilds count 0 (ties draw again)."""
        if self.phase is not DEAL or self.dealer >= 0:
            raise UserError(message("dealer_once"))
        if len(cards) != self.n or any((c is None) != (s not in self.candidates)
                                       for s, c in enumerate(cards)):
            raise UserError(message("dealer_cards", seats=list(self.candidates)))
        self._record(ChooseDealer(tuple(None if c is None else CARD_NAMES[c] for c in cards)))
        value = [-1 if c is None else CARDS[c].number if CARDS[c].kind == "number" else 0
                 for c in cards]
        best = max(value[s] for s in self.candidates)
        self.candidates = [s for s in self.candidates if value[s] == best]
        if len(self.candidates) == 1:
            self.dealer = self.current = self.candidates[0]
        self.tell(*self.prompt())

    def _deal(self, dealer, hands, sizes, pile) -> None:
        mark = len(self.out) if self.out is not None else 0
        super()._deal(dealer, hands, sizes, pile)
        self._row_not_start_card(mark)

    def _dealt(self, seat, count, cards) -> None:
        mark = len(self.out) if self.out is not None else 0
        super()._dealt(seat, count, cards)
        self._row_not_start_card(mark)

    def _row_not_start_card(self, mark: int) -> None:
        """The classic deal asks for a start card: DOS turns up its row instead."""
        if self.out is not None:
            self.out[mark:] = [FillRow(ROW_SIZE) if isinstance(a, A.FlipStartCard) else a
                               for a in self.out[mark:]]

    def start_card(self, card: int) -> None:
        """E7.2, E7.6: a card from the draw pile was turned up into the centre row."""
        phase = self.phase
        if phase is not START and phase is not REFILL:
            raise UserError(message("dos_row_card_now"))
        if self.full and card not in self.pile:
            raise UserError(message("not_in_pile", card=CARD_NAMES[card]))
        if self.log is not None:
            self._record(StartCard(CARD_NAMES[card]))
        if self.full:
            self.pile.remove(card)
        self.pile_count = max(0, self.pile_count - 1)
        self.row.append([card])
        if phase is REFILL:
            return self._end_steps()
        if len(self.row) < ROW_SIZE:
            return self.tell(FillRow(ROW_SIZE - len(self.row)))
        self.current = (self.dealer + 1) % self.n  # left of the dealer, clockwise
        self._begin_turn()

    def start_random(self, random) -> int:
        """Full information: turn up random cards until the row is full (a spent draw
        pile is reshuffled first, D5; with none anywhere the row stays short)."""
        while self.phase is START or self.phase is REFILL:
            if not self.pile:
                if not self.discard:
                    break
                self.reshuffle()
            self.start_card(self.pile[int(random() * len(self.pile))])
        return -1

    def reshuffle(self) -> None:
        """D5: the discard pile becomes the draw pile (DOS keeps no top card on it)."""
        if self.phase not in DOS_PLAYING:
            raise UserError(message("reshuffle_in_round"))
        if not self.discard:
            raise UserError(message("nothing_to_reshuffle"))
        if self.full and self.pile:
            raise UserError(message("pile_not_empty", count=len(self.pile)))
        self._record(Reshuffle())
        if self.full:
            self.pile.extend(self.discard)
        self.pile_count += len(self.discard)
        self.discard = []

