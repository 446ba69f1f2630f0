"""sd_notify over a real Unix datagram socket, as systemd listens for it."""
import socket

from companion.systemd import notify, watchdog_interval


def test_messages_reach_the_notify_socket(tmp_path, monkeypatch):
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(path)
        monkeypatch.setenv("NOTIFY_SOCKET", path)
        assert notify("READY=1")
        assert listener.recv(64) == b"READY=1"


def test_outside_systemd_nothing_is_sent(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert notify("READY=1") is False


def test_watchdog_pings_twice_per_systemd_interval(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    assert watchdog_interval() == 5.0
    monkeypatch.setenv("WATCHDOG_USEC", "garbage")
    assert watchdog_interval() is None
