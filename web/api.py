"""The JSON API under /api: state, options, log and the live stream for everyone; commands for the host.

Every command is a POST whose JSON body is checked here for shape and by the
engine for meaning; a refusal is a 4xx with a message a person can read, and
leaves the game as it was. See docs/web.md.
"""
from __future__ import annotations

import errno
import time
from concurrent.futures import TimeoutError as FutureTimeout

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context
from flask_babel import get_locale, gettext as _
from werkzeug.exceptions import (BadRequest, Conflict, HTTPException, ServiceUnavailable,
                                 UnprocessableEntity)

from companion.errors import UserError
from companion.numbers import whole_number
from companion.table import game as table_game
from companion.table.observations import Answer, Correct, Dismiss, NewGame, Happened, UndoLast, Update
from companion.web import chances as web_chances
from companion.web import security, view
from companion.web.sse import StreamHub, StreamsFull, event_stream

blueprint = Blueprint("api", __name__, url_prefix="/api")
TOKEN_ENDPOINTS = {"api.login", "pages.host_link"}  # these carry the host token instead of CSRF
COMMAND_SECONDS = 5.0
QUESTION_IDS = 2**31  # questions are numbered from 1 as the table asks them


def publisher(hub: StreamHub):
    """The table loop's subscriber: one copy of each update to every open stream."""
    return lambda update: hub.publish("change", update)


class InsufficientStorage(HTTPException):
    """507: the box's storage is full (werkzeug has no class for it)."""
    code = 507
    description = "Insufficient Storage"


def _table():
    return current_app.extensions["table"]


def _json_object(*allowed: str) -> dict:
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # [[[[...]]]] within the size limit is still too deep for the parser
        raise BadRequest(_("The JSON is nested too deeply.")) from None
    if not isinstance(body, dict):
        raise BadRequest(_("Send a JSON object (Content-Type: application/json)."))
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise BadRequest(_("Unknown field(s): %(fields)s. Allowed: %(allowed)s.",
                           fields=", ".join(map(str, unknown))[:200], allowed=", ".join(allowed)))
    return body


def _event(body: dict):
    if "event" not in body:
        raise BadRequest(_("The field 'event' is missing."))
    data = body["event"]
    try:
        if isinstance(data, dict) and data.get("type") == "round_end":
            data = {**data, "points": view.points_from_form(data.get("points"))}
        return table_game.event_from_json(data)
    except UserError as error:
        raise UnprocessableEntity(view.translate_error(error, _players())) from None


def _players() -> list[str]:
    """The players of the game at the table, in seat order (a refusal names them)."""
    return list(_table().latest.snapshot.game.players)


def _question_id(value) -> bool:
    try:
        return bool(whole_number(value, "question", 1, QUESTION_IDS))
    except UserError:
        return False


def _run(observation) -> Update:
    """Hand the observation to the table loop and wait for the engine's answer."""
    try:
        return _table().submit(observation).result(timeout=COMMAND_SECONDS)
    except FutureTimeout:
        raise ServiceUnavailable(_("The table is busy; try again.")) from None
    except OSError as error:  # the store could not write the event first: nothing changed
        if error.errno == errno.ENOSPC:
            raise InsufficientStorage(_("The box's storage is full: this was not recorded and the "
                                        "game is unchanged. Free some space on the box, then try "
                                        "again.")) from None
        raise ServiceUnavailable(_("The box cannot write its game store now: this was not "
                                   "recorded and the game is unchanged. Try again.")) from None
    except (UserError, ValueError) as refusal:  # the engine said no: nothing changed
        conflict = Conflict(view.translate_error(refusal, _players()))
        reason = refusal.args[0] if refusal.args else None
        if getattr(reason, "key", None):  # the engine's message key, for scripts and other languages
            conflict.engine_key, conflict.engine_params = reason.key, dict(reason.params)
        raise conflict from None


def _answer(update: Update):
    return jsonify(version=update.version, kind=update.kind,
                   view=view.render(update, str(get_locale())))


