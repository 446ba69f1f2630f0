"""Write every event before it is applied; after a restart, replay the current match.

:class:`StoreKeeper` sits on the table loop's ``before_apply`` hook and on its
``new_game`` factory. Each :class:`~companion.table.TableGame` gets its own match
in the :class:`~companion.matchdb.database.MatchDatabase`; the match header is the
engine's log header plus the table's setup, so a restart builds the same game again.

An event the engine refused is in the store too (it was written first); the
engine is pure, so replaying it refuses it again and changes nothing.

>>> from companion.matchdb.database import MatchDatabase
>>> from companion.table import Setup
>>> keeper = StoreKeeper(MatchDatabase(":memory:"))
>>> game = keeper.new_game(Setup(players=("Ana", "Ben"), dealer=0))
>>> [event["type"] for event in keeper.store.events(keeper.match_of(game))]
['deal']
>>> keeper.restore().state().game.phase
'start_card'

Reopening a stored match goes through the loop like any new game: the host's
phone submits ``NewGame(Reopen(match_id))`` and the loop calls :meth:`StoreKeeper.new_game`.
"""
from __future__ import annotations

import logging
import time
import weakref
from dataclasses import dataclass

from companion.engine.log import LOG_FORMAT, READABLE_VERSIONS, header
from companion.engine.state import GameView
from companion.errors import UserError
from companion.matchdb.database import MatchDatabase, MatchProblem
from companion.table.game import Setup, TableGame, event_from_json, setup_from_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reopen:
    """The "setup" of a ``NewGame`` that continues stored match ``match_id`` instead."""
    match_id: int


@dataclass
class Replayed:
    game: TableGame
    events: int      # stored events replayed
    refused: int     # of which the engine refused (as it did when they came)


def replay_match(store: MatchDatabase, match_id: int) -> Replayed:
    """Stored match ``match_id`` rebuilt event by event; a :class:`MatchProblem` says why not."""
    record = store.header(match_id)
    version = record.get("version")
    if record.get("format") != LOG_FORMAT or version not in READABLE_VERSIONS:
        raise MatchProblem(f"match {match_id} was recorded as game log version {version!r}; this "
                           f"companion replays versions {', '.join(map(str, READABLE_VERSIONS))} "
                           "(the match is kept as it is)",
                           "old_version", id=match_id, version=str(version))
    try:
        setup = setup_from_json(record["setup"])
    except (KeyError, TypeError, UserError) as error:
        raise MatchProblem(f"match {match_id} in {store.path} has no readable setup ({error}); "
                           "move the file away to start afresh", "no_setup", id=match_id) from None
    stored = store.events(match_id)
    game = TableGame(setup)              # applies what its constructor applies (the deal)...
    events = stored[len(game.engine.log):]  # ...which is stored first
    refused = 0
    for event in events:
        try:
            game.apply(event_from_json(event))
        except UserError:
            refused += 1                 # refused when it came, refused again: nothing changes
        except Exception:                # a bug must not stop the table from starting
            refused += 1
            log.exception("replaying %s failed; skipped", event)
    return Replayed(game, len(events), refused)


def summary_of(state: GameView) -> dict:
    """What the match list shows of a game without replaying it."""
    match = state.match
    return {"round": state.round, "scores": list(state.scores),
            "round_wins": list(state.round_wins), "scoring": match.scoring,
            "over": bool(match.over), "winner": match.winner}


def _checked_summary(summary: dict | None) -> dict:
    """A stored summary with each part of the right type (a damaged part is left out)."""
    summary = summary if isinstance(summary, dict) else {}
    numbers = lambda value: isinstance(value, list) and all(type(v) is int for v in value)  # noqa: E731
    kinds = {"round": lambda v: type(v) is int, "scores": numbers, "round_wins": numbers,
             "scoring": lambda v: isinstance(v, str), "over": lambda v: isinstance(v, bool),
             "winner": lambda v: v is None or type(v) is int}
    return {key: value for key, value in summary.items() if key in kinds and kinds[key](value)}


