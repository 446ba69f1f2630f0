"""The draw button, a sighting and Flash's clock, read by the engine from real engine states."""
from companion.engine import Game, events as E, options as O
from companion.engine import inputs as I


def state_after(*events, players=3, options=None):
    game = Game(players, options) if options is not None else Game(players)
    for event in events:
        game.apply(event)
    return game.snapshot()


def test_before_the_deal_the_draw_button_makes_the_launcher_deal_once_a_dealer_is_known():
    assert I.meaning(state_after(), I.DrawButton()) == I.Meaning()         # D3: no dealer yet
    state = state_after(E.ChooseDealer(("red-9", "red-2", "blue-1")))
    assert I.meaning(state, I.DrawButton()).events == [E.LauncherDeal(state["dealer"])]   # D2


def test_on_a_turn_the_draw_button_throws_one_card_or_a_burst():
    state = state_after(E.Deal(dealer=0), E.StartCard("red-5"))
    one = I.meaning(state, I.DrawButton()).actions
    assert [(a.type, a.seat, a.count) for a in one] == [("dispense", state["turn"], 1)]   # T3
    burst = I.meaning(state, I.DrawButton(bursts=True)).actions
    assert [(a.type, a.seat) for a in burst] == [("burst", state["turn"])]                 # E1
    assert I.meaning(state, I.DrawButton()).events == []


def test_what_the_engine_still_asks_is_thrown_again_before_anything_else():
    state = state_after(E.Deal(dealer=0), E.StartCard("red-5"))
    asked = (object(),)
    assert I.meaning(state, I.DrawButton(asked=asked)).actions == list(asked)


def test_the_victim_of_a_wild_draw4_takes_the_cards_with_the_draw_button():
    state = state_after(E.Deal(dealer=0), E.StartCard("red-5"), E.Play(1, "wild-draw4"),
                        E.ChooseColour(1, "blue"))
    assert I.meaning(state, I.DrawButton()).events == [E.Accept(state["turn"])]          # T6


def test_a_card_on_the_pile_is_the_start_card_then_the_turn_seats_play():
    dealt = state_after(E.Deal(dealer=0))
    assert I.meaning(dealt, I.CardSighted("red-5")).events == [E.StartCard("red-5")]
    turn = state_after(E.Deal(dealer=0), E.StartCard("red-5"))
    assert I.meaning(turn, I.CardSighted("red-7")).events == [E.Play(turn["turn"], "red-7")]


def test_flash_plays_against_a_six_second_clock_unless_the_rules_name_one():
    options = O.RuleOptions()
    assert I.options_for_mode(options, "flash").flash_turn_seconds == 6
    assert I.options_for_mode(options.replace(flash_turn_seconds=8), "flash").flash_turn_seconds == 8
    assert I.options_for_mode(options, "classic").flash_turn_seconds is None
    assert I.turn_timer("flash", 6) == 6 and I.turn_timer("extreme", 6) is None
