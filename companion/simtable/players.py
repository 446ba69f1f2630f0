"""Virtual players at a simulated table: they hold real hands and act physically.

The table's engine is the one truth: the players' ``world`` is derived from it at
every step (:meth:`VirtualPlayers.sync`), never kept beside it. The engine knows
what a real table knows (whose turn, the pile, how many cards each seat holds,
cards that were shown); the players add only what is theirs: which cards are in
their hands. Those hands are reconciled with the engine each time: a card the
table saw played leaves its player's hand, a seat the table counts more cards
for takes random cards from those not in sight, a card the table knows a seat
holds is held. After an undo or a corrected card the hands held at that point of
the table's log come back; a new or reopened game starts the hands afresh. So
whatever the host does, the players cannot disagree with the table.

:meth:`VirtualPlayers.next_act` looks at what the table waits for and answers
one physical act (lay a card, press a seat button, press the draw button, pick
a colour on the ring, type on the phone). Strategies are simple on purpose:
play a random legal card, name the colour held most, challenge half the time,
sometimes forget UNO (and the others catch it).
"""
from __future__ import annotations

import logging
import random as random_module
from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.engine import CARD_NAMES, Game
from companion.engine import events as E
from companion.engine.cards import (CARD_COLOUR, CARD_IDS as CARD_ID, CARD_POINTS, COLOURS, DARK_COLOURS,
                                    on_side as _on_side)
from companion.engine import phases as P
from companion.engine.phases import DRAWN
from companion.engine.state import GameView

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Act:
    """One physical act: ``kind`` is place, spread, press, draw_button, colour, phone, correct,
    race, fix_launcher, jump (H5: ``seat``'s button, then the card ``value``) or turn_pile (E4.5)."""
    kind: str
    seat: int | None = None
    value: Any = None


