"""E7 DOS (first edition): its deck, the centre row, matches, colour bonuses, drawing, the
end of a turn, wilds, "DOS!", scoring and whole matches, given/when/then, named by rule id."""
import random
from collections import Counter

import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.engine.bench import main as bench
from companion.engine.cards import CARD_POINTS, CARDS, CLASSIC_DECK, DOS_DECK, parse_card
from companion.engine.dos import DOS_RULES, LAY, REFILL, DosGame
from companion.engine.log import format_log, header, read_log
from companion.engine.phases import DEAL, DRAWN, SCORING, TURN
from companion.engine.sim import play_match
from companion.errors import UserError

from engine_helpers import draw, texts, types

# Seat 1 plays first (left of dealer 0). The row starts red-5, blue-8.
SEAT0 = ["green-1", "green-3", "yellow-9", "blue-10", "red-6", "yellow-4", "green-10"]
SEAT1 = ["red-3", "yellow-5", "red-5", "blue-4", "green-7", "wild-dos", "red-wild-number"]


def dos(hands=(SEAT0, SEAT1), row=("red-5", "blue-8"), full=True, **options):
    game = Game(len(hands), RuleOptions(dos=True, target=200, **options), full_information=full)
    if full:
        game.apply(E.Deal(dealer=0, hands=[list(h) for h in hands]))
    else:
        game.apply(E.Deal(dealer=0, sizes=[len(h) for h in hands]))
    for card in row:
        game.apply(E.StartCard(card))
    return game


def row(game):
    return [list(pile) for pile in game.snapshot().centre_row]


def match(game, seat, pile, *cards):
    return game.apply(E.Match(seat, pile, cards))


# -- E7.1 the deck ------------------------------------------------------------------------------
def test_e7_1_the_dos_deck_holds_108_cards_with_its_10s_wild_numbers_and_wild_dos():
    cards = Counter(CARDS[c].name for c in DOS_DECK.cards())
    assert DOS_DECK.size == 108 and DOS_DECK.hand_size == 7
    for colour in ("red", "yellow", "green", "blue"):
        assert [cards[f"{colour}-{n}"] for n in (1, 3, 4, 5)] == [3] * 4
        assert [cards[f"{colour}-{n}"] for n in range(6, 11)] == [2] * 5
        assert f"{colour}-2" not in cards and f"{colour}-0" not in cards  # the 2 is the wild DOS
        assert cards[f"{colour}-wild-number"] == 2 and f"{colour}-skip" not in cards
    assert cards["wild-dos"] == 12 and "wild" not in cards
    # numbers their face value, wild DOS 20, wild # 40 (E7.9)
    assert [CARD_POINTS[parse_card(n)] for n in ("blue-10", "wild-dos", "green-wild-number")] == [10, 20, 40]
    # the new faces come after every classic face: classic ids and logs stay
    assert all(parse_card(n) >= 54 for n in ("red-10", "red-wild-number", "wild-dos"))


def test_e7_1_the_option_makes_a_dos_game_with_its_deck_alone_and_off_it_is_not_in_the_log():
    game = Game(3, DOS_RULES)
    assert isinstance(game, DosGame) and game.deck is DOS_DECK
    assert type(Game(3)) is Game and Game(3).deck is CLASSIC_DECK
    assert "dos" not in header(Game(2))["options"] and header(game)["options"]["dos"] is True
    for mixed in ({"junior_level": 2}, {"stack_draw2": True}, {"flash": True}):
        with pytest.raises(UserError, match="DOS .E7. is another game"):
            RuleOptions(dos=True, **mixed)
    with pytest.raises(UserError, match="2 to 4 players"):
        Game(5, DOS_RULES)
    with pytest.raises(UserError, match="not a card of the classic deck"):
        Game(2).apply(E.StartCard("red-10"))
    with pytest.raises(UserError, match="not a card of the dos deck"):
        dos().apply(E.Match(1, 0, ("red-skip",)))
    with pytest.raises(UserError, match="belongs to DOS"):  # a classic game has no row
        Game(2).apply(E.Match(1, 0, ("red-5",)))


