"""Whole numbers from people (the phone's forms, config files, logs): strict, bounded, parsed once.

``str.isdigit()`` says yes to "²", "①" and "٣", and ``int()`` of 5,000 digits fails or takes
long, so text becomes a number only here: ASCII digits, no sign, within the caller's bounds.
JSON and TOML numbers go through :func:`whole_number` (an ``int``, never a bool or a float).

>>> parse_whole_number(" 23 ", "points", 0, 9999)
23
>>> parse_whole_number("²", "points", 0, 9999)
Traceback (most recent call last):
companion.errors.UserError: points: a whole number from 0 to 9999, not '²'
>>> whole_number(True, "seat", 0, 9)
Traceback (most recent call last):
companion.errors.UserError: seat: a whole number from 0 to 9, not True
"""
from __future__ import annotations

import re

from companion.errors import UserError

ASCII_DIGITS = re.compile(r"[0-9]+")  # re's \d would take the digits of every script
SHOWN_CHARS = 20  # a refusal quotes at most this much of what was sent


def is_digits(text: object) -> bool:
    """Is ``text`` (blanks around it aside) a run of ASCII digits?"""
    return isinstance(text, str) and ASCII_DIGITS.fullmatch(text.strip()) is not None


def whole_number(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is an int from ``low`` to ``high``; else a UserError naming ``what``."""
    if type(value) is int and low <= value <= high:
        return value
    raise UserError(f"{what}: a whole number from {low} to {high}, not {_shown(value)}")


def parse_whole_number(text: object, what: str, low: int, high: int) -> int:
    """The number written in ``text`` (ASCII digits only) from ``low`` to ``high``."""
    if not is_digits(text):
        raise UserError(f"{what}: a whole number from {low} to {high}, not {_shown(text)}")
    digits = text.strip().lstrip("0") or "0"
    if len(digits) > len(str(high)):  # far too big: say so without converting it
        raise UserError(f"{what}: a whole number from {low} to {high}, not one of {len(digits)} digits")
    return whole_number(int(digits), what, low, high)


def _shown(value: object) -> str:
    if type(value) is int and value.bit_length() > 64:
        return "a number that large"
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"
