"""Storage faults as a table meets them: a damaged file, a full disk, a missing folder.

Real SQLite files, the real service and its page over HTTP on loopback. A full disk
is SQLite's own limit (``PRAGMA max_page_count``): the same "database or disk is
full" a full SD card gives, without needing a filesystem to fill.
"""
import http.client
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import parse_config
from companion.errors import UserError
from companion.matchdb.database import MatchDatabase
from companion.service.recording import StoreKeeper
from companion.service.table import TableService
from companion.table import Setup, event_from_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from match_events import match_events  # noqa: E402  (a complete match as a table reports it)

PAGE = 4096


def config_for(tmp_path, store=None):
    return parse_config({"table": {"players": ["Ana", "Ben", "Cem"]}, "launcher": {"backend": "none"},
                         "ring": {"backend": "none"}, "web": {"host": "127.0.0.1"},
                         "data": {"store": str(store or tmp_path / "games.sqlite")}})


class HostPhone:
    def __init__(self, port):
        self.port = port
        status, answer, headers = self.request("POST", "/api/login", {"token": "test-token"})
        assert status == 200, answer
        self.headers = {"X-CSRF-Token": answer["csrf"], "Cookie": headers["Set-Cookie"].split(";")[0]}

    def request(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Content-Type": "application/json", "Accept": "application/json",
                   **getattr(self, "headers", {})}
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        data = json.loads(response.read() or b"null")
        connection.close()
        return response.status, data, response.headers

    def post_event(self, event):
        return self.request("POST", "/api/events", {"event": event})[:2]

    def state(self):
        return self.request("GET", "/api/state")[1]


def stored_matches(path, events_each=120):
    """A store of two matches of real play, closed (its WAL folded into the file)."""
    keeper = StoreKeeper(MatchDatabase(path))
    for seed in (1, 2):
        events, _ = match_events(seed=seed)
        game = keeper.new_game(Setup(players=("Ana", "Ben", "Cem"), dealer=None, seed=3))
        for event in events[:events_each]:
            game.apply(event_from_json(event))
    keeper.store.close()
    return Path(path)


