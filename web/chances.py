"""The live win chances on the phones: what each phone may see of the table's estimates.

The table (:class:`companion.table.chances.TableChances`) publishes each estimate to the
stream hub as a ``chances`` message; every phone's stream turns it into its payload here,
with the numbers only where the engine says this phone sees them (S5 ``show_chances``: the
host always, every phone when the table chose so at setup). ``GET /api/chances`` answers the
same payload. docs/web.md describes the fields.

>>> for_phone(None, host=True)
{'version': None, 'shown': False}
"""
from __future__ import annotations

import threading

from flask import Blueprint, current_app, jsonify
from flask_babel import gettext as _

from companion.web import security
from companion.web.sse import Shared

blueprint = Blueprint("chances", __name__, url_prefix="/api")
_made: dict = {}   # (id of the estimate, shown) -> (estimate, payload): one payload for every phone
_made_lock = threading.Lock()


def install(app, chances) -> None:
    """Serve ``chances`` (a TableChances, or None: the table estimates none) on ``app``."""
    app.extensions["chances"] = chances
    app.register_blueprint(blueprint)
    app.context_processor(lambda: {"chances_initial": _initial()})
    if chances is not None:
        hub = app.extensions["hub"]
        chances.subscribe(lambda latest: hub.publish("chances", latest))


def _table_chances():
    return current_app.extensions.get("chances")


def queue_latest(stream) -> None:
    """Put the estimate at hand on a newly opened stream (it follows the snapshot)."""
    chances = _table_chances()
    latest = chances.latest if chances is not None else None
    if latest is not None:
        stream.put("chances", latest)


def _payload(chances) -> dict:
    estimate = chances.estimate
    settled = estimate.playouts == 0
    begun = not settled or max(estimate.round, default=0) == 1.0   # before the deal: nothing to say
    match = estimate.match if estimate.match and sum(estimate.match) > 0 else None  # no match end seen
    players = []
    for seat, name in enumerate(chances.players):
        players.append({
            "seat": seat, "name": name,
            "round": round(estimate.round[seat], 4) if begun else None,
            "round_se": round(estimate.round_se[seat], 4) if begun else None,
            "match": round(match[seat], 4) if match else None,
            "match_se": round(estimate.match_se[seat], 4) if match else None})
    return {"version": chances.version, "shown": True, "round_no": chances.round_no,
            "players": players, "playouts": estimate.playouts, "settled": settled,
            "cpu_ms": round(estimate.cpu_s * 1000, 1),
            "series": [{"step": point.step, "round": [round(v, 4) for v in point.round]}
                       for point in chances.series]}


def for_phone(chances, host: bool) -> dict:
    """What one phone gets of ``chances`` (a :class:`~companion.table.chances.Chances`)."""
    if chances is None:
        return {"version": None, "shown": False}
    shown = chances.visible_to(host)
    key = (id(chances), shown)
    with _made_lock:
        made = _made.get(key)
    if made is None or made[0] is not chances:
        payload = Shared(_payload(chances)) if shown else Shared(version=chances.version, shown=False)
        made = (chances, payload)
        with _made_lock:
            _made[key] = made
            while len(_made) > 8:
                del _made[next(iter(_made))]
    return made[1]


def _initial() -> dict:
    """The page's first chances (the stream brings the next) and the words its script needs."""
    chances = _table_chances()
    latest = chances.latest if chances is not None else None
    return {"chances": for_phone(latest, security.is_host()), "enabled": chances is not None,
            "labels": {"round": _("Round"), "match": _("Match"), "chances": _("Win chances"),
                       "updating": _("updating…"), "playouts": _("%(count)s playouts")}}


@blueprint.get("/chances")
def latest_chances():
    chances = _table_chances()
    return jsonify(for_phone(chances.latest if chances is not None else None, security.is_host()))
