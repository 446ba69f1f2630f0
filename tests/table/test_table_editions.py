"""The table loop with the real devices on gpiozero MockFactory pins and the sim launcher:
E1 bursts, E2 random turns and the race card, H5 jump-in by button, D2 dealing by launcher."""
import json
import time

import pytest

from companion.config import parse_config
from companion.engine import events as E
from companion.engine.house.editions import random_seat
from companion.service.table import TableService
from companion.table import Happened
from polling import wait_until

QUICK = {"aim_time": 0.01, "settle": 0.04, "rest": 0.01}


def config(tmp_path, mode="classic", rules=None, players=("Ana", "Ben", "Cem")):
    return parse_config({
        "table": {"players": list(players), "mode": mode}, "rules": dict(rules or {}),
        "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
        "data": {"store": str(tmp_path / "games.sqlite")}})


def submit(table, event):
    return table.loop.submit(Happened(event, source="camera")).result(5)


def state(table):
    return table.loop.latest.snapshot


def tap(table, name):
    time.sleep(0.04)        # a finger cannot press a button twice within its debounce time
    table.devices["sim"].tap(name)


def quiet(table):
    wait_until(lambda: not table.launcher.busy and not table.pump.busy, what="the launcher coming to rest")


def events(table):
    return [json.loads(line) for line in table.loop.game_log().splitlines()[1:]]


def service(tmp_path, mode="classic", rules=None, dealer=0, stack=None):
    return TableService(config(tmp_path, mode, rules), dealer=dealer, web=False, seed=4,
                        stack_options=stack, launcher_options=QUICK)


# -- E1 --------------------------------------------------------------------------------------
def test_e1_each_press_is_one_burst_whose_counted_cards_all_count_and_end_the_turn(tmp_path):
    with service(tmp_path, "extreme") as table:
        stack = table.devices["sim"].stack
        submit(table, E.StartCard("red-5"))
        counts = []
        for _ in range(12):                        # press until an empty and a full burst came
            seat, size, hopper = state(table)["turn"], state(table)["hand_sizes"], stack.cards
            tap(table, "launcher_draw_button")
            wait_until(lambda: state(table)["turn"] != seat, what="the burst ending the turn")
            quiet(table)
            thrown = hopper - stack.cards
            assert state(table)["hand_sizes"][seat] == size[seat] + thrown
            assert table.ring.lights[state(table)["turn"]] == "on"
            counts.append(thrown)
            if 0 in counts and max(counts) > 1:
                break
        assert 0 in counts and max(counts) > 1
        bursts = [e for e in events(table) if e["type"] == "burst"]
        assert [e["count"] for e in bursts] == counts


def test_e1_a_jam_mid_burst_counts_what_came_out_and_nothing_is_thrown_twice(tmp_path):
    with service(tmp_path, "extreme", stack={"jam_at": [2]}) as table:
        stack = table.devices["sim"].stack
        submit(table, E.StartCard("red-5"))
        for _ in range(12):
            seat, hopper = state(table)["turn"], stack.cards
            tap(table, "launcher_draw_button")
            wait_until(lambda: state(table)["turn"] != seat or stack.jammed, what="a burst or the jam")
            quiet(table)
            if stack.jammed:
                break
        assert stack.jammed and not table.launcher.motor_running
        wait_until(lambda: state(table)["turn"] != seat, what="the jammed burst ending the turn")
        # then the one card that came out counts (card 2 jammed) and the turn is over
        assert state(table)["hand_sizes"][seat] == 7 + (hopper - stack.cards) == 8
        stack.clear_jam()
        after_jam, nxt = state(table)["hand_sizes"], state(table)["turn"]
        tap(table, "launcher_draw_button")          # the next seat's own burst, not a re-throw
        wait_until(lambda: state(table)["turn"] != nxt, what="the next seat's burst")
        quiet(table)
        last = [e for e in events(table) if e["type"] == "burst"][-1]
        assert last["seat"] == nxt and state(table)["hand_sizes"][seat] == after_jam[seat]
        assert state(table)["hand_sizes"][nxt] == after_jam[nxt] + last["count"]