# -- E7.2 set-up ---------------------------------------------------------------------------------
def test_e7_2_after_the_deal_two_cards_make_the_centre_row_and_left_of_the_dealer_starts():
    game = Game(2, DOS_RULES, full_information=True)
    dealt = game.apply(E.Deal(dealer=0, hands=[SEAT0, SEAT1]))
    assert texts(dealt) == ["turn up 2 card(s) from the draw pile into the centre row"]
    assert game.snapshot().waiting_for.what == "turn up the centre row"
    assert texts(game.apply(E.StartCard("red-5"))) == [
        "turn up 1 card(s) from the draw pile into the centre row"]
    assert texts(game.apply(E.StartCard("blue-8"))) == ["seat 1's turn: match or draw"]
    assert row(game) == [["red-5"], ["blue-8"]] and game.snapshot().turn == 1
    assert game.snapshot().to_json()["centre_row"] == [["red-5"], ["blue-8"]]
    assert "centre_row" not in Game(2).snapshot().to_json()  # the classic view is unchanged


def test_e7_2_the_highest_number_deals_a_10_included_and_wilds_count_0():
    game = Game(3, DOS_RULES)
    game.apply(E.ChooseDealer(("red-9", "blue-10", "wild-dos")))
    assert game.dealer == 1
    tie = Game(2, DOS_RULES)
    tie.apply(E.ChooseDealer(("red-wild-number", "wild-dos")))  # both 0: they draw again
    assert tie.dealer < 0 and tie.candidates == [0, 1]


# -- E7.3 matches --------------------------------------------------------------------------------
def test_e7_3_a_single_match_by_number_and_a_double_by_sum_go_on_their_piles():
    game = dos()
    assert match(game, 1, 0, "yellow-5") == []  # the number counts, not the colour
    assert match(game, 1, 1, "red-3", "red-5") == []  # 3 + 5 = 8
    assert row(game) == [["red-5", "yellow-5"], ["blue-8", "red-3", "red-5"]]
    assert game.sizes[1] == 4 and sorted(game.snapshot().house["matched_piles"]) == [0, 1]


def test_e7_3_a_wrong_sum_or_a_second_match_on_a_pile_is_a_misplay_and_goes_back():
    game = dos()
    actions = match(game, 1, 1, "red-3", "blue-4")  # 7 is not 8
    assert types(actions) == ["take_back", "take_back", "dispense"]
    assert game.sizes[1] == 7 and game.owed[1] == 2 and parse_card("red-3") in game.hands[1]
    assert row(game)[1] == ["blue-8"]
    game = dos()
    match(game, 1, 0, "red-5")
    actions = match(game, 1, 0, "yellow-5")
    assert "already took a match" in actions[0].text and "yellow-5" in game.snapshot().hands[1]
    with pytest.raises(UserError, match="one card or two"):
        match(game, 1, 1, "red-3", "yellow-5", "blue-4")
    with pytest.raises(UserError, match="no centre row pile 2"):
        match(game, 1, 2, "red-3")
    actions = match(game, 0, 1, "green-1")
    assert "not seat 0's turn" in actions[0].text  # out of turn: a misplay (P1)


# -- E7.4 colour bonuses -------------------------------------------------------------------------
def test_e7_4_a_colour_match_puts_one_more_card_into_the_row_at_the_end_of_the_turn():
    game = dos()
    match(game, 1, 0, "red-5")  # red on red
    game.apply(E.Pass(1))
    assert game.phase is REFILL  # the matched pile went; the row is refilled first (E7.6)
    game.apply(E.StartCard("green-9"))
    assert game.phase is LAY and texts(game.prompt())[0].startswith("seat 1 puts 1 card")
    game.apply(E.Play(1, "green-7"))
    assert row(game) == [["blue-8"], ["green-9"], ["green-7"]] and game.current == 0
    assert game.phase is TURN and game.sizes[1] == 5


def test_e7_4_a_double_colour_match_also_makes_every_other_player_draw_one():
    game = dos(hands=(SEAT0, SEAT1, ["blue-1", "blue-3", "blue-5", "blue-6", "blue-7", "blue-9", "green-4"]))
    assert game.current == 1
    match(game, 1, 0, "red-3", "wild-dos")  # 3 + 2 = 5, the wild DOS red: both red
    actions = game.apply(E.Pass(1))
    assert [(a.seat, a.count) for a in actions if a.type == "dispense"] == [(0, 1), (2, 1)]
    assert game.owed == [1, 0, 1]


