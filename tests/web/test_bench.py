"""The load benchmark runs end to end (few phones here; the figures come from `uno-companion bench web`)."""
from companion.web.bench import main, turn_events


def test_the_benchmark_delivers_every_event_to_every_phone(capsys):
    assert main(["--phones", "3", "--events", "6", "--gap", "0"]) == 0
    output = capsys.readouterr().out
    assert "events every phone received: 6/6" in output
    assert output.splitlines()[-1].startswith("web_p99_ms=")


def test_the_benchmark_events_stay_legal_for_many_turns():
    from companion.table import event_from_json, sample_loop
    game = sample_loop()._game
    for event in turn_events(100):
        actions = game.apply(event_from_json(event))
        assert not [a for a in actions if a.type in ("take_back", "round_over")], event


def test_the_matches_benchmark_answers_every_page(capsys):
    from companion.web.bench_matches import main as matches_main
    assert matches_main(["--matches", "3", "--repeat", "1"]) == 0
    output = capsys.readouterr().out
    assert "3 matches of" in output and "one match page" in output
    assert output.splitlines()[-1].startswith("matches_list_ms=")


def test_the_recorded_benchmark_match_is_complete():
    from companion.table import Setup, TableGame
    from companion.web.bench_matches import recorded_match
    players, events = recorded_match(seed=2)
    game = TableGame(Setup(players=players))
    for event in events:
        game.apply(event)                      # a refusal would raise
    assert game.state()["match"]["over"]
