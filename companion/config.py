"""The table's configuration file (TOML) for ``uno-companion run --config FILE``.

Every key is checked when the file is read; a mistake names the key and what
would be right, so a wrong config never reaches the table. An annotated
example is ``docs/example-config.toml``.

>>> config = parse_config({"table": {"players": ["Ana", "Ben"]}})
>>> config.launcher.backend, config.web.port
('sim', 8000)
"""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.devices.jobqueue import check_jam_clearing, check_motor_times
from companion.errors import UserError
from companion.table.chances import ChancesConfig
from companion.table.game import check_language, check_mode, check_players, check_seed
from companion.tomlfile import read_toml

BACKENDS = ("sim", "gpio", "pico", "none")
#: [table] keys judged exactly as the setup page judges them (companion.table.game).
TABLE_CHECKS = {"players": check_players, "mode": check_mode, "language": check_language, "seed": check_seed}


@dataclass(frozen=True)
class TableSection:
    players: tuple[str, ...] = ()
    mode: str = "classic"
    preset: str = "official"
    language: str = "en"
    seed: int | None = None


@dataclass(frozen=True)
class LauncherSection:
    backend: str = "sim"
    motor_limit_s: float = 3.0
    card_deadline_s: float = 0.8
    burst_policy: str = "toy"
    jam_reverse_s: float = 0.15    # a jam: run backward this long to free the card ...
    jam_retries: int = 2           # ... this many times before reporting it


@dataclass(frozen=True)
class RingSection:
    backend: str = "sim"


@dataclass(frozen=True)
class PicoSection:
    port: str = "/dev/ttyACM0"


@dataclass(frozen=True)
class CameraSection:
    source: str = "none"
    profile: str = ""


@dataclass(frozen=True)
class WebSection:
    host: str = "0.0.0.0"
    port: int = 8000
    trusted_hosts: tuple[str, ...] = ()


@dataclass(frozen=True)
class DataSection:
    store: str = "games.sqlite"


@dataclass(frozen=True)
class Config:
    table: TableSection = field(default_factory=TableSection)
    rules: dict[str, Any] = field(default_factory=dict)
    launcher: LauncherSection = field(default_factory=LauncherSection)
    ring: RingSection = field(default_factory=RingSection)
    pico: PicoSection = field(default_factory=PicoSection)
    camera: CameraSection = field(default_factory=CameraSection)
    web: WebSection = field(default_factory=WebSection)
    data: DataSection = field(default_factory=DataSection)
    chances: ChancesConfig = field(default_factory=ChancesConfig)   # its module checks its range


CHOICES = {
    ("launcher", "backend"): BACKENDS,
    ("ring", "backend"): BACKENDS,
}
SECTIONS = {f.name: f.default_factory for f in fields(Config) if f.name != "rules"}
# Keys whose range the module that uses them checks (and names), after the types are right.
RANGED_BY_THEIR_MODULE = {("launcher", "motor_limit_s"), ("launcher", "card_deadline_s"),
                          ("launcher", "jam_reverse_s")}


def load_config(path: str | Path) -> Config:
    """Read and check a config file; every problem is a :class:`UserError` naming the key."""
    path = Path(path)
    data = read_toml(path, "the config file")
    try:
        return parse_config(data)
    except UserError as error:
        raise UserError(f"{path}: {error}") from None


def parse_config(data: dict[str, Any]) -> Config:
    unknown = set(data) - set(SECTIONS) - {"rules"}
    if unknown:
        raise UserError(f"unknown section [{sorted(unknown)[0]}]; sections are: "
                        + ", ".join(["rules", *SECTIONS]))
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise UserError("[rules] must be a table of rule options, e.g. uno_penalty = 2")
    sections = {name: _section(name, factory(), data.get(name, {})) for name, factory in SECTIONS.items()}
    launcher = sections["launcher"]
    check_motor_times(launcher.motor_limit_s, launcher.card_deadline_s,
                      names=("[launcher] motor_limit_s", "[launcher] card_deadline_s"))
    try:
        check_jam_clearing(launcher.jam_reverse_s, launcher.jam_retries)
    except UserError as error:
        raise UserError(f"[launcher] jam_reverse_s / jam_retries: {error}") from None
    return Config(rules=dict(rules), **sections)


def _section(name: str, default: Any, values: Any) -> Any:
    if not isinstance(values, dict):
        raise UserError(f"[{name}] must be a table")
    known = {f.name: f for f in fields(default)}
    checked = {}
    for key, value in values.items():
        if key not in known:
            raise UserError(f"[{name}] unknown key '{key}'; keys are: {', '.join(known)}")
        checked[key] = _check_value(name, key, getattr(default, key), value)
    return type(default)(**checked)


def _check_value(section: str, key: str, default: Any, value: Any) -> Any:
    where = f"[{section}] {key}"
    choices = CHOICES.get((section, key))
    if choices and value not in choices:
        raise UserError(f"{where} = {value!r}: choose one of {', '.join(choices)}")
    if isinstance(default, tuple):
        if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
            raise UserError(f"{where} must be a list of names, e.g. [\"Ana\", \"Ben\"]")
        if (section, key) == ("web", "trusted_hosts"):
            return tuple(_host_name(where, item.strip()) for item in value)
    if section == "table" and key in TABLE_CHECKS:
        try:
            return TABLE_CHECKS[key](value)
        except UserError as error:
            raise UserError(f"[table] {error}") from None
    if isinstance(default, bool) or isinstance(value, bool):
        raise UserError(f"{where} = {value!r}: expected {type(default).__name__}")
    if isinstance(default, float) and isinstance(value, (int, float)):
        if value <= 0 and (section, key) not in RANGED_BY_THEIR_MODULE:
            raise UserError(f"{where} must be more than 0 seconds")
        return float(value)
    if default is None and isinstance(value, int):
        return value
    if not isinstance(value, type(default)):
        raise UserError(f"{where} = {value!r}: expected {type(default).__name__}")
    if (section, key) == ("web", "port") and not 1 <= value <= 65535:
        raise UserError(f"{where} = {value}: a port is 1 to 65535")
    if (section, key) == ("web", "host") and value:  # "" listens on every address, like 0.0.0.0
        return _listening_address(where, value)
    if (section, key) == ("data", "store") and not value.strip():
        raise UserError(f"{where} is empty: give the game store's file, e.g. /var/lib/uno-companion/games.sqlite "
                        "(or \":memory:\" to keep nothing after a stop)")
    return value


HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]{0,62})(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,62}))*\.?")


def _listening_address(where: str, host: str) -> str:
    """An address of this box to listen on: an IP address (0.0.0.0: all) or a host name."""
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    if not HOST_NAME.fullmatch(host):
        raise UserError(f"{where} = {host!r}: not an address to listen on; write 0.0.0.0 (every network), "
                        "127.0.0.1 (this box only), an IP address of the box or its host name")
    return host


def _host_name(where: str, name: str) -> str:
    """A name the way a phone's browser sends it in the Host header, without scheme or port."""
    if not HOST_NAME.fullmatch(name):
        raise UserError(f"{where}: {name!r} is not a host name; write it like uno.home.arpa "
                        "(no http://, no port, no path)")
    return name
