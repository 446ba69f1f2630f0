"""The base class of a house rule, and what a rule may use of the game.

Every hook's default is "no opinion", so a rule overrides only what it changes (the
hooks are listed in :mod:`companion.engine.house`). A hook gets the :class:`Game`
and may read its state and call these public methods, nothing private:

- ``game.advance_turn(steps)``: the turn passes ``steps`` players on (2: a skip), by the
  direction of play or by a rule's ``next_seat`` (E2); finished players are passed over.
- ``game.make_current_draw(count, reason)``: the seat whose turn it now is must draw
  ``count`` and then loses the turn (answerable where a rule answers draws).
- ``game.owe_cards(seat, count, reason)``: ``seat`` owes penalty cards (the turn goes on).
- ``game.ask_dispense(seat, count, reason)``: only ask the launcher for cards (a draw
  already counted in ``game.pending``).
- ``game.go_out(seat, rank)``: ``seat`` has no cards left (T7: the round ends, or goes on
  under V6/V9).
- ``game.finish_round()``: the round is over with ``game.winner``: score it (S1-S4).
- ``game.move_hands(moves)``: hands change seats (H4).
- ``game.tell(action)``: an action for the table (``companion.engine.actions``); dropped
  when no one listens.
- ``game.may_play(seat, card)``, ``game.holds_colour(seat, colour)``, ``game.fits(card)``,
  ``game.open_hand(seat)`` (the whole hand when every card of it is known, else None),
  ``game.draw_pile_size``: questions.

State a rule reads or sets directly: ``current``, ``direction``, ``phase`` (from
:mod:`companion.engine.phases`), ``pending`` and ``answerable`` (a draw coming to the
current seat, and whether it may be answered), ``sizes``, ``called``, ``uno_window``,
``winner``, ``top``, ``colour``, ``discard``, ``drawn``, ``n``, ``full``, ``seed``,
``round_no``, and ``game.flags`` (a :class:`~companion.engine.house.flags.RoundFlags`):
what house rules keep for the round, one named field per fact (``game.flags.finished``).

A rule that makes every 5 cost its player a card (an example, not a rule of the game;
a real rule is switched on by its option through ``HOUSE_RULES``):

>>> from companion.engine import Game, events as E
>>> class FiveTax(HouseRule):
...     def on_play(self, game, seat, card, rank):
...         if rank == 5:
...             game.owe_cards(seat, 1, "a five (example)")
...         return False   # the card's own effect follows as usual
>>> game = Game(["Ada", "Ben"])
>>> game.house = (FiveTax(game.options),)
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-3"))
>>> [a.text for a in game.apply(E.Play(seat=1, card="red-5"))]
['dispense 1 to seat 1 (a five (example))', "seat 0's turn: play or draw"]
>>> game.owed
[0, 1]
"""
from __future__ import annotations

from typing import ClassVar


class HouseRule:
    """One house rule or variant; ``option`` switches it on, ``rule`` is its id (RULES.md)."""

    option: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    answers_draws: ClassVar[bool] = False
    #: Other rules this one switches on with it (E5: seven-O, draw until it fits).
    implies: ClassVar[tuple] = ()

    def __init__(self, options):
        self.options = options

    def judge(self, game, seat: int, card: int):
        """Before a play: True allows it, a text forbids it, None leaves it to the rules."""
        return None

    def on_play(self, game, seat: int, card: int, rank: int) -> bool:
        """The card landed, before its effect: True means this rule carried the turn on."""
        return False

    def on_turn(self, game, seat: int) -> None:
        """The turn passed to ``seat``."""

    def may_draw_again(self, game, seat: int) -> bool:
        """T3: may ``seat``, having drawn, draw once more (H7)?"""
        return False

    def on_out(self, game, seat: int) -> int | None:
        """``seat`` played its last card: -1 lets the round go on, a seat number ends it
        with that winner, None leaves it to the official rules (T7)."""
        return None

    def on_receive(self, game, seat: int, count: int) -> bool | None:
        """``seat`` just took ``count`` cards (its size is already updated). True: the rule
        dealt with what follows (E5: the seat left the round, or a roulette goes on)."""

    def after_colour(self, game, seat: int, rank: int) -> bool:
        """A colour was named for a wild of ``rank`` the official rules do not know (E5):
        True means this rule carried the turn on."""
        return False

    def dispense_count(self, game, seat: int, count: int) -> int:
        """How many of ``count`` cards the launcher should throw to ``seat`` (E5: it stops at
        the card that puts the seat out)."""
        return count

    def start_again(self, game, card: int) -> bool:
        """D4: True puts this start card back and turns up another (E5: an action card)."""
        return False

    def team(self, game, seat: int) -> list[int] | None:
        """The seats scoring together with ``seat`` (V2); None: just itself."""
        return None

    def check_table(self, players: int) -> str | None:
        """A reason why this rule cannot be played by ``players`` players."""
        return None

    def pass_refused(self, game, seat: int) -> str | None:
        """T3: a reason why ``seat`` may not pass now (H6, H7)."""
        return None

    def on_start_card(self, game, card: int) -> bool:
        """The start card landed (the player left of the dealer is current): True means this
        rule dealt with its effect (E6: none)."""
        return False

    def on_target(self, game, seat: int, target: int) -> bool:
        """``seat`` named ``target`` (phase TARGET): True means this rule carried it out
        (E6's targeted draw two and forced swap) instead of H4's swap."""
        return False

    def legal_plays(self, game, seat: int) -> list[int] | None:
        """Full information: every face ``seat`` may play now, as ``Game.legal_plays`` would
        find them card by card (None: let it). For an edition whose rules one class holds."""
        return None

    def next_seat(self, game, steps: int) -> int | None:
        """The seat whose turn comes ``steps`` turns on (None: the direction of play decides)."""
        return None

    def colour_named(self, game, seat: int, colour: int, after: int) -> bool:
        """A colour was named for a wild of rank ``after``: True if this rule carries on."""
        return False

    def on_start(self, game, card: int, rank: int) -> None:
        """The start card lies on the discard pile and the first player is known (D4)."""
