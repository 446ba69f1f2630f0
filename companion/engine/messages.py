"""The engine's sentences with a key and parameters, so a page can say them in its language.

A :class:`Message` *is* its English sentence (a ``str``), so everything that printed or
compared the text goes on working; it also carries ``key`` and ``params``. The English
templates live in :data:`MESSAGES`, one per key (written by topic and edition in
``companion/engine/english/``); a page translates the template and fills in the parameters
(text parameters are themselves fixed English phrases of the engine, such as a waiting text,
that the page translates too). Actions put a message field's key and
parameters into their JSON beside the text (``why`` -> ``why_key``, ``why_params``), and a
refusal's :class:`~companion.errors.UserError` carries the message as its argument.

>>> text = message("not_your_turn", seat=2, turn=0)
>>> text, text.key, text.params
("not seat 2's turn (seat 0)", 'not_your_turn', {'seat': 2, 'turn': 0})
>>> from companion.errors import UserError
>>> getattr(UserError(text).args[0], "key", None)
'not_your_turn'
"""
from __future__ import annotations

from companion.engine.english.all_wild import ALL_WILD
from companion.engine.english.bench import BENCH
from companion.engine.english.dos import DOS
from companion.engine.english.flip import FLIP
from companion.engine.english.names import NAMES
from companion.engine.english.no_mercy import NO_MERCY
from companion.engine.english.play import PLAY
from companion.engine.english.steps import STEPS


def _joined(*parts: dict[str, str]) -> dict[str, str]:
    """The parts as one dict; a key written in two of them is an error, not a silent overwrite."""
    joined: dict[str, str] = {}
    for part in parts:
        twice = joined.keys() & part.keys()
        if twice:
            raise ValueError(f"message keys written twice: {sorted(twice)}")
        joined.update(part)
    return joined


MESSAGES: dict[str, str] = _joined(PLAY, STEPS, NO_MERCY, NAMES, ALL_WILD, BENCH, DOS, FLIP)


#: The parameters that hold a seat's number: a template says ``{seat}`` where the English
#: sentence says "seat 2", so a page can put the player's name there instead.
SEAT_PARAMS = frozenset({"seat", "turn"})


def seat_words(params: dict) -> dict:
    """``params`` with each seat number as the engine's English names it ("seat 2").

    >>> seat_words({"seat": 2, "count": 3})
    {'seat': 'seat 2', 'count': 3}
    """
    return {name: f"seat {value}" if name in SEAT_PARAMS and type(value) is int else value
            for name, value in params.items()}


class Message(str):
    """An English sentence that knows its key and parameters (see the module docstring)."""

    key: str
    params: dict

    def __new__(cls, key: str, **params) -> "Message":
        text = super().__new__(cls, MESSAGES[key].format(**seat_words(params)))
        text.key, text.params = key, params
        return text

    def __reduce__(self):  # copies and pickles keep the key
        return (_rebuild, (self.key, self.params))


def _rebuild(key, params):
    return Message(key, **params)


_FIXED: dict[str, Message] = {}  # the sentences without parameters, made once


def message(key: str, **params) -> Message:
    """The sentence ``key`` with ``params`` filled in."""
    if params:
        return Message(key, **params)
    fixed = _FIXED.get(key)
    if fixed is None:
        fixed = _FIXED[key] = Message(key)
    return fixed
