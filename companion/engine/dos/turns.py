"""E7 DOS: a turn: matches (E7.3-E7.5, E7.7), drawing, the end of the turn and the refill
(E7.6), going out (E7.9) and "DOS!" (E7.8). A mixin of :class:`~companion.engine.dos.DosGame`."""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.cards import CARD_NAMES
from companion.engine.dos.data import (DOS_PLAYING, LAY, NUMBERS, REFILL, ROW_SIZE, SUMS,
                                       TURN_PHASES, AskLay, FillRow, colour_match, fits)
from companion.engine.events import CallUno, Catch, Match, Pass, Play
from companion.engine.messages import message
from companion.engine.phases import DEALING, DRAWN, TURN
from companion.errors import UserError


class TurnsMixin:
    __slots__ = ()

    # ----- E7.3-E7.5: a turn ---------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.phase, self.drawn = TURN, -1
        self.matched, self.bonus, self.hits, self.half = [], 0, 0, None
        if self.out is not None:
            self.out.append(A.Turn(self.current, ("match", "draw")))

    def legal_matches(self, seat: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
        """Full information: every match ``seat`` may make now, as (pile, cards), in an
        order that depends only on the state."""
        seat = self.current if seat is None else seat
        if (not self.full or seat != self.current or self.ending
                or (self.phase is not TURN and self.phase is not DRAWN)):
            return []
        hand = self.hands[seat]
        faces = sorted(set(hand))
        found = []
        for index, pile in enumerate(self.row):
            if index in self.matched:
                continue
            wanted = NUMBERS[pile[0]]
            for k, a in enumerate(faces):
                if not wanted.isdisjoint(NUMBERS[a]):
                    found.append((index, (a,)))
                for b in faces[k:]:
                    if (a != b or hand.count(a) > 1) and not wanted.isdisjoint(SUMS[a, b]):
                        found.append((index, (a, b)))
        return found

    def legal_plays(self, seat: int | None = None) -> list[int]:
        """Full information: the faces ``seat`` may put down now (in a match, or into the row)."""
        seat = self.current if seat is None else seat
        if self.full and self.phase is LAY and seat == self.current:
            return sorted(set(self.hands[seat]))
        return sorted({card for _, cards in self.legal_matches(seat) for card in cards})

    def may_play(self, seat: int, card: int) -> bool:
        return card in self.legal_plays(seat)

    def _mismatch(self, seat: int, pile: int, cards) -> str | None:
        if self.ending:
            return message("round_ending")
        if seat != self.current:
            return message("not_your_turn", seat=seat, turn=self.current)
        if self.phase is LAY or self.phase is REFILL:
            return message("dos_turn_ending")
        if pile in self.matched:
            return message("dos_pile_matched")
        if not fits(self.row[pile][0], cards):
            return message("dos_no_match")
        return None

    def _put_down(self, seat: int, cards) -> int:
        """The cards leave ``seat``'s hand (as far as it is known); answers its new size."""
        hand = self.hands[seat]
        for card in cards:
            if self.full or card in hand:
                hand.remove(card)
        size = self.sizes[seat] - len(cards)
        if size < 0:
            size = 0
            self._contradiction(message("played_empty_hand", seat=seat))
        self.sizes[seat] = size
        if size == 2 and not self.called[seat]:
            self.uno_window = seat  # E7.8: "DOS!" is due
        return size

    def match(self, seat: int, pile: int, cards: list[int]) -> bool:
        """E7.3: ``seat`` put ``cards`` on centre row pile ``pile``; False for a misplay
        (the cards go back, P1)."""
        if self.phase not in DOS_PLAYING:
            raise UserError(self._not_now(message("what_match")))
        self._check_seat(seat)
        if type(pile) is not int or not 0 <= pile < len(self.row):
            raise UserError(message("dos_no_pile", pile=repr(pile), last=len(self.row) - 1))
        if not 1 <= len(cards) <= 2:
            raise UserError(message("dos_match_cards", count=len(cards)))
        hand = self.hands[seat]
        for card in cards:
            if self.full and hand.count(card) < list(cards).count(card):
                raise UserError(message("not_held", seat=seat, card=CARD_NAMES[card]))
        if self.log is not None:
            self._record(Match(seat, pile, tuple(CARD_NAMES[c] for c in cards)))
        cards = self._with_half(seat, pile, cards)
        why = self._mismatch(seat, pile, cards)
        if why is not None and self._starts_sum(seat, pile, cards):
            self.half = (pile, cards[0])
            self.tell(A.Notice(message("dos_half_sum", card=CARD_NAMES[cards[0]], pile=pile)))
            return True
        if why is not None:
            return self._misplay_cards(seat, cards, why)
        if self.uno_window >= 0 and self.uno_window != seat:
            self.uno_window = -1  # the next player began the turn (E7.8)
        size = self._put_down(seat, cards)
        centre = self.row[pile][0]
        self.row[pile].extend(cards)
        self.matched.append(pile)
        if colour_match(centre, cards):  # E7.4
            self.bonus += 1
            self.hits += len(cards) == 2
        if size == 0:
            self._go_out(seat)
        return True

    def _with_half(self, seat: int, pile: int, cards) -> tuple:
        """E7.3 laid stacked: a card on the pile that holds the first card of a sum completes
        it; a move anywhere else leaves that first card a misplay (it goes back, P1)."""
        if self.half is None or seat != self.current:
            return tuple(cards)
        (half_pile, first), self.half = self.half, None
        if half_pile == pile and len(cards) == 1:
            return (first, *cards)
        self._misplay_cards(seat, (first,), message("dos_half_sum_left"))
        return tuple(cards)

    def _starts_sum(self, seat: int, pile: int, cards) -> bool:
        """One card that does not match alone but is smaller than the centre card's number
        may be the first of a sum laid one card on the other (E7.3): the table waits."""
        if len(cards) != 1 or seat != self.current or self.ending or pile in self.matched:
            return False
        if self.phase is not TURN and self.phase is not DRAWN:
            return False
        return any(a < b for a in NUMBERS[cards[0]] for b in NUMBERS[self.row[pile][0]])

    def _drop_half(self) -> None:
        """The turn moves on with the first card of a sum alone on its pile: a misplay (P1)."""
        if self.half is not None:
            first, self.half = self.half[1], None
            self._misplay_cards(self.current, (first,), message("dos_half_sum_left"))

    def play(self, seat: int, card: int) -> bool:
        """E7.4, E7.5: at the end of a turn its player put ``card`` into the centre row."""
        if self.phase not in DOS_PLAYING:
            raise UserError(self._not_now(message("what_play")))
        self._check_seat(seat)
        if self.full and card not in self.hands[seat]:
            raise UserError(message("not_held", seat=seat, card=CARD_NAMES[card]))
        if self.log is not None:
            self._record(Play(seat, CARD_NAMES[card]))
        if self.phase is not LAY or seat != self.current:
            return self._misplay_cards(seat, (card,), message("dos_lay_not_now"))
        size = self._put_down(seat, (card,))
        self.row.append([card])
        self.bonus -= 1
        if size == 0:
            self._go_out(seat)
        else:
            self._end_steps()
        return True

    def _misplay_cards(self, seat: int, cards, why: str) -> bool:
        """P1: the cards go back to the hand and the player draws penalty cards."""
        for card in cards:
            self.tell(A.TakeBack(seat, CARD_NAMES[card], why))
        self.owe_cards(seat, self.options.misplay_penalty, message("reason_misplay"))
        return False

    # ----- drawing and the end of the turn (E7.5, E7.6) ------------------------------------
    def may_draw(self, seat: int) -> int:
        """Owed cards, and the turn's one card before any match (E7.5)."""
        own = (seat == self.current and self.phase is TURN and not self.matched
               and not self.ending)
        return self.owed[seat] + own

    def _check_draw(self, seat: int, count: int) -> None:
        if self.phase is DEALING:
            return super()._check_draw(seat, count)
        if self.phase not in DOS_PLAYING:
            raise UserError(self._not_now(message("what_draw")))
        self._check_seat(seat)
        allowed = self.may_draw(seat)
        if type(count) is not int or count < 0 or (count == 0 and not allowed):
            raise UserError(message("draw_count", count=repr(count)))
        if count == 0 and (self.draw_pile_size or self.discard):
            raise UserError(message("draw_zero"))
        if count > allowed and seat == self.current:
            raise UserError(message("may_draw", seat=seat, allowed=allowed, count=count))
        if count > allowed:
            raise UserError(message("may_draw_not_turn", seat=seat, allowed=allowed, count=count,
                                    turn=self.current))

    def _receive(self, seat: int, count: int, cards) -> None:
        if self.phase is DEALING:
            return self._dealt(seat, count, cards)
        if cards:
            self.hands[seat].extend(cards)
        self.sizes[seat] += len(cards) if self.full else count
        if self.sizes[seat] > 2:
            self.called[seat] = False
            if self.uno_window == seat:
                self.uno_window = -1
        rest = count if count else self.may_draw(seat)
        paid = min(self.owed[seat], rest)
        self.owed[seat] -= paid
        rest -= paid
        if self.ending:
            if not any(self.owed):
                self.finish_round()  # E7.9: the owed cards were drawn; now the count
            return
        if rest:  # the turn's own card (E7.5): now match, or end the turn
            if self.uno_window >= 0 and self.uno_window != seat:
                self.uno_window = -1
            self.phase, self.drawn = DRAWN, cards[-1] if cards else -1
            if self.out is not None:
                self.out.append(A.Turn(seat, ("match", "end the turn")))

    def pass_turn(self, seat: int) -> None:
        """E7.5, E7.6: ``seat`` ends the turn (its button)."""
        self._check_seat(seat)
        if self.phase not in (TURN, DRAWN) or seat != self.current or self.ending:
            raise UserError(message("dos_cannot_end", seat=seat))
        if self.phase is TURN and not self.matched:
            raise UserError(message("dos_draw_first", seat=seat))
        if self.log is not None:
            self._record(Pass(seat))
        self._drop_half()
        if not self.matched:
            self.bonus += 1  # E7.5: nothing matched: one card into the row
        kept = []
        for pile in self.row:  # E7.6: the matched piles go to the discard pile
            if len(pile) > 1:
                self.discard.extend(pile)
            else:
                kept.append(pile)
        self.row = kept
        self._owe_hits(seat)
        if self.deferred:
            self.owe_cards(seat, self.deferred, message("reason_caught_dos"))
            self.deferred = 0
        self._end_steps()

    def _owe_hits(self, seat: int) -> None:
        """E7.4: a double colour match makes every other player draw 1."""
        if self.hits:
            for other in range(self.n):
                if other != seat:
                    self.owe_cards(other, self.hits, message("reason_dos_double_colour"))
            self.hits = 0

    def _end_steps(self) -> None:
        """E7.6: refill the row to two, then the player's cards go into it; then the next turn."""
        if len(self.row) < ROW_SIZE and (self.draw_pile_size or self.discard):
            self.phase = REFILL
            return self.tell(FillRow(ROW_SIZE - len(self.row)))
        seat = self.current
        self.bonus = min(self.bonus, self.sizes[seat])
        if self.bonus:
            self.phase = LAY
            return self.tell(AskLay(seat, self.bonus))
        if self.sizes[seat] > 2:
            self.called[seat] = False  # an early "DOS!" lapses with the turn
        self.current = (seat + 1) % self.n
        self._begin_turn()

    def _go_out(self, seat: int) -> None:
        """E7.9: ``seat`` has no cards left: the round is over once the others drew what they
        owe (the double colour match's card first, [D6])."""
        self.winner = seat
        self.owed[seat] = self.deferred = 0
        self._owe_hits(seat)
        if any(self.owed):
            self.ending = True
            return
        self.finish_round()

    # ----- E7.8: "DOS!" ----------------------------------------------------------------
    def call_uno(self, seat: int, word: str | None = None) -> None:
        """E7.8: ``seat`` called "DOS!" (at two cards, or in its turn before matching down to two)."""
        self._check_running("what_uno")
        self._check_seat(seat)
        if word not in (None, "dos"):
            raise UserError(message("dos_unknown_call", word=repr(word)))
        self._record(CallUno(seat, word))
        size = self.sizes[seat]
        if not (size == 2 or (seat == self.current and self.phase in TURN_PHASES and 2 < size <= 4)):
            return self.tell(A.Notice(message("dos_wrong_count", seat=seat, count=size)))
        self.called[seat] = True
        if self.uno_window == seat:
            self.uno_window = -1

    def catch(self, seat: int, target: int) -> bool:
        """E7.8: ``seat`` called "DOS!" before ``target``: the target draws 2 (at the end of
        its turn, if it is its turn)."""
        self._check_running("what_catch")
        self._check_seat(seat)
        self._check_seat(target)
        self._record(Catch(seat, target))
        if seat == target or self.uno_window != target:
            self.tell(A.Notice(message("dos_no_penalty", seat=target)))
            return False
        self.uno_window = -1
        if target == self.current and (self.phase is TURN or self.phase is DRAWN):
            self.deferred += self.options.uno_penalty  # drawn when the turn ends (pass_turn)
            self.tell(A.Notice(message("dos_caught_later", seat=target)))
        else:
            self.owe_cards(target, self.options.uno_penalty, message("reason_caught_dos"))
        return True
