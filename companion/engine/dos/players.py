"""E7 DOS's virtual players (full information): the benchmark, the demo and the tests.

A virtual player makes a random legal match while it has one (E7.3), each through the
engine's rule methods; with none before its first match it draws a card (E7.5); then it
ends the turn and puts random cards into the centre row as the engine asks (E7.4-E7.6).
When ``forget`` > 0 it sometimes forgets "DOS!", which the next player then calls (E7.8).

>>> import random
>>> from companion.engine import Game
>>> from companion.engine.dos import DOS_RULES
>>> from companion.engine.sim import play_match
>>> game = Game(3, DOS_RULES, full_information=True)
>>> play_match(game, random.Random(7).random)
>>> game.snapshot().match.over
True
"""
from __future__ import annotations

from companion.engine.dos.data import DOS_PLAYING, LAY, REFILL
from companion.engine.phases import DEAL, START, TURN


def play_round(game, random, forget: float = 0.0) -> None:
    """Play one DOS round from the deal (or from wherever it stands) to its end."""
    from companion.engine.sim import choose_dealer

    if game.phase is DEAL:
        if game.dealer < 0:
            choose_dealer(game, random)
        game.deal_random(random)
    for _ in range(100_000):  # a round ends within a few hundred steps; more is a bug
        phase = game.phase
        if phase not in DOS_PLAYING and phase is not START:
            return
        owing = [seat for seat, count in enumerate(game.owed) if count]
        if owing:
            game.draw_random(owing[0], game.owed[owing[0]], random)
        elif phase is START or phase is REFILL:
            game.start_random(random)
        else:
            _step(game, random, forget)
    raise RuntimeError("the simulated DOS round does not end")


def _step(game, random, forget: float) -> None:
    seat = game.current
    if game.phase is LAY:
        hand = game.hands[seat]
        game.play(seat, hand[int(random() * len(hand))])
        return
    matches = game.legal_matches(seat)
    if matches:
        pile, cards = matches[int(random() * len(matches))]
        if game.sizes[seat] - len(cards) == 2 and random() >= forget:
            game.call_uno(seat, "dos")
        game.match(seat, pile, cards)
        if forget and game.uno_window == seat and random() < 0.5:
            game.catch((seat + 1) % game.n, seat)
    elif game.phase is TURN and not game.matched:
        game.draw_random(seat, 1, random)
    else:
        game.pass_turn(seat)
