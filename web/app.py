"""The Flask app factory: pages, the JSON API, the event stream and the guards in front.

>>> from companion.table import sample_loop
>>> app = create_app(sample_loop(), host_token="secret")
>>> app.test_client().get("/api/state").status_code
200
"""
from __future__ import annotations

import secrets
import socket

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, NotFound

from companion.table.loop import TableLoop
from companion.web import api, pages, security
from companion.web import chances as web_chances
from companion.web import matches as match_pages
from companion.web.i18n import init_babel
from companion.web.saved_setup import SavedSetup, beside_store
from companion.web.sse import StreamHub

MAX_BODY_BYTES = 16 * 1024  # the biggest honest body (a full setup) is about 2 KB


def default_trusted_hosts(lan_address: str | None = None) -> list[str]:
    """Names a phone may use to reach the box besides any IP address; anything else
    (a stranger's name pointed at the box: DNS rebinding) is refused."""
    name = socket.gethostname()
    hosts = ["localhost", name, f"{name}.local"]
    if lan_address:
        hosts.append(lan_address)
    return hosts


def create_app(table: TableLoop, *, host_token: str | None = None,
               trusted_hosts: list[str] | None = None, max_streams: int = 60,
               secret_key: str | None = None, table_language: str | None = None,
               host_link: str = "", matches=None, chances=None) -> Flask:
    """A ready app for ``table``; serve it with waitress (see :mod:`companion.web.server`)."""
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secret_key or secrets.token_hex(32),
        HOST_TOKEN=host_token or security.new_host_token(),
        HOST_LINK=host_link,
        HOST_NAMES=trusted_hosts if trusted_hosts is not None else default_trusted_hosts(),
        TABLE_LANGUAGE=table_language,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",  # Strict would drop the cookie on the QR link's redirect in some browsers
    )
    app.extensions["table"] = table
    app.extensions["matches"] = matches  # companion.service.recording.MatchArchive, or None: not kept
    app.extensions["next_setup"] = SavedSetup(beside_store(matches))  # kept over a restart
    app.extensions["hub"] = hub = StreamHub(max_streams=max_streams)
    app.extensions["token_limiter"] = security.TokenTryLimiter()
    table.subscribe(api.publisher(hub))
    web_chances.install(app, chances)  # the live win chances, if the table estimates them
    init_babel(app)
    app.register_blueprint(api.blueprint)
    app.register_blueprint(pages.blueprint)
    app.register_blueprint(match_pages.blueprint)
    app.before_request(security.check_host)
    app.before_request(_guard_changes)
    app.after_request(_security_headers)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected_error)
    app.jinja_env.globals.update(csrf_token=security.csrf_token, is_host=security.is_host)
    return app


def _guard_changes() -> None:
    """Every change is a POST from this site's own page with the session's CSRF token."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    security.check_origin()
    if request.endpoint not in api.TOKEN_ENDPOINTS:
        security.check_csrf()


# Scripts only from this site (no inline script runs); the page may not be framed (clickjacking
# the host's buttons); no Referer leaves the page (the host link carries the token).
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


def _security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint in ("pages.setup", "pages.host_link"):
        response.headers["Cache-Control"] = "no-store"  # the host's page is never cached
    return response


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def _http_error(error: HTTPException):
    message = error.description if isinstance(error.description, str) else error.name
    if error.code == 413:
        message = _("The request is too large (at most %(kb)d KB).", kb=MAX_BODY_BYTES // 1024)
    elif error.code == 405:
        message = _("This address does not accept %(method)s.", method=request.method)
    elif error.code == 404 and message == NotFound.description:  # a route's own 404 says more
        message = _("There is no such page.")
    if _wants_json():
        extra = {}
        if getattr(error, "engine_key", None):
            extra = {"key": error.engine_key, "params": error.engine_params}
        response = jsonify(error=message, status=error.code, **extra)
    else:
        response = app_error_page(message, error.code)
    response.status_code = error.code or 500
    for header in ("Retry-After", "Allow"):
        if error.get_response().headers.get(header):
            response.headers[header] = error.get_response().headers[header]
    return response


def app_error_page(message: str, code: int | None):
    from flask import make_response
    return make_response(render_template("error.html", message=message, code=code))


def _unexpected_error(error: Exception):
    from flask import current_app
    current_app.logger.exception("internal error")
    message = _("Something went wrong inside the companion; the game is unchanged.")
    if _wants_json():
        return jsonify(error=message, status=500), 500
    return app_error_page(message, 500), 500
