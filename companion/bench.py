"""``uno-companion bench WHAT``: benchmarks that print their figures.

Each benchmark's last line is ``name=value`` so scripts can read the figure.
"""
from __future__ import annotations

import importlib

from companion.errors import UserError

BENCHMARKS: dict[str, str] = {
    "engine": "companion.engine.bench:main",
    "devices": "companion.devices.bench:main",
    "link": "companion.backends.pico.bench:main",
    "web": "companion.web.bench:main",
    "matches": "companion.web.bench_matches:main",
    "latency": "companion.service.bench:main",
    "undo": "companion.table.bench:main",
    "vision": "companion.vision.bench:main",
    "photos": "companion.vision.photos:main",
    "chances": "companion.chances.bench:main",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: uno-companion bench {" + ",".join(BENCHMARKS) + "} [options]")
        return 0 if argv else 2
    what, rest = argv[0], argv[1:]
    if what not in BENCHMARKS:
        raise UserError(f"unknown benchmark {what!r}; choose one of: {', '.join(BENCHMARKS)}")
    module_name, function_name = BENCHMARKS[what].split(":")
    return int(getattr(importlib.import_module(module_name), function_name)(rest) or 0)