# -- E7.5 drawing --------------------------------------------------------------------------------
def test_e7_5_who_matches_nothing_draws_one_then_may_match_else_puts_one_into_the_row():
    game = dos()
    with pytest.raises(UserError, match="matched nothing: draw a card first"):
        game.apply(E.Pass(1))
    draw(game, 1, "blue-1")
    assert game.phase is DRAWN and game.snapshot().waiting_for.what == "match or end the turn"
    with pytest.raises(UserError, match="may draw 0 now"):
        draw(game, 1, "blue-3")
    game.apply(E.Pass(1))
    assert game.phase is LAY  # nothing matched: one card into the row
    game.apply(E.Play(1, "blue-1"))
    assert row(game) == [["red-5"], ["blue-8"], ["blue-1"]] and game.current == 0
    # a match first: no draw for the turn
    game = dos()
    match(game, 1, 0, "yellow-5")
    with pytest.raises(UserError, match="may draw 0 now"):
        draw(game, 1, "blue-1")


# -- E7.6 end of turn ----------------------------------------------------------------------------
def test_e7_6_matched_piles_are_discarded_single_cards_stay_and_the_row_is_refilled_to_two():
    game = dos()
    draw(game, 1, "blue-1")  # seat 1 matches nothing: a third pile (no upper limit)
    game.apply(E.Pass(1))
    game.apply(E.Play(1, "green-7"))
    assert row(game) == [["red-5"], ["blue-8"], ["green-7"]] and game.current == 0
    match(game, 0, 2, "green-3", "yellow-4")
    assert texts(game.apply(E.Pass(0))) == ["seat 1's turn: match or draw"]
    assert row(game) == [["red-5"], ["blue-8"]] and game.snapshot().discard_pile == 3
    match(game, 1, 1, "red-3", "yellow-5")
    match(game, 1, 0, "red-5")  # a colour match: its card comes after the refill
    assert texts(game.apply(E.Pass(1))) == [
        "turn up 2 card(s) from the draw pile into the centre row"]
    game.apply(E.StartCard("yellow-6"))
    game.apply(E.StartCard("blue-6"))
    assert game.phase is LAY and row(game) == [["yellow-6"], ["blue-6"]]
    game.apply(E.Play(1, "blue-4"))
    assert row(game) == [["yellow-6"], ["blue-6"], ["blue-4"]] and game.current == 0


# -- E7.7 wilds ----------------------------------------------------------------------------------
def test_e7_7_a_wild_number_takes_any_number_of_its_colour_and_in_the_row_any_number_at_all():
    game = dos(row=("red-wild-number", "blue-8"))
    match(game, 1, 0, "green-7")  # on a wild # the matcher names its number
    match(game, 1, 1, "red-wild-number")  # played, it names 8
    assert game.bonus == 0  # green on red, red on blue: no colour match
    game = dos(row=("red-9", "blue-8"))
    match(game, 1, 0, "red-wild-number", "red-5")  # 4 + 5 = 9, both red
    assert game.hits == 1 and game.bonus == 1
    game = dos(row=("red-5", "blue-8"))
    match(game, 1, 0, "wild-dos", "red-3")  # the wild DOS counts 2
    assert game.bonus == 1 and game.hits == 1
    actions = match(dos(row=("red-5", "blue-1")), 1, 1, "wild-dos")
    assert actions[0].type == "take_back"  # 2 is not 1 (nor the start of a sum of 1)


# -- E7.8 DOS! -----------------------------------------------------------------------------------
def test_e7_8_down_to_two_without_dos_a_catch_costs_two_at_the_end_of_the_own_turn():
    hand = ["red-5", "blue-8", "red-3", "green-4"]
    game = dos(hands=(SEAT0, hand))
    match(game, 1, 0, "red-5")
    match(game, 1, 1, "blue-8")
    assert game.snapshot().uno_window == 1
    assert "at the end of the turn" in texts(game.apply(E.Catch(0, 1)))[0]
    assert game.owed == [0, 0]  # not during the turn (E7.8, [D6])
    actions = game.apply(E.Pass(1))
    assert (1, 2) in [(a.seat, a.count) for a in actions if a.type == "dispense"]
    assert game.owed[1] == 2


def test_e7_8_caught_while_putting_cards_into_the_row_the_turn_is_ending_so_it_draws_at_once():
    game = dos(hands=(SEAT0, ["red-5", "blue-8", "red-3", "green-4", "yellow-1"]))
    match(game, 1, 0, "red-5")
    match(game, 1, 1, "blue-8")  # two colour matches: two cards into the row
    game.apply(E.Pass(1))
    game.apply(E.StartCard("yellow-6"))
    game.apply(E.StartCard("blue-6"))
    game.apply(E.Play(1, "red-3"))  # down to two, no call
    actions = game.apply(E.Catch(0, 1))
    assert [(a.seat, a.count) for a in actions if a.type == "dispense"] == [(1, 2)]
    game.apply(E.Play(1, "green-4"))
    assert game.current == 0 and game.owed == [0, 2]


