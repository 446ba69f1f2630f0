"""Drawing, passing, the wild-draw4 challenge and the reshuffle (T3, T4, T6, T7, D5).

A draw first pays what the seat owes (penalties), then what it must draw for a
draw2/wild-draw4 (after which it loses the turn), then, at most one card, the
seat's own draw for the turn (T3).
"""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.cards import CARD_COLOUR, CARD_NAMES
from companion.engine.messages import message
from companion.engine.events import Burst, Challenge, ChallengeVerdict, Draw, Pass, Reshuffle
from companion.engine.phases import CHALLENGE, DEALING, DRAWN, PLAYING, TURN, VERDICT
from companion.errors import UserError


class DrawMixin:
    __slots__ = ()

    def may_draw(self, seat: int) -> int:
        """How many cards ``seat`` may take now (owed + due + one for the turn)."""
        allowed = self.owed[seat]
        if seat == self.current:
            phase = self.phase
            if self.pending and (phase is TURN or phase is CHALLENGE):
                allowed += self.pending
            elif phase is TURN and not self.pending:
                allowed += 1
            elif phase is DRAWN and self.house and any(r.may_draw_again(self, seat)
                                                       for r in self.house):
                allowed += 1  # H7
        return allowed

    def _check_draw(self, seat: int, count: int) -> None:
        if (type(seat) is int and type(count) is int and count == 1 and seat == self.current
                and self.phase is TURN and not self.pending and not self.owed[seat]):
            return  # the turn's own card (T3): by far the most common draw
        if self.phase is DEALING:  # D2 by launcher: any seat, what the sensor counted
            self._check_seat(seat)
            if type(count) is not int or count < 1:
                raise UserError(message("dealt_draw_count", count=repr(count)))
            return
        if self.phase not in PLAYING:
            raise UserError(self._not_now(message("what_draw")))
        if type(seat) is not int or not 0 <= seat < self.n:
            self._check_seat(seat)
        allowed = self.may_draw(seat)
        if count == 0 and type(count) is int and allowed:
            if self.draw_pile_size or len(self.discard) > 1:
                raise UserError(message("draw_zero"))
            return
        if type(count) is not int or count < 1:
            raise UserError(message("draw_count", count=repr(count)))
        if count > allowed:
            if seat == self.current:
                raise UserError(message("may_draw", seat=seat, allowed=allowed, count=count))
            raise UserError(message("may_draw_not_turn", seat=seat, allowed=allowed, count=count,
                                    turn=self.current))

    def draw(self, seat: int, count: int, cards: list[int] | None = None) -> None:
        """``seat`` took ``count`` cards (``cards`` when known; required with full information)."""
        self._check_draw(seat, count)
        self._take(seat, count, cards)
        if self.log is not None:
            self._record(Draw(seat, count, None if cards is None else
                              tuple(CARD_NAMES[c] for c in cards)))
        self._receive(seat, count, cards)

    def burst(self, seat: int, count: int, cards: list[int] | None = None) -> None:
        """E1 Extreme: instead of drawing, ``seat`` pressed the launcher, which threw ``count``
        cards (0 or more, as counted). The seat keeps them all and the turn is over."""
        self._check_burst(seat, count)
        self._take(seat, count, cards)
        if self.log is not None:
            self._record(Burst(seat, count, None if cards is None else
                               tuple(CARD_NAMES[c] for c in cards)))
        if cards:
            self.hands[seat].extend(cards)
        self.sizes[seat] += count
        if self.sizes[seat] > 1:
            self.called[seat] = False
        for rule in self.house:
            rule.on_receive(self, seat, count)
        if self.uno_window >= 0 and self.uno_window != seat:
            self.uno_window = -1
        self.advance_turn(1)  # E1: with or without cards, the turn is over

    def burst_random(self, seat: int, count: int, random) -> list[int]:
        """Full information: a burst of ``count`` random cards from the pile; an empty pile is
        reshuffled first (D5), and a burst takes at most what the pile holds."""
        self._check_burst(seat, count)
        if count and not self.pile and len(self.discard) > 1:
            self.reshuffle()
        count = min(count, len(self.pile))
        cards = []
        pile = self.pile[:]
        for _ in range(count):
            index = int(random() * len(pile))
            cards.append(pile[index])
            pile[index] = pile[-1]
            pile.pop()
        self.burst(seat, count, cards)
        return cards

    def _check_burst(self, seat: int, count: int) -> None:
        if not self.options.extreme_bursts:
            raise UserError(message("bursts_off"))
        if self.phase not in PLAYING:
            raise UserError(self._not_now(message("what_draw")))
        self._check_seat(seat)
        if seat != self.current or self.phase is not TURN or self.pending:
            raise UserError(message("cannot_burst", seat=seat))
        if type(count) is not int or count < 0:
            raise UserError(message("burst_count", count=repr(count)))

    def _take(self, seat: int, count: int, cards) -> None:
        """Take ``count`` cards off the draw pile (the launcher) for ``seat``."""
        if cards is not None and len(cards) != count:
            raise UserError(message("draw_lists", count=count, listed=len(cards)))
        if self.full:
            if cards is None:
                raise UserError(message("draw_names_cards"))
            taken = []
            try:
                for card in cards:
                    self.pile.remove(card)
                    taken.append(card)
            except ValueError:
                self.pile.extend(taken)
                raise UserError(message("not_in_pile", card=CARD_NAMES[card])) from None
        else:
            if count > self.pile_count and len(self.discard) > 1 and self.phase in PLAYING:
                self.reshuffle()  # the launcher was reloaded (D5)
            if count > self.pile_count:
                self._contradiction(message("drew_more_than_pile", seat=seat, count=count,
                                            pile=self.pile_count))
                self.pile_count = count
            self.pile_count -= count

    def draw_random(self, seat: int, count: int, random) -> list[int]:
        """Full information: take ``count`` random cards from the pile (reshuffling per D5)."""
        self._check_draw(seat, count)
        pile = self.pile
        size = len(pile)
        if self.phase is DEALING:
            count = min(count, size)
        if count == 1 and size:  # the common case, without the general loop
            index = int(random() * size)
            cards = [pile[index]]
            pile[index] = pile[-1]
            pile.pop()
            if self.log is not None:
                self._record(Draw(seat, 1, (CARD_NAMES[cards[0]],)))
            self._receive(seat, 1, cards)
            return cards
        if not pile and len(self.discard) > 1:
            self.reshuffle()
        if len(pile) < count:
            # D5 at a real table: take the last cards, reshuffle, take the rest (separate events);
            # with every other card in a hand, the rest is forgiven (a draw of 0).
            taken = self.draw_random(seat, len(pile), random) if pile else []
            if len(self.discard) > 1:
                return taken + self.draw_random(seat, count - len(taken), random)
            self.draw(seat, 0, [])
            return taken
        cards = []
        for _ in range(count):  # swap-and-pop: a uniformly random card, no shuffle needed
            index = int(random() * len(pile))
            cards.append(pile[index])
            pile[index] = pile[-1]
            pile.pop()
        if self.log is not None:
            self._record(Draw(seat, count, tuple(CARD_NAMES[c] for c in cards)))
        self._receive(seat, count, cards)
        return cards

    def _receive(self, seat: int, count: int, cards) -> None:
        if self.phase is DEALING:
            return self._dealt(seat, count, cards)
        if cards:
            self.hands[seat].extend(cards)
        sizes = self.sizes
        sizes[seat] += len(cards) if self.full else count
        if sizes[seat] > 1:
            self.called[seat] = False
        for rule in self.house:
            if rule.on_receive(self, seat, count):
                return  # E5: the seat left the round, or its colour roulette goes on
        rest = count if count else self.may_draw(seat)  # 0: nothing left anywhere, all forgiven
        owed = self.owed[seat]
        if owed:
            paid = owed if owed < rest else rest
            self.owed[seat] = owed - paid
            rest -= paid
            if not rest:
                return
        if self.uno_window >= 0 and self.uno_window != seat:
            self.uno_window = -1  # T5: the next player began the turn
        if self.pending:
            self.answerable = False  # taking cards ends any answer to them
            self.pending -= rest
            if self.pending == 0:
                if self.ending:
                    self.finish_round()  # T7: the last draw2/wild-draw4 was paid
                else:
                    self.advance_turn(1)  # T4: the drawing player loses the turn
            else:
                self.phase = TURN  # drawing part of a wild-draw4 takes it (no challenge)
            return
        self.phase = DRAWN  # T3: may play the drawn card at once, else pass
        self.drawn = cards[-1] if cards else -1
        if self.out is not None:
            self.out.append(self.drawn_turn(seat))

    def pass_turn(self, seat: int) -> None:
        """T3: after drawing, the seat ends the turn."""
        if type(seat) is not int:
            self._check_seat(seat)
        if self.phase is not DRAWN or seat != self.current:
            self._check_seat(seat)
            raise UserError(message("cannot_pass", seat=seat))
        for rule in self.house:
            why = rule.pass_refused(self, seat)
            if why:
                raise UserError(message("cannot_pass_because", seat=seat, why=why))
        if self.log is not None:
            self._record(Pass(seat))
        self.advance_turn(1)

    def challenge(self, seat: int) -> None:
        """T6: the seat hit by a wild-draw4 challenges it."""
        self._check_seat(seat)
        if self.phase is not CHALLENGE or seat != self.current:
            raise UserError(message("cannot_challenge", seat=seat))
        if self.log is not None:
            self._record(Challenge(seat))
        if self.full:
            self._settle_challenge(self.holds_colour(self.wd4_by, self.wd4_colour))
        else:
            self.phase = VERDICT
            self.tell(A.ShowHand(self.wd4_by, seat, message("show_challenge")))

    def verdict(self, wd4_was_legal: bool) -> None:
        """T6 in tracking mode: the table looked at the hand and says whether the play was legal."""
        if self.phase is not VERDICT:
            raise UserError(message("no_verdict_waiting"))
        self._record(ChallengeVerdict(bool(wd4_was_legal)))
        self._settle_challenge(not wd4_was_legal)

    def _verdict_from_hand(self, cards: list[int]) -> None:
        self._settle_challenge(any(CARD_COLOUR[c] == self.wd4_colour for c in cards))

    def _settle_challenge(self, illegal: bool) -> None:
        victim = self.current
        self.phase, self.answerable = TURN, False
        if illegal:  # the player of the wild-draw4 draws instead; the challenger plays
            owed, self.pending = self.pending, 0
            self.owe_cards(self.wd4_by, owed, message("reason_challenge_lost"))
            if self.out is not None:
                self.out.append(A.Turn(victim, ("play", "draw")))
        else:  # the challenger draws 6 (4 + 2) and loses the turn
            self.pending += 2
            if self.out is not None:
                self.out.append(A.Turn(victim, ("draw",)))
            self.ask_dispense(victim, self.pending, message("reason_challenge_lost"))

    def reshuffle(self) -> None:
        """D5: the discard pile except its top card becomes the draw pile."""
        if self.phase not in PLAYING:
            raise UserError(message("reshuffle_in_round"))
        if len(self.discard) < 2:
            raise UserError(message("nothing_to_reshuffle"))
        if self.full and self.pile:
            raise UserError(message("pile_not_empty", count=len(self.pile)))
        self._record(Reshuffle())
        moved = self.discard[:-1]
        del self.discard[:-1]
        if self.full:
            self.pile.extend(moved)
        self.pile_count += len(moved)
