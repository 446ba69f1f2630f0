"""The typed state the table publishes: its JSON is the one the phones, replay and records
always had, it stays as it was while the game goes on, and a step builds it once."""
import json

from companion.engine import Game, events as E
from companion.engine.events import event_from_json
from companion.table import Happened, Setup, TableGame, sample_loop

#: The keys of the engine's JSON state, in the order /api/state and `replay` print them.
ENGINE_KEYS = ["mode", "players", "round", "dealer", "phase", "turn", "waiting_for", "waiting_message",
               "direction", "top_card", "colour", "pending_draw", "owed_cards", "hand_sizes", "claimable",
               "known_cards", "uno_called", "uno_window", "draw_pile", "discard_pile", "scores",
               "round_wins", "last_round_points", "round_winner", "match", "rules", "house", "events"]
TABLE_KEYS = ["setup", "rounds", "journal", "recent", "questions", "undo_next", "fix_next"]


def test_the_state_json_has_the_keys_in_the_order_the_page_and_replay_always_had():
    game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
    game.apply(event_from_json({"type": "start_card", "card": "red-5"}))
    state = game.state()
    assert list(state.to_json()) == ENGINE_KEYS + TABLE_KEYS
    assert list(Game(3, full_information=True).snapshot().to_json())[15] == "hands"
    shown = state.game
    assert (shown.phase, shown.turn, shown.top_card, shown.colour) == ("turn", 1, "red-5", "red")
    assert state.to_json()["waiting_for"] == {"seat": 1, "what": "play or draw"}
    assert state.setup.players == ("Ana", "Ben", "Cem") and state.journal[-1]["event"]["card"] == "red-5"
    assert json.loads(json.dumps(state.to_json())) == state   # JSON-ready, and equal to its JSON


def test_a_view_stays_as_it_was_while_the_game_goes_on():
    """What a worker that keeps states (the chances) relies on: a view holds its own copies."""
    game = Game(4, seed=3)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    before = game.snapshot()
    frozen = json.dumps(before.to_json(), sort_keys=True)
    game.apply(E.Draw(1, 1))
    game.apply(E.Pass(1))
    assert json.dumps(before.to_json(), sort_keys=True) == frozen
    assert game.snapshot() != before and game.replayed(game.log[:-2]).snapshot() == before


def test_the_waiting_message_carries_the_number():
    game = Game(3)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-draw2"))
    waiting = game.snapshot().waiting_for
    assert (waiting.seat, waiting.what) == (1, "draw 2")
    assert waiting.message == {"key": "waiting_draw", "params": {"count": 2}}


def test_an_event_builds_no_state_in_the_game_and_one_in_the_loop(monkeypatch):
    built = []
    original = Game.snapshot
    monkeypatch.setattr(Game, "snapshot", lambda self: built.append(1) or original(self))
    game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
    game.apply(event_from_json({"type": "start_card", "card": "red-5"}))
    game.apply(event_from_json({"type": "play", "seat": 1, "card": "red-7"}))
    assert built == []                          # TableGame.apply: the engine's actions only
    with sample_loop() as loop:
        built.clear()
        loop.submit(Happened(event_from_json({"type": "play", "seat": 2, "card": "blue-3"}))).result(2)
        assert len(built) == 1                  # the one published state of that step
