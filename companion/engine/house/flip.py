"""E4 UNO Flip: the side in play, the flip that turns every card over, both sides' actions.

Every card in the engine's lists (hands, draw pile, discard pile) is the face of the side in
play (a hand shows its player that side, the draw pile and the discard pile lie with it down
and up). A flip (E4.5) turns each of them into its other face (``Deck.other_side``), reverses
the discard pile and changes the side (``game.flags.side``: None until the round's first
flip, then "dark" or "light"; the snapshot's ``house`` shows it). Playing never mixes the
sides: a face of the other side is refused as a misread.

With full information the engine knows both sides of every card. At a tracked table it knows
the faces it saw, not their backs: after a flip its known hand cards are forgotten and the
new top of the discard pile is what the camera reports (``FlipTop``); a play waits for it.

The side's actions (E4.3, E4.4): draw1 and draw5 make the next player draw 1 or 5 and lose
the turn; skip-everyone skips every other player (the player plays again); wild-draw2 is a
wild-draw4 of two (T2, T6); wild-draw-colour makes the next player draw until a card of the
named colour comes (``flags.until_colour``, its name; a drawn wild is no colour). Points: E4.6,
``FLIP_DECK.points``.

At a tracked table nobody names the cards the launcher throws, so the run goes one card at a
time: after each card the player draws on (the draw button throws the next) or passes (their
own button) once the colour came; the turn is lost either way (E4.4).
"""
from __future__ import annotations

import dataclasses

from companion.engine import actions as A
from companion.engine.cards import (CARD_COLOUR, CARD_IDS, CARD_NAMES, CARD_RANK, COLOUR_HELD_RANKS, COLOUR_NAMES,
                                    DARK_COLOURS, DARK_FACES, DRAW1, DRAW5, FLIP, NO_COLOUR, OF_COLOUR, RANKS,
                                    SKIP_EVERYONE, WILD_DRAW2, WILD_DRAW_COLOUR)
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.engine.phases import COLOUR, DRAWN, TURN
from companion.errors import UserError

LIGHT, DARK = "light", "dark"
#: Ranks whose effect this rule carries (the others act as in the classic game).
_OWN_RANKS = frozenset({FLIP, DRAW1, DRAW5, SKIP_EVERYONE, WILD_DRAW2, WILD_DRAW_COLOUR})
_DARK_FACES = DARK_FACES


def side(game) -> str:
    """The side in play: "light" (every round starts on it) or "dark"."""
    return game.flags.side or LIGHT


def _side_text(game):
    return message("side_dark") if game.flags.side == DARK else message("side_light")


def colours_in_play(game) -> range:
    """The colour indices a wild may name now: 0-3 on the light side, 5-8 on the dark."""
    return range(5, 9) if game.flags.side == DARK else range(4)


def shown_on_side(game, actions: list) -> list:
    """The actions as the dark side asks them: a colour question offers the dark colours (in
    the ring's group order: red's group pink, ... blue's purple) and a turn says its side, so
    the ring lights it apart. The one place that decides it; on the light side: as they are."""
    if game.flags.side != DARK:
        return actions
    return [dataclasses.replace(a, colours=DARK_COLOURS) if isinstance(a, A.AskColour)
            else dataclasses.replace(a, side=DARK) if isinstance(a, A.Turn) else a
            for a in actions]


def is_dark(card: int) -> bool:
    return card in _DARK_FACES


def turn_over(game) -> None:
    """E4.5: every hand, the draw pile and the discard pile are turned over; the discard
    pile as a whole, so its bottom card's other face is the new top."""
    back = _backs(game.deck)
    game.flags.side = LIGHT if game.flags.side == DARK else DARK
    if game.full:
        game.hands = [[back[c] for c in hand] for hand in game.hands]
        game.pile = [back[c] for c in game.pile]
    else:  # a tracked table knows the faces it saw, not what is printed behind them
        game.hands = [[] for _ in game.hands]
    game.discard = [back[c] for c in reversed(game.discard)]
    if game.full:
        _new_top(game, game.discard[-1])
    else:
        game.top, game.colour, game.fitting = -1, NO_COLOUR, frozenset()
        game.flags.top_due = True
        game.tell(A.Notice(message("flip_turn_over", side=_side_text(game))))


