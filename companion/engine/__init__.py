"""The rules engine: pure Python, no I/O, no threads, seeded randomness.

>>> from companion.engine import Game, events as E
>>> game = Game(["Ada", "Ben", "Cem"])            # tracking mode: hands are hidden
>>> [a.text for a in game.apply(E.Deal(dealer=0))]
['turn up the start card']
>>> [a.text for a in game.apply(E.StartCard("red-5"))]
["seat 1's turn: play or draw"]
>>> [a.text for a in game.apply(E.Play(seat=1, card="blue-7"))]
['misplay: seat 1 takes the blue-7 back (it matches neither colour, number nor symbol (T1))', 'dispense 2 to seat 1 (misplay (P1))']

See docs/engine.md.
"""
from companion.engine.cards import CARD_NAMES, CARDS, CLASSIC_DECK, Card, Deck, card_points, parse_card
from companion.engine.game import Game
from companion.engine.option_info import OPTION_INFO
from companion.engine.options import RuleOptions
from companion.engine.presets import PRESETS, preset

__all__ = ["CARD_NAMES", "CARDS", "CLASSIC_DECK", "Card", "Deck", "Game", "OPTION_INFO", "PRESETS",
           "RuleOptions", "card_points", "parse_card", "preset"]
