"""The table's game: the engine's Game plus what a table keeps around it.

:class:`TableGame` is what the table loop drives. It adds no rules: it passes
events to the engine and keeps, beside the engine's own log, a journal of what
each event caused (the engine's actions, whose turn followed) so the phone can
tell the story in words, and the points of each finished round for the history
table. Both follow the engine's undo exactly.

Undo is the engine's exact undo (the game replayed without the last events), started
from a checkpoint: a copy of the engine every :data:`CHECKPOINT_EVERY` events, so an
undo late in a long match replays at most that many events, not the whole match.

>>> game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0))
>>> _ = game.apply(event_from_json({"type": "start_card", "card": "red-5"}))
>>> _ = game.apply(event_from_json({"type": "play", "seat": 1, "card": "red-skip"}))
>>> game.state().game.turn, game.state().journal[-1]["event"]["card"]
(0, 'red-skip')
>>> _ = game.undo(); game.state().game.turn
1
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from collections.abc import Callable

from companion.engine import actions as A
from companion.engine.events import (ChooseDealer, Deal, LauncherDeal, Play, RoundEnd, Undo as EngineUndo,
                                     event_from_json)
from companion.engine.editions import Edition, edition_of
from companion.engine.game import Game
from companion.engine.log import format_log
from companion.engine.messages import message
from companion.engine.options import RuleOptions, check_playable_at_table
from companion.engine.phases import MATCH_OVER, PLAYING
from companion.table.state import TableState
from companion.errors import UserError
from companion.numbers import whole_number

#: How the table's hardware plays (E1 Extreme: launcher bursts, E2 Flash: the ring picks the next
#: player); not the edition, which is the deck and its rules (companion/engine/editions.py).
MODES = ("classic", "extreme", "flash")
LANGUAGES = ("en", "de")
NAME_CHARS = 24  # what a seat's label on the phone and the ring has room for
SETUP_FIELDS = ("players", "dealer", "mode", "language", "options", "seed")
#: The engine rule each mode switches on (E1, E2); classic switches none off.
MODE_RULES = {"extreme": "extreme_bursts", "flash": "flash"}
RECENT = 6  # journal entries of any round that the scoreboard shows
#: Events between two checkpoints: an undo replays at most this many (a copy is a few lists).
CHECKPOINT_EVERY = 32
ROUND_STARTS = (ChooseDealer, Deal, LauncherDeal, RoundEnd)  # a card fix does not reach back past these
Hook = Callable[..., None]
__all__ = ["MODES", "LANGUAGES", "SETUP_FIELDS", "Setup", "TableGame", "check_language", "check_mode",
           "check_players", "check_seed", "event_from_json", "setup_from_json"]


@dataclass(frozen=True)
class Setup:
    """The host's choices for a match: seats in ring order, dealer, mode, rules.

    The mode switches its engine rule on (``extreme`` -> E1 ``extreme_bursts``, ``flash``
    -> E2 ``flash``); the edition (classic, UNO Junior ...) is what the options choose
    (:attr:`edition`). ``seed`` seeds the engine's random turns (E2); None draws a new one,
    and the stored setup keeps it, so a replay lights the same seats."""
    players: tuple = ("Player 1", "Player 2")
    dealer: int | None = None   # None: the seats draw for it (D3)
    mode: str = "classic"       # E1 Extreme and E2 Flash change the table's hardware part
    language: str = "en"
    options: RuleOptions = field(default_factory=RuleOptions)
    seed: int | None = None

    def __post_init__(self):
        if self.seed is None:
            object.__setattr__(self, "seed", secrets.randbelow(2**31))
        rule = MODE_RULES.get(self.mode)
        if rule and not getattr(self.options, rule):
            object.__setattr__(self, "options", self.options.replace(**{rule: True}))
        check_playable_at_table(self.options)

    @property
    def edition(self) -> Edition:
        """The edition the options choose (companion/engine/editions.py)."""
        return edition_of(self.options)

    def to_json(self) -> dict:
        return {"players": list(self.players), "dealer": self.dealer, "mode": self.mode,
                "language": self.language, "options": self.options.to_json(), "seed": self.seed}


# -- one judgement for the setup page and the config file ([table] players, mode, language, seed) --
def check_players(players: object) -> tuple[str, ...]:
    """Seat names in ring order, blanks around them removed; UserError unless 2 to 10 different ones."""
    if (not isinstance(players, (list, tuple)) or not 2 <= len(players) <= 10
            or not all(isinstance(p, str) and 0 < len(p.strip()) <= NAME_CHARS for p in players)):
        raise UserError(f"players: 2 to 10 players (D2), each name 1 to {NAME_CHARS} characters")
    names = tuple(p.strip() for p in players)
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise UserError(f"players: every name must be different ({', '.join(twice)} comes twice)")
    return names


def check_mode(mode: object) -> str:
    if mode not in MODES:
        raise UserError(f"mode: choose one of {', '.join(MODES)}")
    return mode


def check_language(language: object) -> str:
    if language not in LANGUAGES:
        raise UserError(f"language: choose one of {', '.join(LANGUAGES)}")
    return language


def check_seed(seed: object) -> int | None:
    """None (draw a new one) or a whole number that fits the store's 64-bit integers."""
    return None if seed is None else whole_number(seed, "seed", 0, 2**63 - 1)