# -- E2 --------------------------------------------------------------------------------------
def test_e2_the_ring_lights_the_engines_random_seat_and_the_race_card_races(tmp_path):
    with service(tmp_path, "flash", {"flash_turn_seconds": 8}) as table:
        submit(table, E.StartCard("red-5"))
        seen = []
        for card in ("red-6", "red-7", "red-8", "red-9", "red-1", "red-2"):
            submit(table, E.Play(state(table)["turn"], card))
            turn = state(table)["turn"]
            seen.append(turn)
            assert table.ring.lights[turn] == "on"
        seed = state(table)["setup"]["seed"]
        assert seen == [random_seat(seed, 1, pick, [0, 1, 2]) for pick in range(6)]
        assert seen != [2, 0, 1, 2, 0, 1]           # not the clockwise order
        sizes, direction = state(table)["hand_sizes"], state(table)["direction"]
        update = submit(table, E.Play(state(table)["turn"], "red-reverse"))
        assert [a.count for a in update.actions if a.type == "race"] == [2]
        for seat in (2, 0, 1):                      # seat 1 is the slowest
            tap(table, f"seat{seat}_button")
            time.sleep(0.05)
        wait_until(lambda: state(table)["hand_sizes"][1] == sizes[1] + 2 - (seen[-1] == 1),
                   what="the slowest's two cards")
        assert state(table)["direction"] == direction
        wait_until(lambda: table.ring.lights[state(table)["turn"]] == "on",
                   what="the turn lit after the race")
        assert [e for e in events(table) if e["type"] == "race"] == [{"type": "race", "slowest": 1}]


def test_e2_the_same_seed_lights_the_same_seats_after_a_restart(tmp_path):
    with service(tmp_path, "flash") as first:
        submit(first, E.StartCard("red-5"))
        for card in ("red-6", "red-7", "red-8"):
            submit(first, E.Play(state(first)["turn"], card))
        before = state(first)
    with service(tmp_path, "flash") as second:
        assert state(second)["turn"] == before["turn"]
        assert second.ring.lights[before["turn"]] == "on"
        submit(second, E.Play(before["turn"], "red-9"))
        assert state(second)["setup"]["seed"] == before["setup"]["seed"]


# -- H5 --------------------------------------------------------------------------------------
JUMP = {"jump_in": True}


def test_h5_card_then_button_the_jumpers_button_claims_the_card(tmp_path):
    with service(tmp_path, rules=JUMP) as table:
        submit(table, E.StartCard("red-5"))
        submit(table, E.Play(1, "red-9"))
        submit(table, E.Play(2, "red-9"))          # seat 0 laid it; the camera says seat 2's
        tap(table, "seat0_button")
        wait_until(lambda: state(table)["hand_sizes"] == [6, 6, 7], what="the claim")
        assert state(table)["turn"] == 1 and table.ring.lights[1] == "on"


def test_h5_button_then_card(tmp_path):
    with service(tmp_path, rules=JUMP) as table:
        submit(table, E.StartCard("red-5"))
        submit(table, E.Play(1, "red-9"))
        tap(table, "seat0_button")                 # "the next card is mine"
        wait_until(lambda: events(table)[-1]["type"] == "jump_in", what="the claim")
        submit(table, E.Play(2, "red-9"))
        assert state(table)["hand_sizes"] == [6, 6, 7] and state(table)["turn"] == 1


def test_h5_race_the_turns_seat_lays_first_and_the_jumper_jumps_on_its_card(tmp_path):
    # seat 2 (whose turn it is) lays red-3 a moment before seat 0's button: the card is not
    # identical to the one under it, so there is nothing to claim, and it is seat 0's turn now
    with service(tmp_path, rules=JUMP) as table:
        submit(table, E.StartCard("red-5"))
        submit(table, E.Play(1, "red-9"))
        submit(table, E.Play(2, "red-3"))
        tap(table, "seat0_button")
        quiet(table)
        assert events(table)[-1] == {"type": "play", "seat": 2, "card": "red-3"}
        submit(table, E.Play(0, "red-3"))           # seat 0's identical card: its own turn
        assert state(table)["hand_sizes"] == [6, 6, 6]
        # then seat 1 plays red-4; seat 0's button comes before seat 0's own red-4 lands
        submit(table, E.Play(1, "red-4"))
        tap(table, "seat0_button")                 # nothing identical on top: waits
        wait_until(lambda: events(table)[-1]["type"] == "jump_in", what="the second claim")
        submit(table, E.Play(2, "red-4"))          # seat 0's identical red-4 jumps in
        assert state(table)["hand_sizes"] == [5, 5, 6] and state(table)["turn"] == 1


