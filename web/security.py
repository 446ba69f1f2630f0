"""Who may change the game: the host token, its session cookie, CSRF and Origin checks.

Anyone on the home network may watch. Changing anything needs the host: the
host token (printed at start, shown as a QR code) is exchanged once for a
signed session cookie; every POST then carries the session's CSRF token in the
``X-CSRF-Token`` header and, from a browser, an ``Origin`` equal to the page's
own. Wrong tokens are rate-limited per address so the token cannot be guessed.

>>> limiter = TokenTryLimiter(max_failures=2, window_seconds=60)
>>> limiter.retry_after("10.0.0.5", now=0.0)
0
>>> limiter.failed("10.0.0.5", now=0.0); limiter.failed("10.0.0.5", now=1.0)
>>> limiter.retry_after("10.0.0.5", now=2.0)
58
"""
from __future__ import annotations

import hmac
import ipaddress
import math
import secrets
import threading
from collections import deque

from flask import abort, current_app, request, session
from flask_babel import gettext as _
from werkzeug.exceptions import TooManyRequests

MAX_ADDRESSES = 10_000
SESSION_HOST = "host"
SESSION_CSRF = "csrf"


def new_host_token() -> str:
    """A token short enough to type from the terminal, long enough not to guess (~60 bits)."""
    return secrets.token_urlsafe(8)


class TokenTryLimiter:
    """At most ``max_failures`` wrong tokens per address within ``window_seconds``."""

    def __init__(self, max_failures: int = 5, window_seconds: float = 60.0):
        self.max_failures = max_failures
        self.window_seconds = window_seconds
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._failures.setdefault(address, deque())
        while times and times[0] <= now - self.window_seconds:
            times.popleft()
        return times

    def retry_after(self, address: str, now: float) -> int:
        """Seconds until this address may try again; 0 when it may try now."""
        with self._lock:
            times = self._recent(address, now)
            if len(times) < self.max_failures:
                return 0
            return max(1, math.ceil(times[0] + self.window_seconds - now))

    def failed(self, address: str, now: float) -> None:
        with self._lock:
            self._recent(address, now).append(now)
            if len(self._failures) > MAX_ADDRESSES:  # a flood of addresses must not grow memory
                live = sorted(((t[-1], a) for a, t in self._failures.items()
                               if t and t[-1] > now - self.window_seconds), reverse=True)
                self._failures = {a: self._failures[a] for _, a in live[:MAX_ADDRESSES // 2]}


def csrf_token() -> str:
    """The session's CSRF token, created on first use (every visitor gets one)."""
    token = session.get(SESSION_CSRF)
    if not token:
        token = session[SESSION_CSRF] = secrets.token_urlsafe(24)
    return token


def is_host() -> bool:
    return bool(session.get(SESSION_HOST))


def token_matches(given: object) -> bool:
    expected = current_app.config["HOST_TOKEN"]
    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


def host_name_is_trusted(host: str, trusted: list[str]) -> bool:
    """Is ``host`` (a Host header, maybe with a port) one of ours?

    Any IP address is accepted: DNS rebinding needs the attacker's own name in the
    Host header, and a box with Wi-Fi and Ethernet has several addresses.
    """
    name = host.strip().lower()
    if name.startswith("["):        # [::1]:8000
        name = name[1:].split("]", 1)[0]
    elif name.count(":") == 1:      # name:8000
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    if name in (t.lower().rstrip(".") for t in trusted):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def check_host() -> None:
    if not host_name_is_trusted(request.headers.get("Host", ""), current_app.config["HOST_NAMES"]):
        abort(400, description=_("This address (%(host)s) is not one of the companion's names.",
                                 host=request.headers.get("Host", "")[:100]))


def check_origin() -> None:
    """A browser's POST must come from a page of this very host (stops cross-site forms)."""
    origin = request.headers.get("Origin")
    if origin is None:  # not a browser (curl, a script): the CSRF token still has to match
        return
    if origin.rstrip("/").lower() != f"{request.scheme}://{request.host}".lower():
        abort(403, description=_("This request came from another site (Origin %(origin)s).",
                                 origin=origin[:100]))


def check_csrf() -> None:
    sent = request.headers.get("X-CSRF-Token", "")
    expected = session.get(SESSION_CSRF, "")
    if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        abort(403, description=_("The page is out of date (missing security token). Reload it."))


def require_host() -> None:
    if not is_host():
        abort(403, description=_("Only the host can change the game. Scan the host QR code first."))


def log_in(remote_address: str, given_token: object, now: float) -> None:
    """Turn this session into the host's, or abort with 429 / 403."""
    limiter: TokenTryLimiter = current_app.extensions["token_limiter"]
    wait = limiter.retry_after(remote_address, now)
    if wait:
        raise TooManyRequests(_("Too many wrong tokens. Try again in %(seconds)d seconds.",
                                seconds=wait), retry_after=wait)
    if not token_matches(given_token):
        limiter.failed(remote_address, now)
        abort(403, description=_("That host token is wrong."))
    session.clear()
    session[SESSION_HOST] = True
    csrf_token()


def log_out() -> None:
    """Back to watching; the CSRF token stays so the page keeps working."""
    session.pop(SESSION_HOST, None)
