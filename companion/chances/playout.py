"""Win chances: sample hidden hands consistent with the record, play them out.

Each playout deals the unseen cards at random into the hidden parts of the hands
(the seen cards stay where they are) and the rest into the draw pile, then lets the
virtual players (:func:`companion.engine.sim.play_round`) finish the round, and with
``match=True`` the match. The share of playouts a seat wins is its chance; the standard
error is that of a share, sqrt(p (1 - p) / n). The CPU time of the calling thread is
the budget (``time.thread_time``), so a loaded machine gives fewer playouts, not a
late answer.
"""
from __future__ import annotations

import math
import random as random_module
import time
from dataclasses import dataclass, field

from companion.chances.calibration import calibrate, mapped_errors
from companion.chances.counting import count_cards
from companion.engine.cards import CARD_NAMES
from companion.engine.events import FlipTop
from companion.engine.phases import DRAWN, MATCH_OVER, PLAYING, VERDICT
from companion.engine.sim import play_match, play_round


@dataclass
class Estimate:
    """Chances per seat with their standard errors, and what they cost."""

    round: list[float]
    round_se: list[float]
    match: list[float] | None = None
    match_se: list[float] | None = None
    playouts: int = 0
    cpu_s: float = 0.0
    cancelled: bool = False
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        rounded = (lambda values: None if values is None else [round(v, 4) for v in values])
        return {"round": rounded(self.round), "round_se": rounded(self.round_se),
                "match": rounded(self.match), "match_se": rounded(self.match_se),
                "playouts": self.playouts, "cpu_s": round(self.cpu_s, 4),
                "cancelled": self.cancelled}


def light_copy(game):
    """The engine's copy of ``game`` without its log (constant time however long the match)."""
    return game.copy(record=False)


def sample_world(game, rnd, count=None):
    """A full-information copy of ``game`` whose hidden cards are a random deal of the unseen
    cards consistent with the public record (and with ``count.masks``, what the seats' draws
    and passes imply). ``rnd`` is a :class:`random.Random`."""
    count = count or count_cards(game)
    world = light_copy(game)
    pool = list(count.unseen.elements())
    rnd.shuffle(pool)
    hidden = _deal_hidden(pool, count.hidden, count.masks, rnd)
    hands = [known + mine for known, mine in zip(count.known, hidden)]
    world.full = True
    world.hands, world.pile = hands, pool
    world.sizes = [len(hand) for hand in hands]
    world.pile_count = len(world.pile)
    if world.flags.top_due:   # E4.5 at a tracked table: the turned pile's top is its own
        world.apply(FlipTop(CARD_NAMES[world.discard[-1]]))
    if world.phase is DRAWN and world.drawn < 0 and count.hidden[world.current]:
        world.drawn = hands[world.current][-1]  # the drawn card is the newest hidden one
    if world.phase is VERDICT:  # the shown hand decides, as the table will see it (T6)
        world.verdict(not world.holds_colour(world.wd4_by, world.wd4_colour))
    return world


