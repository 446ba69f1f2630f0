"""Errors a person at the table is meant to read.

Anything raised as :class:`UserError` is printed by the CLI (and shown by the
web page) as its message alone: no traceback, exit status 2.
"""


class UserError(Exception):
    """Bad input from a person or a file: the message says what and where."""
