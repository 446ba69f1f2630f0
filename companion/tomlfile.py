"""Reading a person's TOML file (config, pin map) with one clear message when it fails."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.errors import UserError


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The file's tables; a missing, unreadable or malformed file is a :class:`UserError`.

    ``what`` names the file for a person, e.g. ``"the pin map"``.
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UserError(f"cannot read {what} {path}: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UserError(f"{path} is not valid TOML: {error}") from None
