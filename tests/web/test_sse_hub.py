"""The stream hub: every open stream gets every change, slow phones are dropped, the cap holds."""
import json
import threading

import pytest

from companion.web.sse import StreamHub, StreamsFull, event_stream, format_event


def test_every_open_stream_receives_every_published_change_in_order():
    hub = StreamHub(max_streams=5)
    streams = [hub.open() for _ in range(5)]
    for version in range(3):
        hub.publish("change", {"version": version})
    for stream in streams:
        got = [stream.next_message(timeout=0) for _ in range(3)]
        assert got == [("change", {"version": v}) for v in range(3)]
        assert stream.next_message(timeout=0) is None


def test_the_cap_refuses_one_more_stream_until_one_closes():
    hub = StreamHub(max_streams=2)
    first, _ = hub.open(), hub.open()
    with pytest.raises(StreamsFull):
        hub.open()
    first.close()
    hub.open()
    assert hub.open_count == 2


def test_a_phone_that_stops_reading_is_dropped_instead_of_blocking_the_table():
    hub = StreamHub(max_streams=2, depth=3)
    slow, quick = hub.open(), hub.open()
    for version in range(5):
        hub.publish("change", {"version": version})
        quick.next_message(timeout=0)
    assert slow.dropped and not quick.dropped
    assert hub.open_count == 1


def test_the_response_body_starts_with_retry_and_snapshot_then_changes_and_pings():
    hub = StreamHub()
    stream = hub.open()
    body = event_stream(stream, ("snapshot", {"v": 1}), lambda name, data: {"seen": data},
                        ping_seconds=0.01)
    first = next(body)
    assert first.startswith("retry: ") and "event: snapshot\ndata: {\"v\":1}\n\n" in first
    assert next(body) == format_event("ping", {})
    threading.Timer(0.001, hub.publish, ("change", 7)).start()
    while (message := next(body)) == format_event("ping", {}):
        pass
    assert message == 'event: change\ndata: {"seen":7}\n\n'
    body.close()  # what waitress does when the phone goes away
    assert hub.open_count == 0


def test_messages_are_single_line_json_even_with_newlines_in_names():
    line = format_event("change", {"name": "Ana\nBen"}, event_id=3)
    assert line.count("\n\n") == 1 and line.endswith("\n\n")
    data = line.split("data: ", 1)[1].strip()
    assert json.loads(data) == {"name": "Ana\nBen"}
    assert "id: 3" in line
