"""E5 UNO Show 'em No Mercy (docs/editions.md E5.1-E5.9): its deck, its action cards, stacking,
0 and 7, drawing until a card fits, the mercy rule, winning, scoring, and whole matches,
given/when/then, in both modes where the rule applies."""
import dataclasses
import random
from collections import Counter

import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.engine.bench import main as bench
from companion.engine.cards import (CARD_NAMES, CARD_POINTS, CARDS, CLASSIC_DECK, DECKS,
                                    JUNIOR_DECK, NO_MERCY_DECK)
from companion.engine.log import format_log, header, read_log
from companion.engine.phases import DISCARDING, SCORING
from companion.engine.sim import play_match
from companion.errors import UserError

from engine_helpers import draw, table, texts

HANDS = [["red-1", "red-2", "blue-3", "green-4", "yellow-6", "blue-8", "green-9"],
         ["red-3", "blue-4", "green-6", "yellow-7", "yellow-8", "blue-9", "green-1"],
         ["red-6", "blue-2", "green-3", "yellow-4", "red-8", "blue-1", "yellow-2"]]


def hands_with(**swaps):
    """HANDS with seat N's last card replaced: ``hands_with(s1="red-draw4")``."""
    hands = [list(h) for h in HANDS]
    for key, card in swaps.items():
        hands[int(key[1:])][-1] = card
    return hands


def no_mercy(mode, hands=None, **kwargs):
    return mode(hands or HANDS, no_mercy=True, **kwargs)


# -- E5.1 the deck ------------------------------------------------------------------------------
def test_e5_1_the_deck_holds_168_cards_in_the_kinds_read_and_its_faces_follow_the_others():
    cards = Counter(CARDS[c].name for c in NO_MERCY_DECK.cards())
    assert NO_MERCY_DECK.size == 168 and NO_MERCY_DECK.hand_size == 7
    for colour in ("red", "yellow", "green", "blue"):
        assert all(cards[f"{colour}-{n}"] == 2 for n in range(10))  # the 0s twice too
        for kind, copies in (("skip", 3), ("reverse", 3), ("draw2", 3), ("draw4", 2),
                             ("skip-everyone", 2), ("discard-all", 3)):
            assert cards[f"{colour}-{kind}"] == copies, (colour, kind)
    assert (cards["wild-reverse-draw4"], cards["wild-draw6"], cards["wild-draw10"],
            cards["wild-colour-roulette"]) == (8, 4, 4, 8)
    assert "wild" not in cards and "wild-draw4" not in cards  # no plain wilds, no challenge
    # the classic and Junior faces keep their ids; No Mercy's come after them
    first = min(NO_MERCY_DECK.face_ids[i] for i, name in enumerate(NO_MERCY_DECK.names)
                if name.endswith(("draw4", "everyone", "all", "draw6", "draw10", "roulette"))
                and name != "wild-draw4")
    assert first > max(JUNIOR_DECK.face_ids) and CLASSIC_DECK.face_ids == tuple(range(54))
    # S1 values (E5.9, our reading): coloured actions 20, wilds 50
    assert CARD_POINTS[CARD_NAMES.index("blue-skip-everyone")] == 20
    assert CARD_POINTS[CARD_NAMES.index("wild-draw10")] == 50


def test_e5_1_the_option_chooses_the_deck_alone_and_a_classic_log_is_as_before(mode):
    assert Game(3, RuleOptions(no_mercy=True)).deck is NO_MERCY_DECK is DECKS["no-mercy"]
    with pytest.raises(UserError, match="no-mercy deck does not go"):
        Game(3, deck=NO_MERCY_DECK)
    with pytest.raises(UserError, match="only one edition at a time"):
        RuleOptions(no_mercy=True, junior_level=2)
    assert "no_mercy" not in header(Game(3))["options"]  # old logs and golden digests unchanged
    game = no_mercy(mode)
    with pytest.raises(UserError, match="wild-draw4 is not a card of the no-mercy deck"):
        game.apply(E.Play(1, "wild-draw4"))
    game.apply(E.Play(1, "red-3"))
    text = format_log(game)
    assert '"deck":"no-mercy"' in text and '"no_mercy":true' in text
    assert read_log(text).snapshot() == game.snapshot()


