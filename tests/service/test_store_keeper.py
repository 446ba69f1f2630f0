"""StoreKeeper: each event in SQLite before the engine sees it; a restart replays exactly."""
import pytest

from companion.engine import events as E
from companion.errors import UserError
from companion.matchdb.database import MatchDatabase
from companion.service.recording import StoreKeeper
from companion.table import NewGame, Happened, Setup, TableLoop, UndoLast


def run_loop(path):
    keeper = StoreKeeper(MatchDatabase(path))
    game = keeper.restore() or keeper.new_game(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
    return keeper, TableLoop(game, keeper.new_game, before_apply=keeper.before_apply,
                             refused=keeper.refused).start()


def test_an_event_is_in_the_store_before_the_engine_applies_it(tmp_path):
    keeper, loop = run_loop(tmp_path / "games.sqlite")
    game = loop.call(lambda g: g)
    engine_log_at_write = []
    append = keeper.store.append
    keeper.store.append = lambda match, event: (engine_log_at_write.append(len(game.engine.log)),
                                                append(match, event))[1]
    loop.submit(Happened(E.StartCard("red-5"))).result(5)
    assert engine_log_at_write == [1]     # written while the engine held only the deal
    assert len(game.engine.log) == 2
    loop.stop()


def test_refused_events_and_undo_replay_to_the_same_state(tmp_path):
    path = tmp_path / "games.sqlite"
    keeper, loop = run_loop(path)
    loop.submit(Happened(E.StartCard("red-5"))).result(5)
    with pytest.raises(UserError):
        loop.submit(Happened(E.Pass(2))).result(5)          # not seat 2's turn to pass: refused
    loop.submit(Happened(E.Play(1, "red-7"))).result(5)
    loop.submit(Happened(E.Play(2, "blue-1"))).result(5)    # a misplay (P1): recorded, penalised
    loop.submit(UndoLast()).result(5)
    before = loop.latest.snapshot
    loop.stop()
    keeper.store.close()
    keeper, again = run_loop(path)
    after = again.latest.snapshot
    for key in ("turn", "top_card", "hand_sizes", "events", "owed_cards", "phase"):
        assert after[key] == before[key], key
    again.stop()


def test_a_new_game_is_a_new_match_and_a_restart_resumes_the_newest(tmp_path):
    path = tmp_path / "games.sqlite"
    keeper, loop = run_loop(path)
    loop.submit(NewGame(Setup(players=("Dora", "Emil"), dealer=1))).result(5)
    loop.stop()
    assert [m.players for m in keeper.store.matches()] == [["Dora", "Emil"], ["Ana", "Ben", "Cem"]]
    keeper.store.close()
    _, again = run_loop(path)
    assert again.call(lambda g: g.state())["players"] == ["Dora", "Emil"]
    again.stop()


def test_a_store_without_a_readable_setup_is_named(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    store.create_match({"format": "uno-companion-game-log", "version": 2, "players": ["Ana", "Ben"]})
    with pytest.raises(UserError, match="no readable setup"):
        StoreKeeper(store).restore()


def test_a_new_match_and_its_deal_are_written_together_so_a_crash_between_loses_nothing(tmp_path):
    """Power lost after the match row but before its deal: a restart must still see the deal
    as stored, or the next event would be taken for it and skipped on the replay after."""
    from companion.engine import events as E
    from companion.matchdb.database import MatchDatabase
    from companion.service.recording import StoreKeeper
    from companion.table import Setup
    path = tmp_path / "games.sqlite"
    keeper = StoreKeeper(MatchDatabase(path))

    class PowerCut:
        """The file as the power goes: the first transaction begun after the match's row
        was written never happens (nor anything after it)."""
        def __init__(self, db):
            self.db, self.match_written = db, False

        def execute(self, sql, *args):
            if self.match_written and sql.startswith("BEGIN"):
                raise KeyboardInterrupt("the power went")
            self.match_written |= sql.startswith("INSERT INTO matches")
            return self.db.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.db, name)
    real, keeper.store._db = keeper.store._db, PowerCut(keeper.store._db)
    try:
        keeper.new_game(Setup(players=("Ana", "Ben"), dealer=0, seed=1))
    except KeyboardInterrupt:
        pass
    keeper.store._db = real
    keeper.store.close()
    store = MatchDatabase(path)
    for info in store.matches():                   # either no match, or one with its deal
        assert [e["type"] for e in store.events(info.id)] == ["deal"]
    restarted = StoreKeeper(store)
    game = restarted.restore() or restarted.new_game(Setup(players=("Ana", "Ben"), dealer=0, seed=1))
    game.apply(E.StartCard("red-5"))
    store.close()
    again = StoreKeeper(MatchDatabase(path)).restore()
    assert again.state()["top_card"] == "red-5"     # the event after the deal was not skipped
