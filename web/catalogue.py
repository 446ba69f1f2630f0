"""Keep the German catalogue complete: ``python -m companion.web.catalogue``.

Extracts every gettext string of web/ (Python and templates) and adds the
engine's English texts the page shows (rule explanations, and every keyed
message of companion/engine/messages.py: refusals, misplay reasons, notices),
then updates web/translations/de/LC_MESSAGES/messages.po keeping every existing translation. New entries have an empty msgstr; fill them in.
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

WEB = Path(__file__).parent
PO_PATH = WEB / "translations" / "de" / "LC_MESSAGES" / "messages.po"
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2")]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "_l": None, "lazy_gettext": None}

def engine_messages() -> list[str]:
    """The engine's fixed English sentences that reach the page."""
    from companion.engine.option_info import OPTION_INFO
    from companion.engine.messages import MESSAGES
    return [info.help for info in OPTION_INFO.values()] + list(MESSAGES.values())


def current_template() -> Catalog:
    template = Catalog(project="uno-companion")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(WEB), METHODS, keywords=KEYWORDS):
        template.add(message, locations=[(filename, lineno)], auto_comments=comments,
                     context=context)
    for message in engine_messages():
        if message not in template:
            template.add(message, locations=[("companion/engine", 0)])
    return template


def update(po_path: Path = PO_PATH) -> list[str]:
    """Update the German catalogue in place; answer the msgids still untranslated."""
    with po_path.open("rb") as po_file:
        catalog = read_po(po_file, locale="de")
    template = current_template()
    template.creation_date = catalog.creation_date  # no diff when nothing changed
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    with po_path.open("wb") as po_file:
        write_po(po_file, catalog, width=100, include_lineno=False)  # less churn
    return [m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id and not m.string]


def main(argv: list[str] | None = None) -> int:
    missing = update()
    for message in missing:
        print("untranslated:", message)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
