"""The round and the match: dealer (D3), deal (D2), start card (D4), scoring (S1-S4)."""
from __future__ import annotations

from collections import Counter

from companion.engine import actions as A
from companion.engine.cards import (CARD_COLOUR, CARD_NAMES, CARD_RANK, COLOUR_HELD_RANKS, DRAW1,
                                    DRAW2, DRAW_COUNTS, NO_COLOUR, RANKS, REVERSE, SKIP, WILD)
from companion.engine.events import ChooseDealer, Deal, LauncherDeal, RoundEnd, StartCard
from companion.engine.house.flags import NO_FLAGS, RoundFlags
from companion.engine.messages import message
from companion.engine.phases import COLOUR, DEAL, DEALING, MATCH_OVER, SCORING, START, TURN
from companion.errors import UserError


class RoundMixin:
    __slots__ = ()

    def _new_match(self) -> None:
        n = self.n
        self.scores, self.wins, self.round_points, self.round_won = [0] * n, [0] * n, [0] * n, [0] * n
        self.round_no, self.dealer, self.match_winner = 1, -1, -1
        self.candidates = list(range(n))
        self._reset_round([[] for _ in range(n)], [0] * n, self.deck.cards())
        self.phase = DEAL

    def _reset_round(self, hands, sizes, pile) -> None:
        n = self.n
        self.hands, self.sizes, self.pile = hands, sizes, pile
        self.pile_count = self.deck.size - sum(sizes)
        self.discard, self.top, self.colour, self.fitting = [], -1, NO_COLOUR, frozenset()
        self.current = self.dealer if self.dealer >= 0 else 0
        self.direction, self.pending, self.drawn = 1, 0, -1
        self.owed, self.called = [0] * n, [False] * n
        self.uno_window = self.wd4_by = self.winner = -1
        self.wd4_colour, self.after_colour, self.ending = NO_COLOUR, 0, False
        self.revealed_points = [None] * n
        self.answerable = False
        self.flags = RoundFlags() if self.house else NO_FLAGS  # what house rules keep for a round
        self.phase = START

    def start_actions(self) -> list:
        """What the table does first (or now, after reconnecting): see :meth:`prompt`."""
        return self.prompt()

    # ----- D3: who deals -----------------------------------------------------------------
    def choose_dealer(self, cards: list[int | None]) -> None:
        """D3: each candidate seat drew a card; the highest number deals (ties draw again).

        Action cards and wilds count below every number."""
        if self.phase is not DEAL or self.dealer >= 0:
            raise UserError(message("dealer_once"))
        if not self.deck.has_numbers:  # E6: every card would tie
            raise UserError(message("dealer_no_numbers", deck=self.deck.name))
        if len(cards) != self.n or any((c is None) != (s not in self.candidates)
                                       for s, c in enumerate(cards)):
            raise UserError(message("dealer_cards", seats=list(self.candidates)))
        self._record(ChooseDealer(tuple(None if c is None else CARD_NAMES[c] for c in cards)))
        value = [-1 if c is None or CARD_RANK[c] > 9 else CARD_RANK[c] for c in cards]
        best = max(value[s] for s in self.candidates)
        self.candidates = [s for s in self.candidates if value[s] == best]
        if len(self.candidates) == 1:
            self.dealer = self.current = self.candidates[0]
        self.tell(*self.prompt())

    # ----- D2: the deal -----------------------------------------------------------------
    def _check_deal(self, dealer: int | None) -> None:
        """A deal may start now, by ``dealer`` (None: the dealer already chosen)."""
        if self.phase is not DEAL:
            raise UserError(message("deal_before_round"))
        if dealer is not None:
            self._check_seat(dealer)
            if self.dealer >= 0 and dealer != self.dealer:
                raise UserError(message("dealer_deals", seat=self.dealer, round=self.round_no))
        elif self.dealer < 0:
            raise UserError(message("dealer_first"))

    def deal(self, dealer: int | None = None, hands: list[list[int]] | None = None,
             sizes: list[int] | None = None) -> None:
        """D2: cards were dealt. Full information needs ``hands``; tracking takes ``sizes``."""
        self._check_deal(dealer)
        pile = self.deck.cards()
        if hands is not None:
            if len(hands) != self.n:
                raise UserError(message("deal_hands", count=self.n, hands=len(hands)))
            missing = Counter(c for hand in hands for c in hand) - Counter(pile)
            if missing:
                raise UserError(message("deal_too_many", card=CARD_NAMES[next(iter(missing))]))
            for hand in hands:
                for card in hand:
                    pile.remove(card)
            sizes = [len(hand) for hand in hands]
        elif self.full:
            raise UserError(message("deal_lists_hands"))
        else:
            sizes = list(sizes) if sizes is not None else [self.deck.hand_size] * self.n
            if (len(sizes) != self.n or any(type(s) is not int or s < 1 for s in sizes)
                    or sum(sizes) >= self.deck.size):
                raise UserError(message("deal_sizes", count=self.n))
        self._deal(dealer if dealer is not None else self.dealer,
                   [list(h) for h in hands] if hands is not None else [[] for _ in sizes],
                   sizes, pile)

    def launcher_deal(self, dealer: int | None = None) -> None:
        """D2 by launcher: the launcher deals each seat its cards, starting left of the dealer.
        The cards it counted arrive as draws; the round starts when every seat has its share."""
        self._check_deal(dealer)
        self.dealer = dealer if dealer is not None else self.dealer
        self._record(LauncherDeal(dealer))
        self._reset_round([[] for _ in range(self.n)], [0] * self.n, self.deck.cards())
        self.phase = DEALING
        self.tell(*self.deal_dispenses())

    def deal_dispenses(self) -> list:
        """D2 by launcher: what each seat still lacks, in dealing order (left of the dealer)."""
        order = [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
        share = self.deck.hand_size
        return [A.Dispense(s, share - self.sizes[s], message("reason_deal")) for s in order
                if self.sizes[s] < share]

    def _dealt(self, seat: int, count: int, cards) -> None:
        """D2 by launcher: counted cards reached ``seat``. A double feed's extra card stays
        in that hand (the engine counts it); the round starts once every seat has its share."""
        if cards:
            self.hands[seat].extend(cards)
        self.sizes[seat] += count
        if self.sizes[seat] > self.deck.hand_size:
            self.tell(A.Notice(message("dealt_extra", seat=seat, count=self.sizes[seat])))
        if min(self.sizes) >= self.deck.hand_size:
            self.phase = START
            self.tell(A.FlipStartCard())

    def deal_random(self, random, dealer: int | None = None) -> None:
        """Full information: deal from a freshly shuffled deck (D2); ``dealer`` for round 1."""
        if dealer is not None and self.dealer < 0:
            self._check_seat(dealer)
            self.dealer = dealer
        if self.phase is not DEAL or self.dealer < 0 or not self.full:
            raise UserError(message("deal_random"))
        pile = self.deck.cards()
        per_hand = self.deck.hand_size
        size, need = len(pile), per_hand * self.n
        for last in range(size - 1, size - 1 - need, -1):  # shuffle just the cards dealt
            other = int(random() * (last + 1))
            pile[last], pile[other] = pile[other], pile[last]
        dealt = pile[size - need:]
        del pile[size - need:]
        hands = [dealt[k:k + per_hand] for k in range(0, need, per_hand)]
        self._deal(self.dealer, hands, [len(h) for h in hands], pile)

    def _deal(self, dealer, hands, sizes, pile) -> None:
        self.dealer = dealer
        if self.log is not None:  # hands listed at a tracked table (E3's open hands) are kept
            listed = self.full or any(hands)
            self._record(Deal(dealer, tuple(tuple(CARD_NAMES[c] for c in h) for h in hands)
                              if listed else None, None if listed else tuple(sizes)))
        self._reset_round(hands, sizes, pile)
        if self.out is not None:
            self.out.append(A.FlipStartCard())

    # ----- D4: the start card ---------------------------------------------------------
    def start_card(self, card: int) -> None:
        """D4: the start card was turned up; its effect applies to the player left of the dealer."""
        if self.phase is not START:
            raise UserError(message("start_card_once"))
        if self.full and card not in self.pile:
            raise UserError(message("not_in_pile", card=CARD_NAMES[card]))
        if self.log is not None:
            self._record(StartCard(CARD_NAMES[card]))
        rank = CARD_RANK[card]
        if rank in COLOUR_HELD_RANKS or (self.house and any(r.start_again(self, card) for r in self.house)):
            # back into the deck, reshuffle, flip again (wild-draw4, E4's wild draws, E5's rule)
            if self.out is not None and rank not in COLOUR_HELD_RANKS:
                self.out.append(A.Notice(message("start_card_again", card=CARD_NAMES[card])))
            if self.out is not None:
                self.out.append(A.FlipStartCard(reshuffle_first=True, card=CARD_NAMES[card]))
            return
        if self.full:
            self.pile.remove(card)
        self.pile_count -= 1
        self.discard.append(card)
        self.top, self.colour = card, CARD_COLOUR[card]
        self.fitting = self.deck.fits[self.colour * RANKS + rank]
        left = (self.dealer + 1) % self.n
        self.current = left
        if self.house and any(rule.on_start_card(self, card) for rule in self.house):
            return  # E6: the start card's action is ignored
        if rank == WILD:
            self.phase, self.after_colour = COLOUR, 0
            if self.out is not None:
                self.out.append(A.AskColour(left))
            return
        if rank == SKIP:
            self.current = (left + 1) % self.n
        elif rank == REVERSE:
            self.direction, self.current = -1, self.dealer
        self.phase = TURN
        if self.out is not None:
            self.out.append(A.Turn(self.current, ("play", "draw")))
        if rank == DRAW2 or rank == DRAW1:  # E3: a draw1 start card makes that player draw 1
            if self.house:
                self.flags.draw_kind = rank
            self.make_current_draw(DRAW_COUNTS[rank], message(
                "reason_start_draw2" if rank == DRAW2 else
                "reason_start_draw1_flip" if self.options.flip else "reason_start_draw1"))
        for rule in self.house:
            rule.on_start(self, card, rank)

    def start_random(self, random) -> int:
        """Full information: turn up random cards until one is not a wild-draw4."""
        while self.phase is START:
            self.start_card(self.pile[int(random() * len(self.pile))])
        return self.top

    # ----- S1-S4: scoring -------------------------------------------------------------
    def finish_round(self) -> None:
        """S1: the round is over (``winner`` is set): score it, or with hidden hands ask the
        table to show them (the scoring follows :meth:`reveal`)."""
        self.pending, self.ending, self.uno_window = 0, False, -1
        self.owed = [0] * self.n
        if self.full:
            values = self.deck.points  # S1, or the edition's values (E4.6)
            points = [sum(values[c] for c in hand) for hand in self.hands]
            points[self.winner] = 0  # E5: the last one left wins holding cards; they count nothing
            self._score(points)
            return
        self.phase = SCORING
        self.revealed_points = [0 if s == self.winner or not self.sizes[s] else None
                                for s in range(self.n)]
        if None not in self.revealed_points:
            self._score(self.revealed_points)
        else:
            self.tell(*(A.ShowHand(s, -1, message("show_scoring")) for s, points
                        in enumerate(self.revealed_points) if points is None))

    def round_end(self, points: list[int]) -> None:
        """Tracking: the points left in each hand, as the players counted them (S1)."""
        if self.phase is not SCORING:
            raise UserError(message("points_after_round"))
        if len(points) != self.n or any(type(p) is not int or p < 0 for p in points):
            raise UserError(message("round_end_points", count=self.n))
        if points[self.winner] != 0:
            raise UserError(message("winner_no_points", seat=self.winner))
        self._record(RoundEnd(tuple(points)))
        self._score(list(points))

    def team(self, seat: int) -> list[int]:
        """The seats that score together with ``seat`` (just itself, or partners: V2)."""
        for rule in self.house:
            team = rule.team(self, seat)
            if team:
                return team
        return [seat]

    def _score(self, hand_points: list[int]) -> None:
        options, winner, n = self.options, self.winner, self.n
        winners = self.team(winner)
        self.round_points = [0] * n
        self.round_won = [1 if seat in winners else 0 for seat in range(n)]  # V2: both partners
        self.wins = [w + won for w, won in zip(self.wins, self.round_won)]  # S4 counts them; the others show them
        if options.scoring == "winner":  # S2: the points left in the other hands
            points = sum(p for seat, p in enumerate(hand_points) if seat not in winners)
            for seat in winners:
                self.round_points[seat] = points
                self.scores[seat] += points
            if self.scores[winner] >= options.target:
                self.match_winner = winner
        elif options.scoring == "penalty":  # S3: own (team's) points; reaching the target loses
            self.round_points = [sum(hand_points[t] for t in self.team(seat)) for seat in range(n)]
            self.scores = [s + p for s, p in zip(self.scores, self.round_points)]
            if max(self.scores) >= options.target:
                self.match_winner = self.scores.index(min(self.scores))
        elif options.target_wins and self.wins[winner] >= options.target_wins:  # S4
            self.match_winner = winner
        if self.out is not None:
            self.out.append(A.RoundOver(winner, tuple(self.round_points)))
        if self.match_winner >= 0:
            self.phase = MATCH_OVER
            self.tell(A.MatchOver(self.match_winner, tuple(self.scores)))
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % n  # D3: the deal passes to the left
        self.phase = DEAL
        if self.out is not None:
            self.out.append(A.DealCards(self.dealer, self.deck.hand_size))
