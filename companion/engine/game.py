"""The game state and the turn rules (T1-T7, P1).

:class:`Game` holds one match. Its methods are the rules: each one checks its
input first (garbage raises :class:`UserError` and changes nothing), then changes
the state and, when ``self.out`` is a list, appends the actions the table must
carry out (``tell``; the busiest paths test ``self.out`` themselves so that a simulation
builds no action). Each event enters the log in one place (``_record``). ``apply(event)``
(in :mod:`companion.engine.apply`) is the table's way in; simulations call the same
methods directly with face ids, which is why the state is a handful of flat lists that
are cheap to copy and step.

Two modes share every rule: ``full_information=True`` knows every hand (the
simulator, the tests); ``False`` tracks a real table, where hands are hidden and
only their sizes (and cards that were shown) are known.
"""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine.apply import ApplyMixin
from companion.engine.calls import CallsMixin
from companion.engine.cards import (CARD_COLOUR, CARD_NAMES, CARD_RANK, DECKS, RANKS,
                                    NO_COLOUR, OF_COLOUR, SKIP, WILD_DRAW4, WILD_DRAW4_ID,
                                    WILD_DRAW4_ONLY, Deck)
from companion.engine.draws import DrawMixin
from companion.engine.effects import EffectsMixin
from companion.engine.events import Play
from companion.engine.house import house_rules
from companion.engine.house.flip import legal_plays as flip_legal_plays
from companion.engine.options import RuleOptions
from companion.engine.rounds import RoundMixin
from companion.engine.jumps import JumpMixin
from companion.engine.messages import message
from companion.engine.phases import (CHALLENGE, COLOUR, DEAL, DRAWN, MATCH_OVER, PLAYING, TURN,
                                     VERDICT)
from companion.errors import UserError

OFFICIAL = RuleOptions()
SEAT_NAMES = [f"seat {i}" for i in range(10)]


