"""Cards and decks as data.

A card *face* is one of the distinct faces of every deck the engine plays: the 54 of
the classic deck (``red-5``, ``blue-skip``, ``wild-draw4`` ...), then the faces later
editions add (E3 Junior's ``red-draw1`` ...), appended so that a classic face keeps its id. The engine works with small integer face ids
(an index into :data:`CARD_NAMES`) because they are cheap to copy and compare;
names appear only at the edges (logs, labels, web, CLI).

>>> from companion.engine.cards import parse_card, card_points, CARDS
>>> card = CARDS[parse_card("green-reverse")]
>>> card.colour, card.kind, card.points
('green', 'reverse', 20)
>>> card_points("wild")
50

A deck is data too (:class:`Deck`): how many copies of each face, the hand size and
which faces fit on which (``fits``). Another edition is a new :class:`Deck` plus rules,
not a rewrite:

>>> from companion.engine.cards import DECKS
>>> DECKS["junior"].size, DECKS["junior"].hand_size, DECKS["junior-level1"].size
(56, 5, 40)
>>> card_points("blue-draw1")
20

The rest of the project imports every name from here. The package's modules, each importing
only those above it: ``kinds.py`` (colours, face kinds and ranks of every edition),
``faces.py`` (:class:`Card`, every face and the flat tables by face id), ``names.py`` (card
and colour names to ids, points), ``deck.py`` (:class:`Deck`), ``decks.py`` (every edition's
deck, :data:`DECKS`).
"""
from __future__ import annotations

from companion.engine.cards.kinds import (ACTIONS, ALL_WILD_FACES, COLOURS, COLOUR_HELD_RANKS,
                                          COLOUR_NAMES, DARK_COLOURS, DISCARD_ALL, DRAW1, DRAW2,
                                          DRAW4, DRAW5, DRAW_COUNTS, EDITION_ACTIONS, FLIP,
                                          FLIP_DARK_ACTIONS, KIND_RANKS, NO_COLOUR,
                                          NO_MERCY_ACTIONS, NO_MERCY_WILDS, RANKS, REVERSE,
                                          ROULETTE, SKIP, SKIP_ALL, SKIP_EVERYONE, WILD,
                                          WILD_DRAW10, WILD_DRAW2, WILD_DRAW4, WILD_DRAW6,
                                          WILD_DRAW_COLOUR, WILD_KINDS, WILD_REVERSE_DRAW4)
from companion.engine.cards.faces import (CARDS, CARD_COLOUR, CARD_IDS, CARD_NAMES, CARD_POINTS,
                                          CARD_RANK, Card, DARK_FACES, NO_RANK, OF_COLOUR,
                                          WILD_DRAW4_ID, WILD_DRAW4_ONLY, WILD_ID, fits_table)
from companion.engine.cards.names import card_points, hand_points, parse_card, parse_colour
from companion.engine.cards.deck import Deck
from companion.engine.cards.decks import (ALL_WILD_DECK, CLASSIC_DECK, DECKS, DOS_DECK, FITS,
                                          FLIP_DECK, JUNIOR_DECK, JUNIOR_LEVEL1_DECK, NO_MERCY_DECK,
                                          on_side)

__all__ = ["ACTIONS", "ALL_WILD_DECK", "ALL_WILD_FACES", "CARDS", "CARD_COLOUR", "CARD_IDS", "CARD_NAMES",
           "CARD_POINTS", "CARD_RANK", "CLASSIC_DECK", "COLOURS", "COLOUR_HELD_RANKS", "COLOUR_NAMES",
           "Card", "DARK_COLOURS", "DARK_FACES", "DECKS", "DISCARD_ALL", "DOS_DECK", "DRAW1", "DRAW2",
           "DRAW4", "DRAW5", "DRAW_COUNTS", "Deck", "EDITION_ACTIONS", "FITS", "FLIP", "FLIP_DARK_ACTIONS",
           "FLIP_DECK", "JUNIOR_DECK", "JUNIOR_LEVEL1_DECK", "KIND_RANKS", "NO_COLOUR", "NO_MERCY_ACTIONS",
           "NO_MERCY_DECK", "NO_MERCY_WILDS", "NO_RANK", "OF_COLOUR", "RANKS", "REVERSE", "ROULETTE",
           "SKIP", "SKIP_ALL", "SKIP_EVERYONE", "WILD", "WILD_DRAW10", "WILD_DRAW2", "WILD_DRAW4",
           "WILD_DRAW4_ID", "WILD_DRAW4_ONLY", "WILD_DRAW6", "WILD_DRAW_COLOUR", "WILD_ID", "WILD_KINDS",
           "WILD_REVERSE_DRAW4", "card_points", "fits_table", "hand_points", "on_side", "parse_card",
           "parse_colour"]