class VirtualPlayers:
    """The people at a simulated table (see the module docstring)."""

    def __init__(self, random, *, forget: float = 0.2, challenge: float = 0.5, seed: int = 0,
                 jump: float = 0.5):
        self.jump = jump                                    # H5: how often a holder jumps in
        self.random, self.forget, self.challenge = random, forget, challenge
        self.seed = seed                                    # the cards drawn follow it (repeatable)
        self.world: Game | None = None   # the table's engine with the players' hands in it
        self.hands: list[list[int]] = []
        self.placed: tuple[int | None, str] | None = None   # laid down, not yet seen by the table
        self.misread: tuple[int, str] | None = None         # laid down, but taken as another card
        self._misread_at = -1                               # its place in the table's log
        self.race = False
        self.turned = -1         # E4.5: the table's log length when the pile was last turned
        self.launcher = True     # the table has a launcher: it deals (D2) and throws bursts (E1)
        self.uno_seen: int | None = None
        self.errors: list[str] = []
        self._game = None        # the table's game the hands belong to
        self._log: list = []     # the table's log at the last sync
        self._held: dict[int, tuple[int, list]] = {}   # log length -> (round, hands) at that point

    # -- following the table ------------------------------------------------------------------
    def follow(self, update) -> None:
        """The loop's subscriber (on its thread: quick): a race asks every seat to slap."""
        if any(action.type == "race" for action in update.actions):
            self.race = True

    def sync(self, engine: Game, game: object = None) -> Game:
        """Derive the players' world from a copy of the table's engine (``game``: the table's
        game it belongs to; another one is a new or reopened match). Answers the world."""
        log_now = list(engine.log or ())
        if game is not self._game or len(self.hands) != engine.n:
            self._game, self._log, self._held = game, [], {}
            self.placed = self.misread = None
            self.race, self.uno_seen = False, None
        same = _common_prefix(self._log, log_now)
        self._held = {length: held for length, held in self._held.items() if length <= same}
        base = max(self._held, default=None)
        round_no, hands = self._held[base] if base is not None else (engine.round_no, [])
        hands = [on_side(engine, hand) for hand in hands] if round_no == engine.round_no else []
        if len(hands) != engine.n:
            hands = [[] for _ in range(engine.n)]
        new = log_now[base or 0:]
        if self.misread is not None and same <= self._misread_at:
            self.misread = None             # the misread card was undone or corrected
        laid = self._seen(log_now[same:], same)   # before the hints of the log: it laid this card
        rng = random_module.Random(f"{self.seed}/{engine.round_no}/{len(log_now)}")
        self.hands = reconcile(hands, engine, [*laid, *_played(new)], rng)
        self._log = log_now
        self._held[len(log_now)] = (engine.round_no, [list(hand) for hand in self.hands])
        self.world = _with_hands(engine, self.hands)
        return self.world

    def _seen(self, events: list, offset: int) -> list[tuple[int | None, int]]:
        """What the table made of the card a player laid down: taken (as laid, or misread as
        another card: the host corrects it); answers the laid card as a hint for the hands."""
        if self.placed is None:
            return []
        for index, event in enumerate(events):
            if isinstance(event, (E.Play, E.StartCard)):
                seat, card = self.placed
                self.placed = None
                if isinstance(event, E.Play) and event.seat == seat and event.card != card:
                    self.misread, self._misread_at = (seat, card), offset + index
                return [(seat, CARD_ID[card])] if seat is not None else []
        return []

    def problems(self, engine: Game) -> list[str]:
        """Where the players' hands disagree with the table's engine (empty: nowhere)."""
        found = []
        for seat, (hand, known) in enumerate(zip(self.hands, engine.hands)):
            if len(hand) != engine.sizes[seat]:
                found.append(f"seat {seat} holds {len(hand)} cards, the table counts {engine.sizes[seat]}")
            if Counter(known) - Counter(hand):
                found.append(f"seat {seat} does not hold the cards the table saw in its hand")
        # a card laid under the pile unseen (E5's discard all, a seat out at 25) is no face
        used = Counter(c for hand in self.hands for c in hand) + Counter(c for c in engine.discard if c >= 0)
        if used - _deck(engine):
            found.append("more copies of a card in hands and on the pile than the deck has")
        return found

    # -- acting -------------------------------------------------------------------------------
    def next_act(self, state: GameView) -> Act | None:
        """What someone at the table does next, given the engine's snapshot (None: match over)."""
        world, phase, turn = self.world, state.phase, state.turn
        if state.match.over:
            return None
        if self.misread is not None:  # the table took another card than was laid down
            seat, card = self.misread
            return Act("correct", seat, card)
        if self.placed is not None:  # the camera did not take it: the host types it in
            seat, card = self.placed
            self.placed = None
            event = E.StartCard(card) if seat is None else E.Play(seat, card)
            return Act("phone", value=event)
        if self.race:
            self.race = False
            return Act("race")
        window = state.uno_window
        if window is None:
            self.uno_seen = None
        elif self.uno_seen != window and not state.uno_called[window]:
            self.uno_seen = window
            if self.random() >= self.forget:
                return Act("press", window)                       # UNO!
            catchers = [s for s in range(world.n) if s not in (window, turn)]
            if catchers and self.random() < 0.5:
                return Act("press", catchers[int(self.random() * len(catchers))])  # caught
        if phase == P.DEAL and state.dealer is None:   # D3: each candidate turns up a card
            return Act("phone", value=self._draw_for_dealer(state))
        if phase == P.DEAL:   # the launcher deals (D2); with none, the dealer deals by hand
            return Act("draw_button" if self.launcher else "press", state.dealer)
        if phase == P.DEALING:
            return Act("fix_launcher")       # after a jam or a refill: deal on
        if state.centre_row is not None and phase != P.SCORING:   # E7 DOS: the centre row
            from companion.simtable.dos import dos_act
            return dos_act(self, state)
        if phase == P.START:   # the dealer turns up the draw pile's top card (D4)
            # a table that counts more cards dealt than the deck holds (an undone deal dealt
            # again) leaves the players' pile empty: the card still lies in the launcher
            pile = world.pile or sorted(_deck(world).elements())
            return self._place(None, CARD_NAMES[pile[int(self.random() * len(pile))]])
        if state.house.get("top_due"):     # E4.5: a flip: the discard pile is turned over
            if self.turned == len(world.log or ()):    # the camera did not read it: typed in
                return Act("phone", value=E.FlipTop(CARD_NAMES[world.discard[-1]]))
            self.turned = len(world.log or ())
            return Act("turn_pile", value=tuple(CARD_NAMES[c] for c in world.discard))
        if phase == P.SCORING:
            points = tuple(self.hand_points())
            return Act("phone", value=E.RoundEnd(points))          # counted and typed in (S1)
        if phase == P.VERDICT:
            legal = not world.holds_colour(world.wd4_by, world.wd4_colour)   # T6: the hand shown
            return Act("phone", value=E.ChallengeVerdict(legal))
        if turn is None:
            return None
        if state.owed_cards[turn] or (phase == P.TURN and state.pending_draw):
            if not (world.answerable and world.legal_plays(turn)):
                return Act("fix_launcher")   # the launcher owes cards but stands still
        if phase == P.COLOUR:
            return Act("colour", turn, self._colour(turn))
        if phase == P.TARGET:   # a seat out of the round (E5.7, V6) is no target
            others = [s for s in range(world.n) if s != turn and s not in (world.flags.finished or ())]
            return Act("press", others[int(self.random() * len(others))])
        if phase == P.CHALLENGE:
            return Act("press", turn) if self.random() < self.challenge else Act("draw_button", turn)
        until = state.house.get("until_colour")
        if until is not None and phase == P.DRAWN:   # E4.4 at a tracked table: did it come?
            came = world.hands[turn] and CARD_NAMES[world.hands[turn][-1]].startswith(until + "-")
            return Act("press", turn) if came else Act("draw_button", turn)
        if phase == P.DISCARDING:   # E5: every other card of the colour goes under; the host counts
            laid = sum(CARD_COLOUR[c] == world.colour for c in world.hands[turn])
            return Act("phone", value=E.DiscardAll(turn, laid, None))
        if world.flags.roulette is not None and world.flags.roulette >= 0 and phase == P.DRAWN:
            # E5 colour roulette: the victim says (its button: pass) when the colour has come
            hand = world.hands[turn]
            came = bool(hand) and CARD_COLOUR[hand[-1]] == world.flags.roulette
            return Act("press", turn) if came else Act("draw_button", turn)
        plays = world.legal_plays(turn)
        if phase == P.DRAWN:   # H7, E5.3: the table allows another card, and the players'
            # own hands (the world, full information) say none fits yet: draw on
            if plays:
                return self._place(turn, CARD_NAMES[plays[0]])
            again = state.house.get("draw_again") and world.may_draw_another()
            return Act("draw_button", turn) if again else Act("press", turn)
        jumper = self._jumper(state) if phase == P.TURN else None
        if jumper is not None:   # H5: the jumper's button first, then the identical card
            self.placed = (turn, CARD_NAMES[world.top])  # the camera reports the turn's seat
            return Act("jump", jumper, CARD_NAMES[world.top])
        if plays:
            return self._place(turn, CARD_NAMES[plays[int(self.random() * len(plays))]])
        return Act("draw_button", turn)

    def _jumper(self, state: GameView) -> int | None:
        """H5: a seat that holds the card on top and jumps in with it now and then."""
        world, turn = self.world, state.turn
        if (not state.options.jump_in or state.uno_window is not None
                or state.claimable >= 0):  # a press now would claim the last card
            return None
        holders = [s for s in range(world.n) if s != turn and world.top in world.hands[s]
                   and world.may_play(s, world.top) and world.sizes[s] > 1]
        if holders and self.random() < self.jump:
            return holders[int(self.random() * len(holders))]
        return None

    def _draw_for_dealer(self, state: GameView) -> E.ChooseDealer:
        """D3: the seats still in the draw each turn up a card; the host types them in."""
        candidates = set(self.world.candidates)
        pile = list(self.world.pile)
        cards = []
        for seat in range(self.world.n):
            if seat in candidates:
                index = int(self.random() * len(pile))
                pile[index], pile[-1] = pile[-1], pile[index]
                cards.append(CARD_NAMES[pile.pop()])
            else:
                cards.append(None)
        return E.ChooseDealer(tuple(cards))

    def _place(self, seat: int | None, card: str) -> Act:
        self.placed = (seat, card)
        return Act("place", seat, card)

    def _colour(self, seat: int) -> str:
        """The colour to press on the ring: the colour of the side in play held most (the
        ring lights the colours the engine offers; the hands find its group)."""
        held = [CARD_NAMES[c].split("-")[0] for c in self.world.hands[seat]]
        side = DARK_COLOURS if self.world.flags.side == "dark" else COLOURS
        counts = [held.count(colour) for colour in side]
        return side[counts.index(max(counts))]

    def hand_points(self) -> list[int]:
        points = self.world.deck.points if self.world is not None else CARD_POINTS   # E4.6: Flip's own
        return [sum(points[c] for c in hand) for hand in self.hands]


