"""What a played card does next (T4, T7, D4's wild) and the draws it causes."""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.cards import (CARD_RANK, COLOUR_NAMES, DRAW1, DRAW2, DRAW_COUNTS, RANKS,
                                    REVERSE, SKIP, WILD, WILD_DRAW4)
from companion.engine.events import Accept, ChooseColour, ChooseTarget
from companion.engine.house.flip import colours_in_play
from companion.engine.messages import message
from companion.engine.phases import CHALLENGE, COLOUR, TARGET, TURN
from companion.errors import UserError


class EffectsMixin:
    __slots__ = ()

    def _effect(self, seat: int, card: int, rank: int) -> None:
        """T4: skip, reverse, draw2, wild, wild-draw4, E3's draw1 (and numbers under house rules)."""
        if rank < SKIP:
            self.advance_turn(1)
        elif rank == SKIP:
            self.advance_turn(2)
        elif rank == REVERSE:
            if self.n - len(self.flags.finished or ()) == 2:
                self.advance_turn(2)  # T4: with two players a reverse acts as a skip
            else:
                self.direction = -self.direction
                self.advance_turn(1)
        elif rank == DRAW2 or rank == DRAW1:  # E3's draw1 is a draw2 of one card
            count = DRAW_COUNTS[rank]
            carried = self.pending  # more than 0 only where a house rule let the card answer a draw
            if self.house:
                self.flags.draw_kind = rank  # what the pending draw is, for answers to it
            self.pending = carried + count  # before the turn passes: the next player is hit (V9)
            self.advance_turn(1)
            self.make_current_draw(carried + count,
                                   message("reason_draw2" if rank == DRAW2 else "reason_draw1"))
        else:  # wild or wild-draw4: the player names a colour first
            if rank == WILD_DRAW4:
                self.wd4_by, self.wd4_colour = seat, self.colour
            self.after_colour = rank
            self.phase = COLOUR
            if self.out is not None:
                self.out.append(A.AskColour(seat))

    def go_out(self, seat: int, rank: int) -> bool:
        """T7: ``seat`` has no cards left (its last card had ``rank``): the round ends; a last
        draw card (draw2, wild-draw4, E3's draw1) still makes the next player draw. House rules (V6, V9) may let the
        round go on, or name another winner. Answers True (the turn is dealt with)."""
        for rule in self.house:
            verdict = rule.on_out(self, seat)
            if verdict == -1:  # the round goes on; the last card acts as usual
                self._effect(seat, -1, rank)
                return True
            if verdict is not None:
                seat = verdict
                break
        self.winner = seat
        self.uno_window = -1
        if rank in DRAW_COUNTS:
            self.ending = True
            carried = self.pending
            self.pending = carried + DRAW_COUNTS[rank]  # before the turn passes, as in
            self.advance_turn(1)                                      # _effect: E2 never picks the player
            self.make_current_draw(self.pending, message("reason_last_card"), answerable=False)
        else:
            self.finish_round()
        return True

    def advance_turn(self, steps: int) -> None:
        """The turn passes ``steps`` players on in the direction of play."""
        if self.house:
            return self._advance_house(steps)
        start = self.current
        self.current = (start + steps * self.direction) % self.n
        self.phase = TURN
        self.drawn = -1
        if self.out is not None:
            skipped = tuple((start + k * self.direction) % self.n for k in range(1, steps))
            self.out.append(A.Turn(self.current, ("play", "draw"), skipped))

    def _advance_house(self, steps: int) -> None:
        passed = []  # the seats reached before the last step: a skip passed over them
        for rule in self.house:
            seat = rule.next_seat(self, 1)  # one step at a time (E2), to know who was passed over
            if seat is not None:
                for _ in range(steps - 1):
                    passed.append(seat)
                    seat = rule.next_seat(self, 1)
                break
        else:
            finished = self.flags.finished
            seat = self.current
            for step in range(steps):
                if step:
                    passed.append(seat)
                seat = (seat + self.direction) % self.n
                while finished and seat in finished and len(finished) < self.n:
                    seat = (seat + self.direction) % self.n  # V6: who went out is passed over
        self.current, self.phase, self.drawn = seat, TURN, -1
        if self.out is not None:
            self.out.append(A.Turn(seat, ("play", "draw"), tuple(passed)))
        for rule in self.house:
            rule.on_turn(self, seat)

    def make_current_draw(self, count: int, reason: str, answerable: bool = True) -> None:
        """The current seat must draw ``count`` and then loses the turn.

        Where a house rule lets the seat answer the draw (stack it, bounce it...), the
        dispense waits until the seat takes the cards (:meth:`accept`)."""
        self.pending = count
        self.answerable = answerable and self.answers_draws
        if self.out is not None:
            if self.answerable:
                self.out[-1:] = [A.Turn(self.current, ("answer", f"take {count}"))]
            else:
                self.out[-1:] = [A.Turn(self.current, ("draw",))]
                self.ask_dispense(self.current, count, reason)

    def ask_dispense(self, seat: int, count: int, reason: str) -> None:
        """Ask the launcher for ``count`` cards for ``seat`` (reloading it first when its
        count is short); the state does not change (see :meth:`owe_cards`)."""
        if self.out is not None:
            for rule in self.house:
                count = rule.dispense_count(self, seat, count)
            owed_total = sum(self.owed) + self.pending
            if not self.full and self.pile_count < owed_total and len(self.discard) > 1:
                self.out.append(A.Reload(len(self.discard) - 1))
            self.out.append(A.Dispense(seat, count, reason))

    def owe_cards(self, seat: int, count: int, reason: str) -> None:
        """``seat`` owes ``count`` penalty cards (P1-P3) and the launcher is asked for them;
        owing does not end a turn."""
        self.owed[seat] += count
        self.ask_dispense(seat, count, reason)

    def _contradiction(self, message: str) -> None:
        self.tell(A.NeedsCorrection(message))

    def tell(self, *actions: A.Action) -> None:
        """Give the table ``actions`` to carry out, in order (dropped when no one listens:
        a simulation). The rule methods a simulation runs every turn or round test
        ``self.out`` themselves instead, so that they build no action for no one."""
        if self.out is not None:
            self.out.extend(actions)

    def choose_colour(self, seat: int, colour: int) -> None:
        """T4/D4: the colour named for the wild on top."""
        self._check_seat(seat)
        if self.phase is not COLOUR or seat != self.current:
            raise UserError(message("no_colour_now", seat=seat))
        in_play = colours_in_play(self)  # E4: the side's colours
        if colour not in in_play:
            named = COLOUR_NAMES[colour] if 0 <= colour < len(COLOUR_NAMES) and COLOUR_NAMES[colour] else colour
            raise UserError(message("not_a_colour", name=repr(named),
                                    colours=", ".join(COLOUR_NAMES[c] for c in in_play)))
        if self.log is not None:
            self._record(ChooseColour(seat, COLOUR_NAMES[colour]))
        self.colour = colour
        self.fitting = self.deck.fits[colour * RANKS + CARD_RANK[self.top]]
        after, self.after_colour = self.after_colour, 0
        if after == 0:  # D4: the start card was wild; this player now plays
            self.phase = TURN
            if self.out is not None:
                self.out.append(A.Turn(seat, ("play", "draw")))
        elif after == WILD:
            self.advance_turn(1)
        elif self.house and any(r.colour_named(self, seat, colour, after) for r in self.house):
            return  # E4's wild-draw-colour
        elif after != WILD_DRAW4 and any(rule.after_colour(self, seat, after) for rule in self.house):
            pass  # an edition's wild (E5) carried the turn on
        else:  # wild-draw4 (E4: wild-draw2): the next player draws 4 (2), plus an answered draw
            count = DRAW_COUNTS[after]
            if self.house:
                self.flags.draw_kind = after
            carried = self.pending
            self.pending = carried + count  # before the turn passes: the next player is hit (V9)
            self.advance_turn(1)
            if self.options.challenge_wd4:  # T6: the dispense waits for the challenge decision
                self.answerable = self.answers_draws
                self.phase = CHALLENGE
                if self.out is not None:
                    self.out[-1:] = [A.ChallengeWindow(self.current, self.wd4_by)]
            else:
                self.make_current_draw(carried + count, message(
                    "reason_wild_draw4" if count == 4 else "reason_wild_draw2"))

    def accept(self, seat: int) -> None:
        """The seat takes the cards it must draw (no challenge, no answer): dispense them."""
        self._check_seat(seat)
        if (seat != self.current or not self.pending or self.phase not in (TURN, CHALLENGE)
                or (self.phase is TURN and not self.answerable)):
            coming = seat == self.current and self.pending
            raise UserError(message("no_draw_coming" if coming else "no_draw_now", seat=seat))
        self._record(Accept(seat))
        self.phase, self.answerable = TURN, False
        self.tell(A.Turn(seat, ("draw",)))
        self.ask_dispense(seat, self.pending, message("reason_taken"))

    def choose_target(self, seat: int, target: int) -> None:
        """H4: the player of a 7 swaps hands with ``target``; then play goes on."""
        self._check_seat(seat)
        self._check_seat(target)
        if self.phase is not TARGET or seat != self.current:
            raise UserError(message("no_target_now", seat=seat))
        if target == seat:   # E5's 7 is no house rule (H4): its own words
            raise UserError(message("choose_another" if self.flags.target_for else
                                    "swap_with_another_e5" if self.options.no_mercy else "swap_with_another"))
        if target in (self.flags.finished or ()):
            out_at_25 = target in (self.flags.eliminated or ())   # E5.7, not V6's places
            raise UserError(message("target_mercy_out" if out_at_25 else "target_gone_out", seat=target))
        self._record(ChooseTarget(seat, target))
        for rule in self.house:
            if rule.on_target(self, seat, target):
                return  # E6: a targeted draw two or a forced swap
        self.move_hands({seat: target, target: seat})
        self.advance_turn(1)

    def move_hands(self, moves: dict[int, int]) -> None:
        """House rules (H4): hand of seat ``a`` goes to seat ``moves[a]``; sizes follow."""
        hands, sizes = self.hands[:], self.sizes[:]
        for source, destination in moves.items():
            self.hands[destination], self.sizes[destination] = hands[source], sizes[source]
        for seat in moves.values():
            if self.sizes[seat] > 1:
                self.called[seat] = False
        self.uno_window = -1
