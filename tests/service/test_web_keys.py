"""The host stays host across a restart; trusted host names from the config; over real HTTP."""
import http.client
import json
import logging
import os
import stat

from companion.config import parse_config
from companion.service.table import TableService
from companion.web.keys import HOST_TOKEN_FILE, SESSION_SECRET_FILE, kept_key, new_host_token


def config_for(tmp_path, **web):
    return parse_config({"table": {"players": ["Ana", "Ben"]}, "launcher": {"backend": "none"},
                         "ring": {"backend": "none"}, "web": {"host": "127.0.0.1", **web},
                         "data": {"store": str(tmp_path / "games.sqlite")}})


def request(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                       headers={"Content-Type": "application/json", **(headers or {})})
    response = connection.getresponse()
    data = response.read().decode()
    connection.close()
    return response.status, response.headers, data


def test_after_a_restart_the_printed_token_and_the_host_phone_still_work(tmp_path):
    config = config_for(tmp_path)
    with TableService(config, web_port=0) as first:
        token, banner = first.web.host_token, first.web.banner()
        status, headers, body = request(first.web.port, "POST", "/api/login", {"token": token})
        cookie, csrf = headers["Set-Cookie"].split(";")[0], json.loads(body)["csrf"]
    for name in (SESSION_SECRET_FILE, HOST_TOKEN_FILE):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    with TableService(config, web_port=0) as second:            # the box rebooted
        assert second.web.host_token == token and f"token={token}" in banner
        port = second.web.port
        status, _, body = request(port, "GET", "/api/state", headers={"Cookie": cookie})
        assert json.loads(body)["host"] is True                   # the phone is still the host
        status, _, body = request(port, "POST", "/api/undo", {}, {"Cookie": cookie, "X-CSRF-Token": csrf})
        assert status == 409                                      # past the guards: the engine answered
        status, _, _ = request(port, "POST", "/api/login", {"token": token})
        assert status == 200                                      # so does the printed QR code's token


def test_a_damaged_or_unreadable_key_file_is_logged_and_replaced(tmp_path, caplog):
    (tmp_path / SESSION_SECRET_FILE).write_bytes(b"\xff\xfe not a key \x00")
    (tmp_path / HOST_TOKEN_FILE).write_text("short")
    with caplog.at_level(logging.ERROR), TableService(config_for(tmp_path), web_port=0) as table:
        token = table.web.host_token
        assert request(table.web.port, "POST", "/api/login", {"token": token})[0] == 200
    assert f"{tmp_path / SESSION_SECRET_FILE} is damaged" in caplog.text or "cannot read" in caplog.text
    assert f"{tmp_path / HOST_TOKEN_FILE} is damaged" in caplog.text
    assert (tmp_path / HOST_TOKEN_FILE).read_text().strip() == token and token != "short"


def test_a_key_file_readable_by_others_is_made_private(tmp_path):
    path = tmp_path / HOST_TOKEN_FILE
    path.write_text("abcdefgh12345678\n")
    os.chmod(path, 0o644)
    assert kept_key(path, new_host_token) == "abcdefgh12345678"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_folder_that_cannot_be_written_still_gives_a_key(tmp_path, caplog):
    folder = tmp_path / "locked"
    folder.mkdir()
    os.chmod(folder, 0o500)
    try:
        with caplog.at_level(logging.ERROR):
            key = kept_key(folder / HOST_TOKEN_FILE, new_host_token)
    finally:
        os.chmod(folder, 0o700)
    assert len(key) >= 8
    if os.geteuid() != 0:                                          # root may write anyway
        assert "cannot keep" in caplog.text


def test_configured_trusted_hosts_reach_the_page_and_other_names_get_a_clear_page(tmp_path):
    with TableService(config_for(tmp_path, trusted_hosts=["uno-table.home.arpa"]), web_port=0) as table:
        port = table.web.port
        status, _, body = request(port, "GET", "/", headers={"Host": f"uno-table.home.arpa:{port}"})
        assert status == 200 and "Ana" in body
        status, headers, body = request(port, "GET", "/", headers={"Host": "evil.example"})
        assert status == 400 and headers["Content-Type"].startswith("text/html")
        assert "This address (evil.example) is not one of the companion&#39;s names." in body
        status, _, body = request(port, "GET", "/api/state", headers={"Host": "evil.example"})
        assert status == 400 and "not one of the companion's names" in json.loads(body)["error"]
