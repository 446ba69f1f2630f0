"""The simulator's fast path (official, unrecorded rounds) plays exactly the general path's game.

``play_round`` inlines the commonest steps of official rounds that nobody records or watches
(the benchmark, the chances' playouts). For many seeds and table sizes, from the deal and
from states in the middle of a round (a colour to name, a challenge, a pending draw, a drawn
card), the fast path must leave every field of the state, the random stream and the recorded
log of the same game played through the engine's methods step by step unchanged.
"""
import random

import pytest

from companion.engine import Game, PRESETS, RuleOptions
from companion.engine.dos import DOS_RULES
from companion.engine import sim
from companion.engine.log import format_log
from companion.engine.phases import PLAYING


def _fields(game) -> dict:
    """Every field of the state, piles and hands in order (not the log, the options, the rules)."""
    return {name: repr(getattr(game, name)) for name in type(game).__slots__
            if name not in ("log", "out", "house", "options", "deck", "fitting")} | {
        "fitting": sorted(game.fitting)}


#: Presets without house rules (other penalties, scoring, no wild-draw4 challenge): the fast path.
NO_HOUSE_RULES = ("official", "casual", "gentle", "penalty-points", "short")


def _twins(players: int, seed: int, steps: int, record: bool):
    """Two equal games: dealt, started and ``steps`` steps into the round (general path)."""
    rnd = random.Random(seed)
    options = PRESETS[NO_HOUSE_RULES[seed % len(NO_HOUSE_RULES)]]
    game = Game(players, options, full_information=True, record=record)
    game.deal_random(rnd.random, dealer=seed % players)
    game.start_random(rnd.random)
    for _ in range(steps):
        if game.phase not in PLAYING:
            break
        sim._step(game, rnd.random, 0.0)
    return game, game.copy(), rnd


def _general_round(game, rnd) -> None:
    """``play_round`` with the fast path switched off: every step through ``sim._step``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sim, "_official_steps", lambda game, random: None)
        sim.play_round(game, rnd)


def _catch_up(general, general_rnd, fast, fast_rnd) -> bool:
    """Step the general twin until it stands where the fast twin stands, with the same
    random stream; False if it never gets there (they went different ways)."""
    target = (_fields(fast), fast_rnd.getstate())
    for _ in range(1000):
        if (_fields(general), general_rnd.getstate()) == target:
            return True
        if general.phase not in PLAYING:
            return False
        sim._step(general, general_rnd.random, 0.0)
    return False


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_the_fast_path_plays_the_general_paths_game_from_any_state(players):
    """After every run of inlined steps the general path reaches the very same state (every
    field, the UNO window too) with the same random numbers used, and ends the same round."""
    checked_phases = set()
    for seed in range(100):
        steps = seed % 40  # from the deal, and from many states in the middle of the round
        fast, general, rnd = _twins(players, seed, steps, record=False)
        other = random.Random()
        other.setstate(rnd.getstate())
        checked_phases.add((general.phase, bool(general.pending)))
        while fast.phase in PLAYING:
            sim._official_steps(fast, rnd.random)
            assert _catch_up(general, other, fast, rnd), (players, seed, steps)
            if fast.phase in PLAYING:  # the step the fast path leaves to the engine
                sim._step(fast, rnd.random, 0.0)
        assert _catch_up(general, other, fast, rnd) and general.winner >= 0
    assert {("turn", False), ("drawn", False), ("colour", False)} <= checked_phases


def test_play_round_takes_the_fast_path_to_the_general_paths_end():
    for seed in range(100):
        fast, general, rnd = _twins(2 + seed % 9, seed, 0, record=False)
        other = random.Random()
        other.setstate(rnd.getstate())
        sim.play_round(fast, rnd.random)
        _general_round(general, other.random)
        assert _fields(fast) == _fields(general)
        assert rnd.random() == other.random(), "the same random numbers were used"


@pytest.mark.parametrize("seed", range(40))
def test_an_unrecorded_fast_round_equals_the_recorded_general_round(seed):
    """The log is kept only by the general path: the recorded game ends in the same state,
    and its log replays to it (the replayed draw pile holds the same cards, in another order)."""
    players = 2 + seed % 5
    fast, _, fast_rnd = _twins(players, seed, 0, record=False)
    recorded, _, recorded_rnd = _twins(players, seed, 0, record=True)
    sim.play_round(fast, fast_rnd.random)
    sim.play_round(recorded, recorded_rnd.random)
    assert _fields(fast) == _fields(recorded)
    assert fast_rnd.random() == recorded_rnd.random()
    replayed = Game(players, recorded.options, full_information=True)
    for event in recorded.log:
        replayed.apply(event)
    in_order = {"pile": None}
    assert _fields(replayed) | in_order == _fields(recorded) | in_order
    assert sorted(replayed.pile) == sorted(recorded.pile)
    assert format_log(replayed) == format_log(recorded)


@pytest.mark.parametrize("options, forget", [
    (PRESETS["official"], 0.3), (PRESETS["party"], 0.0), (PRESETS["casual"], 0.2),
    (PRESETS["official"].replace(extreme_bursts=True), 0.0),
    (PRESETS["official"].replace(stack_mixed=True, draw_until_playable=True), 0.0),
    (PRESETS["official"].replace(doubling=True, jump_in=True, reverse_bounce=True), 0.0),
    # the other editions (E3-E7) play every step through their rule methods
    (RuleOptions(junior_level=1), 0.0), (RuleOptions(junior_level=2), 0.0),
    (RuleOptions(flip=True), 0.0), (RuleOptions(no_mercy=True), 0.0),
    (RuleOptions(all_wild=True), 0.0), (DOS_RULES, 0.0)])
def test_house_rules_and_forgotten_calls_never_take_the_fast_path(monkeypatch, options, forget):
    """The fast path knows only official rounds of classic UNO: no house rules, bursts,
    forgotten UNO calls or other editions."""
    def refuse(game, random):
        raise AssertionError("the fast path was taken")
    games = []
    for fast_path in (refuse, sim._official_steps):
        monkeypatch.setattr(sim, "_official_steps", fast_path)
        rnd = random.Random(forget)
        game = Game(4, options, full_information=True, record=False)
        sim.play_match(game, rnd.random, forget, max_rounds=3)
        games.append((_fields(game), rnd.random()))
    assert games[0] == games[1]


def test_the_fast_path_is_taken_by_the_benchmarks_rounds(monkeypatch):
    calls = []
    fast_path = sim._official_steps
    monkeypatch.setattr(sim, "_official_steps", lambda game, rnd: calls.append(fast_path(game, rnd)))
    game = Game(2, full_information=True, record=False)
    sim.play_round(game, random.Random(1).random)
    assert calls and game.winner >= 0
