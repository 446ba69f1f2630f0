"""E7 DOS (first edition): another game on the same table, with the surface of :class:`Game`.

``Game(players, RuleOptions(dos=True))`` makes a :class:`DosGame` (``Game.__new__``): the
same events in and actions out, the same :class:`~companion.engine.state.GameView` (plus its
``centre_row``), the same log, undo and copies. The deal, the dealer's draw, drawing, the
penalties and the scoring are the classic methods; what differs is here (docs/editions.md E7):

- the **centre row** (``row``): piles of cards, each pile's first card its centre card;
  two are turned up after the deal (``StartCard`` twice, E7.2);
- a turn is several **matches** (``Match(seat, pile, cards)``, E7.3): one card of a centre
  card's number, or two whose numbers add up to it; each pile takes one match a turn;
- the player ends the turn with a button (``Pass``); who matched nothing must draw a card
  first (E7.5) and then puts one card into the row (``Play``); each colour match puts one
  more card there, and a double colour match makes every other player draw 1 (E7.4);
- at the end of a turn the matched piles go to the discard pile, the row is refilled to
  two from the draw pile (``StartCard``), then the cards are put down (E7.6);
- "DOS!" at two cards (``CallUno``), caught by another (``Catch``): 2 cards, at the end of
  the turn when it is the caught player's own (E7.8). Scoring: the classic S2 (E7.9).

>>> from companion.engine import Game, events as E
>>> game = Game(["Ada", "Ben"], DOS_RULES)
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> _ = game.apply(E.StartCard("blue-8"))
>>> view = game.snapshot()
>>> view.centre_row, view.turn, view.waiting_for.what
((('red-5',), ('blue-8',)), 1, 'match or draw')
>>> [a.text for a in game.apply(E.Match(seat=1, pile=1, cards=("red-3", "yellow-5")))]
[]
>>> game.snapshot().centre_row
(('red-5',), ('blue-8', 'red-3', 'yellow-5'))
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from companion.engine import actions as A
from companion.engine.cards import CARD_COLOUR, CARD_NAMES, CARDS, DOS_DECK, NO_COLOUR
from companion.engine.events import CallUno, Catch, ChooseDealer, Match, Pass, Play, Reshuffle, StartCard
from companion.engine.game import Game
from companion.engine.messages import message
from companion.engine.options import RuleOptions
from companion.engine.phases import DEAL, DEALING, DRAWN, PLAYING, START, TURN
from companion.engine.state import WaitingFor
from companion.errors import UserError

REFILL = "refill"  # E7.6: cards are turned up from the draw pile into the centre row
LAY = "lay"        # E7.4, E7.5: the player puts cards from the hand into the centre row
DOS_PLAYING = PLAYING | {REFILL, LAY}
TURN_PHASES = frozenset({TURN, DRAWN, REFILL, LAY})  # the current seat's turn is not over
ROW_SIZE = 2       # E7.2, E7.6: the row's least size
#: The rules of a DOS match as the sources read them: first to 200 (E7.9).
DOS_RULES = RuleOptions(dos=True, target=200)

_ANY = frozenset(range(1, 11))
#: Per face: the numbers it may count as (E7.7: a wild # any, a wild DOS 2).
NUMBERS = tuple(frozenset({c.number}) if c.kind == "number" else _ANY if c.kind == "wild-number"
                else frozenset({2}) if c.kind == "wild-dos" else frozenset() for c in CARDS)
#: Per face: the colours it may have (E7.7: a wild DOS any, chosen as it suits the player).
COLOURS_OF = tuple(frozenset(range(4)) if c.kind == "wild-dos" else frozenset()
                   if CARD_COLOUR[c.id] == NO_COLOUR else frozenset({CARD_COLOUR[c.id]}) for c in CARDS)
#: (a, b) -> the sums two DOS faces may make (E7.3's double match).
SUMS = {(a, b): frozenset(x + y for x in NUMBERS[a] for y in NUMBERS[b])
        for a in DOS_DECK.face_ids for b in DOS_DECK.face_ids}


def fits(centre: int, cards) -> bool:
    """E7.3: one card of the centre card's number, or two that add up to it (E7.7 wilds)."""
    if len(cards) == 1:
        return not NUMBERS[centre].isdisjoint(NUMBERS[cards[0]])
    return not NUMBERS[centre].isdisjoint(SUMS[cards[0], cards[1]])


def colour_match(centre: int, cards) -> bool:
    """E7.4: every card of the match has the centre card's colour (a wild DOS has any)."""
    colours = COLOURS_OF[centre]
    for card in cards:
        colours = colours & COLOURS_OF[card]
    return bool(colours)


@dataclass(frozen=True, slots=True)
class FillRow(A.Action):
    """E7.2, E7.6: turn ``count`` cards from the draw pile (the launcher) up into the row."""
    type: ClassVar[str] = "fill_row"
    count: int

    @property
    def text(self):
        return f"turn up {self.count} card(s) from the draw pile into the centre row"


@dataclass(frozen=True, slots=True)
class AskLay(A.Action):
    """E7.4, E7.5: ``seat`` puts ``count`` cards from the hand into the centre row."""
    type: ClassVar[str] = "lay_cards"
    seat: int
    count: int

    @property
    def text(self):
        return f"seat {self.seat} puts {self.count} card(s) from the hand into the centre row"


_WAITING = {TURN: message("dos_waiting_match_or_draw"), DRAWN: message("dos_waiting_match_or_end"),
            LAY: message("dos_waiting_lay"), REFILL: message("dos_waiting_refill"),
            START: message("dos_waiting_row")}


class DosGame(Game):
    """One DOS match at one table (see the module docstring)."""

    # row: the centre row; matched: the piles matched this turn; bonus: cards the player
    # puts into the row at the end of the turn; hits: double colour matches this turn;
    # deferred: a DOS penalty caught during the player's own turn (drawn at its end).
    __slots__ = ("row", "matched", "bonus", "hits", "deferred")
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
                     "round_points", "revealed_points", "candidates", "matched"):
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

    def _waiting(self):
        return _WAITING.get(self.phase) or super()._waiting()

    def snapshot(self):
        view = super().snapshot()
        turn = self.current if self.phase in DOS_PLAYING else None
        facts = {"matched_piles": sorted(self.matched)} if self.matched else {}
        if self.bonus:
            facts["cards_to_lay"] = self.bonus
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

    # ----- E7.3-E7.5: a turn ---------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.phase, self.drawn = TURN, -1
        self.matched, self.bonus, self.hits = [], 0, 0
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
        why = self._mismatch(seat, pile, cards)
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
        if target == self.current and self.phase in TURN_PHASES:
            self.deferred += self.options.uno_penalty
            self.tell(A.Notice(message("dos_caught_later", seat=target)))
        else:
            self.owe_cards(target, self.options.uno_penalty, message("reason_caught_dos"))
        return True
