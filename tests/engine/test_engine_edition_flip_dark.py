"""E4 UNO Flip: the dark side's actions, scoring by the side in play, and whole matches by the
virtual players, given/when/then, in both modes where the rule applies (the deck, set-up, the
light side and the flip itself: test_engine_edition_flip.py)."""
import dataclasses
import random
from collections import Counter

import pytest

from companion.engine import Game, RuleOptions, events as E
from companion.engine.bench import main as bench
from companion.engine.cards import CARDS, FLIP_DECK, parse_card
from companion.engine.phases import SCORING, TURN
from companion.engine.sim import play_match
from companion.errors import UserError

from engine_helpers import draw, texts, types
from flip_helpers import DARK, OTHER, POINTS, colour_of, dark_hands, flip_table, light, to_dark


# -- E4.4 dark side actions -------------------------------------------------------------------------
def test_e4_4_a_draw5_makes_the_next_player_draw_five_and_lose_the_turn(mode):
    game = to_dark(mode)
    assert texts(game.apply(E.Play(2, f"{DARK}-draw5"))) == [
        "seat 0's turn: draw", "dispense 5 to seat 0 (draw 5 (E4))"]
    dark_pile = [CARDS[c].name for c in game.pile[:5]] if mode.full else []
    assert texts(draw(game, 0, *dark_pile, count=5)) == ["seat 1's turn: play or draw"]
    assert game.snapshot()["hand_sizes"] == [12, 6, 6]


def test_e4_4_skip_everyone_passes_over_every_other_player(mode):
    game = to_dark(mode)
    actions = game.apply(E.Play(2, f"{DARK}-skip-everyone"))
    assert game.snapshot()["turn"] == 2 and actions[-1].skipped == (0, 1)


def test_e4_4_a_wild_draw_colour_makes_the_next_player_draw_until_that_colour_comes(mode):
    hands = dark_hands()  # seat 2 holds no card of the colour in play, so the card is legal (T2)
    others = [c for c in ("pink", "teal", "orange", "purple") if c != DARK]
    hands[2] = [light("wild-draw-colour"), *(light(f"{c}-{n}") for c in others for n in (3, 4))]
    game = to_dark(mode, hands)
    game.apply(E.Play(2, "wild-draw-colour"))
    with pytest.raises(UserError):
        game.apply(E.ChooseColour(2, "red"))  # the light side's colours are not in play
    game.apply(E.ChooseColour(2, "teal"))
    assert game.snapshot()["colour"] == "teal" and game.snapshot()["pending_draw"] == 1
    assert game.snapshot()["house"]["until_colour"] == "teal"  # the phones can say it
    # seat 0 draws one card at a time; a dark wild is no colour, another colour no teal
    pile = [CARDS[c].name for c in game.pile]
    others = ["dark-wild", next(c for c in pile if colour_of(c) not in (None, "teal"))]
    for card in others:
        draw(game, 0, card) if mode.full else game.apply(E.Draw(0, 1))
        # full information: the engine asks for one card more; a tracked table waits for the
        # player: the draw button throws the next one, their own button passes
        assert game.snapshot()["turn"] == 0 and game.snapshot()["pending_draw"] == (1 if mode.full else 0)
        if not mode.full:
            assert [a.to_json()["count"] for a in game.prompt() if a.type == "dispense"] == [1]
            with pytest.raises(UserError, match="teal has not come yet"):
                game.apply(E.Play(0, "teal-4"))
    # the teal card ends it (a tracked table may name that card when it comes)
    teal = next(c for c in pile if colour_of(c) == "teal") if mode.full else "teal-4"
    actions = game.apply(E.Draw(0, 1, (teal,)))
    assert texts(actions) == ["seat 1's turn: play or draw"]
    assert game.snapshot()["hand_sizes"][0] == 7 + len(others) + 1
    assert "until_colour" not in game.snapshot()["house"]


def test_e4_4_a_tracked_table_throws_one_card_at_a_time_until_the_player_passes():
    hands = dark_hands()
    others = [c for c in ("pink", "teal", "orange", "purple") if c != DARK]
    hands[2] = [light("wild-draw-colour"), *(light(f"{c}-{n}") for c in others for n in (3, 4))]
    game = to_dark(False, hands)
    game.apply(E.Play(2, "wild-draw-colour"))
    actions = game.apply(E.ChooseColour(2, "teal"))
    assert [(a.seat, a.count) for a in actions if a.type == "dispense"] == [(0, 1)]
    assert types(game.apply(E.Draw(0, 1))) == ["turn"]       # no card thrown by itself
    game.apply(E.Draw(0, 1))                                   # the draw button: one more
    assert game.snapshot()["house"]["until_colour"] == "teal"
    assert texts(game.apply(E.Pass(0))) == ["seat 1's turn: play or draw"]   # it came
    assert game.snapshot()["hand_sizes"][0] == 9 and "until_colour" not in game.snapshot()["house"]


