"""What a press, a colour, a timer, a race or a count means, read from real engine states."""
from hypothesis import given, settings, strategies as st

from companion.devices import observations as obs
from companion.engine import Game, events as E
from companion.service.presses import observation_event, press_event


def state_after(*events, players=3):
    game = Game(players)
    for event in (E.Deal(dealer=0), *events):
        game.apply(event)
    return game.snapshot()


def test_the_player_who_drew_passes_with_their_own_button_and_others_mean_nothing():
    state = state_after(E.StartCard("red-5"), E.Draw(1, 1))
    assert press_event(state, 1) == E.Pass(1)
    assert press_event(state, 2) is None and press_event(state, 0) is None


def test_in_the_uno_window_the_player_calls_and_anyone_else_catches():
    state = state_after(E.StartCard("red-5"), E.Correction(1, 2), E.Play(1, "red-6"))
    assert press_event(state, 1) == E.CallUno(1)
    assert press_event(state, 0) == E.Catch(0, 1)


def test_the_victim_of_a_wild_draw4_challenges_with_their_button():
    state = state_after(E.StartCard("red-5"), E.Play(1, "wild-draw4"), E.ChooseColour(1, "blue"))
    assert state["phase"] == "challenge"
    assert press_event(state, 2) == E.Challenge(2)


def test_colour_timer_race_and_counted_cards():
    colour = state_after(E.StartCard("red-5"), E.Play(1, "wild"))
    assert observation_event(colour, obs.ColourChosen("green", 4, 0.0)) == E.ChooseColour(1, "green")
    turn = state_after(E.StartCard("red-5"))
    assert observation_event(turn, obs.TurnTimerExpired(1, 7, 6.0)) == E.Penalty(1, "timer")
    assert observation_event(turn, obs.TurnTimerExpired(2, 7, 6.0)) is None       # not their turn
    race = obs.RaceEnded(1, order=((0,), (2,)), no_shows=(1,))
    assert observation_event(turn, race) == E.RaceResult(1)
    assert observation_event(turn, obs.DispenseJammed(3, 1, 2, 1)) == E.Draw(1, 1)  # what arrived
    assert observation_event(turn, obs.HopperEmpty(4, 1, 2, 0)) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["red-5", "red-6", "wild", "blue-5", "red-skip", "red-draw2"]), max_size=6),
       st.integers(0, 9))
def test_any_press_in_any_state_is_an_event_or_nothing(cards, seat):
    game = Game(3)
    game.apply(E.Deal(dealer=0))
    game.apply(E.StartCard("red-5"))
    for card in cards:
        state = game.snapshot()
        if state["turn"] is not None and state["phase"] == "turn":
            game.apply(E.Play(state["turn"], card))
    event = press_event(game.snapshot(), seat)
    assert event is None or isinstance(event, E.Event)
