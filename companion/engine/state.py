"""The state the engine shows, typed: what :meth:`Game.snapshot` answers.

The layers around the engine (table, service, simulated table, web) read these
attributes; :meth:`GameView.to_json` gives the JSON the HTTP API, the stream,
``uno-companion replay`` and stored records carry (the same keys in the same order
as before there was a typed view). A view is frozen and holds its own copies
(tuples, small dicts), so it stays as it was while the game goes on; building one
is a few tuple copies, so a worker may take one per state it looks at.

>>> from companion.engine import Game, events as E
>>> game = Game(["Ada", "Ben", "Cem"])
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("red-5"))
>>> view = game.snapshot()
>>> view.phase, view.turn, view.top_card, view.waiting_for.what, view.match.target
('turn', 1, 'red-5', 'play or draw', 500)
>>> view.to_json()["waiting_for"]
{'seat': 1, 'what': 'play or draw'}

Tests and tools that think in the JSON may also read a view like its JSON
(``view["turn"]``, ``view == {...}``); code outside the engine uses the attributes
(tests/test_architecture.py holds that).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.options import RuleOptions


class JsonReadable:
    """Read-only mapping access to ``to_json()`` (worked out once per view), and equality
    with the JSON it stands for: what tests and the log tools compare."""
    __slots__ = ()

    def _json_fields(self) -> dict:
        cached = self._json
        if cached is None:
            cached = self.to_json()
            object.__setattr__(self, "_json", cached)
        return cached

    def __getitem__(self, key: str):
        return self._json_fields()[key]

    def get(self, key: str, default=None):
        return self._json_fields().get(key, default)

    def keys(self):
        return self._json_fields().keys()

    def __iter__(self):
        return iter(self._json_fields())

    def __len__(self) -> int:
        return len(self._json_fields())

    def __contains__(self, key) -> bool:
        return key in self._json_fields()

    def __eq__(self, other) -> bool:
        if isinstance(other, JsonReadable):
            return type(self) is type(other) and self.to_json() == other.to_json()
        if isinstance(other, dict):
            return self.to_json() == other
        return NotImplemented

    __hash__ = None  # a view holds dicts (house, rules): not hashable, like its JSON


@dataclass(frozen=True, slots=True, eq=False)
class WaitingFor:
    """Who the table waits for (None: nobody's turn) and what: a keyed
    :class:`~companion.engine.messages.Message` ("play or draw", or "draw 4" with its number)."""
    seat: int | None
    what: str

    @property
    def message(self) -> dict | None:
        """The waiting text as key and parameters (see messages.py) when it carries a number;
        None for a fixed phrase (its English text is its catalogue entry)."""
        what = self.what
        params = getattr(what, "params", None)
        return {"key": what.key, "params": dict(params)} if params else None

    def to_json(self) -> dict:
        return {"seat": self.seat, "what": self.what}


@dataclass(frozen=True, slots=True, eq=False)
class MatchStanding:
    """The match as a whole: over or not, its winner, how it is scored and up to what."""
    over: bool
    winner: int | None
    scoring: str
    target: int

    def to_json(self) -> dict:
        return {"over": self.over, "winner": self.winner, "scoring": self.scoring,
                "target": self.target}


@dataclass(frozen=True, slots=True, eq=False)
class Standing:
    """Where each seat stands in what the match counts: ``counts`` is ``"points"`` (S2, S3)
    or ``"round_wins"`` (S4; with V2 partners a round win counts for both); ``totals`` the
    match so far, ``last_round`` what the last finished round brought each seat, ``goal``
    the target in that count (None: the host ends the match)."""
    counts: str
    totals: tuple[int, ...]
    last_round: tuple[int, ...]
    goal: int | None

    def to_json(self) -> dict:
        return {"counts": self.counts, "totals": list(self.totals), "last_round": list(self.last_round),
                "goal": self.goal}


@dataclass(frozen=True, slots=True, eq=False)
class GameView(JsonReadable):
    """One moment of a game, as the engine shows it. Seats are indexes into ``players``;
    cards and colours are their names ("red-5", "blue"); None where there is none yet."""
    full: bool                      # full information (every hand known) or tracking mode
    players: tuple[str, ...]
    round: int
    dealer: int | None              # None: the seats still draw for it (D3)
    phase: str                      # one of companion.engine.phases
    turn: int | None                # None between turns (deal, scoring, match over)
    waiting_for: WaitingFor
    direction: str                  # "clockwise" or "counter-clockwise"
    top_card: str | None
    colour: str | None
    pending_draw: int               # what the player whose turn it is must draw first
    owed_cards: tuple[int, ...]     # per seat: cards owed (a penalty, a misplay)
    hand_sizes: tuple[int, ...]
    claimable: int                  # H5: the seat that may still claim the top card, else -1
    hands: tuple[tuple[str, ...], ...]  # per seat: the hand (full) or the cards known in it
    uno_called: tuple[bool, ...]
    uno_window: int | None          # T5: the seat down to one card that may still be caught
    draw_pile: int
    discard_pile: int
    scores: tuple[int, ...]
    round_wins: tuple[int, ...]
    last_round_points: tuple[int, ...]
    round_winner: int | None
    match: MatchStanding
    options: RuleOptions
    house: dict                     # what house rules keep for the round (a copy; see apply.py)
    events: int | None              # events in the game's log (None: it keeps none)
    #: E7 DOS: the centre row, each pile's cards from the bottom (its centre card) up; None
    #: in the games without a row (then the JSON has no such key)
    centre_row: tuple[tuple[str, ...], ...] | None = None
    #: per seat: the round wins the last finished round brought (V2: both partners); read it
    #: through ``standing`` (not in the JSON, whose keys the page and replay always had)
    last_round_wins: tuple[int, ...] = ()
    _json: dict | None = field(default=None, init=False, repr=False)

    @property
    def mode(self) -> str:
        return "full" if self.full else "tracking"

    @property
    def standing(self) -> Standing:
        """Each seat's standing in what the match counts (what the page and the demo show,
        so they never read the scoring option themselves)."""
        if self.match.scoring == "wins":  # S4
            return Standing("round_wins", self.round_wins, self.last_round_wins, self.options.target_wins or None)
        return Standing("points", self.scores, self.last_round_points, self.match.target)

    @property
    def rules(self) -> dict:
        """The options that differ from the official rules."""
        return self.options.changed()

    def to_json(self) -> dict:
        """The state as JSON (a new dict each time): what the page, replay and records show."""
        waiting = self.waiting_for
        data = {
            "mode": self.mode,
            "players": list(self.players),
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "waiting_for": waiting.to_json(),
            # a waiting text with a number in it, as key and parameters (see messages.py)
            "waiting_message": waiting.message,
            "direction": self.direction,
            "top_card": self.top_card,
            "colour": self.colour,
            "pending_draw": self.pending_draw,
            "owed_cards": list(self.owed_cards),
            "hand_sizes": list(self.hand_sizes),
            "claimable": self.claimable,
            ("hands" if self.full else "known_cards"): [list(hand) for hand in self.hands],
            "uno_called": list(self.uno_called),
            "uno_window": self.uno_window,
            "draw_pile": self.draw_pile,
            "discard_pile": self.discard_pile,
            "scores": list(self.scores),
            "round_wins": list(self.round_wins),
            "last_round_points": list(self.last_round_points),
            "round_winner": self.round_winner,
            "match": self.match.to_json(),
            "rules": self.rules,
            "house": {key: list(value) if isinstance(value, list) else
                      dict(value) if isinstance(value, dict) else value
                      for key, value in self.house.items()},
            "events": self.events,
        }
        if self.centre_row is not None:
            data["centre_row"] = [list(pile) for pile in self.centre_row]
        return data
