"""The simulated table's virtual players, where a demo relies on them alone."""
import random

from companion.engine.cards import CARD_NAMES, parse_card
from companion.simtable.players import VirtualPlayers


def test_players_count_the_points_left_in_their_hands_for_the_scoring():
    """S1 in tracking mode: with no camera answer the players count and type in their points
    (this raised NameError, so such a demo stopped at its first scoring)."""
    players = VirtualPlayers(random.Random(0).random)
    players.hands = [[parse_card("red-8"), parse_card("wild")], [], [parse_card("blue-skip")]]
    assert players.hand_points() == [58, 0, 20]


def test_players_turn_up_a_start_card_when_the_table_counts_more_cards_dealt_than_the_deck():
    """D2/D4: after the host undid dealt cards the launcher dealt them again, and the table
    counts more cards in the hands than the deck holds (the monkey test: the demo died of an
    IndexError turning up the start card from a pile the players' world thought empty)."""
    from companion.engine import Game, events as E
    game = Game(10, full_information=False)
    game.apply(E.LauncherDeal(0))
    game.apply(E.Draw(1, 50))
    for seat in [2, 3, 4, 5, 6, 7, 8, 9, 0]:
        game.apply(E.Draw(seat, 7))
    assert game.phase == "start_card" and sum(game.sizes) > game.deck.size
    players = VirtualPlayers(random.Random(0).random)
    players.sync(game, None)
    act = players.next_act(game.snapshot())
    assert act.kind == "place" and parse_card(act.value) is not None


def _no_mercy_table_after_a_drawn_card(fits: bool):
    """A tracked No Mercy table (E5) on a red 5 and its players: seat 1 has just drawn a
    red number (``fits``) or a blue number from the cards no one holds (the players' hands
    follow the table before and after the draw); answers the game, the players, the card."""
    from companion.engine import Game, RuleOptions, events as E
    game = Game(3, RuleOptions(no_mercy=True), full_information=False)
    game.apply(E.Deal(dealer=0, sizes=[7, 7, 7]))
    game.apply(E.StartCard("red-5"))
    players = VirtualPlayers(random.Random(0).random)
    world = players.sync(game, None)
    wanted = [f"{'red' if fits else 'blue'}-{n}" for n in (1, 2, 3, 4, 6, 8, 9)]
    drawn = next(CARD_NAMES[c] for c in world.pile if CARD_NAMES[c] in wanted)
    game.apply(E.Draw(1, 1, (drawn,)))
    players.sync(game, None)
    assert players.hands[1][-1] == parse_card(drawn)
    return game, players, drawn


def test_no_mercy_players_draw_again_while_the_card_they_drew_does_not_fit():
    """E5.3: draw until a card fits. The demo's players passed after one unplayable card."""
    from companion.engine.inputs import DrawButton, meaning
    game, players, _ = _no_mercy_table_after_a_drawn_card(fits=False)
    act = players.next_act(game.snapshot())
    assert (act.kind, act.seat) == ("draw_button", 1)
    # the draw button then throws one more card to seat 1
    thrown = meaning(game.snapshot().to_json(), DrawButton()).actions
    assert [(a.type, a.seat, a.count) for a in thrown] == [("dispense", 1, 1)]


def test_no_mercy_players_play_the_card_they_drew_once_it_fits():
    game, players, drawn = _no_mercy_table_after_a_drawn_card(fits=True)
    act = players.next_act(game.snapshot())
    assert (act.kind, act.seat, act.value) == ("place", 1, drawn)


def test_at_a_seeded_no_mercy_table_nobody_passes_while_the_drawn_card_does_not_fit():
    """E5.3 at the simulated table (camera, launcher, ring): through the first round no player
    passes while their last drawn card does not fit and cards can still be drawn, and some
    player does draw a second card in one turn."""
    from companion.config import parse_config
    from companion.engine import PRESETS
    from companion.simtable import Faults, SimulatedTable
    config = parse_config({"table": {"players": ["Ada", "Ben", "Cem"], "preset": "no-mercy"},
                           "launcher": {"backend": "sim"}, "ring": {"backend": "sim"},
                           "data": {"store": ":memory:"}})
    seen = {"passed while a card was owed": 0, "drew again": 0}
    with SimulatedTable(config, seed=1, faults=Faults(hopper=PRESETS["no-mercy"].deck.size),
                        web=False) as table:
        players, next_act = table.players, table.players.next_act

        def watched(state):
            act = next_act(state)
            world, turn = players.world, state.turn
            if state.phase == "drawn" and act is not None and act.seat == turn and world.flags.roulette is None:
                owed = not world.legal_plays(turn) and world.may_draw(turn) > world.owed[turn]
                seen["passed while a card was owed"] += owed and act.kind == "press"
                seen["drew again"] += act.kind == "draw_button"
            return act
        players.next_act = watched
        while table.state().game.round == 1 and table.step():
            pass
    assert seen["passed while a card was owed"] == 0 and seen["drew again"] > 0


def test_a_colour_the_ring_no_longer_offers_is_not_pressed_and_the_table_plays_on():
    """The monkey test's host undid a wild card while a player was about to name its colour:
    the ring lit no button in that colour any more, and the demo died (StopIteration)."""
    from companion.config import parse_config
    from companion.simtable import Faults, SimulatedTable
    from companion.simtable.players import Act
    config = parse_config({"table": {"players": ["Ada", "Ben"]}, "launcher": {"backend": "sim"},
                           "ring": {"backend": "sim"}, "data": {"store": ":memory:"}})
    with SimulatedTable(config, seed=1, faults=Faults(), web=False) as table:
        assert table.step()
        before = table.state()
        assert "red" not in table.service.ring.lights.values()     # no colour asked for now
        table.do(Act("colour", before.game.turn, "red"), before)
        assert table.state().game.events == before.game.events     # nothing pressed
        assert table.step()                                         # and the table plays on