def on_side(engine: Game, cards) -> list[int]:
    """``cards`` as the faces of the side in play at the table (E4 Flip; others: as they are)."""
    return _on_side(engine.deck, cards, engine.flags.side == "dark")


def _deck(engine: Game) -> Counter:
    """The deck's cards, as the faces of the side in play (E4 Flip)."""
    return Counter(on_side(engine, engine.deck.cards()))


def _common_prefix(before: list, now: list) -> int:
    """How many events two versions of one log share (an undo or a correction changes its end)."""
    same = min(len(before), len(now))
    while same and before[same - 1] != now[same - 1]:
        same -= 1
    return same


def _played(events: list) -> list[tuple[int | None, int]]:
    """(seat as seen, card) of every card the table saw played in ``events``."""
    return [(event.seat, CARD_ID[card]) for event in events if isinstance(event, (E.Play, E.Match))
            for card in ((event.card,) if isinstance(event, E.Play) else event.cards)]


def reconcile(hands: list[list[int]], engine: Game, hints, rng) -> list[list[int]]:
    """The players' hands made to agree with what the table's engine knows, changed as little
    as it takes: a card seen played (``hints``) leaves the hand that laid it; no card is held in
    more copies than the deck has beside the discard pile; a card the table saw in a hand is in
    it; a hand the table counts fewer cards in gives up cards, one it counts more in takes
    random unseen cards (appended: the card drawn last is a hand's last)."""
    n, sizes = engine.n, engine.sizes
    hands = [list(hand) for hand in hands]
    known = [Counter(cards) for cards in engine.hands]
    for seat, card in hints:
        for s in ([seat] if seat is not None and 0 <= seat < n else []) + list(range(n)):
            if len(hands[s]) > sizes[s] and card in hands[s]:
                hands[s].remove(card)
                break

    def spare(s: int, card: int) -> bool:   # held beyond what the table saw in that hand
        return hands[s].count(card) > known[s][card]

    free = _deck(engine) - Counter(engine.discard) - _in_row(engine)
    for card, extra in (Counter(c for hand in hands for c in hand) - free).items():
        for _ in range(extra):
            holders = sorted((s for s in range(n) if card in hands[s]),
                             key=lambda s: (not spare(s, card), sizes[s] - len(hands[s])))
            hands[holders[0]].remove(card)
    free -= Counter(c for hand in hands for c in hand)
    for s in range(n):
        for card, count in (known[s] - Counter(hands[s])).items():
            for _ in range(count):
                if free[card] > 0:
                    free[card] -= 1
                else:
                    others = [t for t in range(n) if t != s and card in hands[t] and spare(t, card)]
                    if not others:
                        break
                    hands[others[0]].remove(card)
                hands[s].append(card)
    for s in range(n):
        while len(hands[s]) > max(sizes[s], 0):
            choices = [i for i, c in enumerate(hands[s]) if spare(s, c)] or list(range(len(hands[s])))
            free[hands[s].pop(choices[int(rng.random() * len(choices))])] += 1
    pool = sorted(free.elements())
    for s in range(n):
        while len(hands[s]) < sizes[s] and pool:
            index = int(rng.random() * len(pool))
            pool[index], pool[-1] = pool[-1], pool[index]
            hands[s].append(pool.pop())
    return hands


def _with_hands(engine: Game, hands: list[list[int]]) -> Game:
    """A full-information copy of the table's engine holding the players' hands."""
    world = engine.copy()
    world.full, world.hands = True, [list(hand) for hand in hands]
    free = _deck(engine) - Counter(engine.discard) - Counter(c for h in hands for c in h) - _in_row(engine)
    world.pile = sorted(free.elements())
    if world.phase == DRAWN and world.hands[world.current]:
        world.drawn = world.hands[world.current][-1]   # the card the launcher just threw
    return world


def _in_row(engine: Game) -> Counter:
    """E7 DOS: the cards lying in the centre row (neither held nor on the discard pile)."""
    return Counter(card for pile in getattr(engine, "row", ()) for card in pile)
