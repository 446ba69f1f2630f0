"""E4 UNO Flip at a table: the camera over rendered frames, the ring and the sim launcher on
gpiozero MockFactory pins. A flip: the players turn the pile over and the camera reads its new
top (the side now in play); on the dark side the ring lights the dark colours and a group's
press names its dark colour;
a wild-draw-colour run throws one card per press of the draw button until the player passes."""
import time

from companion.config import parse_config
from companion.engine.cards import FLIP_DECK
from companion.engine.editions import EDITIONS
from companion.service.table import TableService
from companion.simtable.camera import SimCamera
from polling import wait_until

QUICK = {"aim_time": 0.01, "settle": 0.04, "rest": 0.01}


def flip_table(tmp_path):
    config = parse_config({
        "table": {"players": ["Ana", "Ben", "Cem"], "mode": "classic"},
        "rules": EDITIONS["flip"].settings(), "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
        "data": {"store": str(tmp_path / "games.sqlite")}})
    camera = SimCamera(seed=3, hands=False)
    return TableService(config, dealer=0, web=False, seed=4, camera=camera, launcher_options=QUICK), camera


def game(table):
    return table.loop.latest.snapshot.game


def tap(table, name):
    time.sleep(0.04)        # a finger cannot press a button twice within its debounce time
    table.devices["sim"].tap(name)


def lay(table, camera, card):
    before = game(table).events
    camera.place(card)
    wait_until(lambda: game(table).events > before, timeout=60, what=f"the camera taking {card}")


def quiet(table):
    wait_until(lambda: not table.launcher.busy and not table.pump.busy, what="the launcher coming to rest")


def colour_button(table, colour):
    """The first button the ring lights in ``colour`` (what a player looks for)."""
    return next(s for s, c in table.ring.lights.items() if c == colour)


def test_e4_flip_at_the_table_the_turned_pile_the_ring_on_the_dark_side_and_a_draw_colour_run(tmp_path):
    table, camera = flip_table(tmp_path)
    with table:
        wait_until(lambda: game(table).phase == "start_card", timeout=30, what="the deal")
        lay(table, camera, "red-5")                                     # the start card
        assert game(table).top_card == "red-5" and game(table).turn == 1
        lay(table, camera, "red-flip")                                  # seat 1 flips
        assert game(table).house.get("top_due") and game(table).top_card is None
        camera.turn_pile([FLIP_DECK.other_side[name] for name in ("red-flip", "red-5")])  # bottom first
        wait_until(lambda: not game(table).house.get("top_due"), timeout=60, what="the new top read")
        shown = game(table)
        assert shown.top_card == FLIP_DECK.other_side["red-5"] and shown.house["side"] == "dark"
        assert set(table.ring.lights.values()) == {"off", "violet"}     # a turn on the dark side
        # E4.4: a wild-draw-colour; the ring lights the dark colours, in the groups' order
        lay(table, camera, "wild-draw-colour")
        quiet(table)
        wait_until(lambda: "orange" in table.ring.lights.values(), what="the ring offering the colours")
        groups = list(dict.fromkeys(table.ring.lights.values()))
        assert groups == ["pink", "teal", "orange", "purple"]
        stack, victim = table.devices["sim"].stack, (game(table).turn + 1) % 3
        hopper, size = stack.cards, game(table).hand_sizes[victim]
        tap(table, f"seat{colour_button(table, 'orange')}_button")
        wait_until(lambda: game(table).hand_sizes[victim] == size + 1, what="the first card")
        quiet(table)
        shown = game(table)
        assert shown.colour == "orange" and shown.house["until_colour"] == "orange"
        assert shown.turn == victim and stack.cards == hopper - 1
        tap(table, "launcher_draw_button")                              # not orange: one more
        wait_until(lambda: game(table).hand_sizes[victim] == size + 2, what="the second card")
        quiet(table)
        assert stack.cards == hopper - 2                                # nothing thrown by itself
        tap(table, f"seat{victim}_button")                              # it came: pass
        wait_until(lambda: game(table).turn != victim, what="the run ending")
        assert "until_colour" not in game(table).house and game(table).hand_sizes[victim] == size + 2
