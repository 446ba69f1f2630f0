"""The host's keys, kept across restarts: the session secret and the host token.

A phone that became host stays host after the box reboots only if the secret
that signs its session cookie is the same; the QR code printed at the first
start keeps working only if the host token is the same. Both live as small
files in the service's state directory, readable by the service's user alone
(0600), created on the first run. A file that cannot be read or holds garbage
is logged and replaced by a new key: the host scans the new code, nothing else
is lost.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> first = kept_key(folder / "host-token", new_host_token)
>>> kept_key(folder / "host-token", new_host_token) == first
True
>>> oct((folder / "host-token").stat().st_mode & 0o777)
'0o600'
"""
from __future__ import annotations

import logging
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path

from companion.web.security import new_host_token

log = logging.getLogger(__name__)
SESSION_SECRET_FILE = "session-secret"
HOST_TOKEN_FILE = "host-token"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_\-]{8,200}")  # what new_host_token and new_session_secret make

__all__ = ["HOST_TOKEN_FILE", "SESSION_SECRET_FILE", "kept_key", "new_host_token", "new_session_secret"]


def new_session_secret() -> str:
    return secrets.token_hex(32)


def kept_key(path: Path | None, make: Callable[[], str]) -> str:
    """The key in ``path``, or a new one from ``make()`` written there (0600).

    ``path`` None: a key for this run only. A damaged or unreadable file is
    logged and replaced; a folder that cannot be written is logged and the new
    key lives for this run.
    """
    if path is None:
        return make()
    path = Path(path)
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    except (OSError, UnicodeDecodeError) as error:
        log.error("cannot read %s (%s); making a new one: the host scans the new code once",
                  path, getattr(error, "strerror", None) or "not text")
    else:
        if KEY_PATTERN.fullmatch(text):
            _owner_only(path)
            return text
        log.error("%s is damaged (not a key); making a new one: the host scans the new code once", path)
    key = make()
    _write_private(path, key)
    return key


def _owner_only(path: Path) -> None:
    try:
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
            log.warning("%s was readable by others; it is now for the service's user alone", path)
    except OSError as error:
        log.warning("cannot make %s private: %s", path, error.strerror)


def _write_private(path: Path, key: str) -> None:
    """Write ``key`` so that no other user can ever read it, atomically (no half-written file)."""
    temporary = path.with_name(f".{path.name}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            os.fchmod(file.fileno(), 0o600)  # O_CREAT's mode does not apply to an existing file
            file.write(key + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        log.error("cannot keep %s (%s): the key is new at every start until this is fixed",
                  path, error.strerror)
