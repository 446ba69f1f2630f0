"""The table's way in: ``apply(event) -> actions``, exact undo, copies and snapshots."""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine import events as E
from companion.engine.messages import message
from companion.engine.cards import CARD_NAMES, COLOUR_NAMES, COLOURS, parse_colour
from companion.engine.house.flip import flip_top, shown_on_side, until_colour_prompt
from companion.engine.house.no_mercy import check_discard_all, lay_under, roulette_prompt
from companion.engine.phases import (CHALLENGE, COLOUR, DEAL, DEALING, DISCARDING, DRAWN,
                                     MATCH_OVER, PLAYING, SCORING, START, TARGET, TURN, VERDICT)
from companion.engine.state import GameView, MatchStanding, WaitingFor
from companion.errors import UserError


def _cards(game, names) -> list[int]:
    if not isinstance(names, (list, tuple)):
        raise UserError(message("expected_card_list", value=repr(names)))
    return [game.deck.parse(name) for name in names]


# Card names are read as cards of the game's deck: a face of another edition is refused.
_HANDLERS = {
    E.ChooseDealer: lambda g, e: g.choose_dealer(
        [None if c is None else g.deck.parse(c) for c in _list(e.cards)]),
    E.Deal: lambda g, e: g.deal(e.dealer, None if e.hands is None else [_cards(g, h) for h in e.hands],
                                None if e.sizes is None else list(e.sizes)),
    E.StartCard: lambda g, e: g.start_card(g.deck.parse(e.card)),
    E.Play: lambda g, e: g.play(e.seat, g.deck.parse(e.card)),
    E.ChooseColour: lambda g, e: g.choose_colour(e.seat, parse_colour(e.colour)),
    E.ChooseTarget: lambda g, e: g.choose_target(e.seat, e.target),
    E.Draw: lambda g, e: g.draw(e.seat, e.count, None if e.cards is None else _cards(g, e.cards)),
    E.Burst: lambda g, e: g.burst(e.seat, e.count, None if e.cards is None else _cards(g, e.cards)),
    E.LauncherDeal: lambda g, e: g.launcher_deal(e.dealer),
    E.JumpIn: lambda g, e: g.jump_in(e.seat),
    E.Pass: lambda g, e: g.pass_turn(e.seat),
    E.CallUno: lambda g, e: g.call_uno(e.seat, e.word),
    E.Catch: lambda g, e: g.catch(e.seat, e.target),
    E.Challenge: lambda g, e: g.challenge(e.seat),
    E.Accept: lambda g, e: g.accept(e.seat),
    E.ChallengeVerdict: lambda g, e: g.verdict(e.wd4_was_legal),
    E.Penalty: lambda g, e: g.penalty(e.seat, e.reason, e.count),
    E.RaceResult: lambda g, e: g.race_result(e.slowest),
    E.Reshuffle: lambda g, e: g.reshuffle(),
    E.RevealHand: lambda g, e: g.reveal(e.seat, _cards(g, e.cards)),
    E.RoundEnd: lambda g, e: g.round_end(_list(e.points)),
    E.Correction: lambda g, e: g.correction(e.seat, e.hand_size),
    E.Match: lambda g, e: g.match(e.seat, e.pile, _cards(g, e.cards)),  # E7 DOS (dos.py)
    E.DiscardAll: lambda g, e: g.discard_all(e.seat, e.count,
                                             [] if e.cards is None else _cards(g, e.cards)),
    E.FlipTop: lambda g, e: _flip_top(g, e),
}


def _flip_top(game, event) -> None:
    """E4: the new top card a tracked table saw after a flip, checked, then recorded."""
    card = game.deck.parse(event.card)
    game._record(E.FlipTop(CARD_NAMES[card]))
    flip_top(game, card)


def _list(value) -> list:
    if not isinstance(value, (list, tuple)):
        raise UserError(message("expected_list", value=repr(value)))
    return list(value)


#: What the game waits for in each phase (the snapshot's ``waiting_for.what``).
_WAITING = {TURN: message("waiting_play_or_draw"), DRAWN: message("waiting_play_drawn_or_pass"),
            COLOUR: message("waiting_colour"), CHALLENGE: message("waiting_challenge"),
            TARGET: message("waiting_target"), VERDICT: message("waiting_verdict"),
            SCORING: message("waiting_scoring"), DEAL: message("waiting_deal"),
            DEALING: message("waiting_launcher_deal"), START: message("waiting_start_card"),
            MATCH_OVER: message("waiting_nothing"), DISCARDING: message("waiting_discard_all")}
_WAITING_DEALER = message("waiting_dealer")  # DEAL before the dealer is chosen (D3)