# -- for everyone ------------------------------------------------------------------------------
@blueprint.get("/state")
def state():
    update = _table().latest
    return jsonify(version=update.version, state=update.snapshot.to_json(),
                   view=view.render(update, str(get_locale())), host=security.is_host())


@blueprint.get("/options")
def options():
    return jsonify(view.options_catalog(str(get_locale())))


@blueprint.get("/log")
def game_log():
    return Response(_table().game_log(), mimetype="application/x-ndjson")


@blueprint.get("/stream")
def stream():
    hub: StreamHub = current_app.extensions["hub"]
    locale = str(get_locale())
    try:
        opened = hub.open(request.remote_addr)
    except StreamsFull as full:
        message = (_("This phone has too many pages of the table open (%(count)d). Close some; "
                     "trying again shortly.", count=hub.per_client) if full.mine else
                   _("Too many phones are connected (%(count)d). Trying again shortly.", count=hub.max_streams))
        body = "retry: 10000\nevent: full\ndata: " + view.json_line({"error": message}) + "\n\n"
        return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-store"})
    renderer = view.StreamRenderer(locale)
    first = ("snapshot", renderer.snapshot(_table().latest))
    host = security.is_host()
    web_chances.queue_latest(opened)  # the estimate at hand follows the snapshot

    def render(name, data):
        return web_chances.for_phone(data, host) if name == "chances" else renderer.change(data)
    gone = request.environ.get("waitress.client_disconnected", lambda: False)
    body = event_stream(opened, first, render, gone=gone)
    return Response(stream_with_context(body), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


# -- the host's key ----------------------------------------------------------------------------
@blueprint.post("/login")
def login():
    body = _json_object("token")
    security.log_in(request.remote_addr or "?", body.get("token"), time.monotonic())
    return jsonify(host=True, csrf=security.csrf_token())


@blueprint.post("/logout")
def logout():
    security.log_out()
    return jsonify(host=False)


# -- commands (host only) ----------------------------------------------------------------------
@blueprint.post("/events")
def post_event():
    security.require_host()
    body = _json_object("event", "answers")
    answers = body.get("answers")
    if answers is not None and not _question_id(answers):
        raise BadRequest(_("'answers' is the number of the question this event answers."))
    if any(q["id"] == answers and "answer" in q for q in _table().latest.snapshot.questions):
        event = body.get("event")   # the question names its event (a start card has no seat)
        return _answer(_run(Answer(answers, event.get("card") if isinstance(event, dict) else None)))
    return _answer(_run(Happened(_event(body), answers=answers)))


@blueprint.post("/dismiss")
def dismiss():
    security.require_host()
    question = _json_object("question").get("question")
    if not _question_id(question):
        raise BadRequest(_("Send the number of the question, e.g. {\"question\": 1}."))
    return _answer(_run(Dismiss(question)))


@blueprint.post("/correct")
def correct():
    security.require_host()
    card = _json_object("card").get("card")
    if not isinstance(card, str) or not card:
        raise BadRequest(_("Send the card that was really played, e.g. {\"card\": \"blue-7\"}."))
    return _answer(_run(Correct(card)))


@blueprint.post("/undo")
def undo():
    security.require_host()
    _json_object()
    return _answer(_run(UndoLast()))


@blueprint.post("/setup")
def setup():
    security.require_host()
    body = _json_object(*table_game.SETUP_FIELDS, "start")
    start = body.pop("start", False)
    if not isinstance(start, bool):
        raise BadRequest(_("'start' must be true or false."))
    try:
        setup_choice = table_game.setup_from_json(body)
    except UserError as error:
        raise UnprocessableEntity(view.translate_error(error)) from None
    current_app.extensions["next_setup"].save(setup_choice)
    current_app.config["TABLE_LANGUAGE"] = setup_choice.language
    if not start:
        return jsonify(saved=True)
    return _answer(_run(NewGame(setup_choice)))
