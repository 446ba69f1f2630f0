"""The table's way in: ``apply(event) -> actions``, exact undo, copies and snapshots."""
from __future__ import annotations

from companion.engine import actions as A
from companion.engine import events as E
from companion.engine.messages import message
from companion.engine.cards import CARD_NAMES, COLOURS, NO_COLOUR, parse_card, parse_colour
from companion.engine.phases import (CHALLENGE, COLOUR, DEAL, DEALING, DRAWN, MATCH_OVER,
                                     PLAYING, SCORING, START, TARGET, TURN, VERDICT)
from companion.errors import UserError


def _cards(names) -> list[int]:
    if not isinstance(names, (list, tuple)):
        raise UserError(message("expected_card_list", value=repr(names)))
    return [parse_card(name) for name in names]


_HANDLERS = {
    E.ChooseDealer: lambda g, e: g.choose_dealer(
        [None if c is None else parse_card(c) for c in _list(e.cards)]),
    E.Deal: lambda g, e: g.deal(e.dealer, None if e.hands is None else [_cards(h) for h in e.hands],
                                None if e.sizes is None else list(e.sizes)),
    E.StartCard: lambda g, e: g.start_card(parse_card(e.card)),
    E.Play: lambda g, e: g.play(e.seat, parse_card(e.card)),
    E.ChooseColour: lambda g, e: g.choose_colour(e.seat, parse_colour(e.colour)),
    E.ChooseTarget: lambda g, e: g.choose_target(e.seat, e.target),
    E.Draw: lambda g, e: g.draw(e.seat, e.count, None if e.cards is None else _cards(e.cards)),
    E.Burst: lambda g, e: g.burst(e.seat, e.count, None if e.cards is None else _cards(e.cards)),
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
    E.RevealHand: lambda g, e: g.reveal(e.seat, _cards(e.cards)),
    E.RoundEnd: lambda g, e: g.round_end(_list(e.points)),
    E.Correction: lambda g, e: g.correction(e.seat, e.hand_size),
}


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
            MATCH_OVER: message("waiting_nothing")}
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
        return out

    push = apply  # python-chess style: push(event) ... pop()

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

    def copy(self):
        """An independent copy (cheap: a few flat lists). The copy records no actions."""
        game = object.__new__(type(self))
        for name in type(self).__slots__:
            setattr(game, name, getattr(self, name))
        game.hands = [hand[:] for hand in self.hands]
        for name in ("sizes", "pile", "discard", "owed", "called", "scores", "wins",
                     "round_points", "revealed_points", "candidates"):
            setattr(game, name, getattr(self, name)[:])
        game.log = None if self.log is None else self.log[:]
        game.flags = self.flags.copy()  # house rules change its lists and dicts in place
        game.out = None
        return game

    def _restore(self, other) -> None:
        for name in type(self).__slots__:
            if name != "out":
                setattr(self, name, getattr(other, name))

    def prompt(self) -> list[A.Action]:
        """The actions that describe what the table waits for now."""
        phase, seat = self.phase, self.current
        if phase is DEAL:
            if self.dealer < 0:
                return [A.ChooseDealerCards(tuple(self.candidates))]
            return [A.DealCards(self.dealer, self.deck.hand_size)]
        if phase is DEALING:
            return self.deal_dispenses()
        if phase is START:
            return [A.FlipStartCard()]
        if phase is COLOUR:
            return [A.AskColour(seat)]
        if phase is CHALLENGE:
            return [A.ChallengeWindow(seat, self.wd4_by)]
        if phase is TARGET:
            return [A.AskTarget(seat)]
        if phase is VERDICT:
            return [A.ShowHand(self.wd4_by, seat, message("show_challenge"))]
        if phase is SCORING:
            return [A.ShowHand(s, -1, message("show_scoring")) for s, p in enumerate(self.revealed_points)
                    if p is None]
        if phase is MATCH_OVER:
            return [A.MatchOver(self.match_winner, tuple(self.scores))]
        owed = [A.Dispense(s, n, message("reason_owed")) for s, n in enumerate(self.owed) if n]
        if self.pending:
            return [A.Turn(seat, ("draw",)), *owed, A.Dispense(seat, self.pending, message("reason_due"))]
        if phase is DRAWN:
            return [A.Turn(seat, ("play the drawn card", "pass")), *owed]
        return [A.Turn(seat, ("play", "draw")), *owed]

    def snapshot(self) -> dict:
        """A JSON-ready picture of the state for the phone page and ``replay``."""
        running = self.phase in PLAYING
        waiting = (_WAITING_DEALER if self.phase is DEAL and self.dealer < 0
                   else _WAITING[self.phase])
        if self.pending and self.phase is TURN:
            waiting = message("waiting_draw", count=self.pending)
        names = (lambda cards: [CARD_NAMES[c] for c in cards])
        return {
            "mode": "full" if self.full else "tracking",
            "players": list(self.players),
            "round": self.round_no,
            "dealer": self.dealer if self.dealer >= 0 else None,
            "phase": self.phase,
            "turn": self.current if running else None,
            "waiting_for": {"seat": self.current if running else None, "what": waiting},
            # a waiting text with a number in it, as key and parameters (see messages.py)
            "waiting_message": ({"key": waiting.key, "params": dict(waiting.params)}
                                if waiting.params else None),
            "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
            "top_card": CARD_NAMES[self.top] if self.top >= 0 else None,
            "colour": COLOURS[self.colour] if self.colour != NO_COLOUR else None,
            "pending_draw": self.pending,
            "owed_cards": list(self.owed),
            "hand_sizes": list(self.sizes),
            "claimable": self.claimable() if self.house else -1,
            ("hands" if self.full else "known_cards"): [names(h) for h in self.hands],
            "uno_called": list(self.called),
            "uno_window": self.uno_window if self.uno_window >= 0 else None,
            "draw_pile": self.draw_pile_size,
            "discard_pile": len(self.discard),
            "scores": list(self.scores),
            "round_wins": list(self.wins),
            "last_round_points": list(self.round_points),
            "round_winner": self.winner if self.winner >= 0 else None,
            "match": {"over": self.phase is MATCH_OVER,
                      "winner": self.match_winner if self.match_winner >= 0 else None,
                      "scoring": self.options.scoring, "target": self.options.target},
            "rules": self.options.changed(),
            "house": self._house_state(),
            "events": len(self.log) if self.log is not None else None,
        }

    def _house_state(self) -> dict:
        """What house rules keep for the round (places, a turned 6/9, complementary mode...)."""
        view = {}
        for key, value in self.flags.items():
            if key in ("double", "draw_kind", "flash_picks", "jump_claim") or value is None:
                continue  # bookkeeping, not for people
            if isinstance(value, (set, frozenset)):
                value = sorted(value)
            elif isinstance(value, dict):
                value = {str(seat): count for seat, count in value.items()}
            view[key] = value
        return view
