"""What the page shows, built from real engine states (no browser)."""
from flask_babel import force_locale

from companion.engine.options import RuleOptions
from companion.table import Setup, TableGame, event_from_json
from companion.web.view import build_view


def game_after(*events, players=("Ana", "Ben", "Cem")):
    game = TableGame(Setup(players=players, dealer=0))
    for event in events:
        game.apply(event_from_json(event))
    return game


def view_of(game, app, locale="en"):
    with app.test_request_context(), force_locale(locale):
        return build_view(game.state())


START = {"type": "start_card", "card": "red-5"}


def test_a_wild_draw_four_waits_for_the_challenge_then_the_draw(app):
    game = game_after(START, {"type": "play", "seat": 1, "card": "wild-draw4"},
                      {"type": "colour", "seat": 1, "colour": "green"})
    view = view_of(game, app)
    assert view["status"]["phase_text"] == "Cem: challenge or draw"
    assert view["colour"]["name"] == "green" and view["top"]["face"] == "+4"
    assert view["recent"][0] == "Ben chose ■ green – Cem may challenge it"
    game.apply(event_from_json({"type": "accept", "seat": 2}))
    assert view_of(game, app, "de")["recent"][0].startswith("Cem nimmt die Karten – Cem zieht 4 Karten")


def test_a_misplay_is_told_with_the_engines_reason_and_the_penalty(app):
    game = game_after(START, {"type": "play", "seat": 1, "card": "blue-7"})
    assert view_of(game, app)["recent"][0] == ("Ben played blue 7 – not allowed (it matches neither "
                                               "colour, number nor symbol (T1)): takes it back and draws 2 cards")
    players = view_of(game, app)["players"]
    assert players[1]["pending"] == 2 and players[1]["pending_text"] == "draws 2"


def test_a_pending_draw_names_who_draws_how_many(app):
    game = game_after(START, {"type": "play", "seat": 1, "card": "red-draw2"})
    view = view_of(game, app, "de")
    assert view["pending"] == {"count": 2, "text": "Cem muss 2 ziehen"}
    assert view["status"]["waiting_text"] == "2 ziehen"


def test_reverse_changes_direction_and_two_players_skip(app):
    game = game_after(START, {"type": "play", "seat": 1, "card": "red-reverse"})
    view = view_of(game, app)
    assert view["recent"][0] == "Ben played red reverse – play now goes counter-clockwise"
    # in German too the effect says something the card's name did not ("Richtungswechsel" once)
    assert view_of(game, app, "de")["recent"][0] == "Ben spielt Rot Richtungswechsel – jetzt gegen den Uhrzeigersinn"
    assert view["turn"]["direction_text"] == "↺ counter-clockwise" and view["turn"]["name"] == "Ana"
    two = game_after(START, {"type": "play", "seat": 1, "card": "red-reverse"}, players=("Ana", "Ben"))
    assert view_of(two, app)["recent"][0] == "Ben played red reverse – Ana is skipped"


def test_scores_fill_the_bar_toward_the_target(app):
    game = game_after(START, {"type": "correction", "seat": 1, "hand_size": 1},
                      {"type": "play", "seat": 1, "card": "red-9"},
                      {"type": "round_end", "points": [200, 0, 50]})
    view = view_of(game, app)
    assert [p["score"] for p in view["players"]] == [0, 250, 0]
    assert view["players"][1]["progress"] == 0.5
    assert view["rounds"]["rows"] == [{"round": 1, "points": [0, 250, 0], "totals": [0, 250, 0]}]
    assert view["status"]["banner"] == "New round: deal" and view["turn"] is None


def test_the_match_winner_is_announced(app):
    game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0,
                           options=RuleOptions(target=50)))
    for event in (START, {"type": "correction", "seat": 1, "hand_size": 1},
                  {"type": "play", "seat": 1, "card": "red-9"}, {"type": "round_end", "points": [30, 0, 25]}):
        game.apply(event_from_json(event))
    view = view_of(game, app, "de")
    assert view["status"]["banner"] == "Ben gewinnt das Spiel!"
    assert view["recent"][0].endswith("Ben gewinnt die Runde – Ben gewinnt das Spiel!")
    assert view["players"][1]["progress"] == 1.0


def test_a_seven_asks_for_the_swap_partner_and_tells_the_swap(app):
    game = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0, options=RuleOptions(seven_o=True)))
    for event in (START, {"type": "play", "seat": 1, "card": "red-7"}):
        game.apply(event_from_json(event))
    view = view_of(game, app, "de")
    assert view["status"]["phase_text"] == "Ben: einen Spieler zum Handtausch wählen"
    assert view["recent"][0] == "Ben spielt Rot 7 – Ben wählt, mit wem getauscht wird"
    game.apply(event_from_json({"type": "target", "seat": 1, "target": 0}))
    assert view_of(game, app)["recent"][0] == "Ben swaps hands with Ana"