# -- E5.2 set-up ---------------------------------------------------------------------------------
def test_e5_2_two_to_six_players_and_an_action_start_card_is_put_back(mode):
    Game(6, RuleOptions(no_mercy=True))
    with pytest.raises(UserError, match="2 to 6 players .E5."):
        Game(7, RuleOptions(no_mercy=True))
    game = Game(3, RuleOptions(no_mercy=True), full_information=mode.full)
    game.apply(E.Deal(dealer=0, hands=HANDS) if mode.full else E.Deal(dealer=0))
    for card in ("red-skip", "wild-draw10", "blue-discard-all"):
        actions = game.apply(E.StartCard(card))
        assert [a.type for a in actions] == ["notice", "flip_start_card"]
        assert texts(actions)[0] == f"only a number card starts the discard pile: put the {card} back (E5)"
        assert game.snapshot()["phase"] == "start_card" and game.snapshot()["top_card"] is None
    assert texts(game.apply(E.StartCard("red-5"))) == ["seat 1's turn: play or draw"]


# -- E5.3 drawing until a card fits ------------------------------------------------------------
def test_e5_3_with_full_information_the_player_draws_until_a_card_fits_and_plays_it():
    # given seat 1 holds no red card, no 5 and no wild on a red 5
    hands = [HANDS[0], ["blue-4", "green-6", "yellow-8", "blue-9", "green-1", "yellow-3", "blue-2"],
             HANDS[2]]
    game = table(hands, no_mercy=True, start="red-5")
    # does not fit: the turn is not over, and the phones say what to do
    assert texts(game.apply(E.Draw(1, 1, ("yellow-9",)))) == ["seat 1's turn: draw another"]
    assert game.snapshot()["waiting_for"]["what"] == "draw another card: none fits yet"
    with pytest.raises(UserError, match="no card fits yet: draw again"):
        game.apply(E.Pass(1))
    game.apply(E.Draw(1, 1, ("red-7",)))
    with pytest.raises(UserError, match="drawn card fits and must be played"):
        game.apply(E.Pass(1))
    game.apply(E.Play(1, "red-7"))  # a 7 (E5.6): whom to swap with
    assert game.snapshot()["phase"] == "target"


def test_e5_3_at_a_tracked_table_the_player_may_draw_again_and_again():
    game = table(HANDS, full=False, no_mercy=True)
    for _ in range(3):
        assert "play the drawn card or draw another" in texts(game.apply(E.Draw(1, 1)))[0]
    assert texts(game.apply(E.Pass(1))) == ["seat 2's turn: play or draw"]


def test_e5_3_the_draw_button_throws_another_card_while_the_engine_allows_one(mode):
    """The draw button after a drawn card: one more card while no drawn card is known to fit
    (a tracked table cannot know: always), nothing once it fits (full information)."""
    from companion.engine.inputs import DrawButton, meaning

    def button(game):
        return [(a.type, a.seat, a.count) for a in meaning(game.snapshot().to_json(), DrawButton()).actions]
    game = no_mercy(mode)
    draw(game, 1, "yellow-9")
    assert button(game) == [("dispense", 1, 1)]
    draw(game, 1, "red-7")
    assert button(game) == ([] if game.full else [("dispense", 1, 1)])


# -- E5.4 the action cards -----------------------------------------------------------------------
def test_e5_4_a_coloured_draw4_hits_the_next_player_who_may_answer_or_take_4(mode):
    game = no_mercy(mode, hands_with(s1="red-draw4"))
    assert texts(game.apply(E.Play(1, "red-draw4"))) == ["seat 2's turn: answer or take 4"]
    assert texts(game.apply(E.Accept(2))) == ["seat 2's turn: draw", "dispense 4 to seat 2 (taken)"]
    assert texts(draw(game, 2, "red-9", "red-9", "blue-5", "blue-5")) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [7, 6, 11]


def test_e5_4_skip_everyone_passes_over_every_other_player_and_the_player_plays_again(mode):
    game = no_mercy(mode, hands_with(s1="red-skip-everyone"))
    actions = game.apply(E.Play(1, "red-skip-everyone"))
    assert texts(actions) == ["seat 1's turn: play or draw"] and actions[0].skipped == (2, 0)
    game.apply(E.Play(1, "red-3"))
    assert game.snapshot()["turn"] == 2


