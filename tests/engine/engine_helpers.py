"""Builders for tables in a known position, used by the rule tests."""
from __future__ import annotations

from companion.engine import Game, RuleOptions, events as E

# Three ordinary hands of seven that leave every special card in the deck.
HANDS = [["red-1", "red-2", "blue-3", "green-4", "yellow-6", "blue-8", "green-9"],
         ["red-3", "blue-4", "green-6", "yellow-7", "yellow-8", "blue-9", "green-1"],
         ["red-6", "blue-2", "green-3", "yellow-4", "red-8", "blue-1", "yellow-2"]]


def table(hands=None, *, full: bool = True, start: str = "red-5", dealer: int = 0,
          players: int | None = None, **options) -> Game:
    """A game right after the deal and the start card.

    ``full``: every hand is known (``hands``). Otherwise the game tracks a real table and
    only learns the hand sizes (the lengths of ``hands``)."""
    hands = [list(h) for h in (hands or HANDS[:players or 3])]
    game = Game(len(hands), RuleOptions(**options), full_information=full)
    if full:
        game.apply(E.Deal(dealer=dealer, hands=hands))
    else:
        game.apply(E.Deal(dealer=dealer, sizes=[len(h) for h in hands]))
    game.apply(E.StartCard(start))
    return game


def texts(actions) -> list[str]:
    return [action.text for action in actions]


def types(actions) -> list[str]:
    return [action.type for action in actions]


def draw(game, seat, *cards, count=None):
    """A Draw event as each mode reports it: the cards with full information, a count otherwise."""
    count = len(cards) if count is None else count
    return game.apply(E.Draw(seat, count, tuple(cards) if game.full else None))
