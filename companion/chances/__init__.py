"""Card counting and win chances from what the table has seen (issue 19).

Nothing here holds a rule: the engine answers what is legal and what the deck holds;
counting reads its public record (tracking mode), and the chances play sampled hidden
hands out with the virtual players' policy (:mod:`companion.engine.sim`).

>>> from companion.engine import Game, events as E
>>> from companion.chances import count_cards
>>> game = Game(3)
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> count = count_cards(game)
>>> count.unseen_total, count.hidden
(107, [7, 7, 7])
>>> round(count.expected[1]["red"], 2)
1.57
"""
from companion.chances.counting import CardCount, count_cards
from companion.chances.inference import Tracker
from companion.chances.playout import Estimate, estimate, sample_world
from companion.chances.worker import ChancesWorker

__all__ = ["CardCount", "ChancesWorker", "Estimate", "Tracker", "count_cards", "estimate",
           "sample_world"]
