"""Stored matches on the phone: the list, one match's story, its game log, and reopening one.

Reading replays a stored match into a private game (never the one at the
table). Reopening is the host's command and goes through the table loop like
any other: the loop's ``new_game`` factory continues the stored match.
See docs/web.md.
"""
from __future__ import annotations

from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime, timezone

from babel.dates import format_date, format_time
from flask import Blueprint, Response, abort, current_app, jsonify
from flask_babel import get_locale, gettext as _
from werkzeug.exceptions import ServiceUnavailable

from companion.errors import UserError
from companion.web import api, security
from companion.web.describe import describe
from companion.web.pages import _page
from companion.web.words import MODE_NAMES, rules_text

blueprint = Blueprint("matches", __name__)
PROBLEM_STATUS = {"missing": 404}  # anything else: the match is there but cannot do this (409)


def _archive():
    archive = current_app.extensions.get("matches")
    if archive is None:
        abort(404, description=_("This table keeps no matches (it runs without a game store)."))
    return archive


def problem_text(reason: str | None, params: dict) -> str:
    """A stored match's problem (companion.matchdb.database.MatchProblem) in the phone's language."""
    number = params.get("id", 0)
    texts = {
        "missing": lambda: _("There is no match %(id)d.", id=number),
        "damaged_header": lambda: _("Match %(id)d cannot be read: its record in the store is damaged.", id=number),
        "damaged_event": lambda: _("Match %(id)d cannot be read: its event %(seq)d is damaged in the store.",
                                   id=number, seq=params.get("seq", 0)),
        "old_version": lambda: _("Match %(id)d was recorded by another version of the companion (game log "
                                 "version %(version)s). It is kept, but cannot be replayed here.",
                                 id=number, version=params.get("version", "?")),
        "no_setup": lambda: _("Match %(id)d cannot be replayed: its setup is missing.", id=number),
        "finished": lambda: _("Match %(id)d is over; only an unfinished match can be reopened.", id=number),
        "current": lambda: _("Match %(id)d is the one at the table now.", id=number),
    }
    return texts[reason]() if reason in texts else _("Match %(id)d cannot be used.", id=number)


def _refuse(error: UserError):
    reason, params = getattr(error, "reason", None), getattr(error, "params", {})
    abort(PROBLEM_STATUS.get(reason, 409), description=problem_text(reason, params))


def _reading(read, match_id: int):
    try:
        return read(match_id)
    except UserError as error:
        _refuse(error)


def match_view(entry: dict) -> dict:
    """One line of the list in words (the archive's plain data plus texts)."""
    locale = str(get_locale())
    try:
        started = datetime.fromtimestamp(entry["started"])  # the box's own clock and time zone
        started_iso = datetime.fromtimestamp(entry["started"], timezone.utc).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):  # a damaged time in the store
        started, started_iso = datetime(1970, 1, 1), ""
    players, scores = entry["players"], entry["scores"]
    winner = entry["winner"]
    if entry["problem"]:
        status = problem_text(entry["problem"], entry["problem_params"])
    elif not entry["counted"]:
        status = _("not counted yet: reload the list in a moment")
    elif entry["finished"] and isinstance(winner, int) and 0 <= winner < len(players):
        status = _("%(name)s won the match", name=players[winner])
    elif entry["current"]:
        status = _("at the table now · round %(round)d", round=entry["round"] or 1)
    else:
        status = _("unfinished · round %(round)d", round=entry["round"] or 1)
    shown = entry["round_wins"] if entry["scoring"] == "wins" else scores
    return {**entry,
            "started_iso": started_iso,
            "started_text": f"{format_date(started, 'medium', locale=locale)} "
                            f"{format_time(started, 'short', locale=locale)}",
            "standings": [{"name": name, "score": shown[seat] if shown and seat < len(shown) else None,
                           "winner": entry["finished"] and seat == winner}
                          for seat, name in enumerate(players)],
            "status_text": status,
            "mode_text": str(MODE_NAMES.get(entry["mode"], entry["mode"] or "")),
            "rules_text": rules_text(entry["options"]),
            "can_reopen": (entry["counted"] and not entry["problem"] and not entry["finished"]
                           and not entry["current"])}


def detail_view(detail: dict) -> dict:
    """A replayed match in words: the list entry, the round rows, the events of each round."""
    match = match_view(detail["match"])
    players = match["players"]
    rounds: dict[int, list[str]] = {}
    for entry in detail["journal"]:
        rounds.setdefault(entry.get("round", 0), []).append(describe(entry, players))
    # in what the match counts (points, or with S4 round wins), as the engine stood after each round
    rows = [{"round": row["round"], "points": row["standing"]["last_round"], "totals": row["standing"]["totals"]}
            for row in detail["rounds"]]
    return {"match": match, "refused": detail["refused"], "rounds": rows,
            "chart": {"players": players, "target": detail["standing"]["goal"], "rows": rows},
            "events": [{"round": number, "texts": texts} for number, texts in sorted(rounds.items())]}


# -- pages ------------------------------------------------------------------------------------
@blueprint.get("/matches")
def list_page():
    archive = current_app.extensions.get("matches")
    entries = [match_view(entry) for entry in archive.list()] if archive is not None else None
    return _page("matches.html", page="matches", matches=entries)


@blueprint.get("/matches/<int:match_id>")
def detail_page(match_id: int):
    detail = detail_view(_reading(_archive().detail, match_id))
    return _page("match.html", page="matches", detail=detail, is_host=security.is_host())


# -- JSON --------------------------------------------------------------------------------------
@blueprint.get("/api/matches")
def list_json():
    return jsonify(matches=[match_view(entry) for entry in _archive().list()])


@blueprint.get("/api/matches/<int:match_id>")
def detail_json(match_id: int):
    return jsonify(detail_view(_reading(_archive().detail, match_id)))


@blueprint.get("/api/matches/<int:match_id>/log")
def log_json_lines(match_id: int):
    text = _reading(_archive().export, match_id)
    return Response(text, mimetype="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="uno-match-{match_id}.jsonl"'})


@blueprint.post("/api/matches/<int:match_id>/reopen")
def reopen(match_id: int):
    security.require_host()
    api._json_object()
    observation = _reading(_archive().reopening, match_id)
    try:
        update = api._table().submit(observation).result(timeout=api.COMMAND_SECONDS)
    except FutureTimeout:
        raise ServiceUnavailable(_("The table is busy; try again.")) from None
    except UserError as error:  # over, at the table already, or unreadable: nothing changed
        _refuse(error)
    return api._answer(update)
