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
>>> from companion.engine.dos import DOS_RULES
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

from companion.engine.dos.data import (DOS_PLAYING, DOS_RULES, LAY, REFILL, ROW_SIZE, AskLay,
                                       FillRow, colour_match, fits)
from companion.engine.dos.game import DosGame

__all__ = ["DOS_PLAYING", "DOS_RULES", "LAY", "REFILL", "ROW_SIZE", "AskLay", "DosGame", "FillRow",
           "colour_match", "fits"]
