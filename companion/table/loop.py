"""The table loop: one queue, one thread, the only caller of the engine.

Sources put observations on the queue (:meth:`TableLoop.submit`) from any
thread and may wait for the outcome. The loop thread applies them one at a
time, keeps the game log, hands the engine's actions to the adapters (launcher,
ring, buzzer) and publishes an :class:`Update` to subscribers (the web page's
stream hub). A rejected event changes nothing: the source gets the engine's
error through its future.

A later step plugs in here without changing the flow: a store that writes each
event before it is applied (``before_apply``), devices and the camera as
sources, and adapters as action handlers.
"""
from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future

from companion.errors import UserError
from companion.table.game import TableGame
from companion.table.observations import (Answer, Ask, Correct, Dismiss, NewGame, Observation, Happened,
                                          UndoLast, Update)
from companion.threads import Worker

log = logging.getLogger(__name__)

Subscriber = Callable[[Update], None]
Adapter = Callable[[list], None]
_STOP = object()


class TableLoop:
    """Runs one :class:`TableGame`; ``new_game(setup)`` builds the next when the host starts it."""

    def __init__(self, game: TableGame | None = None,
                 new_game: Callable[..., TableGame] = TableGame, *,
                 before_apply: Callable[[TableGame, object], None] | None = None,
                 refused: Callable[[TableGame, object, Exception], None] | None = None):
        """``before_apply``/``refused``: see :class:`TableGame` (where a game store plugs in)."""
        self._hooks = {"before_apply": before_apply, "refused": refused}
        self._game = game if game is not None else TableGame()
        self._game.before_apply, self._game.refused = before_apply, refused
        self._new_game = new_game
        self._queue: queue.Queue = queue.Queue()
        self._subscribers: list[Subscriber] = []
        self._adapters: list[Adapter] = []
        self._watchers: list[Callable[[TableGame, Update], None]] = []
        self._lock = threading.Lock()
        self._worker = Worker("table-loop", self._run, wake=lambda: self._queue.put((_STOP, None)))
        self._latest = Update(version=1, kind="start", snapshot=self._game.state())

    # -- any thread -------------------------------------------------------------------------
    @property
    def latest(self) -> Update:
        """The most recent published update (snapshot included)."""
        with self._lock:
            return self._latest

    def game_log(self) -> str:
        """The current game's log as JSON Lines (asked of the loop thread, so it is consistent)."""
        return self.call(lambda game: game.log_jsonl())

    def call(self, function: Callable[[TableGame], object], timeout: float = 10.0):
        """Run ``function(game)`` on the loop thread between two steps; answers its result.

        For readers that must see the game as the loop does (the engine's prompt after a
        restart) and for a heartbeat that proves the loop thread still turns.
        """
        if not self._worker.running:
            raise UserError("the table is not running")
        future: Future = Future()
        self._queue.put((lambda: function(self._game), future))
        return future.result(timeout=timeout)

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(update)`` after every step; returns the function that unsubscribes.

        Subscribers run on the loop thread and must not block (copy, queue, return).
        """
        with self._lock:
            self._subscribers.append(subscriber)
        return lambda: self._unsubscribe(subscriber)

    def watch(self, watcher: Callable[[TableGame, Update], None]) -> Callable[[], None]:
        """Call ``watcher(game, update)`` after every step, on the loop thread, after the
        subscribers: for what must read the game itself where it changes (the chances worker
        copies the engine there). It must be quick and keep no reference to ``game``."""
        with self._lock:
            self._watchers.append(watcher)
        return lambda: self._unwatch(watcher)

    def add_adapter(self, adapter: Adapter) -> None:
        """``adapter(actions)`` carries out the engine's answers (dispense, light, ask...)."""
        with self._lock:
            self._adapters.append(adapter)

    def submit(self, observation: Observation) -> Future:
        """Queue an observation; the future resolves to its :class:`Update` or the engine's error."""
        future: Future = Future()
        if not self._worker.running:
            future.set_exception(UserError("the table is not running"))
        else:
            self._queue.put((observation, future))
        return future

    def start(self) -> "TableLoop":
        self._worker.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Finish what is queued, then stop; anything submitted later is refused at once."""
        self._worker.stop(timeout)

    def __enter__(self) -> "TableLoop":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- the loop thread --------------------------------------------------------------------
    def _unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

    def _unwatch(self, watcher) -> None:
        with self._lock:
            if watcher in self._watchers:
                self._watchers.remove(watcher)

    def _run(self) -> None:
        while True:
            item, future = self._queue.get()
            if item is _STOP:
                self._refuse_the_rest()
                return
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = item() if callable(item) else self._step(item)
            except UserError as refusal:  # the engine's "no": nothing changed, the source hears it
                future.set_exception(refusal)
            except OSError as error:  # the store could not write it (disk full): nothing changed
                log.error("not applied: %s", error)
                future.set_exception(error)
            except Exception as error:  # a bug: logged, and the source hears it too
                log.exception("observation %r failed", item)
                future.set_exception(error)
            else:
                future.set_result(result)

    def _refuse_the_rest(self) -> None:
        while True:
            try:
                item, future = self._queue.get_nowait()
            except queue.Empty:
                return
            if future is not None and future.set_running_or_notify_cancel():
                future.set_exception(UserError("the table is not running"))

    def _step(self, observation: Observation) -> Update:
        actions: list = []
        event_json = None
        if isinstance(observation, Answer):   # the question says which event it is
            observation = Happened(self._game.answer_event(observation.question_id, observation.card),
                               observation.source, answers=observation.question_id)
        if isinstance(observation, Happened):
            answers = observation.answers
            if answers is not None and not self._game.has_question(answers):
                raise UserError(f"there is no open question {answers!r} (answered already?)")
            actions = self._game.apply(observation.event)
            if answers is not None:  # closed only once the engine has taken the answer
                self._game.dismiss(answers)
            kind, event_json = "event", observation.event.to_json()
        elif isinstance(observation, UndoLast):
            actions = self._game.undo()
            kind = "undo"
        elif isinstance(observation, Correct):
            actions = self._game.replace_last_card(observation.card)
            kind, event_json = "correct", self._game.journal[-1]["event"]
        elif isinstance(observation, Ask):
            self._game.ask(observation.question)
            kind = "ask"
        elif isinstance(observation, Dismiss):
            self._game.dismiss(observation.question_id)
            kind = "dismiss"
        elif isinstance(observation, NewGame):
            self._game = self._new_game(observation.setup, **self._hooks)
            actions = self._game.prompt()   # what the new (or reopened) game waits for
            kind = "new-game"
        else:
            raise TypeError(f"not an observation: {observation!r}")
        return self._publish(kind, event_json, actions, observation.source)

    def _publish(self, kind: str, event_json, actions: list, source: str) -> Update:
        with self._lock:
            update = Update(version=self._latest.version + 1, kind=kind,
                            snapshot=self._game.state(), event=event_json,
                            actions=list(actions), source=source)
            self._latest = update
            subscribers, adapters = list(self._subscribers), list(self._adapters)
            watchers = list(self._watchers)
        for adapter in adapters:
            self._safely(adapter, update.actions)
        for subscriber in subscribers:
            self._safely(subscriber, update)
        for watcher in watchers:
            self._safely(lambda pair: watcher(*pair), (self._game, update))
        return update

    @staticmethod
    def _safely(function, argument) -> None:
        try:
            function(argument)
        except Exception:  # one broken listener must not stop the table
            log.exception("listener %r failed", function)
