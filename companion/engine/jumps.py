"""H5 jump-in at a real table: a seat's button claims a card the camera sees.

The camera cannot tell who laid a card; it reports it as the play of the seat whose
turn it is. The jumping player's button says whose it was, in either order:

* card first: the button claims the card just played, while that play is still the
  engine's last event (anything else in between closes the window). The engine
  replays the round without that play and plays the card as the claimer's jump-in.
* button first: the claim waits for the very next event; if that is a played card,
  it is the claimer's.

Either way the card is judged as the claimer's (H5, or a misplay, P1). The log keeps
the play as seen and the ``jump_in`` event, so a replay claims it again. Only an accepted
card can be claimed afterwards: a card taken back as a misplay already cost its penalty.
With full information a play must name a seat that holds the card, so simulations use
the button-first order.
"""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.cards import CARD_NAMES, parse_card
from companion.engine.events import JumpIn, Play
from companion.engine.messages import message
from companion.engine.phases import PLAYING
from companion.errors import UserError


class JumpMixin:
    __slots__ = ()

    def claimable(self) -> int:
        """H5: the seat whose last play a button may still claim as a jump-in (-1: none).

        Only an accepted card that is identical to the card under it, while its play is
        the last event."""
        if not self.log or not self.options.jump_in or self.phase not in PLAYING:
            return -1
        last = self.log[-1]
        if type(last) is not Play or len(self.discard) < 2 or self.discard[-2] != self.top:
            return -1
        return last.seat if CARD_NAMES[self.top] == last.card else -1

    def jump_in(self, seat: int) -> None:
        """H5: ``seat``'s button claims the card just played, or the next one."""
        self._check_seat(seat)
        if not self.options.jump_in:
            raise UserError(message("jump_in_off"))
        if self.phase not in PLAYING:
            raise UserError(self._not_now(message("what_jump_in")))
        if self.log is None:
            raise UserError(message("jump_in_needs_log"))
        owner = self.claimable()
        if owner == seat:
            raise UserError(message("already_claimed", card=CARD_NAMES[self.top], seat=seat))
        if owner >= 0:
            self._claim_last(seat)
            return
        if seat == self.current:
            raise UserError(message("no_jump_needed", seat=seat))
        self._record(JumpIn(seat))
        self.flags.jump_claim = (seat, len(self.log))
        self.tell(A.Notice(message("jumps_next", seat=seat)))

    def _claim_last(self, seat: int) -> None:
        last = self.log[-1]
        game = self.replayed(self.log[:-1])
        game.flags.jump_claim = (seat, len(game.log))
        game.out = self.out
        game.tell(A.Notice(message("jumped_in", seat=seat, card=last.card)))
        try:
            game.play(last.seat, parse_card(last.card))
        finally:
            game.out = None
        game._record(JumpIn(seat))
        self._restore(game)

    def _claimed(self, seen: int, card: int) -> int:
        """The seat a played card belongs to: the claimer if the claim is still open."""
        seat, at = self.flags.jump_claim
        self.flags.jump_claim = None
        return seat if at == len(self.log) else seen