class StoreKeeper:
    """Binds a :class:`MatchDatabase` to the table loop (see the module docstring)."""

    def __init__(self, store: MatchDatabase):
        self.store = store
        self.current: TableGame | None = None   # the game at the table (set on the loop thread)
        self.reopened: TableGame | None = None  # the game last reopened (see TableService)
        self._matches: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._summaries: dict[int, dict] = {}
        # A store repaired when it was opened: the host's phone says so once, as a question.
        self._notice = store.recovered.notice() if getattr(store, "recovered", None) else None

    # -- the loop's hooks -------------------------------------------------------------------
    def before_apply(self, game: TableGame, event) -> None:
        """Write ``event`` durably before the engine sees it (the loop's ``before_apply``).
        A game's first event (the deal) is written with its new match, in one transaction."""
        if self._matches.get(game) is None:
            self._match(game, first=event.to_json())
        else:
            self.store.append(self._matches[game], event.to_json())

    def refused(self, game: TableGame, event, error: Exception) -> None:
        log.info("refused %s: %s", event.to_json(), error)

    def new_game(self, setup: Setup | Reopen, **hooks) -> TableGame:
        """The loop's ``new_game`` factory: a new match in the store for every new game,
        or the stored match to continue when ``setup`` is a :class:`Reopen`."""
        hooks.setdefault("before_apply", self.before_apply)
        hooks.setdefault("refused", self.refused)
        if isinstance(setup, Reopen):
            return self.reopen(setup.match_id, **hooks)
        game = TableGame(setup, **hooks)
        match_id = self._match(game)  # a game with nothing applied yet is still the one to resume
        self.current = game
        self._tell_host(game)
        self._write_summary(match_id, summary_of(game.state().game))
        return game

    def after_update(self, update) -> None:
        """The loop's subscriber: keep the current match's summary (scores, finished) fresh."""
        match_id = self.match_of(self.current) if self.current is not None else None
        if match_id is not None:
            self._write_summary(match_id, summary_of(update.snapshot.game))

    def match_of(self, game: TableGame) -> int | None:
        return self._matches.get(game)

    # -- restart and reopen -----------------------------------------------------------------
    def restore(self) -> TableGame | None:
        """The current match (last started or reopened), replayed (None when the store is empty).

        The returned game is bound to its match: new events continue it.
        """
        match_id = self.store.current_match()
        if match_id is None:
            return None
        replayed = replay_match(self.store, match_id)
        log.info("resumed match %d: %d events replayed (%d refused)", match_id, replayed.events,
                 replayed.refused)
        return self._bind(replayed.game, match_id)

    def reopen(self, match_id: int, **hooks) -> TableGame:
        """Continue stored match ``match_id`` (unfinished, not the one at the table)."""
        if self.current is not None and self.match_of(self.current) == match_id:
            raise MatchProblem(f"match {match_id} is the one at the table now", "current", id=match_id)
        replayed = replay_match(self.store, match_id)
        if replayed.game.state().game.match.over:
            raise MatchProblem(f"match {match_id} is over; only an unfinished match can be reopened",
                               "finished", id=match_id)
        game = self._bind(replayed.game, match_id, **hooks)
        self.reopened = game             # the devices pick up where it stopped, as after a restart
        self.store.set_current(match_id)
        log.info("reopened match %d: %d events replayed (%d refused)", match_id, replayed.events,
                 replayed.refused)
        return game

    def _bind(self, game: TableGame, match_id: int, **hooks) -> TableGame:
        game.before_apply = hooks.get("before_apply", self.before_apply)
        game.refused = hooks.get("refused", self.refused)
        self._matches[game] = match_id
        self.current = game
        self._tell_host(game)
        self._write_summary(match_id, summary_of(game.state().game))
        return game

    def _tell_host(self, game: TableGame) -> None:
        if self._notice is not None:
            game.ask(self._notice)
            self._notice = None

    def _write_summary(self, match_id: int, summary: dict) -> None:
        if self._summaries.get(match_id) != summary:
            try:
                self.store.set_summary(match_id, summary, finished=summary["over"])
            except OSError as error:   # only the list's summary: written again at the next change
                log.warning("match %d: summary not written (%s)", match_id, error)
                return
            self._summaries[match_id] = summary

    def _match(self, game: TableGame, first: dict | None = None) -> int:
        match_id = self._matches.get(game)
        if match_id is None:
            record = {**header(game.engine), "setup": game.setup.to_json()}
            events = [first] if first is not None else []
            match_id = self._matches[game] = self.store.create_match(record, events)
        return match_id


