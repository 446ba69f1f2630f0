"""German and English through Flask-Babel's gettext catalogues.

Only the ``.po`` sources are committed. At start the app compiles them with
Babel (already a dependency of Flask-Babel) into a private folder, so a fresh
clone, an installed wheel and a read-only SD card all work without a build step.
To add strings: ``pybabel extract -F web/babel.cfg -o messages.pot web`` then
``pybabel update -i messages.pot -d web/translations``.

The language is chosen per phone (a cookie set from the page's language link),
else the table's language from setup, else the browser's preference.
"""
from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, current_app, request
from flask_babel import Babel

SOURCE_DIRECTORY = Path(__file__).parent / "translations"
LANGUAGES = {"en": "English", "de": "Deutsch"}
LANGUAGE_COOKIE = "lang"


def compile_catalogues(source: Path = SOURCE_DIRECTORY) -> Path:
    """Compile every ``LANG/LC_MESSAGES/*.po`` under ``source`` into a new folder; return it."""
    target = Path(tempfile.mkdtemp(prefix="uno-companion-locale-"))
    atexit.register(shutil.rmtree, target, ignore_errors=True)
    for po_path in source.glob("*/LC_MESSAGES/*.po"):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parent.parent.name)
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog, use_fuzzy=False)
    return target


def select_locale() -> str:
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    table_language = current_app.config.get("TABLE_LANGUAGE")
    if table_language in LANGUAGES:
        return table_language
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


_compiled: Path | None = None


def init_babel(app: Flask) -> Babel:
    global _compiled
    if _compiled is None:  # once per process; the catalogues do not change while running
        _compiled = compile_catalogues()
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(_compiled)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    return Babel(app, locale_selector=select_locale)
