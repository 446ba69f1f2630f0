"""The whole table from a config: store, engine, table loop, devices, camera, web page.

>>> from companion.config import parse_config
>>> config = parse_config({"table": {"players": ["Ana", "Ben"]}, "data": {"store": ":memory:"},
...                        "web": {"host": "127.0.0.1"}})
>>> with TableService(config, web_port=0) as table:   # 0: any free port
...     table.loop.latest.snapshot["players"], table.web.url.startswith("http://127.0.0.1:")
(['Ana', 'Ben'], True)

Start order: store and game (replayed), devices, the loop, the lights restored
from ``game.prompt()``, the device pump and the camera, the page, then
``READY=1`` to systemd and the watchdog heartbeat, which goes *through* the
loop thread so a hung loop stops it. Stop order: outputs safe first.
"""
from __future__ import annotations

import logging
import queue
from dataclasses import replace
from pathlib import Path

from companion import systemd
from companion.config import Config
from companion.backends import open_devices
from companion.devices.jobqueue import game_angles
from companion.engine import preset
from companion.engine.inputs import options_for_mode, throws_bursts, turn_timer
from companion.errors import UserError
from companion.matchdb.database import MatchDatabase
from companion.service.adapters import DeviceAdapter, DevicePump
from companion.service.camera import CameraFeeder, open_camera
from companion.service.recording import MatchArchive, StoreKeeper
from companion.table import Setup, TableGame, TableLoop
from companion.table.chances import TableChances
from companion.threads import Worker

log = logging.getLogger(__name__)
DEFAULT_NAMES = ("Ana", "Ben", "Cem", "Dora")


def setup_from_config(config: Config, dealer: int | None = None) -> Setup:
    """The first match's setup: players, mode and the preset with the ``[rules]`` changes."""
    try:
        options = preset(config.table.preset).replace(**config.rules)
    except UserError as error:
        raise UserError(f"[rules] or [table] preset: {error}") from None
    players = config.table.players or DEFAULT_NAMES
    options = options_for_mode(options, config.table.mode)   # the engine's: Flash's clock (E2)
    return Setup(players=tuple(players), dealer=dealer, mode=config.table.mode,
                 language=config.table.language, options=options)


def open_table_devices(config: Config, events: queue.Queue, **options) -> tuple:
    """``(launcher, ring, beeper, opened)``: each device on its own backend, or None for ``none``.

    ``open_devices`` opens a whole set on one backend; with two backends both sets
    are opened and the parts not asked for are closed at once.
    """
    wanted = {"launcher": config.launcher.backend, "ring": config.ring.backend}
    opened = {}
    launcher_options = {"motor_limit": config.launcher.motor_limit_s,
                        "card_deadline": config.launcher.card_deadline_s,
                        "jam_reverse": config.launcher.jam_reverse_s,
                        "jam_retries": config.launcher.jam_retries,
                        **(options.pop("launcher_options", None) or {})}
    try:
        for backend in dict.fromkeys(b for b in wanted.values() if b != "none"):
            opened[backend] = open_devices(backend, events, burst_policy=config.launcher.burst_policy,
                                           launcher_options=launcher_options,
                                           port=config.pico.port, **options)
    except Exception:
        for devices in opened.values():
            devices.close()
        raise
    launcher = opened[wanted["launcher"]].launcher if wanted["launcher"] != "none" else None
    ring_set = opened.get(wanted["ring"])
    for backend, devices in opened.items():
        if devices.launcher is not launcher:
            devices.launcher.close()
        if ring_set is not devices:
            devices.ring.close()
            devices.beeper.close()
    return launcher, ring_set and ring_set.ring, ring_set and ring_set.beeper, opened