def test_e7_8_a_called_dos_is_safe_and_after_the_turn_a_catch_costs_two_at_once():
    game = dos(hands=(SEAT0, ["red-5", "blue-8", "red-3", "green-4"]))
    game.apply(E.CallUno(1, "dos"))  # in the own turn, before matching down to two
    match(game, 1, 0, "red-5")
    match(game, 1, 1, "blue-8")
    assert game.snapshot().uno_window is None
    assert "owes no DOS call" in texts(game.apply(E.Catch(0, 1)))[0] and game.owed == [0, 0]
    with pytest.raises(UserError, match="say dos"):
        game.apply(E.CallUno(1, "uno"))
    # forgotten, and caught after the turn, before the next player's first move: at once
    forgot = dos(hands=(SEAT0, ["yellow-5", "green-8", "red-3", "green-4"]))
    match(forgot, 1, 0, "yellow-5")
    match(forgot, 1, 1, "green-8")
    forgot.apply(E.Pass(1))
    forgot.apply(E.StartCard("yellow-6"))
    forgot.apply(E.StartCard("blue-6"))
    assert forgot.current == 0 and forgot.snapshot().uno_window == 1
    actions = forgot.apply(E.Catch(0, 1))
    assert [(a.seat, a.count) for a in actions if a.type == "dispense"] == [(1, 2)]


# -- E7.9 scoring --------------------------------------------------------------------------------
def test_e7_9_the_first_out_scores_the_cards_left_in_the_other_hands():
    game = dos(hands=(SEAT0, ["red-5", "blue-8"]))
    game.apply(E.CallUno(1, "dos"))
    match(game, 1, 0, "red-5")
    actions = match(game, 1, 1, "blue-8")
    assert actions[0].type == "round_over" and game.snapshot().round_winner == 1
    assert game.scores == [0, sum(CARD_POINTS[parse_card(c)] for c in SEAT0)]  # 1+3+9+10+6+4+10
    assert game.phase is DEAL and game.round_no == 2


def test_e7_9_out_with_a_double_colour_match_the_others_first_draw_their_card():
    game = dos(hands=(SEAT0, ["red-3", "wild-dos"]))
    match(game, 1, 0, "red-3", "wild-dos")
    assert game.phase is TURN and game.owed == [1, 0] and game.snapshot().round_winner == 1
    actions = draw(game, 0, "red-wild-number")
    assert game.scores[1] == 43 + 40 and actions[-2].type == "round_over"


def test_e7_9_tracking_a_round_is_scored_from_the_shown_hands():
    game = dos(hands=(SEAT0, ["red-5", "blue-8"]), full=False)
    match(game, 1, 0, "red-5")
    match(game, 1, 1, "blue-8")
    assert game.phase is SCORING
    game.apply(E.RevealHand(0, tuple(SEAT0)))
    assert game.scores == [0, 43]


# -- whole games: virtual players, the log, undo, tracking, the bench ---------------------------
def test_e7_virtual_players_play_a_whole_seeded_match_and_its_log_replays_to_the_same_state():
    game = Game(3, DOS_RULES, full_information=True, seed=5)
    play_match(game, random.Random(11).random, forget=0.3)
    view = game.snapshot()
    assert view.match.over and max(view.scores) >= 200 and view.round > 1
    assert sum(1 for e in game.log if e.type == "match") > 50
    again = read_log(format_log(game))
    assert again.snapshot() == view and type(again) is DosGame
    twin = Game(3, DOS_RULES, full_information=True, seed=5)
    play_match(twin, random.Random(11).random, forget=0.3)
    assert twin.snapshot() == view  # seeded: the same match again


def test_e7_undo_is_exact_and_cards_are_conserved_at_every_step():
    game = Game(2, DOS_RULES, full_information=True)
    rnd = random.Random(3).random
    from companion.engine.dos.players import play_round
    game.apply(E.Deal(dealer=0, hands=[SEAT0, SEAT1]))
    before = game.snapshot()
    game.apply(E.StartCard("red-5"))
    game.pop()
    assert game.snapshot() == before
    play_round(game, rnd)
    assert game.winner >= 0
    for cut in range(1, len(game.log), 7):  # any prefix replays, and it holds 108 cards
        step = game.replayed(game.log[:cut])
        held = sum(len(h) for h in step.hands) + sum(len(p) for p in step.row)
        assert held + len(step.pile) + len(step.discard) == 108