def _backs(deck) -> tuple[int, ...]:
    backs = deck.__dict__.get("_back_cache")
    if backs is None:
        backs = tuple(CARD_IDS[deck.other_side.get(name, name)] for name in CARD_NAMES)
        object.__setattr__(deck, "_back_cache", backs)
    return backs


def _new_top(game, card: int) -> None:
    """The discard pile's top after a flip: its colour is the active one (a wild's is named
    by the player whose turn it is, see :func:`ask_colour_for_top`)."""
    game.top = card
    if game.discard:
        game.discard[-1] = card
    game.colour = CARD_COLOUR[card]
    game.fitting = game.deck.fits[game.colour * RANKS + CARD_RANK[card]]


def ask_colour_for_top(game) -> None:
    """A wild turned up by a flip: the player whose turn it is names the colour, then plays
    (our reading, as D4's wild start card)."""
    if game.colour == NO_COLOUR and game.top >= 0 and game.phase is TURN and not game.pending:
        game.phase, game.after_colour = COLOUR, 0
        if game.out is not None:
            game.out[-1:] = [A.AskColour(game.current)]


class Flip(HouseRule):
    """E4 UNO Flip (see the module's text). Its presence keeps a Flip round off the classic
    fast path (sim.py)."""
    option, rule = "flip", "E4"

    def judge(self, game, seat, card):
        if is_dark(card) != (game.flags.side == DARK):
            raise UserError(message("flip_wrong_side", card=CARD_NAMES[card],
                                    side=_side_text(game)))
        if game.flags.top_due:
            raise UserError(message("flip_top_first"))
        if game.flags.until_colour is not None and seat == game.current:
            raise UserError(message("flip_until_colour_draws", colour=game.flags.until_colour))
        rank = CARD_RANK[card]
        if (rank in COLOUR_HELD_RANKS and game.full and seat == game.current
                and (rank == WILD_DRAW_COLOUR or not self.options.challenge_wd4)
                and game.holds_colour(seat, game.colour)):
            return message("flip_wild_colour_held", card=CARD_NAMES[card])  # T2 (E4.3, E4.4)
        return None

    def on_play(self, game, seat, card, rank):
        if rank not in _OWN_RANKS:
            return False
        size = game.sizes[seat]
        if rank == FLIP:
            turn_over(game)  # also with the last card: the hands are counted on the new side
        if size == 1 and not game.called[seat]:
            game.uno_window = seat
        if size == 0:
            game.go_out(seat, rank)
            return True
        if rank == FLIP:
            game.advance_turn(1)
            ask_colour_for_top(game)
        elif rank == DRAW1 or rank == DRAW5:
            count = 1 if rank == DRAW1 else 5
            game.pending = count  # before the turn passes, as for a draw2
            game.advance_turn(1)
            game.make_current_draw(count, message("reason_flip_draw", count=count))
        elif rank == SKIP_EVERYONE:
            game.advance_turn(game.n)  # every other player is passed over: the player again
        else:  # wild-draw2 or wild-draw-colour: a colour first (Game.choose_colour)
            game.wd4_by, game.wd4_colour = seat, game.colour
            game.after_colour = rank
            game.phase = COLOUR
            game.tell(A.AskColour(seat))
        return True

    def on_receive(self, game, seat, count):
        """E4.4: drawing until the named colour; each card drawn is one more unless it has
        it (full information: the engine sees it; a tracked table names that card)."""
        flags = game.flags
        if (flags.until_colour is None or seat != game.current or not count or game.owed[seat]
                or not (game.pending or game.phase is DRAWN)):
            return None
        until = COLOUR_NAMES.index(flags.until_colour)
        hand = game.hands[seat]
        drawn = hand[flags.until_known:]  # the cards of this draw the table saw (named)
        flags.until_known = len(hand)
        if any(CARD_COLOUR[c] == until for c in drawn):
            flags.until_colour = None  # the colour came: this draw ends the run
            if not game.pending:       # a tracked run's later card: the turn is lost now
                game.advance_turn(1)
                return True
            return None
        if game.full:
            game.pending += count  # not yet: the run goes on, one card at a time
            return None
        # a tracked table: the player says whether it came (pass) or draws on (draw button)
        if game.uno_window >= 0 and game.uno_window != seat:
            game.uno_window = -1
        game.pending, game.answerable = 0, False
        game.phase, game.drawn = DRAWN, -1
        game.tell(A.Turn(seat, ("draw", "pass")))  # the draw button throws the next (prompt)
        return True

    def may_draw_again(self, game, seat):
        return game.flags.until_colour is not None and seat == game.current and not game.full

    def on_turn(self, game, seat):
        if game.flags.until_colour is not None:
            game.flags.until_colour = None  # a run the empty piles ended (D5)

    def colour_named(self, game, seat, colour, after) -> bool:
        """After a wild-draw-colour's colour: the next player draws until it comes."""
        if after != WILD_DRAW_COLOUR:
            return False
        game.pending = 1
        game.advance_turn(1)  # then the run starts (a turn passing ends one: on_turn)
        game.flags.until_colour = COLOUR_NAMES[colour]
        game.flags.until_known = len(game.hands[game.current])
        game.make_current_draw(1, message("reason_draw_colour", colour=COLOUR_NAMES[colour]))
        return True

    def on_start(self, game, card, rank) -> None:
        """D4 with E4's cards: a flip as the start card turns everything to the dark side
        before the first player plays (our reading). A dark face is a misread: the start card
        is turned light side up (E4.2)."""
        if is_dark(card):
            raise UserError(message("flip_wrong_side", card=CARD_NAMES[card],
                                    side=message("side_light")))
        if rank == FLIP:
            turn_over(game)
            ask_colour_for_top(game)