def test_e4_4_no_wild_draw_colour_while_holding_the_colour_with_full_information():
    hands = dark_hands()
    game = to_dark(True, hands)
    # seat 2 holds a card of the active dark colour (its draw5): not allowed (T2)
    assert parse_card("wild-draw-colour") not in game.legal_plays(2)
    assert types(game.apply(E.Play(2, "wild-draw-colour"))) == ["take_back", "dispense"]


# -- E4.6 scoring by side ----------------------------------------------------------------------------
def test_e4_6_the_hands_are_counted_on_the_side_in_play_and_a_last_flip_turns_them_first():
    hands = [["red-1", "wild"], ["red-flip"], ["red-6", "wild-draw2"]]
    game = flip_table(True, hands)
    game.apply(E.Play(1, "red-flip"))  # the last card: the hands turn, then the round ends
    left = sum(POINTS[parse_card(OTHER[c])] for c in ("red-1", "wild", "red-6", "wild-draw2"))
    assert game.snapshot()["round_winner"] == 1 and game.snapshot()["scores"] == [0, left, 0]
    # on the light side the same cards would count otherwise
    assert left != sum(POINTS[parse_card(c)] for c in ("red-1", "wild", "red-6", "wild-draw2"))


# -- whole matches by the virtual players -------------------------------------------------------------
def _tracked_replay(game) -> Game:
    """The full game's log as a real table records it: counted cards, a card named only when
    a draw-until-colour run ends with it, the camera's new top after each flip, the
    challenged hand's verdict, and each round's points counted by the players."""
    tracking = Game(game.players, game.options, seed=game.seed)
    full = Game(game.players, game.options, full_information=True, seed=game.seed)
    for event in game.log:
        verdict = None
        if isinstance(event, E.Challenge):
            verdict = not full.holds_colour(full.wd4_by, full.wd4_colour)
        until = full.flags.until_colour
        full.apply(event)
        if isinstance(event, E.Deal):
            event = E.Deal(event.dealer, None, tuple(len(hand) for hand in event.hands))
        elif isinstance(event, E.Draw) and event.cards is not None:
            ended = until is not None and full.flags.until_colour is None and event.count
            event = dataclasses.replace(event, cards=event.cards[-1:] if ended else None)
            if ended and parse_card(event.cards[0]) not in full.hands[event.seat]:
                event = dataclasses.replace(event, cards=None)
        tracking.apply(event)
        if verdict is not None and tracking.phase is not TURN:
            tracking.apply(E.ChallengeVerdict(verdict))
        if tracking.flags.top_due and full.top >= 0:
            tracking.apply(E.FlipTop(CARDS[full.top].name))
        if tracking.phase is SCORING:  # the players count their cards on the side in play
            tracking.apply(E.RoundEnd(tuple(sum(POINTS[c] for c in hand) for hand in full.hands)))
        assert tracking.snapshot()["house"].get("side") == full.snapshot()["house"].get("side")
    return tracking


def test_e4_a_whole_seeded_flip_match_by_virtual_players_in_both_modes():
    # given virtual players at a 3-seat Flip table, when they play a whole match (S2)
    game = Game(["Ada", "Ben", "Cem"], RuleOptions(flip=True, target=300),
                full_information=True, seed=7)
    play_match(game, random.Random(5).random, forget=0.3)
    state = game.snapshot()
    assert state["match"]["over"] and max(state["scores"]) >= 300
    # every card is in a hand or a pile, each the face of the side in play
    back = {c: parse_card(OTHER[CARDS[c].name]) for c in FLIP_DECK.cards()}
    cards = Counter(c for hand in game.hands for c in hand) + Counter(game.pile) + Counter(game.discard)
    dark = state["house"].get("side") == "dark"
    assert cards == Counter(back[c] if dark else c for c in FLIP_DECK.cards())
    played = Counter(CARDS[parse_card(e.card)].kind for e in game.log if isinstance(e, E.Play))
    for kind in ("flip", "draw5", "skip-everyone", "wild-draw-colour", "draw1", "wild-draw2"):
        assert played[kind], kind  # both sides were played
    # then a tracked table that saw the same events ends with the same scores and winner
    tracking = _tracked_replay(game)
    assert tracking.snapshot()["scores"] == state["scores"]
    assert tracking.snapshot()["match"] == state["match"]


def test_e4_bench_engine_plays_flip_games_and_prints_games_per_second(capsys):
    assert bench(["--games", "10", "--players", "4", "--edition", "flip", "--no-rlcard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("engine (flip): 10 games, 4 players")
    assert lines[-1].startswith("games_per_s=") and int(lines[-1].split("=")[1]) > 0