def test_counting_wins_shows_wins_in_the_history(app):
    game = TableGame(Setup(players=("Ana", "Ben"), dealer=0,
                           options=RuleOptions(scoring="wins", target_wins=3)))
    for event in (START, {"type": "correction", "seat": 1, "hand_size": 1},
                  {"type": "play", "seat": 1, "card": "red-9"}, {"type": "round_end", "points": [30, 0]}):
        game.apply(event_from_json(event))
    rounds = view_of(game, app)["rounds"]
    assert rounds["rows"] == [{"round": 1, "points": [0, 1], "totals": [0, 1]}] and rounds["target"] == 3
    assert view_of(game, app)["players"][1]["score"] == 1


def test_a_player_down_to_one_card_without_uno_can_be_caught(app):
    game = game_after(START, {"type": "correction", "seat": 1, "hand_size": 2},
                      {"type": "play", "seat": 1, "card": "red-9"})
    assert [p["catchable"] for p in view_of(game, app)["players"]] == [False, True, False]
    game.apply(event_from_json({"type": "catch", "seat": 2, "target": 1}))
    view = view_of(game, app)
    assert not view["players"][1]["catchable"]
    assert view["recent"][0] == "Cem caught Ben without UNO – Ben draws 2 cards"


def test_an_event_the_page_does_not_know_yet_is_told_plainly(app):
    from companion.web.describe import describe
    players = ["Ana", "Ben"]
    with app.test_request_context(), force_locale("en"):
        assert describe({"event": {"type": "flash_race", "seat": 1}, "actions": []}, players) == "Ben: flash race"
        assert describe({"event": {"type": "burst_counted"}, "actions": []}, players) == "Burst counted"
        assert describe({"event": {"type": "play", "seat": 0}, "actions": []}, players) == "Ana: play"  # no card
        assert describe({"event": "garbage"}, players) == "?"


def test_extreme_bursts_and_flash_races_in_words(app):
    from companion.table import Setup, TableGame
    extreme = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0, mode="extreme",
                              options=RuleOptions().replace(extreme_bursts=True)))
    for event in (START, {"type": "burst", "seat": 1, "count": 3}):
        extreme.apply(event_from_json(event))
    assert view_of(extreme, app)["recent"][0] == "Ben pressed the launcher and got 3 cards"
    assert view_of(extreme, app, "de")["recent"][0] == "Ben drückt den Kartenwerfer und bekommt 3 Karten"
    flash = TableGame(Setup(players=("Ana", "Ben", "Cem"), dealer=0, options=RuleOptions().replace(flash=True)))
    flash.apply(event_from_json(START))
    seat = flash.state()["turn"]
    flash.apply(event_from_json({"type": "play", "seat": seat, "card": "red-reverse"}))
    assert view_of(flash, app)["recent"][0].endswith("race! The slowest draws 2")


def test_a_winner_is_the_headline_and_wears_no_uno_badge(app):
    game = game_after(START)
    game.engine.sizes[1] = 1  # Ben holds one card and called UNO
    game.apply(event_from_json({"type": "uno", "seat": 1}))
    game.apply(event_from_json({"type": "play", "seat": 1, "card": "red-6"}))
    game.apply(event_from_json({"type": "round_end", "points": [400, 0, 200]}))
    for locale in ("en", "de"):
        view = view_of(game, app, locale)
        assert view["status"]["winner"] == 1
        assert "nothing" not in view["status"]["phase_text"] and "nichts" not in view["status"]["phase_text"]
        assert "Ben" in view["status"]["phase_text"]
        assert view["players"][1]["hand"] == 0 and view["players"][1]["uno"] is False


def test_a_skip_names_the_seat_the_engine_passed_over_when_someone_has_finished(app):
    # V6: Cem went out and plays on no more; Ana's skip passes over Ben, and the turn
    # goes on past Cem to Dan. Worked out on the page as "the seat before Dan" it read Cem.
    game = TableGame(Setup(players=("Ana", "Ben", "Cem", "Dan"), dealer=1,
                           options=RuleOptions(play_on=True)))
    for event in (START, {"type": "correction", "seat": 2, "hand_size": 1},
                  {"type": "play", "seat": 2, "card": "red-7"}, {"type": "play", "seat": 3, "card": "red-8"},
                  {"type": "play", "seat": 0, "card": "red-skip"}):
        game.apply(event_from_json(event))
    view = view_of(game, app)
    assert view["turn"]["name"] == "Dan"
    assert view["recent"][0] == "Ana played red skip – Ben is skipped"


def test_counting_wins_with_partners_each_round_row_adds_up_to_the_totals(app):
    # V2 with S4: a round win counts for both partners, so the round's row shows it for both
    game = TableGame(Setup(players=("Ana", "Ben", "Cem", "Dan"), dealer=0,
                           options=RuleOptions(scoring="wins", partners=True)))
    for event in (START, {"type": "correction", "seat": 1, "hand_size": 1},
                  {"type": "play", "seat": 1, "card": "red-9"}, {"type": "round_end", "points": [30, 0, 20, 10]}):
        game.apply(event_from_json(event))
    view = view_of(game, app)
    assert view["rounds"]["rows"] == [{"round": 1, "points": [0, 1, 0, 1], "totals": [0, 1, 0, 1]}]
    assert [p["score"] for p in view["players"]] == [0, 1, 0, 1]
