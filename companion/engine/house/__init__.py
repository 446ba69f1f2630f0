"""House rules and variants (RULES.md H1-H8, V1-V10, E2, E3): one small class per rule.

The engine asks only the rules the table switched on (``Game.house``), at a few
fixed points. Each hook's default is "no opinion", so a rule overrides only what it
changes, and every rule is found in one place: its class in this package.

- ``judge(game, seat, card)``: before a play is accepted. ``True`` allows a play the
  official rules would not; a text forbids it (a misplay with that reason); ``None``
  leaves it to the official rules. A forbidding rule beats an allowing one.
- ``on_play(game, seat, card, rank)``: after the card landed, before its official
  effect. ``True`` means the rule carried the turn on itself.
- ``on_turn(game, seat)``: the turn passed to ``seat``.
- ``answers_draws``: a player hit by a draw card may answer it, so the launcher waits
  until the player takes the cards (``Accept``) instead of dispensing at once.
- ``on_out(game, seat)``: the seat played its last card (V6, V9 let the round go on).
- ``on_receive(game, seat, count)``: the seat took cards.
- ``team(game, seat)``: the seats scoring together (V2). ``check_table(players)``: a
  reason the rule cannot be played at a table of that size, refused at setup.
- ``may_draw_again(game, seat)`` / ``pass_refused(game, seat)``: the drawing turn (T3).
- ``next_seat(game, steps)``: who plays next, instead of the direction of play (E2).
- ``on_start_card(game, card)`` / ``on_target(game, seat, target)``: the start card's effect,
  the player named in phase TARGET (E6 All Wild).
- ``colour_named(game, seat, colour, after)`` / ``on_start(game, card, rank)``: E4 Flip's
  wild-draw-colour and start flip.

E3 Junior (``Junior``) is mostly data: its deck (``RuleOptions.deck``); the rule checks
level 1's open hands. E5 No Mercy (``NoMercy``, house/no_mercy.py): its deck, its action
cards, stacking and the mercy rule; it switches H4, H6 and H7 on with it (``implies``).
"""
from __future__ import annotations

from functools import lru_cache

from companion.engine.house.all_wild import AllWild
from companion.engine.house.base import HouseRule
from companion.engine.house.editions import Flash, Junior
from companion.engine.house.no_mercy import NoMercy
from companion.engine.house.flip import Flip
from companion.engine.house.draws import ReverseBounce, SkipPassOn, StackDraw2, StackMixed
from companion.engine.house.numbers import ActionNumber, Complementary, SevenO, SixNine
from companion.engine.house.plays import (Doubling, DrawUntilPlayable, JumpingIn, MustPlayDrawn,
                                          NoActionFinish, NoZeroFinish)
from companion.engine.house.rounds import BrunoKuno, CallBack, Partners, PlayOn

#: Every house rule the engine plays, by option name, in the order they are asked.
HOUSE_RULES: dict[str, type[HouseRule]] = {cls.option: cls for cls in [
    Doubling, JumpingIn, SevenO, StackDraw2, StackMixed, MustPlayDrawn, DrawUntilPlayable, NoActionFinish,
    NoZeroFinish, ReverseBounce, SkipPassOn, SixNine, ActionNumber, Complementary, Partners,
    BrunoKuno, PlayOn, CallBack, Flash, Junior, Flip, NoMercy, AllWild]}


@lru_cache(maxsize=64)  # options are frozen; rules keep no state of their own
def house_rules(options) -> tuple[HouseRule, ...]:
    """The rules switched on in ``options``, ready to be asked (with the rules an edition
    switches on with it, E5, in their usual order)."""
    chosen = {cls for name, cls in HOUSE_RULES.items()
              if getattr(options, name) is not False and getattr(options, name) is not None}
    chosen.update(implied for cls in list(chosen) for implied in cls.implies)
    return tuple(cls(options) for cls in HOUSE_RULES.values() if cls in chosen)
