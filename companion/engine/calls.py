"""UNO calls and catches (T5), penalties (P1-P3), shown hands and corrections."""
from __future__ import annotations

from collections import Counter

from companion.engine import actions as A
from companion.engine.cards import CARD_NAMES
from companion.engine.events import CallUno, Catch, Correction, Penalty, RaceResult, RevealHand
from companion.engine.messages import message
from companion.engine.phases import PLAYING, SCORING, VERDICT
from companion.errors import UserError

#: Calls and the hand size they announce (T5; V7 adds Kuno and Bruno).
ANNOUNCED = {"uno": 1, "kuno": 2, "bruno": 3}
PENALTY_RULES = {"misplay": "P1", "suggestion": "P2", "social": "P3", "timer": "P3", "uno": "T5"}


class CallsMixin:
    __slots__ = ()

    def _check_running(self, what: str) -> None:
        """``what``: the key of the sentence "... only during a round"."""
        if self.phase not in PLAYING:
            raise UserError(self._not_now(message(what)))

    def call_uno(self, seat: int, word: str | None = None) -> None:
        """T5: ``seat`` called UNO (counts when playing the second-to-last card, or after).
        V7: ``word`` "bruno" (3 cards) or "kuno" (2 cards)."""
        self._check_running("what_uno")
        self._check_seat(seat)
        cards = ANNOUNCED.get(word or "uno")
        if cards is None:
            raise UserError(message("unknown_call", word=repr(word)))
        if cards > 1 and not self.options.bruno_kuno:
            raise UserError(message("bruno_kuno_off"))
        self._record(CallUno(seat, word))
        if not cards <= self.sizes[seat] <= cards + 1:
            self.tell(A.Notice(message("uno_wrong_count", seat=seat, word=word or "UNO",
                                       count=self.sizes[seat])))
            return
        if self.house:
            flags = self.flags  # V7 judges a Bruno or Kuno by the last announcement
            if flags.announced is None:
                flags.announced = {}
            flags.announced[seat] = cards
        if cards == 1:
            self.called[seat] = True
        if self.uno_window == seat and self.sizes[seat] <= cards:
            self.uno_window = -1

    def catch(self, seat: int, target: int) -> bool:
        """T5: ``seat`` caught ``target``; a penalty if the target owes an UNO call."""
        self._check_running("what_catch")
        self._check_seat(seat)
        self._check_seat(target)
        self._record(Catch(seat, target))
        if seat != target and self.uno_window == target:
            self.uno_window = -1
            if self.sizes[target] == 1:
                self.owe_cards(target, self.options.uno_penalty, message("reason_caught_uno"))
            else:  # V7: a forgotten Bruno or Kuno
                self.owe_cards(target, 2, message("reason_caught_bruno_kuno"))
            return True
        late = self.sizes[target] == 1 and not self.called[target]
        self.tell(A.Notice(message("no_uno_penalty_late" if late else "no_uno_penalty_none",
                                   seat=target)))
        return False

    def penalty(self, seat: int, reason: str, count: int | None = None) -> None:
        """P1-P3 (and the Flash timer): ``seat`` draws ``count`` penalty cards."""
        self._check_running("what_penalty")
        self._check_seat(seat)
        if reason not in PENALTY_RULES:
            raise UserError(message("unknown_penalty", reason=repr(reason), reasons=", ".join(PENALTY_RULES)))
        if count is None:
            count = {"misplay": self.options.misplay_penalty, "suggestion": 2, "social": 1,
                     "timer": 1, "uno": self.options.uno_penalty}[reason]
        if type(count) is not int or not 1 <= count <= 10:
            raise UserError(message("penalty_count", count=repr(count)))
        self._record(Penalty(seat, reason, count))
        self.owe_cards(seat, count, message(f"penalty_{reason}"))  # "misplay penalty (P1)"...

    def race_result(self, slowest: int) -> None:
        """V3/E2: the ring reports the slowest seat of the race; it draws 1 (E2 Flash: 2)."""
        self._check_running("what_race")
        self._check_seat(slowest)
        race = self.flags.race
        if not race:
            raise UserError(message("no_race"))
        self._record(RaceResult(slowest))
        self.flags.race = None
        if race is True:
            self.owe_cards(slowest, 1, message("reason_race"))
        else:
            self.owe_cards(slowest, race, message("reason_flash_race"))

    def reveal(self, seat: int, cards: list[int]) -> None:
        """``seat`` showed its hand: settles a challenge (T6) or the scoring (S1)."""
        if self.phase not in PLAYING and self.phase is not SCORING:
            raise UserError(message("show_when"))
        self._check_seat(seat)
        if self.full and Counter(cards) != Counter(self.hands[seat]):
            raise UserError(message("shown_differs", seat=seat))
        if not cards and self.phase is not SCORING and self.sizes[seat]:
            raise UserError(message("shown_empty", seat=seat))
        if self.phase is SCORING and self.revealed_points[seat] is not None:
            raise UserError(message("already_counted", seat=seat))
        self._record(RevealHand(seat, tuple(CARD_NAMES[c] for c in cards)))
        if not self.full:
            self._set_size(seat, len(cards), "shown")
            self.hands[seat] = list(cards)
        if self.phase is VERDICT and seat == self.wd4_by:
            self._verdict_from_hand(cards)
        elif self.phase is SCORING:
            self.revealed_points[seat] = sum(self.deck.points[c] for c in cards)
            if None not in self.revealed_points:
                self._score(self.revealed_points)

    def correction(self, seat: int, hand_size: int) -> None:
        """Tracking: the host counted ``seat``'s hand; the tracked size follows."""
        self._check_running("what_correction")
        self._check_seat(seat)
        if self.full:
            raise UserError(message("nothing_to_correct"))
        if type(hand_size) is not int or not 1 <= hand_size <= self.deck.size:
            raise UserError(message("hand_size_range", size=repr(hand_size)))
        self._record(Correction(seat, hand_size))
        self._set_size(seat, hand_size, None)
        del self.hands[seat][hand_size:]

    def _set_size(self, seat: int, size: int, how: str | None) -> None:
        old = self.sizes[seat]
        if how and old != size:
            self._contradiction(message("counted_but_" + how, seat=seat, old=old, size=size))
        self.sizes[seat] = size
        self.pile_count -= size - old
        if self.pile_count < 0:
            self._contradiction(message("too_many_in_hands", count=-self.pile_count))
            self.pile_count = 0
        if size > 1:
            self.called[seat] = False