class MatchArchive:
    """The stored matches as the phone page reads them (list, one match, its game log).

    Reading replays into a private game and never touches the one at the table;
    reopening is :meth:`reopening`, an observation for the table loop.
    """

    def __init__(self, keeper: StoreKeeper):
        self.keeper, self.store = keeper, keeper.store

    def current_id(self) -> int | None:
        game = self.keeper.current
        return self.keeper.match_of(game) if game is not None else None

    def list(self, replay_seconds: float = 1.0) -> list[dict]:
        """Every match, newest first, as plain data (see docs/web.md, ``GET /api/matches``).

        A match stored before summaries were kept is replayed once for its scores, for at
        most ``replay_seconds`` per call (a Pi with years of matches answers at once; the
        rest are counted on the next calls and have ``counted`` False until then).
        """
        current = self.current_id()
        deadline = time.monotonic() + replay_seconds
        entries = []
        for info in self.store.matches():
            summary, problem = info.summary, None
            if summary is not None and _checked_summary(summary) != summary:
                summary = None                               # damaged: counted again below
            if info.problem:
                problem = MatchProblem(f"match {info.id}: {info.problem}", "damaged_header", id=info.id)
            elif summary is None and info.id != current and time.monotonic() < deadline:
                try:
                    summary = summary_of(replay_match(self.store, info.id).game.state().game)
                    self.store.set_summary(info.id, summary, finished=summary["over"])
                except MatchProblem as error:
                    problem = error
            entries.append(self._entry(info.id, info.started, info.header or {}, info.events,
                                       summary, problem, current))
        return entries

    def detail(self, match_id: int) -> dict:
        """One match replayed: its list entry, round rows, every event with the engine's answer."""
        info = next((m for m in self.store.matches() if m.id == match_id), None)
        if info is None:
            raise MatchProblem(f"there is no match {match_id}", "missing", id=match_id)
        replayed = replay_match(self.store, match_id)
        state = replayed.game.state().game
        entry = self._entry(match_id, info.started, info.header or {}, info.events, summary_of(state),
                            None, self.current_id())
        return {"match": entry, "rounds": list(replayed.game.rounds),
                "journal": list(replayed.game.journal), "refused": replayed.refused,
                "standing": state.standing.to_json(),
                "state": {"phase": state.phase, "hand_sizes": list(state.hand_sizes), "dealer": state.dealer,
                          "top_card": state.top_card}}

    def export(self, match_id: int) -> str:
        """The match's game log (JSON Lines) as ``uno-companion replay`` reads it: the events in
        effect, without those the engine refused when they came."""
        return replay_match(self.store, match_id).game.log_jsonl()

    def reopening(self, match_id: int):
        """The observation that makes the table continue ``match_id`` (submit it to the loop)."""
        from companion.table import NewGame
        if not self.store.exists(match_id):
            raise MatchProblem(f"there is no match {match_id}", "missing", id=match_id)
        return NewGame(Reopen(match_id))

    @staticmethod
    def _entry(match_id, started, record, events, summary, problem, current) -> dict:
        setup = record.get("setup") if isinstance(record.get("setup"), dict) else {}
        summary = _checked_summary(summary)
        return {"id": match_id, "started": started, "players": list(record.get("players") or []),
                "events": events, "current": match_id == current,
                "finished": bool(summary.get("over")), "winner": summary.get("winner"),
                "round": summary.get("round"), "scores": summary.get("scores"),
                "round_wins": summary.get("round_wins"), "scoring": summary.get("scoring"),
                "mode": setup.get("mode"), "options": setup.get("options") or {},
                "version": record.get("version"), "counted": bool(summary) or problem is not None,
                "problem": problem.reason if problem else None, "problem_params": problem.params if problem else {},
                "problem_text": str(problem) if problem else ""}