class ApplyMixin:
    __slots__ = ()

    def apply(self, event: E.Event) -> list[A.Action]:
        """Apply one table event; answer what the table must do next.

        Garbage raises :class:`UserError` and leaves the game exactly as it was."""
        if isinstance(event, dict):
            event = E.event_from_json(event)
        if isinstance(event, E.Undo):
            return self.undo(event.count)
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise UserError(message("not_an_event", event=repr(event)))
        backup = self.copy()
        self.out = out = []
        try:
            handler(self, event)
        except BaseException:
            self._restore(backup)
            raise
        finally:
            self.out = None
        return shown_on_side(self, out)

    push = apply  # python-chess style: push(event) ... pop()

    def discard_all(self, seat: int, count: int, cards: list[int]) -> None:
        """E5 at a tracked table: ``seat`` laid ``count`` cards (``cards`` when seen) under
        its discard all (house/no_mercy.py)."""
        self._check_seat(seat)
        check_discard_all(self, seat, count, cards)
        self._record(E.DiscardAll(seat, count, tuple(CARD_NAMES[c] for c in cards) or None))
        lay_under(self, seat, count, cards)

    def _record(self, event: E.Event) -> None:
        """The one place an event enters the game log (none when the game does not record).
        Busy rule methods test ``self.log`` first, so a simulation builds no event."""
        if self.log is not None:
            self.log.append(event)

    def pop(self) -> E.Event:
        """Withdraw the last event (exact undo); answers the event."""
        if not self.log:
            raise UserError(message("nothing_to_undo"))
        event = self.log[-1]
        self.undo(1)
        return event

    def undo(self, count: int = 1) -> list[A.Action]:
        """Replay the game without its last ``count`` events (exact)."""
        if self.log is None:
            raise UserError(message("undo_needs_log"))
        if type(count) is not int or not 1 <= count <= len(self.log):
            raise UserError(message("undo_range", most=len(self.log), count=repr(count)))
        self._restore(self.replayed(self.log[:-count]))
        undid = message("undid", count=count) if count > 1 else message("undid_one")
        return [A.Notice(undid), *self.prompt()]

    def replayed(self, events) -> "ApplyMixin":
        """A new game with the same players, options and mode after ``events``."""
        game = type(self)(self.players, self.options, full_information=self.full, deck=self.deck,
                          seed=self.seed)
        for event in events:
            game.apply(event)
        return game

    def copy(self, record: bool = True):
        """An independent copy (cheap: a few flat lists). The copy records no actions; with
        ``record=False`` no events either (constant time however long the match: the chances'
        playouts), and an open jump-in claim (H5), which is judged by the log, is dropped."""
        game = object.__new__(type(self))
        for name in type(self).__slots__:
            setattr(game, name, getattr(self, name))
        game.hands = [hand[:] for hand in self.hands]
        for name in ("sizes", "pile", "discard", "owed", "called", "scores", "wins",
                     "round_points", "round_won", "revealed_points", "candidates"):
            setattr(game, name, getattr(self, name)[:])
        game.log = None if self.log is None or not record else self.log[:]
        game.flags = self.flags.copy()  # house rules change its lists and dicts in place
        if game.log is None and game.flags.jump_claim is not None:
            game.flags.jump_claim = None
        game.out = None
        return game

    def _restore(self, other) -> None:
        for name in type(self).__slots__:
            if name != "out":
                setattr(self, name, getattr(other, name))

    def prompt(self) -> list[A.Action]:
        """The actions that describe what the table waits for now; in play, the penalty cards
        still owed too, whatever the question (so a jam or a reload never strands them)."""
        return shown_on_side(self, self._waiting_actions())

    def _waiting_actions(self) -> list[A.Action]:
        phase, seat = self.phase, self.current
        if phase not in PLAYING:
            return self._prompt_between_turns()
        owed = [A.Dispense(s, n, message("reason_owed")) for s, n in enumerate(self.owed) if n]
        if phase is not TURN and phase is not DRAWN:
            return [self._question(), *owed]
        if self.house and self.flags.roulette is not None:
            return roulette_prompt(self) + owed  # E5
        if phase is DRAWN and self.house and self.flags.until_colour is not None:
            return until_colour_prompt(self) + owed  # E4, a tracked table
        if self.pending:
            due = self.pending
            for rule in self.house:  # E5: the launcher stops at the card that puts the seat out
                due = rule.dispense_count(self, seat, due)
            return [A.Turn(seat, ("draw",)), *owed, A.Dispense(seat, due, message("reason_due"))]
        if phase is DRAWN:
            return [self.drawn_turn(seat), *owed]
        return [A.Turn(seat, ("play", "draw")), *owed]

    def _question(self) -> A.Action:
        """What a playing phase other than a turn asks (a colour, a target, a verdict, ...)."""
        phase, seat = self.phase, self.current
        if phase is COLOUR:
            return A.AskColour(seat)
        if phase is CHALLENGE:
            return A.ChallengeWindow(seat, self.wd4_by)
        if phase is TARGET:
            if self.flags.target_for == "target-draw2":  # E6
                return A.AskDrawTarget(seat)
            return A.AskTarget(seat)
        if phase is DISCARDING:
            return A.AskDiscardAll(seat, COLOURS[self.colour])
        return A.ShowHand(self.wd4_by, seat, message("show_challenge"))  # VERDICT

    def _prompt_between_turns(self) -> list[A.Action]:
        phase = self.phase
        if phase is DEAL:
            if self.dealer < 0 and not self.deck.has_numbers:  # E6: no number to draw for
                return [A.Notice(message("dealer_no_numbers", deck=self.deck.name))]
            if self.dealer < 0:
                return [A.ChooseDealerCards(tuple(self.candidates))]
            return [A.DealCards(self.dealer, self.deck.hand_size)]
        if phase is DEALING:
            return self.deal_dispenses()
        if phase is START:
            return [A.FlipStartCard()]
        if phase is SCORING:
            return [A.ShowHand(s, -1, message("show_scoring")) for s, p in enumerate(self.revealed_points)
                    if p is None]
        return [A.MatchOver(self.match_winner, tuple(self.scores))]  # MATCH_OVER

    def snapshot(self) -> GameView:
        """The state as the phone page and ``replay`` show it, typed (see state.py); its
        ``to_json()`` is the JSON picture. Cheap: a few tuple copies."""
        running = self.phase in PLAYING
        waiting = self._waiting()
        phase, turn = self.phase, self.current if running else None
        names = CARD_NAMES.__getitem__
        options = self.options
        return GameView(
            self.full, tuple(self.players), self.round_no,
            self.dealer if self.dealer >= 0 else None, phase, turn, WaitingFor(turn, waiting),
            "clockwise" if self.direction == 1 else "counter-clockwise",
            CARD_NAMES[self.top] if self.top >= 0 else None,
            COLOUR_NAMES[self.colour],
            self.pending, tuple(self.owed), tuple(self.sizes),
            self.claimable() if self.house else -1,
            tuple([tuple(map(names, hand)) for hand in self.hands]),
            tuple(self.called), self.uno_window if self.uno_window >= 0 else None,
            self.draw_pile_size, len(self.discard), tuple(self.scores), tuple(self.wins),
            tuple(self.round_points), self.winner if self.winner >= 0 else None,
            MatchStanding(phase is MATCH_OVER, self.match_winner if self.match_winner >= 0 else None,
                          options.scoring, options.target),
            options, self._house_state(), len(self.log) if self.log is not None else None,
            last_round_wins=tuple(self.round_won))

    def _waiting(self):
        """What the game waits for now (the snapshot's ``waiting_for.what``)."""
        if self.pending and self.phase is TURN:
            return message("waiting_draw", count=self.pending)
        if self.phase is TARGET and self.flags.target_for == "target-draw2":
            return message("waiting_draw_target")  # E6
        if self.house and self.flags.roulette is not None and self.flags.roulette >= 0:
            return message("waiting_roulette", colour=COLOURS[self.flags.roulette])  # E5
        if self.may_draw_another():   # H7, E5.3: only a full game knows the drawn card misses
            return message("waiting_draw_again" if self.full else "waiting_play_drawn_or_draw_again")
        return _WAITING_DEALER if self.phase is DEAL and self.dealer < 0 else _WAITING[self.phase]

    def match(self, seat: int, pile: int, cards: list[int]) -> None:
        """E7 DOS's match on a centre row pile: refused in the games that have no row."""
        raise UserError(message("match_not_dos"))

    def _house_state(self) -> dict:
        """What house rules keep for the round (places, a turned 6/9, complementary mode...)."""
        view = {}
        for key, value in self.flags.items():
            if (key in ("double", "draw_kind", "flash_picks", "jump_claim", "roulette_seen", "until_known")
                    or value is None):
                continue  # bookkeeping, not for people
            if isinstance(value, (set, frozenset)):
                value = sorted(value)
            elif isinstance(value, dict):
                value = {str(seat): count for seat, count in value.items()}
            elif isinstance(value, list):
                value = value[:]   # the view keeps its own: the rule changes its list in place
            elif key == "roulette":   # E5: the colour's name (an empty name: not named yet)
                value = COLOURS[value] if value >= 0 else ""
            view[key] = value
        if self.may_draw_another():
            view["draw_again"] = True   # H7, E5.3: the draw button throws one more card
        return view

    def drawn_turn(self, seat: int) -> A.Turn:
        """T3: ``seat`` drew; H7, E5.3: it may draw on while no drawn card fits."""
        if not self.may_draw_another():
            return A.Turn(seat, ("play the drawn card", "pass"))
        return A.Turn(seat, ("draw another",) if self.full else ("play the drawn card", "draw another"))

    def may_draw_another(self) -> bool:
        """H7, E5.3: after a drawn card, whether the turn's player may draw another (public:
        the simulated table's players ask their full-information world)."""
        seat = self.current
        return self.phase is DRAWN and bool(self.house) and self.may_draw(seat) > self.owed[seat]
