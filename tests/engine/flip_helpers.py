"""What the E4 UNO Flip engine tests share: the deck's two faces of a card, a flip table, the
camera's new top card after a flip, and a game already turned to the dark side."""
from companion.engine import events as E
from companion.engine.cards import CARDS, FLIP_DECK, parse_card

from engine_helpers import table

OTHER = FLIP_DECK.other_side
POINTS = FLIP_DECK.points


def light(dark: str) -> str:
    """The light face printed on the back of the dark face ``dark``."""
    return OTHER[dark]


def colour_of(name: str) -> str:
    return CARDS[parse_card(name)].colour


def flip_table(mode_or_full, hands, start="red-5", **options):
    full = mode_or_full if isinstance(mode_or_full, bool) else mode_or_full.full
    return table(hands, full=full, start=start, flip=True, **options)


def seen_top(game, full_top):
    """A tracked table after a flip: the camera reports the new top card."""
    if not game.full:
        assert game.snapshot()["top_card"] is None
        return game.apply(E.FlipTop(full_top))
    return []


START = "red-5"
DARK_START = OTHER[START]          # the start card's dark face: the top after a first flip
DARK = colour_of(DARK_START)       # its colour: the active one on the dark side


def dark_hands():
    """Seat 1 flips with red-flip; seat 2 then holds the dark cards named here (their light
    faces are dealt)."""
    return [["red-1", "blue-3", "green-4", "yellow-6", "blue-8", "green-9", "yellow-2"],
            ["red-flip", "blue-4", "green-6", "yellow-7", "yellow-8", "blue-9", "green-1"],
            [light(f"{DARK}-draw5"), light(f"{DARK}-skip-everyone"), light("wild-draw-colour"),
             light(f"{DARK}-flip"), "red-6", "blue-2", "green-3"]]


def to_dark(mode, hands=None, **options):
    game = flip_table(mode, hands or dark_hands(), **options)
    game.apply(E.Play(1, "red-flip"))
    seen_top(game, DARK_START)
    return game