def setup_from_json(data: object) -> Setup:
    """A checked :class:`Setup`; UserError names the first problem."""
    if not isinstance(data, dict):
        raise UserError("the setup must be a JSON object")
    unknown = sorted(set(data) - set(SETUP_FIELDS))
    if unknown:
        raise UserError(f"unknown setup field(s): {', '.join(map(str, unknown))}")
    players = check_players(data.get("players", Setup.players))
    dealer = data.get("dealer")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(players)):
        raise UserError(f"dealer: a seat from 0 to {len(players) - 1}, or null to draw for it")
    mode, language = check_mode(data.get("mode", "classic")), check_language(data.get("language", "en"))
    options = RuleOptions.from_json(data.get("options", {}))
    seed = check_seed(data.get("seed"))
    return Setup(players, dealer, mode, language, options, seed)


def _direction(direction: int) -> str:
    return "clockwise" if direction == 1 else "counter-clockwise"


class TableGame:
    """One match at the table, as the loop drives it (see the module docstring).

    ``before_apply(game, event)`` runs before every engine event (a game store
    writes it there, ahead of applying it) and ``refused(game, event, error)``
    when the engine refuses one; undo and corrections arrive as the engine's own
    ``undo`` and ``play`` events, so a log of them replays exactly.
    """

    def __init__(self, setup: Setup = Setup(), *, before_apply: Hook | None = None,
                 refused: Hook | None = None):
        self.setup = setup
        self.engine = Game(list(setup.players), setup.options, seed=setup.seed)
        self.before_apply, self.refused = before_apply, refused
        self.journal: list[dict] = []   # one entry per event in the engine's log
        self.rounds: list[dict] = []    # one row per finished round
        self.questions: list[dict] = []  # open questions to the host (see observations.Ask)
        self._next_question = 1
        self._checkpoints: dict[int, Game] = {}   # log length -> the engine then (without log)
        self._keep_checkpoint()
        if setup.dealer is not None:    # the host named the dealer: the cards are dealt (D2)
            self.apply(Deal(dealer=setup.dealer))

    def prompt(self) -> list:
        """What the engine waits for now, as actions (the ring's lights, the launcher's throws)."""
        return self.engine.prompt()

    def apply(self, event) -> list:
        """Apply one engine event (``undo`` included); answer the engine's actions."""
        if self.before_apply:
            self.before_apply(self, event)
        engine = self.engine
        before_turn, before_direction, before_round = self._turn(engine), engine.direction, engine.round_no
        try:
            if isinstance(event, EngineUndo):
                actions = self._undo(event.count)
            else:
                actions = engine.apply(event)
        except UserError as error:
            if self.refused:
                self.refused(self, event, error)
            raise
        if isinstance(event, EngineUndo):
            self._follow_engine()
            return actions
        self._keep_checkpoint()
        self.journal.append({
            "event": event.to_json(), "actions": [a.to_json() for a in actions],
            "before": {"turn": before_turn, "direction": _direction(before_direction)},
            "turn": self._turn(engine), "direction": _direction(engine.direction),
            "dealer": engine.dealer if engine.dealer >= 0 else None,
            "round": before_round, "log_length": len(engine.log)})
        for action in actions:
            if action.type == "round_over":
                self.rounds.append({"round": before_round, "winner": action.winner,
                                    "points": list(action.points), "totals": list(engine.scores),
                                    "wins": list(engine.wins), "standing": engine.snapshot().standing.to_json()})
        return actions

    @staticmethod
    def _turn(engine: Game) -> int | None:
        """The seat whose turn it is, as the snapshot says it (None between turns)."""
        return engine.current if engine.phase in PLAYING else None

    def _keep_checkpoint(self) -> None:
        length = len(self.engine.log)
        if length % CHECKPOINT_EVERY == 0 and length not in self._checkpoints:
            saved = self.engine.copy()
            saved.log = None          # the log is the game's own; a checkpoint needs only its length
            self._checkpoints[length] = saved

    def _undo(self, count) -> list:
        """The engine's exact undo (:meth:`Game.undo`), replayed from the nearest checkpoint:
        the same state, because the engine is a pure function of its log."""
        log = self.engine.log
        if type(count) is not int or not 1 <= count <= len(log):
            return self.engine.undo(count)   # the engine's own refusal, in its words
        target = len(log) - count
        start = max(length for length in self._checkpoints if length <= target)
        game = self._checkpoints[start].copy()
        game.log = log[:start]
        for event in log[start:target]:
            game.apply(event)
        for length in [length for length in self._checkpoints if length > target]:
            del self._checkpoints[length]   # taken on the events just withdrawn
        self.engine = game
        undid = message("undid", count=count) if count > 1 else message("undid_one")
        return [A.Notice(undid), *game.prompt()]

    def undo(self, count: int = 1) -> list:
        return self.apply(EngineUndo(count))

    def replace_last_card(self, card: str) -> list:
        """The camera misread the last card played this round: play ``card`` in its place.

        Events after it (a draw, a UNO call) are applied again on top of the corrected card;
        if one no longer fits, nothing changes and the host is told to undo it first."""
        index = self._last_play()
        if index is None:
            raise UserError("no card has been played in this round yet")
        played, later = self.engine.log[index], list(self.engine.log[index + 1:])
        self.undo(len(later) + 1)
        actions: list = []
        try:
            for event in [Play(played.seat, card), *later]:
                actions += self.apply(event)
        except UserError:
            if len(self.engine.log) > index:
                self.undo(len(self.engine.log) - index)
            for event in [played, *later]:  # each was accepted before: the game is as it was
                self.apply(event)
            if actions:  # the card itself was taken; an event after it was not
                raise UserError("the events after the last played card do not fit the corrected "
                                "card: undo them first") from None
            raise
        return actions

    def _last_play(self) -> int | None:
        """Where in the log the last card of this round was played (what a card fix replaces)."""
        for index in range(len(self.engine.log) - 1, -1, -1):
            event = self.engine.log[index]
            if isinstance(event, Play):
                return index
            if isinstance(event, ROUND_STARTS):
                return None
        return None

    def _entry_at(self, log_length: int) -> dict | None:
        """The journal entry of the event that made the log this long (None if there is none)."""
        for entry in reversed(self.journal):
            if entry["log_length"] == log_length:
                return entry
            if entry["log_length"] < log_length:
                return None
        return None

    def ask(self, question: dict) -> dict:
        """Open a question for the host; answers it with its new ``id``."""
        kind = question.get("kind") if isinstance(question, dict) else None
        if not isinstance(kind, str):
            raise UserError("a question needs a kind, e.g. {\"kind\": \"card\"}")
        asked = {**question, "id": self._next_question}
        self._next_question += 1
        self.questions.append(asked)
        return asked

    def answer_event(self, question_id: int, card: object):
        """The event an open question's answer stands for: its ``answer`` with ``card``."""
        question = next((q for q in self.questions if q["id"] == question_id), None)
        if question is None:
            raise UserError(f"there is no open question {question_id!r} (answered already?)")
        if not isinstance(question.get("answer"), dict):
            raise UserError(f"question {question_id} is not answered with a card")
        if not isinstance(card, str) or not card:
            raise UserError("name the card that lies there, e.g. red-5")
        return event_from_json({**question["answer"], "card": card})

    def has_question(self, question_id: int) -> bool:
        return any(q["id"] == question_id for q in self.questions)

    def dismiss(self, question_id: int) -> None:
        if not self.has_question(question_id):
            raise UserError(f"there is no open question {question_id!r}")
        self.questions = [q for q in self.questions if q["id"] != question_id]

    def _follow_engine(self) -> None:
        """Drop journal entries and round rows that the engine's undo took back."""
        length = len(self.engine.log)
        self.journal = [entry for entry in self.journal if entry["log_length"] <= length]
        finished = self.engine.round_no - 1 + (1 if self.engine.phase is MATCH_OVER else 0)
        self.rounds = self.rounds[:finished]

    def state(self) -> TableState:
        """The engine's snapshot plus the table's: setup, round rows, this round's journal, recent,
        open questions (see companion/table/state.py)."""
        game = self.engine.snapshot()
        this_round = tuple([e for e in self.journal if e["round"] == game.round])
        return TableState(game, self.setup, tuple(self.rounds), this_round, tuple(self.journal[-RECENT:]),
                          tuple(self.questions),
                          self._entry_at(len(self.engine.log)) if self.engine.log else None,
                          None if (last := self._last_play()) is None else self._entry_at(last + 1))

    def log_jsonl(self) -> str:
        """The engine's game log (JSON Lines: a header, then one event per line)."""
        return format_log(self.engine)
