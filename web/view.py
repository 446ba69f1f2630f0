"""What a phone shows, built from the table's state in the phone's language.

The view is a dict of a few top-level parts (status, players, turn, colour,
top, pending, recent, rounds, round_events); a change sends only the parts
that differ. Views are cached per (version, language), so fifty phones cost
one build. docs/web.md describes every field.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict

from flask_babel import force_locale, get_locale, gettext as _, ngettext

from companion.engine.cards import CARD_NAMES, COLOURS, DARK_COLOURS, hand_points
from companion.engine.editions import EDITION_OPTIONS, EDITIONS, edition_of
from companion.engine.events import PENALTY_REASONS
from companion.engine.option_info import OPTION_INFO
from companion.engine.options import IMPLEMENTED, NOT_AT_THE_TABLE
from companion.engine.presets import PRESETS
from companion.engine import phases as P
from companion.engine.state import GameView, WaitingFor
from companion.errors import UserError
from companion.numbers import is_digits, parse_whole_number
from companion.table.game import MODES
from companion.table.state import TableState
from companion.web.describe import describe
from companion.web.sse import Shared
from companion.web.words import (EDITION_HELP, EVENT_KINDS, GROUP_NAMES, MODE_NAMES, OPTION_LABELS, PRESET_NAMES,
                                 REASON_NAMES, SIDE_NAMES, card_name, card_view, colour_view, engine_message, engine_text,
                                 option_value_text)

MESSAGE_CHARS = 300  # a refusal that quotes garbage back is cut short
HAND_POINTS_MAX = 9999  # S1: a whole deck is worth far less; more is a typing slip
_cache: OrderedDict = OrderedDict()
_cache_lock = threading.Lock()
_described_cache: OrderedDict = OrderedDict()  # (journal entry, language, players) -> its words
_changes: OrderedDict = OrderedDict()  # (sent view, new view) -> the change message phones get
_shared_lock = threading.Lock()  # for the two above (render() holds _cache_lock while it builds)


def json_line(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def render(update, locale: str) -> dict:
    """The view of ``update`` in ``locale`` (cached; treat it as read-only)."""
    key = (id(update), locale)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is None or cached[0] is not update:  # the update is kept, so its id is not reused
            with force_locale(locale):
                cached = _cache[key] = (update, build_view(update.snapshot))
            while len(_cache) > 32:
                _cache.popitem(last=False)
        return cached[1]


def build_view(state: TableState) -> dict:
    game = state.game
    players, turn = list(game.players), game.turn
    standing = game.standing   # points or round wins, as the engine counts the match
    points = list(standing.totals)
    goal = standing.goal or max(points + [1])   # round wins without a target: the leader's
    owed = game.owed_cards
    player_views = []
    call, catch = ("DOS!", _("no DOS called!")) if game.centre_row is not None else ("UNO!", _("no UNO called!"))
    for seat, name in enumerate(players):
        due = owed[seat] + (game.pending_draw if seat == turn else 0)
        player_views.append({
            "seat": seat, "name": name, "score": points[seat],
            "progress": round(min(1.0, points[seat] / goal), 3) if goal else 0,
            "hand": game.hand_sizes[seat],
            "hand_text": ngettext("%(num)d card", "%(num)d cards", game.hand_sizes[seat]),
            "uno": game.uno_called[seat] and game.hand_sizes[seat] != 0,  # out: no badge
            "uno_text": call, "catch_text": catch,
            "dealer": seat == game.dealer,
            "catchable": seat == game.uno_window,  # one card, no UNO called: catch them
            "current": seat == turn, "pending": due,
            "pending_text": _("draws %(count)d", count=due) if due else ""})
    what = _waiting_text(game.waiting_for, players)
    turn_view = None
    if turn is not None:
        arrow = "↻" if game.direction == "clockwise" else "↺"
        turn_view = {"seat": turn, "name": players[turn],
                     "text": _("%(name)s's turn", name=players[turn]),
                     "direction_text": arrow + " " + (_("clockwise") if game.direction == "clockwise"
                                                      else _("counter-clockwise"))}
    pending = None
    if game.pending_draw and turn is not None:
        pending = {"count": game.pending_draw,
                   "text": _("%(name)s must draw %(count)d", name=players[turn], count=game.pending_draw)}
    described = [_described(entry, players) for entry in state.journal]
    return {
        "status": _status(game, players, what),
        "players": player_views, "turn": turn_view,
        "colour": colour_view(game.colour), "top": card_view(game.top_card),
        "side": _side(game),
        "pending": pending, "recent": [_described(e, players) for e in state.recent[::-1]],
        "rounds": _rounds(state, players), "round_events": described,
        "questions": [_question(q, players) for q in state.questions],
        "fix": _fix(state, players),
        "draws": _draws(state, players),
    }


def _side(game) -> dict | None:
    """E4 UNO Flip: the side in play (None in a one-sided deck's game)."""
    if not game.options.flip:
        return None
    side = game.house.get("side") or "light"
    return {"id": side, "text": str(SIDE_NAMES[side])}


def _draws(state: TableState, players: list[str]) -> list[dict]:
    """The cards the engine just had dispensed, with its reason in words ("Ben draws 2 cards:
    caught without UNO (T5)"), from the newest event's actions."""
    recent = state.recent
    actions = recent[-1].get("actions", []) if recent and isinstance(recent[-1], dict) else []
    draws = []
    for action in actions:
        seat = action.get("seat")
        if action.get("type") != "dispense" or not isinstance(seat, int) or not 0 <= seat < len(players):
            continue
        why = engine_message(action.get("reason", ""), action.get("reason_key"), action.get("reason_params"),
                             players)
        cards = ngettext("%(num)d card", "%(num)d cards", action["count"])
        draws.append({"seat": seat, "name": players[seat], "count": action["count"], "why": why,
                      "text": _("%(name)s draws %(cards)s: %(why)s", name=players[seat], cards=cards,
                                why=why)})
    return draws


def _described(entry: dict, players: list[str]) -> str:
    """``describe(entry)``, worked out once per journal entry and language: the table keeps each
    entry as it was made, and a round's story is retold on every change (O(round) otherwise)."""
    key = (id(entry), str(get_locale()), tuple(players))
    with _shared_lock:
        cached = _described_cache.get(key)
    if cached is None or cached[0] is not entry:
        cached = (entry, describe(entry, players))
        with _shared_lock:
            _described_cache[key] = cached
            while len(_described_cache) > 2048:
                _described_cache.popitem(last=False)
    return cached[1]


def _fix(state: TableState, players: list[str]) -> dict:
    """What the host's undo and card fix would change, as the table says (in words)."""
    undo, card = state.undo_next, state.fix_next
    return {"undo": describe(undo, players) if undo else None,
            "card": describe(card, players) if card else None,
            "card_id": card["event"].get("card") if card else None}


def _question(question: dict, players: list[str]) -> dict:
    """An open question to the host, in words, with its candidate answers."""
    seat = question.get("seat")
    name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
    candidates = [card_view(c) for c in question.get("candidates", []) if isinstance(c, str)]
    if question.get("kind") == "card" and seat is None:   # the start card: nobody played it
        text = _("Which card was turned up as the start card? The camera could not read it.")
    elif question.get("kind") == "card":
        text = _("Which card did %(name)s play? The camera could not read it.", name=name)
    else:
        text = _("The table asks the host: %(what)s", what=engine_text(str(question.get("text", question["kind"]))))
    return {"id": question["id"], "kind": question["kind"], "seat": seat, "text": text,
            "candidates": [c for c in candidates if c]}


def _waiting_text(waiting: WaitingFor, players: list[str]) -> str:
    """The engine's "what it waits for" in words: by its key and parameters when it gave
    them (a message: "draw 4" carries a number), else its fixed text."""
    message = waiting.message
    if message is not None:
        return engine_message(waiting.what, message["key"], message["params"], players)
    return engine_text(waiting.what)


def _status(game: GameView, players: list[str], what: str) -> dict:
    match, seat = game.match, game.waiting_for.seat
    banner = ""
    if match.over and match.winner is not None:
        banner = what = _("%(name)s wins the match!", name=players[match.winner])
        seat = None  # the table waits for nobody: the headline is the winner
    elif game.phase == P.SCORING:
        banner = _("Round over: count the cards left in each hand.")
    elif game.phase in (P.DEAL, P.START):
        banner = (_("New round: %(what)s", what=what) if game.round > 1
                  else _("New game: %(what)s", what=what))
    standing = game.standing
    target = (_("count round wins") if standing.counts == "round_wins"
              else _("target %(points)d", points=standing.goal))
    return {"round": game.round, "phase": game.phase,
            "round_text": _("Round %(number)d", number=game.round) + " · " + target,
            "phase_text": f"{players[seat]}: {what}" if seat is not None else what,
            "waiting_text": what,
            "banner": banner,
            "winner": match.winner if match.over else None}


def _rounds(state: TableState, players: list[str]) -> dict:
    """What each round brought and the running totals, in what the match counts (points, or
    with S4 the round wins), as the engine stood after that round."""
    rows = [{"round": row["round"], "points": row["standing"]["last_round"], "totals": row["standing"]["totals"]}
            for row in state.rounds]
    return {"players": players, "target": state.game.standing.goal, "round_label": _("Round"),
            "total_label": _("Total"), "rows": rows}


class StreamRenderer:
    """One phone's stream: the first message is the whole view, then only what changed."""

    def __init__(self, locale: str):
        self.locale, self.version, self.sent = locale, None, None

    def snapshot(self, update) -> dict:
        self.version, self.sent = update.version, render(update, self.locale)
        return {"version": update.version, "view": self.sent}

    def change(self, update) -> dict:
        view = render(update, self.locale)
        # Every phone that saw the same view gets the same changes: worked out once, not per phone.
        key = (id(self.sent), id(view), update.version)
        with _shared_lock:
            shared = _changes.get(key)
        if shared is None or shared[0] is not self.sent or shared[1] is not view:
            changed = {key: value for key, value in view.items() if self.sent.get(key) != value}
            message = Shared(version=update.version, base=self.version, kind=update.kind, view=changed)
            with _shared_lock:
                _changes[key] = shared = (self.sent, view, message)
                while len(_changes) > 32:
                    _changes.popitem(last=False)
        self.version, self.sent = update.version, view
        return shared[2]


def options_catalog(locale: str) -> dict:
    """Everything the setup and correction forms offer, in ``locale``."""
    with force_locale(locale):
        groups: dict[str, list] = {}
        for name, info in OPTION_INFO.items():
            if name in EDITION_OPTIONS:
                continue  # chosen with the edition (below), not one by one
            allowed = list(info.allowed)
            kind = ("toggle" if allowed == [False, True] else "number" if info.is_range else "choice")
            groups.setdefault(info.group, []).append({
                "name": name, "rule": info.rule, "label": str(OPTION_LABELS.get(name, name)),
                "help": engine_text(info.help), "default": info.default, "kind": kind,
                "min": allowed[0] if info.is_range else None, "max": allowed[-1] if info.is_range else None,
                "allowed": [{"value": v, "text": option_value_text(v)} for v in allowed],
                "supported": name in IMPLEMENTED and name not in NOT_AT_THE_TABLE})
        return {
            "groups": [{"id": g, "name": str(GROUP_NAMES.get(g, g)), "options": o} for g, o in groups.items()],
            "presets": [{"id": p, "name": str(PRESET_NAMES.get(p, p.replace("-", " ").capitalize())),
                         "options": o.to_json(), "edition": edition_of(o).name,
                         "supported": edition_of(o).at_the_table,
                         "help": ", ".join(f"{k}={v}" for k, v in o.changed().items())}
                        for p, o in PRESETS.items()],
            "editions": [{"id": e.name, "name": engine_message(e.title), "rule": e.rule,
                          "options": e.settings(), "supported": e.at_the_table,
                          "help": str(EDITION_HELP.get(e.name, ""))} for e in EDITIONS.values()],
            "edition_defaults": {name: OPTION_INFO[name].default for name in EDITION_OPTIONS},
            "modes": [{"id": m, "name": str(MODE_NAMES[m])} for m in MODES],
            "cards": [{"id": c, "name": card_name(c)} for c in _table_cards()],
            # E4's dark side has colours of its own: a host names them too (the engine refuses
            # a colour the match's deck does not have, as it does a card)
            "colours": [colour_view(c) for c in (*COLOURS, *DARK_COLOURS)],
            "reasons": [{"id": r, "name": str(REASON_NAMES.get(r, r))} for r in PENALTY_REASONS],
            "event_kinds": [{"id": k, "name": str(n), "rule": r, "fields": f} for k, n, r, f in EVENT_KINDS],
        }


def _table_cards() -> list[str]:
    """Every face of the editions a table plays, in id order (a card of another deck than the
    match's is the engine's to refuse, in words)."""
    faces = {face for e in EDITIONS.values() if e.at_the_table for face in e.deck.face_ids}
    return [CARD_NAMES[face] for face in sorted(faces)]


def points_from_form(values) -> list:
    """Round result typed as points ("23") or as the cards left ("red-5 wild"): points each.

    Digits are ASCII only ("²" or "٣" are not points) and at most :data:`HAND_POINTS_MAX`;
    the card values are the engine's (S1); anything else is passed on for the engine to refuse.
    """
    if not isinstance(values, list):
        return values
    result = []
    for value in values:
        if isinstance(value, str):
            text = value.strip()
            if is_digits(text):
                value = parse_whole_number(text, "points", 0, HAND_POINTS_MAX)
            elif text:
                value = hand_points(text.replace(",", " ").split())
            else:
                value = 0
        result.append(value)
    return result


def page_labels() -> dict:
    """The few words the page's scripts need, from the same catalogue."""
    return {"live": _("live"), "offline": _("offline"), "reconnecting": _("reconnecting…"),
            "turn": _("turn"), "seat": _("Seat"), "dealer": _("dealer"), "no_card": _("no card yet"),
            "player_name": _("name"), "remove": _("remove"), "draw_for_dealer": _("draw cards for it (D3)"),
            "saved": _("saved"), "catchable": _("no UNO called!"),
            "waiting_for_host": _("Waiting for the host:"), "dismiss": _("Dismiss"),
            "another_card": _("another card…"), "catch_player": _("%(name)s did not call UNO: catch"),
            "fixed": _("Fixed:"), "entered": _("Entered:")}


def setup_json(setup) -> dict | None:
    return None if setup is None else setup.to_json()


def translate_error(error: Exception, players=None) -> str:
    """The engine's or table's message, in the phone's language where the catalogue has it, its
    seats named by ``players`` (the table's seat order) when given."""
    reason = error.args[0] if error.args else ""
    text = engine_message(reason, players=players) if isinstance(error, UserError) else str(error)
    return text if len(text) <= MESSAGE_CHARS else text[:MESSAGE_CHARS - 1] + "…"
