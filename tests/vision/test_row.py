"""The row watcher (E7 DOS): rendered top-down scenes of the centre row, several piles side
by side; it reports which pile got which card(s), as the engine's RowSighted."""
import pytest

from companion.engine import Game, events as E
from companion.engine.cards import DECKS
from companion.engine.dos import DOS_RULES
from companion.engine.inputs import RowSighted, meaning
from companion.vision.recognise import Recogniser
from companion.vision.row import RowWatcher
from companion.vision.row_scene import row_sequence

DOS = DECKS["dos"]
STEPS = [("open", "red-5"), ("open", "blue-8"),                  # the row turned up (E7.2)
         ("match", 1, ["blue-3", "yellow-5"]),                   # a sum match, fanned
         ("match", 0, ["red-wild-number"]),                      # a one-card match
         ("open", "green-10"),                                   # a card put into the row
         ("take", 0), ("take", 0),                               # the matched piles go
         ("open", "wild-dos"),                                   # a refill: a new pile
         ("match", 0, ["green-7", "green-3"]), ("match", 1, ["wild-dos"])]


def _expected(steps):
    out = []
    for kind, *args in steps:
        if kind == "open":
            out.append(RowSighted(None, (args[0],)))
        elif kind == "match":
            out.append(RowSighted(args[0], tuple(args[1])))
    return out


@pytest.fixture(scope="module")
def recogniser():
    return Recogniser(deck=DOS)


@pytest.mark.parametrize("seed, design", [(11, "classic"), (12, "current")])
def test_the_watcher_tells_which_pile_got_which_cards(recogniser, seed, design):
    watcher = RowWatcher(recogniser)
    seen = [s for frame, _ in row_sequence(STEPS, seed=seed, design=design) if (s := watcher.feed(frame))]
    # the two cards of a sum are told left to right, as they lie
    assert [(s.pile, tuple(sorted(c or "?" for c in s.cards))) for s in seen] == \
        [(s.pile, tuple(sorted(s.cards))) for s in _expected(STEPS)]
    assert watcher.piles == 2


def test_a_pile_taken_away_renumbers_the_row_as_the_engine_does(recogniser):
    watcher = RowWatcher(recogniser)
    steps = [("open", "red-5"), ("open", "blue-8"), ("open", "yellow-4"), ("take", 1),
             ("match", 1, ["yellow-4"])]
    seen = [s for frame, _ in row_sequence(steps, seed=13) if (s := watcher.feed(frame))]
    assert seen[-1] == RowSighted(1, ("yellow-4",))         # the third pile opened is now the second
    assert watcher.piles == 2


def test_what_the_row_camera_sees_is_what_the_engine_plays():
    """The engine reads the watcher's sightings: the row turned up, then a sum match."""
    game = Game(["Ada", "Ben"], DOS_RULES)
    game.apply(E.Deal(dealer=0))
    watcher = RowWatcher(Recogniser(deck=DOS))
    steps = [("open", "red-5"), ("open", "blue-8"), ("match", 1, ["red-3", "yellow-5"])]
    for frame, _ in row_sequence(steps, seed=14):
        seen = watcher.feed(frame)
        if seen:
            for event in meaning(game.snapshot(), seen).events:
                game.apply(event)
    view = game.snapshot()
    assert view.centre_row == (("red-5",), ("blue-8", "red-3", "yellow-5"))
    assert view.house["matched_piles"] == [1]


def test_cards_taken_back_from_a_pile_are_no_match_and_the_pile_stays(recogniser):
    """A refused match (P1) goes back to the hand: the pile is its centre card again."""
    watcher = RowWatcher(recogniser)
    steps = [("open", "red-5"), ("open", "blue-8"), ("match", 1, ["green-7", "yellow-6"]),
             ("take_back", 1, 2), ("match", 1, ["blue-8"])]
    seen = [s for frame, _ in row_sequence(steps, seed=15) if (s := watcher.feed(frame))]
    assert seen[2:] == [RowSighted(1, ("green-7", "yellow-6")), RowSighted(1, ("blue-8",))]
    assert watcher.piles == 2


@pytest.mark.parametrize("seed", [16, 17])
def test_a_sum_laid_card_on_card_is_one_two_card_match_at_the_table(recogniser, seed):
    """E7.3 laid stacked: the camera sees the sum's first card, then the second on it; the engine
    holds the first (no misplay) and makes one match of the two."""
    game = Game(["Ada", "Ben"], DOS_RULES, full_information=False)
    game.apply(E.Deal(dealer=0, sizes=[7, 7]))
    watcher = RowWatcher(recogniser)
    steps = [("open", "red-5"), ("open", "blue-8"), ("match", 1, ["red-3"]), ("match", 1, ["yellow-5"])]
    for frame, _ in row_sequence(steps, seed=seed):
        if seen := watcher.feed(frame):
            for event in meaning(game.snapshot(), seen).events:
                game.apply(event)
    view = game.snapshot()
    assert view.centre_row == (("red-5",), ("blue-8", "red-3", "yellow-5"))
    assert view.house["matched_piles"] == [1] and view.hand_sizes == (7, 5) and game.owed == [0, 0]