class TableService:
    """Everything a table runs, built from a :class:`~companion.config.Config`."""

    def __init__(self, config: Config, *, seed: int | None = None, stack_options: dict | None = None,
                 pinmap=None, camera=None, web: bool = True, host_token: str | None = None,
                 secret_key: str | None = None, dealer: int | None = None,
                 web_port: int | None = None, new_watcher=None, launcher_options: dict | None = None):
        self.config = config
        self.setup = setup_from_config(config, dealer)
        if seed is not None or config.table.seed is not None:  # E2's random turns follow it too
            self.setup = replace(self.setup, seed=seed if seed is not None else config.table.seed)
        self.store = MatchDatabase(config.data.store)
        self.keeper = StoreKeeper(self.store)
        self.events: queue.Queue = queue.Queue()
        self._device_options = {"seed": seed if seed is not None else config.table.seed,
                                "stack_options": stack_options, "pinmap": pinmap,
                                "launcher_options": launcher_options}
        self._camera_source, self._new_watcher = camera, new_watcher
        self._web_options = {"host_token": host_token, "secret_key": secret_key} if web else None
        self._web_port = config.web.port if web_port is None else web_port
        self.loop: TableLoop | None = None
        self.devices: dict = {}
        self.launcher = self.ring = self.beeper = None
        self._pod_angles: list[float] = []
        self.pump = self.camera = self.web = None
        self.chances: TableChances | None = None
        self._watchdog: Worker | None = None

    def state_directory(self) -> Path | None:
        """Where the service keeps its files: the game store's folder (None: in memory only)."""
        store = self.config.data.store
        return None if store in ("", ":memory:") else Path(store).resolve().parent

    def _first_game(self):
        """The match to continue (the one last started or reopened), else a new one."""
        try:
            return self.keeper.restore() or self.keeper.new_game(self.setup)
        except UserError as error:  # a damaged or too old match must not keep the table from starting
            log.error("cannot continue the last match (%s); a new match starts, the old one stays "
                      "in %s", error, self.store.path)
            return self.keeper.new_game(self.setup)

    def forget_host_keys(self) -> None:
        """A new host token and session secret at the next start: the old QR code and every
        phone signed in as host stop working (``uno-companion run --new-host-token``)."""
        from companion.web.keys import HOST_TOKEN_FILE, SESSION_SECRET_FILE
        folder = self.state_directory()
        for name in (HOST_TOKEN_FILE, SESSION_SECRET_FILE):
            if folder is not None:
                (folder / name).unlink(missing_ok=True)

    def _web_keys(self) -> dict:
        """The session secret and host token, kept in the state directory across restarts."""
        from companion.web.keys import (HOST_TOKEN_FILE, SESSION_SECRET_FILE, kept_key,
                                        new_host_token, new_session_secret)
        folder = self.state_directory()
        options = dict(self._web_options)
        if not options.get("secret_key"):
            options["secret_key"] = kept_key(folder and folder / SESSION_SECRET_FILE, new_session_secret)
        if not options.get("host_token"):
            options["host_token"] = kept_key(folder and folder / HOST_TOKEN_FILE, new_host_token)
        return options

    def _carry_out(self, update) -> None:
        """The engine's actions, done by the devices (the loop's first subscriber). After a new
        or reopened match (other seats, another mode) the devices are set up for it first;
        after any change by the host the launcher stops throwing what the engine no longer
        asks for. So the ring and launcher show the engine's prompt, as after a restart."""
        if update.kind == "new-game":
            setup = update.snapshot.setup
            self.adapter.seats = len(setup.players)
            self._aim_for(len(setup.players))
            self.adapter.turn_seconds = turn_timer(setup.mode, setup.options.flash_turn_seconds)
            if self.pump is not None:
                self.pump.burst = throws_bursts(setup.mode)
        if (update.kind in ("new-game", "undo", "correct") and self.launcher is not None
                and self.launcher.busy and not any(a.type == "dispense" for a in update.actions)):
            self.launcher.stop()
        self.adapter.carry_out(update.actions)

    def _aim_for(self, players: int) -> None:
        """The launcher aims over the game's seats, which may be more than the table's pods."""
        if self.launcher is not None and self._pod_angles:
            self.launcher.seat_angles = game_angles(self._pod_angles, players)

    def start(self) -> "TableService":
        game = self._first_game()
        try:
            self.launcher, self.ring, self.beeper, self.devices = open_table_devices(
                self.config, self.events, **self._device_options)
        except Exception:
            self.store.close()
            raise
        seats = len(game.setup.players)
        self._pod_angles = list(getattr(self.launcher, "seat_angles", ()))
        self._aim_for(seats)
        flash = turn_timer(game.setup.mode, game.setup.options.flash_turn_seconds)
        self.adapter = DeviceAdapter(self.launcher, self.ring, self.beeper, seats=seats,
                                     turn_seconds=flash)
        self.loop = TableLoop(game, self.keeper.new_game, before_apply=self.keeper.before_apply,
                              refused=self.keeper.refused).start()
        self.loop.subscribe(self._carry_out)
        self.loop.subscribe(self.keeper.after_update)
        self.adapter.carry_out(self.loop.call(TableGame.prompt))  # lights as they were
        self.chances = TableChances(self.config.chances, seed=self.setup.seed).attach(self.loop)
        self.pump = DevicePump(self.loop, self.events, self.adapter,
                               burst=throws_bursts(game.setup.mode)).start()
        source = self._camera_source or open_camera(self.config.camera.source)
        if source is not None:
            self.camera = CameraFeeder(self.loop, source, self._new_watcher or self._watcher_factory(),
                                       idle_sleep=0.002 if self._camera_source else 0.01).start()
        if self._web_options is not None:
            from companion.web.server import WebServer
            web = self.config.web
            try:
                self.web = WebServer(self.loop, web.host, self._web_port, trusted_hosts=web.trusted_hosts,
                                     table_language=self.config.table.language,
                                     matches=MatchArchive(self.keeper), chances=self.chances,
                                     **self._web_keys()).start()
            except OSError as error:
                self.stop()
                raise UserError(f"cannot serve the page on {web.host}:{self._web_port} ({error.strerror}); "
                                "is another companion running? Choose another port") from None
        systemd.notify("READY=1")
        interval = systemd.watchdog_interval()
        if interval:
            self._watchdog = Worker("watchdog", lambda: self._heartbeat(interval))
            self._watchdog.start()
        return self

    def _watcher_factory(self):
        from companion.vision.recognise import Recogniser
        from companion.vision.watcher import DiscardWatcher
        profile = None
        if self.config.camera.profile:
            from companion.vision.profile import Profile
            profile = Profile.load(self.config.camera.profile)
        recogniser = Recogniser(profile)
        return lambda: DiscardWatcher(recogniser)

    def _heartbeat(self, interval: float) -> None:
        """WATCHDOG=1 only while the loop thread answers: a hung loop gets restarted."""
        while not self._watchdog.stopping.wait(interval):
            try:
                self.loop.call(lambda game: None, timeout=interval)
            except Exception:
                log.error("the table loop did not answer within %.1f s", interval)
                continue
            systemd.notify("WATCHDOG=1")

    def outputs_safe(self) -> None:
        """Motor off, lights off, silence: first thing on any stop."""
        for part in (self.launcher, self.ring, self.beeper):
            if part is not None:
                try:
                    part.safe_state()
                except Exception:
                    log.exception("could not make %r safe", part)

    def stop(self) -> None:
        if self._watchdog is not None:
            self._watchdog.stop(0)  # not waited for: it ends at its next beat
        systemd.notify("STOPPING=1")
        self.outputs_safe()
        for part in (self.camera, self.web):
            if part is not None:
                part.close() if hasattr(part, "close") else part.stop()
        if self.pump is not None:
            self.pump.stop()
        if self.chances is not None:
            self.chances.close()
        if self.loop is not None:
            self.loop.stop()
        if self._camera_source is None and self.camera is not None:
            self.camera.source.close()
        for devices in self.devices.values():
            devices.close()
        self.store.close()

    def __enter__(self) -> "TableService":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
