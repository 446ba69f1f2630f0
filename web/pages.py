"""The three pages a phone opens: scoreboard, history, setup (host), plus the QR login link."""
from __future__ import annotations

import re
import time

from flask import (Blueprint, Response, current_app, make_response, redirect, render_template,
                   request, url_for)
from flask_babel import get_locale

from companion.web import security, view
from companion.web.i18n import LANGUAGE_COOKIE, LANGUAGES
from companion.web.qr import host_qr_svg

blueprint = Blueprint("pages", __name__)


def _page(template: str, **context):
    update = current_app.extensions["table"].latest
    locale = str(get_locale())
    return render_template(template, view=view.render(update, locale), version=update.version,
                           labels=view.page_labels(), languages=LANGUAGES, locale=locale,
                           **context)


@blueprint.get("/")
def scoreboard():
    return _page("scoreboard.html", page="scoreboard")


@blueprint.get("/history")
def history():
    return _page("history.html", page="history")


@blueprint.get("/setup")
def setup():
    context = {"page": "setup", "options": view.options_catalog(str(get_locale())), "next_setup": None}
    if security.is_host():
        link = current_app.config["HOST_LINK"]
        # the next game starts from the saved setup, else from the rules of the match at the table
        context.update(host_link=link, qr_svg=host_qr_svg(link) if link else "",
                       next_setup=view.setup_json(current_app.extensions["next_setup"].load())
                       or current_app.extensions["table"].latest.snapshot.setup.to_json())
    return _page("setup.html", **context)


@blueprint.get("/host")
def host_link():
    """The QR code's target: the token becomes the host's session cookie, then on to setup."""
    security.log_in(request.remote_addr or "?", request.args.get("token"), time.monotonic())
    return redirect(url_for("pages.setup"), code=303)


@blueprint.get("/lang/<code>")
def language(code: str):
    """This phone's language (a preference, not game state, so a plain link may set it)."""
    target = request.args.get("next", "/")
    if not re.fullmatch(r"/(history|setup|matches(/[0-9]{1,18})?)?", target):  # our own pages only:
        target = "/"                                                           # no open redirect
    response: Response = make_response(redirect(target, code=303))
    if code in LANGUAGES:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response
