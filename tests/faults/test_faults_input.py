"""Bad input from outside (issue 14, items 6, 7, 10): a clear message, the game as it was, no traceback.

Each test reproduces a finding of the outside probe: numbers the page sends as text,
game logs the ``replay`` command reads, and the config that must agree with the setup page.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import load_config, parse_config
from companion.engine import Game
from companion.engine.options import RuleOptions
from companion.errors import UserError
from companion.table.game import setup_from_json
from companion.web.app import create_app
from web_helpers import HOST_TOKEN

HEADER = '{"format":"uno-companion-game-log","version":2,"players":["Ana","Ben"]}\n'


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The real command, as a person runs it."""
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=timeout)


def assert_clear_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr[-500:]
    for word in words:
        assert word in result.stderr, (word, result.stderr[-500:])


# -- 6: numbers typed on the page --------------------------------------------------------------
@pytest.fixture
def host(table):
    app = create_app(table, host_token=HOST_TOKEN, trusted_hosts=["localhost"])
    client = app.test_client()
    client.environ_base["HTTP_X_CSRF_TOKEN"] = client.post("/api/login", json={"token": HOST_TOKEN}).get_json()["csrf"]
    return client


@pytest.fixture
def table():
    from companion.table import sample_loop
    with sample_loop() as loop:
        yield loop


@pytest.mark.parametrize("typed", ["²", "①", "9" * 4400, "٣", "１２", "9" * 20])
def test_round_points_that_only_look_like_digits_are_refused_clearly(host, table, typed):
    before = table.latest
    response = host.post("/api/events", json={"event": {"type": "round_end", "points": [typed, "0"]}})
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)[:300]
    message = response.get_json()["error"]
    assert 5 < len(message) < 400 and "Traceback" not in message
    assert table.latest is before


def test_round_points_typed_as_plain_digits_still_count(host):
    from companion.web.view import points_from_form
    assert points_from_form([" 23 ", "0", "", "red-5 wild"]) == [23, 0, 0, 55]
    for lookalike in ("٣", "²", "9" * 4400):  # Arabic-Indic three, superscript two, too long
        with pytest.raises(UserError):
            points_from_form([lookalike])


# -- 7: game logs --------------------------------------------------------------------------------
@pytest.mark.parametrize("line, words", [
    ("9" * 5000, ["line 2", "number"]),
    ("[" * 100_000, ["line 2", "nested"]),
    ('{"type":"draw","seat":0,"count":' + "9" * 5000 + "}", ["line 2", "number"]),
])
def test_replay_names_the_line_of_a_monstrous_log_line(tmp_path, line, words):
    log = tmp_path / "game.jsonl"
    log.write_text(HEADER + line + "\n", encoding="utf-8")
    assert_clear_refusal(cli("replay", str(log)), str(log), *words)