def _deal_hidden(pool: list[int], hidden: list[int], masks, rnd, sweeps: int = 3) -> list[list[int]]:
    """Take each seat's hidden cards from the shuffled ``pool`` (what is left stays in it: the
    draw pile). A masked card is drawn first, most exclusions first, among the faces its mask
    allows; random swaps that keep every mask then undo most of that order's bias (they leave
    the uniform spread over consistent deals unchanged)."""
    hands = [[-1] * size for size in hidden]
    masked = []
    if masks:
        masked = [(bin(m).count("1"), seat, i, m) for seat, ms in enumerate(masks)
                  for i, m in enumerate(ms) if m]
        masked.sort(reverse=True)
    end = len(pool)
    for _, seat, i, mask in masked:
        if not end:
            break
        pick = -1
        for _ in range(24):
            j = int(rnd.random() * end)
            if not (mask >> pool[j]) & 1:
                pick = j
                break
        if pick < 0:  # few faces allowed: look at each (none: the record contradicts itself)
            pick = next((j for j in range(end) if not (mask >> pool[j]) & 1), end - 1)
        end -= 1
        pool[pick], pool[end] = pool[end], pool[pick]
        hands[seat][i] = pool[end]
    del pool[end:]  # the masked cards are dealt
    for hand in hands:
        for i, card in enumerate(hand):
            if card < 0 and pool:
                hand[i] = pool.pop()
    if any(-1 in hand for hand in hands):  # a contradiction (fewer unseen cards than hidden)
        hands = [[card for card in hand if card >= 0] for hand in hands]
        masked = []
    if masked and pool:
        for _ in range(sweeps * len(masked)):
            _, seat, i, mask = masked[int(rnd.random() * len(masked))]
            j = int(rnd.random() * len(pool))
            mine, theirs = hands[seat][i], pool[j]
            if not (mask >> theirs) & 1:  # the pile has no mask: only this card's must hold
                hands[seat][i], pool[j] = theirs, mine
    return hands


def _share(wins: list[int], n: int) -> tuple[list[float], list[float]]:
    chances = [w / n for w in wins]
    return chances, [math.sqrt(p * (1 - p) / n) for p in chances]


def estimate(game, budget_s: float = 0.2, rnd=None, *, max_playouts: int | None = None,
             min_playouts: int = 1, match: bool = False, cancelled=None,
             masks: list[list[int]] | None = None, calibrated: bool = True) -> Estimate:
    """Round (and match) chances of each seat of ``game`` from ``budget_s`` CPU seconds of
    playouts (or ``max_playouts``); ``cancelled()`` is asked between playouts. ``masks``
    (:meth:`companion.chances.inference.Tracker.masks`) narrow the sampled hands. The round
    chances go through the calibration map (:mod:`companion.chances.calibration`) unless
    ``calibrated=False``; the raw shares stay in ``extra["raw"]``."""
    rnd = rnd or random_module.Random(0)
    n = game.n
    if game.phase not in PLAYING:  # the round is decided (or not begun): nothing to sample
        return _settled(game, match)
    count = count_cards(game, masks)
    round_wins, match_wins = [0] * n, [0] * n
    start = time.thread_time()
    playouts, stopped = 0, False
    uniform = rnd.random
    while True:
        if cancelled is not None and cancelled():
            stopped = True
            break
        world = sample_world(game, rnd, count)
        play_round(world, uniform)
        if world.winner >= 0:
            round_wins[world.winner] += 1
        if match:
            play_match(world, uniform, max_rounds=200)
            if world.match_winner >= 0:
                match_wins[world.match_winner] += 1
        playouts += 1
        if max_playouts is not None and playouts >= max_playouts:
            break
        if playouts >= min_playouts and time.thread_time() - start >= budget_s:
            break
    spent = time.thread_time() - start
    if not playouts:
        return Estimate([1 / n] * n, [0.5] * n, playouts=0, cpu_s=spent, cancelled=True)
    chances, errors = _share(round_wins, playouts)
    raw = chances
    if calibrated:
        chances, errors = (calibrate(raw, game.sizes, playouts),
                           mapped_errors(raw, errors, game.sizes, playouts))
    result = Estimate(chances, errors, playouts=playouts, cpu_s=spent, cancelled=stopped,
                      extra={"raw": raw})
    if match:
        result.match, result.match_se = _share(match_wins, playouts)
    return result


def _settled(game, match: bool) -> Estimate:
    n = game.n
    won = [1.0 if seat == game.winner else 0.0 for seat in range(n)] if game.winner >= 0 else [1 / n] * n
    result = Estimate(won, [0.0] * n)
    if match and game.phase is MATCH_OVER:
        result.match = [1.0 if s == game.match_winner else 0.0 for s in range(n)]
        result.match_se = [0.0] * n
    return result
