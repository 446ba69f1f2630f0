"""The engine names the seats a skip passed over, so a page need not work them out."""
from companion.engine import events as E
from companion.engine.house.editions import random_seat

from engine_helpers import HANDS, table


def _turn(actions):
    return [a for a in actions if a.type == "turn"][-1]


def test_a_skip_names_the_seat_passed_over_and_an_ordinary_turn_names_none(mode):
    game = mode([HANDS[0], ["red-skip", *HANDS[1][1:]], HANDS[2]])
    turn = _turn(game.apply(E.Play(1, "red-skip")))
    assert (turn.seat, turn.skipped) == (0, (2,)) and turn.to_json()["skipped"] == [2]
    plain = _turn(game.apply(E.Play(0, "red-1")))
    assert plain.skipped == () and "skipped" not in plain.to_json()  # the JSON as before


def test_v1_two_skips_name_one_seat_each():
    hands = [["red-1", "blue-2", "green-9"], ["red-skip", "red-skip", "green-4"],
             ["yellow-6", "blue-1"], ["yellow-1", "green-2"], ["blue-1", "green-7"]]
    game = table(hands, doubling=True)
    assert _turn(game.apply(E.Play(1, "red-skip"))).skipped == (2,)
    turn = _turn(game.apply(E.Play(1, "red-skip")))
    assert (turn.seat, turn.skipped) == (4, (3,))


def test_e2_a_skip_names_the_first_of_its_two_random_picks():
    for players in (3, 4, 6):
        game = table([["red-1", "red-2", "red-3"]] * players, full=False, flash=True,
                     flash_race_card=None)
        player, picks = game.current, game.flags.get("flash_picks", 0)
        turn = _turn(game.apply(E.Play(player, "red-skip")))
        seats = list(range(players))
        assert turn.skipped == (random_seat(game.seed, game.round_no, picks, seats),)
        assert turn.seat == random_seat(game.seed, game.round_no, picks + 1, seats)