# -- D2 --------------------------------------------------------------------------------------
def test_d2_the_launcher_deals_seven_each_through_a_jam_and_an_empty_hopper(tmp_path):
    with service(tmp_path, dealer=None, stack={"cards": 15, "jam_at": [4]}) as table:
        stack = table.devices["sim"].stack
        aimed, aim = [], table.launcher.aim         # the launcher's servo turns to each seat
        table.launcher.aim = lambda seat: (aimed.append(seat), aim(seat))[1]
        submit(table, E.ChooseDealer(("red-9", "red-1", "red-2")))
        tap(table, "launcher_draw_button")         # the dealer starts the launcher's deal
        wait_until(lambda: stack.jammed, what="the jam")
        quiet(table)
        assert state(table)["phase"] == "dealing" and state(table)["hand_sizes"] == [0, 3, 0]
        stack.clear_jam()
        tap(table, "launcher_draw_button")         # resumes with what each seat lacks
        wait_until(lambda: stack.cards == 0, what="the hopper running empty")
        quiet(table)
        stack.reload(30)                           # the refill resumes by itself
        wait_until(lambda: state(table)["phase"] == "start_card", what="the deal's end")
        assert state(table)["hand_sizes"] == [7, 7, 7] and state(table)["draw_pile"] == 108 - 21
        assert [a["type"] for a in table.loop.latest.snapshot["journal"][-1]["actions"]] == ["flip_start_card"]
        assert aimed[0] == 1 and aimed[-1] == 0 and set(aimed) == {0, 1, 2}  # left of the dealer first


def test_the_edition_switches_its_rule_on_and_the_seed_is_kept_with_the_setup():
    from companion.errors import UserError
    from companion.table import setup_from_json
    flash = setup_from_json({"players": ["A", "B"], "mode": "flash"})
    extreme = setup_from_json({"players": ["A", "B"], "mode": "extreme"})
    assert flash.options.flash and not flash.options.extreme_bursts and extreme.options.extreme_bursts
    assert isinstance(flash.seed, int) and setup_from_json(flash.to_json()) == flash
    with pytest.raises(UserError, match="seed"):
        setup_from_json({"players": ["A", "B"], "seed": "lucky"})


def test_a_table_plays_uno_junior_now_that_the_camera_knows_its_cards():
    """E3: the camera names the Junior faces (draw1 too), so a table sets it up and the setup
    page offers both levels and their presets."""
    from companion.engine.options import RuleOptions
    from companion.table import Setup
    from companion.web.view import options_catalog

    setup = Setup(players=("Ana", "Ben"), options=RuleOptions(junior_level=2))
    assert setup.edition.name == "junior" and setup.options.deck.size == 56
    catalog = options_catalog("en")
    assert {e["id"]: e["supported"] for e in catalog["editions"]} == {
        "classic": True, "junior-level1": True, "junior": True,
        "flip": True, "no-mercy": True, "all-wild": True, "dos": True}  # every edition at the table
    presets = {p["id"]: p for p in catalog["presets"]}
    assert presets["junior-level1"]["supported"] and presets["junior-level2"]["edition"] == "junior"
    assert "red-draw1" in {c["id"] for c in catalog["cards"]}


def test_every_edition_is_at_the_table_and_one_the_camera_could_not_read_would_be_refused(monkeypatch):
    """E3-E7 are all played at the table now; the guard for an edition whose faces the camera
    does not know stays: a table's setup refuses it with a clear message, the page offers it
    as coming later."""
    from companion.engine import options
    from companion.engine.editions import EDITIONS
    from companion.errors import UserError
    from companion.table import Setup
    from companion.web import view

    assert options.NOT_AT_THE_TABLE == frozenset()
    with monkeypatch.context() as patched:
        patched.setattr(options, "NOT_AT_THE_TABLE", frozenset({"dos"}))
        with pytest.raises(UserError) as refused:
            Setup(players=("Ana", "Ben"), options=EDITIONS["dos"].rules())
        assert refused.value.args[0].key == "option_not_at_table"
        assert "not yet at the table" in str(refused.value)
        later = {e["id"]: e["supported"] for e in view.options_catalog("en")["editions"]}
        assert later["dos"] is False and later["flip"] is True
    catalog = view.options_catalog("en")
    offered = {o["name"]: o for g in catalog["groups"] for o in g["options"]}
    editions = {e["id"]: e["supported"] for e in catalog["editions"]}
    presets = {p["id"]: p["supported"] for p in catalog["presets"]}
    assert editions == {"classic": True, "junior-level1": True, "junior": True,
                        "flip": True, "no-mercy": True, "all-wild": True, "dos": True}
    assert presets["junior-level1"] is presets["junior-level2"] is True and presets["party"] is True
    assert offered["jump_in"]["supported"] is True
