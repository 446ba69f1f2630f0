"""Shared helpers of the service tests: a table config on sim devices, a page's JSON."""
from __future__ import annotations

import json
import urllib.request

from companion.config import parse_config


def sim_config(tmp_path, *, players=("Ana", "Ben", "Cem"), mode="classic", launcher="sim", ring="sim",
               rules=None, preset="official"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    return parse_config({
        "table": {"players": list(players), "mode": mode, "preset": preset},
        "rules": dict(rules or {}),
        "launcher": {"backend": launcher}, "ring": {"backend": ring},
        "web": {"host": "127.0.0.1"}, "data": {"store": str(tmp_path / "games.sqlite")}})


def get_json(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())