def test_e5_4_discard_all_lays_every_other_card_of_its_colour_under_it():
    # with full information the engine knows them: seat 0's red 1 and red 2 go with it
    game = table(hands_with(s0="red-discard-all"), no_mercy=True)
    game.apply(E.Play(1, "red-3"))
    game.apply(E.Play(2, "red-6"))
    assert texts(game.apply(E.Play(0, "red-discard-all"))) == ["seat 1's turn: play or draw"]
    state = game.snapshot()
    assert state["hands"][0] == ["blue-3", "green-4", "yellow-6", "blue-8"]
    assert state["top_card"] == "red-discard-all" and state["discard_pile"] == 6


def test_e5_4_at_a_tracked_table_the_ring_or_phone_counts_the_cards_laid_under_it():
    game = table(hands_with(s0="red-discard-all"), full=False, no_mercy=True)
    game.apply(E.Play(1, "red-3"))
    game.apply(E.Play(2, "red-6"))
    assert texts(game.apply(E.Play(0, "red-discard-all"))) == [
        "seat 0 lays every other red card under the discard all: how many?"]
    assert game.snapshot()["phase"] == DISCARDING
    assert game.snapshot()["waiting_for"]["what"] == "count the cards laid under the discard all"
    with pytest.raises(UserError, match="cannot lay 7 cards"):
        game.apply(E.DiscardAll(0, 7))
    with pytest.raises(UserError, match="must all be red"):
        game.apply(E.DiscardAll(0, 1, ("blue-3",)))
    assert texts(game.apply(E.DiscardAll(0, 2))) == ["seat 1's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [4, 6, 6] and game.snapshot()["discard_pile"] == 6
    assert read_log(format_log(game)).snapshot() == game.snapshot()


def test_e5_4_a_wild_draw10_asks_the_launcher_for_exactly_ten(mode):
    game = no_mercy(mode, hands_with(s1="wild-draw10"))
    assert texts(game.apply(E.Play(1, "wild-draw10"))) == ["seat 1 chooses a colour"]
    assert texts(game.apply(E.ChooseColour(1, "green"))) == ["seat 2's turn: answer or take 10"]
    assert texts(game.apply(E.Accept(2)))[-1] == "dispense 10 to seat 2 (taken)"
    cards = ["red-9", "red-9", "blue-5", "blue-5", "green-5", "green-5", "yellow-9", "yellow-9",
             "red-0", "red-0"]
    assert texts(draw(game, 2, *cards)) == ["seat 0's turn: play or draw"]
    assert game.snapshot()["hand_sizes"][2] == 17 and game.snapshot()["colour"] == "green"


def test_e5_4_a_wild_reverse_draw4_turns_the_direction_first_so_the_player_before_draws(mode):
    game = no_mercy(mode, hands_with(s1="wild-reverse-draw4"))
    game.apply(E.Play(1, "wild-reverse-draw4"))
    assert texts(game.apply(E.ChooseColour(1, "blue"))) == ["seat 0's turn: answer or take 4"]
    assert game.snapshot()["direction"] == "counter-clockwise"


def test_e5_4_colour_roulette_the_next_player_names_a_colour_and_takes_cards_until_it_shows():
    game = table(hands_with(s1="wild-colour-roulette"), no_mercy=True)
    # the *next* player names the colour
    assert texts(game.apply(E.Play(1, "wild-colour-roulette"))) == ["seat 2 chooses a colour"]
    assert texts(game.apply(E.ChooseColour(2, "blue"))) == [
        "seat 2's turn: draw or pass", "dispense 1 to seat 2 (colour roulette: one card, until "
        "a blue one shows (E5))"]
    actions = game.apply(E.Play(2, "blue-2"))  # not while the roulette runs: a misplay
    assert actions[0].type == "take_back" and "draw until its colour shows" in actions[0].why
    game = table(hands_with(s1="wild-colour-roulette"), no_mercy=True)
    game.apply(E.Play(1, "wild-colour-roulette"))
    game.apply(E.ChooseColour(2, "blue"))
    # what the table waits for, also after reconnecting: the next card of the roulette
    assert game.snapshot()["waiting_for"]["what"] == "draw until a blue card shows"
    assert texts(game.prompt())[-1].startswith("dispense 1 to seat 2 (colour roulette")
    for card in ("red-9", "wild-draw6", "green-5"):  # one card at a time: the launcher asked again
        assert texts(draw(game, 2, card))[-1].startswith("dispense 1 to seat 2 (colour roulette")
        with pytest.raises(UserError, match="draw until its colour shows"):
            game.apply(E.Pass(2))  # the engine sees the cards: no blue yet
    assert texts(draw(game, 2, "blue-5")) == ["seat 0's turn: play or draw"]  # turn lost
    assert game.snapshot()["hand_sizes"] == [7, 6, 11] and game.snapshot()["colour"] == "blue"


def test_e5_4_a_tracked_roulette_ends_when_the_camera_sees_the_colour_or_the_victim_presses():
    game = table(hands_with(s1="wild-colour-roulette"), full=False, no_mercy=True)
    game.apply(E.Play(1, "wild-colour-roulette"))
    game.apply(E.ChooseColour(2, "blue"))
    draw(game, 2, count=1)                      # unseen: go on
    game.apply(E.Draw(2, 1, ("green-5",)))      # seen, not blue: go on
    assert texts(game.apply(E.Draw(2, 1, ("blue-7",)))) == ["seat 0's turn: play or draw"]
    game2 = table(hands_with(s1="wild-colour-roulette"), full=False, no_mercy=True)
    game2.apply(E.Play(1, "wild-colour-roulette"))
    game2.apply(E.ChooseColour(2, "blue"))
    draw(game2, 2, count=1)
    draw(game2, 2, count=1)
    assert texts(game2.apply(E.Pass(2))) == ["seat 0's turn: play or draw"]  # the press
    assert game2.snapshot()["hand_sizes"] == [7, 6, 9]


# -- E5.5 stacking -------------------------------------------------------------------------------
def test_e5_5_a_draw_card_answers_one_of_equal_or_higher_value_in_any_colour_totals_add(mode):
    hands = hands_with(s1="red-draw2", s2="blue-draw4", s0="wild-draw6")
    game = no_mercy(mode, hands)
    game.apply(E.Play(1, "red-draw2"))
    assert texts(game.apply(E.Play(2, "blue-draw4"))) == ["seat 0's turn: answer or take 6"]
    game.apply(E.Play(0, "wild-draw6"))
    assert texts(game.apply(E.ChooseColour(0, "yellow"))) == ["seat 1's turn: answer or take 12"]
    assert texts(game.apply(E.Accept(1)))[-1] == "dispense 12 to seat 1 (taken)"


def test_e5_5_a_lower_draw_card_does_not_answer(mode):
    game = no_mercy(mode, hands_with(s1="red-draw4", s2="red-draw2"))
    game.apply(E.Play(1, "red-draw4"))
    actions = game.apply(E.Play(2, "red-draw2"))
    assert actions[0].type == "take_back" and "must draw 4 first" in actions[0].why


# -- E5.6 0 and 7 --------------------------------------------------------------------------------
def test_e5_6_a_7_must_swap_and_a_0_passes_every_hand_on_without_the_house_rule(mode):
    game = no_mercy(mode, hands_with(s1="red-7", s2="red-0"))
    assert texts(game.apply(E.Play(1, "red-7"))) == ["seat 1 chooses a player to swap hands with"]
    game.apply(E.ChooseTarget(1, 0))
    assert game.snapshot()["hand_sizes"] == [6, 7, 7]
    game.apply(E.Play(2, "red-0"))  # seat 2's 6 cards go to seat 0, seat 0's 7 to seat 1...
    assert game.snapshot()["hand_sizes"] == [6, 6, 7]


# -- E5.7 the mercy rule, E5.8 winning ---------------------------------------------------------
def test_e5_7_the_launcher_stops_at_the_25th_card_and_the_seat_leaves_the_round(mode):
    big = [f"{c}-{n}" for c in ("red", "yellow", "green") for n in range(7)] + ["green-9"]
    hands = [HANDS[0], hands_with(s1="wild-draw10")[1], big]  # seat 2 holds 22
    game = no_mercy(mode, hands)
    game.apply(E.Play(1, "wild-draw10"))
    game.apply(E.ChooseColour(1, "blue"))
    assert texts(game.apply(E.Accept(2)))[-1] == "dispense 3 to seat 2 (taken)"  # not 10
    assert texts(game.prompt())[-1] == "dispense 3 to seat 2 (due)"
    actions = draw(game, 2, "blue-7", "blue-7", "blue-6")
    assert texts(actions) == ["seat 2 holds 25 cards: out of the round (25 or more, E5)",
                              "seat 0's turn: play or draw"]
    state = game.snapshot()
    assert state["hand_sizes"] == [7, 6, 0] and list(state["house"]["eliminated"]) == [2]
    assert state["discard_pile"] == 27 and state["pending_draw"] == 0
    game.apply(E.Play(0, "blue-3"))
    assert game.snapshot()["turn"] == 1  # the seat that is out is passed over
    game.apply(E.Play(1, "blue-4"))
    assert game.snapshot()["turn"] == 0


def test_e5_8_the_last_player_left_wins_the_round(mode):
    big = [f"{c}-{n}" for c in ("red", "yellow", "green") for n in range(8)]  # 24 cards
    game = no_mercy(mode, [HANDS[0], big], scoring="penalty")
    draw(game, 1, "blue-9")  # seat 1 draws for its turn: the 25th card
    state = game.snapshot()
    assert state["round_winner"] == 0 and state["round_wins"] == [1, 0]
    # E5.9: the winner's 7 cards count nothing, the cards of the seat that is out are gone
    assert state["last_round_points"] == [0, 0] and state["phase"] == "deal"


def test_e5_8_and_e5_9_going_out_wins_and_the_others_hand_points_score_as_classic():
    hands = [HANDS[0], ["red-3", "red-skip-everyone"], HANDS[2]]
    game = table(hands, no_mercy=True)
    game.apply(E.Play(1, "red-skip-everyone"))
    game.apply(E.CallUno(1))
    game.apply(E.Play(1, "red-3"))
    left = sum(CARD_POINTS[CARD_NAMES.index(c)] for c in HANDS[0] + HANDS[2])
    assert game.snapshot()["scores"] == [0, left, 0] and game.snapshot()["round_winner"] == 1


# -- whole matches by the virtual players ---------------------------------------------------
def _tracked_replay(game) -> Game:
    """The full game's log as a real table records it: the launcher's counts, no cards, but
    a roulette's cards as the camera sees them thrown and the count laid under a discard all
    (the ring or the phone); each round's points counted by the players."""
    tracking = Game(game.players, game.options, seed=game.seed)
    full = Game(game.players, game.options, full_information=True, seed=game.seed)
    for event in game.log:
        roulette = full.flags.roulette is not None
        before = full.sizes[:]
        full.apply(event)
        if isinstance(event, E.Deal):
            event = E.Deal(event.dealer, None, tuple(len(hand) for hand in event.hands))
        elif isinstance(event, E.Draw) and not roulette:
            event = dataclasses.replace(event, cards=None)
        tracking.apply(event)
        if tracking.phase is DISCARDING:
            laid = before[event.seat] - 1 - full.sizes[event.seat]
            tracking.apply(E.DiscardAll(event.seat, laid))
        if tracking.phase is SCORING:
            tracking.apply(E.RoundEnd(tuple(sum(CARD_POINTS[c] for c in hand)
                                            for hand in full.hands)))
    return tracking


@pytest.mark.parametrize("scoring", ["winner", "wins", "penalty"])
def test_e5_a_whole_seeded_match_by_virtual_players_and_a_tracked_table_agree(scoring):
    options = RuleOptions(no_mercy=True, scoring=scoring, target=300, target_wins=3)
    game = Game(["Ada", "Ben", "Cem", "Dan"], options, full_information=True, seed=11)
    play_match(game, random.Random(5).random, forget=0.3)
    state = game.snapshot()
    assert state["match"]["over"]
    assert Counter(c for hand in game.hands for c in hand) + Counter(game.pile) + Counter(
        game.discard) == Counter(NO_MERCY_DECK.cards())
    played = Counter(CARDS[CARD_NAMES.index(e.card)].kind for e in game.log
                     if isinstance(e, E.Play))
    assert {"wild-draw10", "wild-colour-roulette", "discard-all", "skip-everyone"} <= set(played)
    tracking = _tracked_replay(game)
    assert tracking.snapshot()["scores"] == state["scores"]
    assert tracking.snapshot()["round_wins"] == state["round_wins"]
    assert tracking.snapshot()["match"] == state["match"]
    assert tracking.snapshot()["hand_sizes"] == state["hand_sizes"]


def test_e5_the_virtual_players_put_players_out_and_win_as_the_last_one_left():
    outs = last_left = 0
    for seed in range(40):
        game = Game(3, RuleOptions(no_mercy=True), full_information=True, record=False)
        rnd = random.Random(seed).random
        game.deal_random(rnd, dealer=0)
        from companion.engine.sim import play_round
        play_round(game, rnd)
        out = game.flags.eliminated or ()
        assert game.winner >= 0 and game.winner not in out
        outs += len(out)
        last_left += len(out) == 2
    assert outs and last_left


def test_e5_bench_engine_plays_no_mercy_games_and_prints_games_per_second(capsys):
    assert bench(["--games", "20", "--players", "4", "--edition", "no-mercy", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("engine (no-mercy): 20 games, 4 players")
    assert lines[-1].startswith("games_per_s=") and int(lines[-1].split("=")[1]) > 0


def test_e5_the_plays_found_at_once_are_those_the_rules_allow_card_by_card(monkeypatch):
    # given the virtual players' every step of seeded rounds, the plays No Mercy finds at once
    # (its legal_plays) are exactly those Game.legal_plays finds by judging each card
    from companion.engine import sim
    step, checked = sim._step, []

    def checking_step(game, random, forget):
        seat = game.current
        by_card = [c for c in sorted(set(game.hands[seat])) if game._misplay_reason(seat, c) is None]
        assert game.legal_plays(seat) == by_card, (game.phase, game.pending, CARD_NAMES[game.top])
        checked.append(len(by_card))
        step(game, random, forget)
    monkeypatch.setattr(sim, "_step", checking_step)
    for seed in range(6):
        game = Game(2 + seed % 5, RuleOptions(no_mercy=True), full_information=True, record=False)
        rnd = random.Random(seed).random
        game.deal_random(rnd, dealer=0)
        sim.play_round(game, rnd)
    assert len(checked) > 500 and max(checked) > 5
    # with another house rule on beside it, the card-by-card judging decides (None)
    game = table(HANDS, no_mercy=True, jump_in=True)
    assert game.house[-1].legal_plays(game, 1) is None and game.legal_plays(1)


# -- the words the table shows (E5.4, E5.6, E5.7) ---------------------------------------------
def test_e5_4_the_roulette_colour_is_shown_by_its_name():
    game = table(hands_with(s1="wild-colour-roulette"), no_mercy=True)
    game.apply(E.Play(1, "wild-colour-roulette"))
    assert game.snapshot()["house"]["roulette"] == ""          # not named yet
    game.apply(E.ChooseColour(2, "blue"))
    assert game.snapshot()["house"]["roulette"] == "blue"      # not 3


def test_e5_6_a_7_swap_refused_says_no_mercys_rules_not_the_house_rules(mode):
    big = [f"{c}-{n}" for c in ("red", "yellow", "green") for n in range(7)] + ["green-9"]
    seven = ["red-3", "blue-4", "green-6", "blue-7", "yellow-8", "blue-9", "wild-draw10"]
    game = no_mercy(mode, [HANDS[0], seven, big])
    game.apply(E.Play(1, "wild-draw10"))
    game.apply(E.ChooseColour(1, "blue"))
    game.apply(E.Accept(2))
    draw(game, 2, "blue-5", "blue-5", "blue-6")                # seat 2: 25 cards, out
    game.apply(E.Play(0, "blue-3"))
    game.apply(E.Play(1, "blue-7"))
    with pytest.raises(UserError, match=r"swaps hands with another player \(E5.6\)"):
        game.apply(E.ChooseTarget(1, 1))
    with pytest.raises(UserError, match=r"seat 2 is out of this round: 25 cards or more \(E5.7\)"):
        game.apply(E.ChooseTarget(1, 2))
    game.apply(E.ChooseTarget(1, 0))
    assert game.snapshot()["hand_sizes"] == [5, 6, 0]


def test_e5_4_at_a_tracked_table_the_launcher_waits_after_an_unseen_roulette_card():
    """The launcher throws the roulette's first card at once; after a card no one saw it
    waits: the draw button throws the next one (the prompt still asks for it), the victim's
    button says the colour came. A card the camera named not of the colour: the next at once."""
    game = table(hands_with(s1="wild-colour-roulette"), full=False, no_mercy=True)
    game.apply(E.Play(1, "wild-colour-roulette"))
    assert texts(game.apply(E.ChooseColour(2, "blue")))[-1].startswith("dispense 1 to seat 2")
    assert texts(draw(game, 2, count=1)) == ["seat 2's turn: draw or pass"]       # no throw
    assert texts(game.prompt())[-1].startswith("dispense 1 to seat 2 (colour roulette")
    assert texts(game.apply(E.Draw(2, 1, ("green-5",))))[-1].startswith("dispense 1 to seat 2")