def until_colour_prompt(game) -> list:
    """A tracked run of a wild-draw-colour between two cards: draw on or pass (E4.4)."""
    seat, colour = game.current, game.flags.until_colour
    return [A.Turn(seat, ("draw", "pass")),
            A.Dispense(seat, 1, message("reason_draw_colour", colour=colour))]


def legal_plays(game, seat: int) -> list[int]:
    """``Game.legal_plays`` for a Flip game with full information (no house rule is played
    with it): the faces of the hand that fit, or the drawn card (T1, T3), without the wild
    draw cards while the hand holds the active colour (T2, E4.3, E4.4); sorted."""
    if seat != game.current or game.pending or game.ending:
        return []
    hand = game.hands[seat]
    if game.phase is TURN:
        plays = game.fitting.intersection(hand)
    elif game.phase is DRAWN and game.drawn >= 0 and game.drawn in game.fitting:
        plays = {game.drawn}
    else:
        return []
    if plays and not OF_COLOUR[game.colour].isdisjoint(hand):
        plays = [c for c in plays if CARD_RANK[c] not in COLOUR_HELD_RANKS]
    return sorted(plays)


def flip_top(game, card: int) -> None:
    """A tracked table: the camera saw the discard pile's new top after a flip (the table's
    ``flip_top`` event, recorded by ``apply``)."""
    if not game.options.flip or not game.flags.top_due:
        raise UserError(message("no_flip_top_now"))
    if is_dark(card) != (game.flags.side == DARK):
        raise UserError(message("flip_wrong_side", card=CARD_NAMES[card],
                                side=_side_text(game)))
    game.flags.top_due = False
    _new_top(game, card)
    if game.colour == NO_COLOUR and game.phase is TURN and not game.pending:
        game.phase, game.after_colour = COLOUR, 0  # as ask_colour_for_top
    game.tell(*game.prompt())  # what the table waited for, now with the top card known
