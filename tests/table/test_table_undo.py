"""Undo at the table starts from a checkpoint, and stays the engine's exact undo (hypothesis).

After any mix of plays and undos of any size, the table's game equals the engine
replayed from scratch over the same log, and an undo answers what the engine's own
``Game.undo`` answers.
"""
from functools import lru_cache

from hypothesis import given, settings, strategies as st

from companion.engine import Game
from companion.errors import UserError
from companion.table import Setup, TableGame
from companion.table.game import CHECKPOINT_EVERY

SEED = 3


@lru_cache(maxsize=1)
def recorded():
    from companion.web.bench_matches import recorded_match
    return recorded_match(seed=1)


def engine_state(engine: Game) -> dict:
    """Everything the engine holds, in comparable form."""
    state = {name: getattr(engine, name) for name in type(engine).__slots__
             if name not in ("out", "house", "deck", "options", "log", "flags")}
    state["flags"] = {key: sorted(value) if isinstance(value, (set, frozenset)) else value
                      for key, value in engine.flags.items()}
    state["log"] = [event.to_json() for event in engine.log]
    state["house"] = [type(rule).__name__ for rule in engine.house]
    return state


def from_scratch(game: TableGame) -> Game:
    fresh = Game(list(game.setup.players), game.setup.options, seed=game.setup.seed)
    for event in game.engine.log:
        fresh.apply(event)
    return fresh


steps = st.lists(st.one_of(st.tuples(st.just("play"), st.integers(1, 3 * CHECKPOINT_EVERY)),
                           st.tuples(st.just("skip"), st.integers(1, 5)),  # another story from here
                           st.tuples(st.just("undo"), st.integers(1, 2 * CHECKPOINT_EVERY))),
                 min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(steps)
def test_any_plays_and_undos_leave_the_game_the_engine_replays_from_its_log(plan):
    players, events = recorded()
    game = TableGame(Setup(players=players, dealer=None, seed=SEED))
    position = 0
    for kind, count in plan:
        if kind == "play":
            for event in events[position:position + count]:
                try:
                    game.apply(event)
                except UserError:
                    pass   # after an undo the recorded next event may not fit: refused, no change
            position = min(len(events), position + count)
        elif kind == "skip":
            position += count
        elif game.engine.log:
            count = min(count, len(game.engine.log))
            reference = game.engine.copy()
            expected = [action.to_json() for action in reference.undo(count)]
            answered = [action.to_json() for action in game.undo(count)]
            assert answered == expected
            assert engine_state(game.engine) == engine_state(reference)
            position = max(0, position - count)
        assert engine_state(game.engine) == engine_state(from_scratch(game))
        assert [e["log_length"] for e in game.journal] == sorted(e["log_length"] for e in game.journal)
        assert all(e["log_length"] <= len(game.engine.log) for e in game.journal)


def test_an_undo_late_in_a_long_match_replays_at_most_one_checkpoints_worth(monkeypatch):
    players, events = recorded()
    game = TableGame(Setup(players=players, dealer=None, seed=SEED))
    for event in events[:600]:
        game.apply(event)
    applied = []
    original = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, event: applied.append(event) or original(self, event))
    game.undo(1)
    assert len(applied) < CHECKPOINT_EVERY


def test_a_refused_undo_is_the_engines_refusal_and_changes_nothing():
    players, events = recorded()
    game = TableGame(Setup(players=players, dealer=None, seed=SEED))
    for event in events[:40]:
        game.apply(event)
    before = engine_state(game.engine)
    for count in (0, 41, "2", -1):
        try:
            game.undo(count)
        except UserError as error:
            assert "can undo 1 to 40 events" in str(error)
        else:
            raise AssertionError(f"undo({count!r}) was accepted")
    assert engine_state(game.engine) == before


def test_after_an_undo_another_story_is_never_undone_from_the_first_ones_checkpoints():
    from companion.engine import events as E
    players, events = recorded()
    game = TableGame(Setup(players=players, dealer=None, seed=SEED))
    for event in events[:100]:
        game.apply(event)
    game.undo(40)
    while len(game.engine.log) < 100:      # other events than the recorded ones, past two checkpoints
        seat = game.engine.current
        game.apply(E.Draw(seat, 1) if game.engine.phase == "turn" else E.Pass(seat))
    assert game.engine.log[60:] != events[60:100]
    game.undo(2)
    assert engine_state(game.engine) == engine_state(from_scratch(game))