def test_replay_reads_a_log_that_starts_with_a_byte_order_mark(tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text(HEADER + '{"type":"deal","dealer":0}\n', encoding="utf-8-sig")
    result = cli("replay", str(log))
    assert result.returncode == 0, result.stderr
    assert '"players"' in result.stdout


def test_read_log_accepts_a_byte_order_mark_in_the_text():
    from companion.engine.log import read_log
    assert read_log("\ufeff" + HEADER).players == ["Ana", "Ben"]


# -- 10: the config and the setup page judge alike -----------------------------------------------
CONFIG_AND_SETUP = [  # (config [table] line, the same choice on the setup page)
    ('players = ["Ana", "Ana"]', {"players": ["Ana", "Ana"]}),
    ('players = ["Ana", " Ana "]', {"players": ["Ana", " Ana "]}),
    (f'players = ["{"x" * 200}", "Ben"]', {"players": ["x" * 200, "Ben"]}),
    ("seed = -5", {"seed": -5}),
    ("seed = 1.5", {"seed": 1.5}),
    ('seed = "7"', {"seed": "7"}),
    ('language = "fr"', {"language": "fr"}),
]


@pytest.mark.parametrize("line, choice", CONFIG_AND_SETUP)
def test_what_the_setup_page_refuses_the_config_refuses_too(tmp_path, line, choice):
    with pytest.raises(UserError) as page:
        setup_from_json(choice)
    path = tmp_path / "table.toml"
    path.write_text(f"[table]\n{line}\n", encoding="utf-8")
    with pytest.raises(UserError) as config:
        load_config(path)
    key = next(iter(choice))
    assert f"[table] {key}" in str(config.value) and str(path) in str(config.value)
    assert "NoneType" not in str(config.value)
    assert str(page.value).split(": ", 1)[1] in str(config.value)  # the same words


def test_what_the_setup_page_accepts_the_config_accepts(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('[table]\nplayers = [" Ana ", "Ben"]\nseed = 7\n', encoding="utf-8")
    config = load_config(path)
    setup = setup_from_json({"players": [" Ana ", "Ben"], "seed": 7})
    assert config.table.players == setup.players == ("Ana", "Ben") and config.table.seed == setup.seed == 7


@pytest.mark.parametrize("section, message", [
    ('[data]\nstore = ""', "[data] store"),
    ('[web]\nhost = "not a host!!"', "[web] host"),
    ('[web]\nhost = "http://0.0.0.0"', "[web] host"),
])
def test_config_values_that_cannot_work_are_named(section, message, tmp_path):
    path = tmp_path / "table.toml"
    path.write_text(section + "\n", encoding="utf-8")
    with pytest.raises(UserError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_config(path)


@pytest.mark.parametrize("host", ["0.0.0.0", "127.0.0.1", "::", "::1", "localhost", "uno.home.arpa", ""])
def test_listening_addresses_that_work_are_kept(host):
    assert parse_config({"web": {"host": host}}).web.host == host


@pytest.mark.parametrize("section", ['[data]\nstore = ""', '[web]\nhost = "not a host!!"\nport = 1',
                                     '[table]\nplayers = ["Ana", "Ana"]', "[table]\nseed = 1.5"])
def test_check_and_run_refuse_the_same_config(tmp_path, section):
    path = tmp_path / "table.toml"
    path.write_text(section + "\n", encoding="utf-8")
    checked = cli("check", "--config", str(path))
    assert checked.returncode == 1 and "PROBLEM  config" in checked.stdout, checked.stdout
    assert_clear_refusal(cli("run", "--config", str(path), timeout=30), str(path))


def test_a_host_name_that_is_no_address_of_the_box_is_refused_by_check_and_run(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('[web]\nhost = "nosuchhost.invalid"\nport = 18997\n[data]\nstore = ":memory:"\n', encoding="utf-8")
    checked = cli("check", "--config", str(path))
    assert checked.returncode == 1 and "PROBLEM  web" in checked.stdout, checked.stdout
    assert_clear_refusal(cli("run", "--config", str(path), timeout=30), "nosuchhost.invalid")


def test_check_sees_a_store_folder_where_no_file_can_be_made(tmp_path):
    folder = Path("/proc")
    path = tmp_path / "table.toml"
    path.write_text(f'[data]\nstore = "{folder}/x.sqlite"\n[web]\nport = 1\n', encoding="utf-8")
    checked = cli("check", "--config", str(path))
    assert "PROBLEM  store" in checked.stdout, checked.stdout
    assert_clear_refusal(cli("run", "--config", str(path), timeout=30), "/proc/x.sqlite")


def test_the_engine_refuses_two_players_of_one_name():
    with pytest.raises(UserError, match="Ada"):
        Game(["Ada", "Ada"])


def test_an_unknown_rule_option_is_a_user_error_naming_it():
    with pytest.raises(UserError, match="force_play"):
        RuleOptions(force_play=True)


def test_config_and_setup_page_agree_on_any_players_and_seed():
    """Property: for any players list and seed, both accept the same setup or both refuse."""
    from hypothesis import given, settings, strategies as st
    names = st.text(max_size=30) | st.sampled_from(["Ana", " Ana", "Ben", "x" * 24, "x" * 25, ""])
    seeds = st.none() | st.integers(-2**64, 2**64) | st.floats() | st.booleans() | st.text(max_size=3)

    @settings(max_examples=300, deadline=None)
    @given(players=st.lists(names, max_size=12), seed=seeds)
    def agree(players, seed):
        table = {"players": players, **({} if seed is None else {"seed": seed})}
        try:
            page = setup_from_json(table)
        except UserError:
            page = None
        try:
            config = parse_config({"table": table}).table
        except UserError:
            config = None
        if page is None or config is None:
            assert page is None and config is None, (players, seed, page, config)
        else:
            assert (page.players, seed) == (config.players, config.seed)
    agree()
