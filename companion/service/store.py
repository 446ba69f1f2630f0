"""Write every event before it is applied; after a restart, replay the newest match.

:class:`StoreKeeper` sits on the table loop's ``before_apply`` hook and on its
``new_game`` factory. Each :class:`~companion.table.TableGame` gets its own match
in the :class:`~companion.gamestore.GameStore`; the match header is the engine's
log header plus the table's setup, so a restart builds the same game again.

An event the engine refused is in the store too (it was written first); the
engine is pure, so replaying it refuses it again and changes nothing.

>>> from companion.gamestore import GameStore
>>> from companion.table import Setup
>>> keeper = StoreKeeper(GameStore(":memory:"))
>>> game = keeper.new_game(Setup(players=("Ana", "Ben"), dealer=0))
>>> [event["type"] for event in keeper.store.events(keeper.match_of(game))]
['deal']
>>> keeper.restore().state()["phase"]
'start_card'
"""
from __future__ import annotations

import logging
import weakref

from companion.engine.log import header
from companion.errors import UserError
from companion.gamestore import GameStore
from companion.table.game import Setup, TableGame, event_from_json, setup_from_json

log = logging.getLogger(__name__)


class StoreKeeper:
    """Binds a :class:`GameStore` to the table loop (see the module docstring)."""

    def __init__(self, store: GameStore):
        self.store = store
        self._matches: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    # -- the loop's hooks -------------------------------------------------------------------
    def before_apply(self, game: TableGame, event) -> None:
        """Write ``event`` durably before the engine sees it (the loop's ``before_apply``)."""
        self.store.append(self._match(game), event.to_json())

    def refused(self, game: TableGame, event, error: Exception) -> None:
        log.info("refused %s: %s", event.to_json(), error)

    def new_game(self, setup: Setup, **hooks) -> TableGame:
        """The loop's ``new_game`` factory: a new match in the store for every new game."""
        hooks.setdefault("before_apply", self.before_apply)
        hooks.setdefault("refused", self.refused)
        game = TableGame(setup, **hooks)
        self._match(game)  # a game with nothing applied yet is still the one to resume
        return game

    def match_of(self, game: TableGame) -> int | None:
        return self._matches.get(game)

    # -- restart ----------------------------------------------------------------------------
    def restore(self) -> TableGame | None:
        """The newest match, replayed event by event (None when the store is empty).

        The returned game is bound to its match: new events continue it.
        """
        matches = self.store.matches()
        if not matches:
            return None
        match_id = matches[0].id
        try:
            setup = setup_from_json(self.store.header(match_id)["setup"])
        except (KeyError, TypeError, UserError) as error:
            raise UserError(f"match {match_id} in {self.store.path} has no readable setup "
                            f"({error}); move the file away to start afresh") from None
        game = TableGame(setup)          # applies what its constructor applies (the deal)...
        events = self.store.events(match_id)[len(game.engine.log):]  # ...which is stored first
        refused = 0
        for record in events:
            try:
                game.apply(event_from_json(record))
            except UserError:
                refused += 1             # refused when it came, refused again: nothing changes
            except Exception:            # a bug must not stop the table from starting
                refused += 1
                log.exception("replaying %s failed; skipped", record)
        game.before_apply, game.refused = self.before_apply, self.refused
        self._matches[game] = match_id
        log.info("resumed match %d: %d events replayed (%d refused)", match_id, len(events), refused)
        return game

    def _match(self, game: TableGame) -> int:
        match_id = self._matches.get(game)
        if match_id is None:
            record = {**header(game.engine), "setup": game.setup.to_json()}
            match_id = self._matches[game] = self.store.create_match(record)
        return match_id