class Game(EffectsMixin, DrawMixin, CallsMixin, RoundMixin, JumpMixin, ApplyMixin):
    """One match at one table. See docs/engine.md for the tour."""

    __slots__ = ("players", "n", "options", "full", "deck", "hands", "sizes", "pile", "pile_count",
                 "discard", "top", "colour", "current", "direction", "pending", "phase",
                 "drawn", "owed", "called", "uno_window", "wd4_by", "wd4_colour", "after_colour",
                 "dealer", "candidates", "round_no", "winner", "ending", "scores", "wins",
                 "round_points", "round_won", "revealed_points", "match_winner", "log", "out",
                 "answerable", "house", "answers_draws", "flags", "fitting", "seed")

    def __new__(cls, players=2, options=None, **kwargs):
        """E7: rules with ``dos`` on make a :class:`~companion.engine.dos.DosGame` (another
        game with the same surface), so every ``Game(...)`` of the table, logs and tools
        gets the game its options describe."""
        if cls is Game and getattr(options, "dos", False):
            from companion.engine.dos import DosGame
            cls = DosGame
        return object.__new__(cls)

    def __init__(self, players: int | list[str] = 2, options: RuleOptions | None = None, *,
                 full_information: bool = False, deck: Deck | None = None, record: bool = True,
                 seed: int = 0):
        if isinstance(players, int):
            if not 2 <= players <= 10:
                raise UserError(message("players_count", players=players))
            players = SEAT_NAMES[:players]
        else:
            players = list(players)
            if not 2 <= len(players) <= 10 or not all(isinstance(p, str) and p for p in players):
                raise UserError(message("players_named", players=repr(players)))
            twice = sorted({p for p in players if players.count(p) > 1})
            if twice:  # the log, the phone and the ring tell seats apart by name
                raise UserError(message("players_twice", names=", ".join(twice)))
        self.players = players
        self.n = len(players)
        self.options = options if options is not None else OFFICIAL
        if not isinstance(self.options, RuleOptions):
            raise UserError(message("options_type"))
        self.full = bool(full_information)
        if type(seed) is not int:
            raise UserError(message("seed_type", seed=repr(seed)))
        self.seed = seed  # E2: the random turns are drawn from it (the log's header keeps it)
        # House rules in effect (companion.engine.house): empty with the official rules, so
        # the common paths below pay one truth test for them.
        # The official rules need no look-up (simulations build a game per round).
        self.house = () if self.options is OFFICIAL else house_rules(self.options)
        self.answers_draws = any(rule.answers_draws for rule in self.house)
        for rule in self.house:
            problem = rule.check_table(self.n)
            if problem:
                raise UserError(problem)
        self.deck = self._edition_deck(deck)
        self.log = [] if record else None
        self.out = None
        self._new_match()

    def _edition_deck(self, deck: Deck | None) -> Deck:
        """The deck the options play with (D1, E3), or ``deck`` when it is a deck of them."""
        wanted = self.options.deck
        if deck is None or deck is wanted:
            return wanted
        if wanted is not DECKS["classic"] or any(deck is d for d in DECKS.values()):  # mixed up
            raise UserError(message("deck_edition", deck=deck.name, wanted=wanted.name))
        return deck  # a table's own deck of classic faces (tests, a smaller deck)

    # ----- queries -------------------------------------------------------------------
    def fits(self, card: int) -> bool:
        """T1: does ``card`` match the top card or the active colour?"""
        return card in self.fitting

    def may_play(self, seat: int, card: int) -> bool:
        """Full information: is playing ``card`` now legal (T1-T3, T2, house rules)?"""
        if self.phase not in PLAYING:
            return False
        if card == WILD_DRAW4_ID and self.holds_colour(seat, self.colour):
            return False
        return self._misplay_reason(seat, card) is None

    def holds_colour(self, seat: int, colour: int) -> bool:
        """T2: does the (known) hand hold a card of ``colour``? Wilds do not count."""
        return not OF_COLOUR[colour].isdisjoint(self.hands[seat])

    def open_hand(self, seat: int) -> list[int] | None:
        """The cards of ``seat``'s hand when the table knows every one of them (full
        information, or a tracked hand whose cards were all seen: E3 level 1's open hands),
        else None."""
        hand, size = self.hands[seat], self.sizes[seat]
        return hand if size and len(hand) == size else None

    def legal_plays(self, seat: int | None = None) -> list[int]:
        """Full information: the faces ``seat`` (default: the current seat) may play now,
        each once, in an order that depends only on the state (reproducible)."""
        seat = self.current if seat is None else seat
        if not self.full:
            return []
        if self.house:  # house rules may allow more (answering a draw, jumping in) or less
            if self.options.flip:  # E4 is played without house rules: its own short list
                return flip_legal_plays(self, seat)
            for rule in self.house:
                plays = rule.legal_plays(self, seat)  # E5: a rule that knows them all at once
                if plays is not None:
                    return plays
            plays = [c for c in sorted(set(self.hands[seat])) if self._misplay_reason(seat, c) is None]
            if WILD_DRAW4_ID in plays and self.holds_colour(seat, self.colour):
                plays.remove(WILD_DRAW4_ID)  # T2
            return plays
        if seat != self.current or self.pending:
            return []
        if self.phase is TURN:  # each distinct face once, in a reproducible order
            plays = self.fitting.intersection(self.hands[seat])
            if WILD_DRAW4_ID in plays and not OF_COLOUR[self.colour].isdisjoint(self.hands[seat]):
                plays = plays - WILD_DRAW4_ONLY  # T2
            return list(plays)
        drawn = self.drawn
        if self.phase is not DRAWN or drawn < 0 or not self.fits(drawn):
            return []
        if drawn == WILD_DRAW4_ID and self.holds_colour(seat, self.colour):
            return []  # T2
        plays = [drawn]
        return plays

    @property
    def draw_pile_size(self) -> int:
        return len(self.pile) if self.full else self.pile_count

    # ----- turn rules ----------------------------------------------------------------
    def _not_now(self, what: str) -> str:
        if self.phase is MATCH_OVER:
            return message("match_over", what=what)
        waiting = self.snapshot().waiting_for.what
        if self.winner >= 0 or (self.phase is DEAL and self.round_no > 1):
            return message("round_over", what=what, waiting=waiting)
        return message("not_now", what=what, waiting=waiting)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise UserError(message("no_seat", number=seat, last=self.n - 1))

    def _misplay_reason(self, seat: int, card: int) -> str | None:
        """Why ``card`` may not be played now (None: it may). House rules judge first:
        any of them may forbid (a reason), or allow what the official rules do not (True)."""
        if self.ending:
            return message("round_ending")
        allowed = False
        for rule in self.house:
            verdict = rule.judge(self, seat, card)
            if verdict is True:
                allowed = True
            elif verdict:
                return verdict
        if allowed:
            return None
        phase = self.phase
        if seat != self.current:
            return message("not_your_turn", seat=seat, turn=self.current)
        if phase is COLOUR:
            return message("colour_first")
        if phase is CHALLENGE or phase is VERDICT:
            return message("wd4_first")
        if self.pending:
            return message("must_draw_first", seat=seat, count=self.pending)
        if phase is DRAWN and self.full and card != self.drawn:
            return message("only_drawn_card")
        if card not in self.fitting:
            return message("does_not_fit")
        if (CARD_RANK[card] == WILD_DRAW4 and self.full and not self.options.challenge_wd4
                and self.holds_colour(seat, self.colour)):
            return message("wd4_colour_held")
        return None

    def play(self, seat: int, card: int) -> bool:
        """A card was played; answers False (and P1 actions) when it was a misplay."""
        phase = self.phase
        if phase not in PLAYING:
            raise UserError(self._not_now(message("what_play")))
        if type(seat) is not int or not 0 <= seat < self.n:
            self._check_seat(seat)
        full, house, seen = self.full, self.house, seat
        if house and self.flags.jump_claim is not None:
            seat = self._claimed(seat, card)  # H5: a button claimed this card first
        hand = self.hands[seat]
        if full and card not in hand:
            raise UserError(message("not_held", seat=seat, card=CARD_NAMES[card]))
        if self.log is not None:
            self._record(Play(seen, CARD_NAMES[card]))  # as seen: replay claims it again
        # Fast path for the common legal play; everything else is judged in full.
        if (house or seat != self.current or phase is not TURN or self.pending
                or card == WILD_DRAW4_ID or card not in self.fitting):
            why = self._misplay_reason(seat, card)
            if why is not None:
                return self._misplay(seat, card, why)
        if self.uno_window >= 0 and self.uno_window != seat:
            self.uno_window = -1  # T5: the next player began their turn
        if full or card in hand:
            hand.remove(card)
        sizes = self.sizes
        size = sizes[seat] - 1
        if size < 0:
            size = 0
            self._contradiction(message("played_empty_hand", seat=seat))
        sizes[seat] = size
        self.discard.append(card)
        self.top, self.drawn = card, -1
        rank, colour = CARD_RANK[card], CARD_COLOUR[card]
        if colour == NO_COLOUR:
            colour = self.colour  # until the colour is named
        else:
            self.colour = colour
        self.fitting = self.deck.fits[colour * RANKS + rank]
        if house:
            for rule in house:
                if rule.on_play(self, seat, card, rank):
                    return True  # the rule carried the turn on itself
            size = sizes[seat]
        if size == 1 and not self.called[seat]:
            self.uno_window = seat
        if size == 0:
            return self.go_out(seat, rank)
        if rank < SKIP and not house:  # advance_turn(1), inlined: the most common step
            self.current = (self.current + self.direction) % self.n
            self.phase = TURN
            if self.out is not None:
                self.out.append(A.Turn(self.current, ("play", "draw")))
        else:
            self._effect(seat, card, rank)
        return True

    def _misplay(self, seat: int, card: int, why: str) -> bool:
        """P1: the card goes back to the hand and the player draws penalty cards."""
        self.tell(A.TakeBack(seat, CARD_NAMES[card], why))
        self.owe_cards(seat, self.options.misplay_penalty, message("reason_misplay"))
        return False