def event_pages(path: Path) -> list[int]:
    """The numbers of the pages that hold events (table leaves other than a root)."""
    import sqlite3
    db = sqlite3.connect(path)
    roots = {root for (root,) in db.execute("SELECT rootpage FROM sqlite_master")}
    db.close()
    data = path.read_bytes()
    return [n for n in range(2, len(data) // PAGE + 1)
            if n not in roots and data[(n - 1) * PAGE] == 0x0D]


def damage(path: Path, pages, size=300):
    """Overwrite ``size`` bytes at the start of the given pages (1-based: their b-tree headers)."""
    data = bytearray(path.read_bytes())
    for page in pages:
        start = (page - 1) * PAGE
        data[start:start + size] = bytes((i * 37 + 11) % 256 for i in range(size))
    path.write_bytes(bytes(data))
    return bytes(data)


# -- 4: a damaged store ---------------------------------------------------------------------
def test_a_damaged_store_is_moved_aside_and_the_table_starts_saying_so(tmp_path, caplog):
    path = stored_matches(tmp_path / "games.sqlite")
    leaves = event_pages(path)
    damaged = damage(path, leaves[1:3])           # two of the events' pages
    with pytest.raises(UserError, match="malformed|damaged"):
        MatchDatabase(path, repair=False)          # what the table found before
    caplog.set_level(logging.ERROR)
    with TableService(config_for(tmp_path), web_port=0, host_token="test-token") as table:
        questions = HostPhone(table.web.port).state()["state"]["questions"]
    asides = [p for p in tmp_path.glob("games.sqlite.damaged-*") if not p.name.endswith(("-wal", "-shm"))]
    assert [p.read_bytes() for p in asides] == [damaged]
    notice = [q for q in questions if q["kind"] == "store_recovered"]
    assert notice and asides[0].name in notice[0]["text"] and "damaged" in notice[0]["text"]
    assert any("moved aside" in record.getMessage() for record in caplog.records)
    fresh = MatchDatabase(path, repair=False)     # the new file is sound and holds what was read
    assert fresh.recovered is None and len(fresh.matches()) == 2 and notice[0]["events"] > 0
    fresh.close()


def test_the_readable_matches_and_events_are_copied_into_the_fresh_store(tmp_path):
    path = stored_matches(tmp_path / "games.sqlite", events_each=400)
    before = MatchDatabase(path)
    lengths = {info.id: info.events for info in before.matches()}
    original = {match_id: before.events(match_id) for match_id in lengths}
    before.close()
    leaves = event_pages(path)
    damage(path, leaves[len(leaves) // 2:][:1])   # one page of events in the middle
    store = MatchDatabase(path)
    assert store.recovered is not None
    kept = {info.id: info.events for info in store.matches()}
    assert set(kept) == set(lengths)                           # every match header was readable
    assert 0 < sum(kept.values()) < sum(lengths.values())      # most events, not the damaged page
    for match_id, count in kept.items():                      # a match keeps an unbroken prefix
        assert store.events(match_id) == original[match_id][:count]
    assert StoreKeeper(store).restore() is not None
    store.close()


def test_an_events_table_with_other_columns_is_moved_aside_too(tmp_path):
    path = tmp_path / "games.sqlite"
    import sqlite3
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, payload BLOB)")
    db.execute("INSERT INTO events (payload) VALUES (x'00ff')")
    db.commit()
    db.close()
    with TableService(config_for(tmp_path), web_port=0, host_token="test-token") as table:
        state = HostPhone(table.web.port).state()["state"]
        assert state["phase"] in ("deal", "start_card")    # a new match, ready to play
        assert "events table has the columns" in state["questions"][0]["text"]
    assert len([p for p in tmp_path.glob("games.sqlite.damaged-*") if p.suffix == ".sqlite" or
                p.name[-4:] not in ("-wal", "-shm")]) == 1


def run_cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def store_line(output: str) -> str:
    return next(line for line in output.splitlines() if "store:" in line)


def test_check_runs_sqlites_integrity_check_and_says_what_it_found(tmp_path):
    path = stored_matches(tmp_path / "games.sqlite")
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nplayers = ["Ana", "Ben"]\n[launcher]\nbackend = "none"\n[ring]\n'
                      f'backend = "none"\n[data]\nstore = "{path}"\n')
    sound = store_line(run_cli("check", "--config", str(config), "--camera-seconds", "0").stdout)
    assert sound.startswith("ok") and "integrity check: ok" in sound and "2 match(es)" in sound
    damaged = damage(path, [3])
    result = run_cli("check", "--config", str(config), "--camera-seconds", "0")
    line = store_line(result.stdout)
    assert line.startswith("PROBLEM") and "damaged" in line and "moves it aside" in line, line
    assert result.returncode == 1 and path.read_bytes() == damaged   # check only looks


# -- 5: a full disk -------------------------------------------------------------------------
def test_a_full_disk_says_so_on_the_phone_keeps_the_game_and_goes_on_once_freed(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    with TableService(config_for(tmp_path), dealer=0, web_port=0, host_token="test-token") as table:
        phone = HostPhone(table.web.port)
        assert phone.post_event({"type": "start_card", "card": "red-5"})[0] == 200
        db = table.store._db
        (pages,) = db.execute("PRAGMA page_count").fetchone()
        db.execute(f"PRAGMA max_page_count = {pages}")       # the disk is full from here on
        seat, status = phone.state()["state"]["turn"], 200
        for _ in range(400):                                # fill the last free page
            before = phone.state()
            status, answer = phone.post_event({"type": "uno", "seat": seat})
            if status != 200:
                break
        assert status == 507, (status, answer)
        assert "storage is full" in answer["error"] and answer["status"] == 507
        after = phone.state()
        assert after["version"] == before["version"] and after["state"] == before["state"]
        logged = "\n".join(record.getMessage() for record in caplog.records)
        assert "storage is full" in logged and "cannot rollback" not in logged
        assert phone.request("POST", "/api/undo", {})[0] == 507      # every change says so
        db.execute("PRAGMA max_page_count = 1073741823")     # space freed
        assert phone.post_event({"type": "uno", "seat": seat})[0] == 200
        events = phone.state()["state"]["events"]
        assert events == before["state"]["events"] + 1
    with TableService(config_for(tmp_path), web_port=0, host_token="test-token") as table:
        assert table.loop.latest.snapshot["events"] == events   # every acknowledged event kept


def test_a_full_disk_when_a_new_match_starts_keeps_the_match_at_the_table(tmp_path):
    store = MatchDatabase(tmp_path / "games.sqlite")
    keeper = StoreKeeper(store)
    keeper.new_game(Setup(players=("Ana", "Ben"), dealer=0, seed=1))
    (pages,) = store._db.execute("PRAGMA page_count").fetchone()
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(OSError, match="storage is full"):
        for _ in range(400):
            at_table = keeper.current
            keeper.new_game(Setup(players=("Cem", "Dora"), dealer=0, seed=2))
    assert keeper.current is at_table and store.current_match() == keeper.match_of(at_table)
    assert len(store.events(keeper.match_of(at_table))) == 1     # its deal, as it was


# -- 11b: a missing state folder ------------------------------------------------------------
def test_a_missing_state_folder_is_named_in_plain_words(tmp_path):
    missing = tmp_path / "no-such-folder" / "games.sqlite"
    with pytest.raises(UserError, match=r"the folder .*no-such-folder does not exist"):
        MatchDatabase(missing)
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nplayers = ["Ana", "Ben"]\n[launcher]\nbackend = "none"\n[ring]\n'
                      f'backend = "none"\n[web]\nhost = "127.0.0.1"\nport = {free_port()}\n[data]\nstore = "{missing}"\n')
    result = run_cli("run", "--config", str(config))
    assert result.returncode not in (0, 70), result.stderr
    assert "no-such-folder does not exist" in result.stderr and "unable to open" not in result.stderr
    assert "Traceback" not in result.stderr


def free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