def test_e7_tracking_mode_follows_sizes_and_the_camera_reported_row():
    game = dos(full=False)
    match(game, 1, 1, "red-3", "yellow-5")
    assert game.sizes == [7, 5]
    with pytest.raises(UserError):
        draw(game, 1, count=1)  # matched already
    game.apply(E.Pass(1))
    game.apply(E.StartCard("green-9"))
    assert row(game) == [["red-5"], ["green-9"]] and game.current == 0
    draw(game, 0, count=1)
    game.apply(E.Pass(0))
    game.apply(E.Play(0, "yellow-4"))
    assert game.sizes == [7, 5] and len(row(game)) == 3 and game.current == 1


def test_e7_bench_engine_plays_dos_games_and_prints_games_per_second(capsys):
    assert bench(["--games", "20", "--players", "4", "--edition", "dos", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("engine (dos): 20 games, 4 players")
    assert lines[-1].startswith("games_per_s=") and int(lines[-1].split("=")[1]) > 0


@pytest.mark.parametrize("name", ["companion.engine.dos", "companion.engine.dos.data",
                                  "companion.engine.dos.players"])
def test_e7_the_dos_docstring_examples_run(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_e7_at_the_table_buttons_and_row_sightings_mean_dos_events():
    from companion.engine.inputs import RowSighted, SeatButton, meaning

    def means(game, observed):
        return [e.to_json() for e in meaning(game.snapshot(), observed).events]
    game = Game(2, DOS_RULES)
    game.apply(E.Deal(dealer=0))
    assert means(game, RowSighted(None, ("red-5",))) == [{"type": "start_card", "card": "red-5"}]
    for event in meaning(game.snapshot(), RowSighted(None, ("red-5",))).events:
        game.apply(event)
    game.apply(E.StartCard("blue-8"))
    assert means(game, SeatButton(1)) == []  # nothing matched, nothing drawn: no end yet
    assert means(game, RowSighted(1, ("red-3", "yellow-5"))) == [
        {"type": "match", "seat": 1, "pile": 1, "cards": ["red-3", "yellow-5"]}]
    game.apply(E.Match(1, 1, ("red-3", "yellow-5")))
    assert means(game, SeatButton(1)) == [{"type": "pass", "seat": 1}]
    tracked = dos(hands=(SEAT0, ["red-5", "blue-8", "red-3", "green-4"]), full=False)
    tracked.apply(E.Match(1, 0, ("yellow-5",)))
    tracked.apply(E.Match(1, 1, ("green-8",)))  # down to two
    assert means(tracked, SeatButton(0)) == [{"type": "catch", "seat": 0, "target": 1}]
    assert means(tracked, SeatButton(1)) == [{"type": "uno", "seat": 1, "word": "dos"}]


def test_e7_tracking_a_virtual_round_with_hidden_hands_follows_it_step_by_step():
    # given a round virtual players played with full information
    from companion.engine.dos.players import play_round
    full = Game(3, DOS_RULES, full_information=True)
    full.apply(E.Deal(dealer=2, hands=[SEAT0, SEAT1, ["blue-1", "blue-3", "blue-5", "blue-6",
                                                          "blue-7", "blue-9", "green-4"]]))
    play_round(full, random.Random(4).random, forget=0.3)
    # when a tracking game gets what a real table reports: sizes, counts, the cards it saw
    tracked = Game(3, DOS_RULES)
    for step, event in enumerate(full.log):
        if isinstance(event, E.Deal):
            event = E.Deal(dealer=event.dealer, sizes=tuple(len(h) for h in event.hands))
        elif isinstance(event, E.Draw):
            event = E.Draw(event.seat, event.count)
        tracked.apply(event)
        mine, theirs = tracked.snapshot(), full.replayed(full.log[:step + 1]).snapshot()
        # then it follows every hand size, the row, the turn and the phase
        assert (mine.hand_sizes, mine.centre_row, mine.turn, mine.phase) == (
            theirs.hand_sizes, theirs.centre_row, theirs.turn, theirs.phase) or mine.phase == SCORING
    assert tracked.phase is SCORING
    for seat in range(3):
        if seat != full.snapshot().round_winner:
            tracked.apply(E.RevealHand(seat, tuple(full.snapshot().hands[seat])))
    assert tracked.scores == full.scores and tracked.snapshot().round_winner == full.snapshot().round_winner
