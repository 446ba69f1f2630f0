"""The engine's sentences with a key and parameters, so a page can say them in its language.

A :class:`Message` *is* its English sentence (a ``str``), so everything that printed or
compared the text goes on working; it also carries ``key`` and ``params``. The English
templates live in :data:`MESSAGES`, one per key; a page translates the template and fills
in the parameters (text parameters are themselves fixed English phrases of the engine, such
as a waiting text, that the page translates too). Actions put a message field's key and
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

MESSAGES: dict[str, str] = {
    # why a card is taken back (P1), as TakeBack.why
    "not_your_turn": "not seat {seat}'s turn (seat {turn})",
    "must_draw_first": "seat {seat} must draw {count} first",
    "round_ending": "the round is over: only the last draw is still taken (T7)",
    "colour_first": "a colour must be chosen first",
    "wd4_first": "the wild-draw4 must be taken or challenged first",
    "only_drawn_card": "after drawing only the drawn card may be played (T3)",
    "does_not_fit": "it matches neither colour, number nor symbol (T1)",
    "wd4_colour_held": "wild-draw4 only without a card of the current colour (T2)",
    # ... and the house rules' reasons
    "drawn_must_be_played": "the drawn card fits and must be played (H6)",
    "draw_again": "no card fits yet: draw again (H7)",
    "last_card_number": "the last card must be a number card (H8)",
    "last_card_not_zero": "the last card may not be a 0 (H8)",
    "top_turned": "the {rank} on top was turned into a {turned} (V10)",
    "complementary_same_colour": "same colour on same colour is not allowed in complementary mode (V8)",
    # what the game waits for (the snapshot's waiting_for.what, when it has a number)
    "waiting_draw": "draw {count}",
    # refusals (UserError)
    "nothing_to_undo": "nothing to undo",
    "cannot_pass_because": "seat {seat} cannot pass: {why}",
    # ... and the table's other refusals a phone may meet
    "bruno_kuno_off": "Bruno and Kuno are called only with the bruno_kuno rule (V7)",
    "no_race": "no race is running (V3, E2)",
    "bursts_off": "the launcher throws bursts only with the extreme_bursts rule (E1)",
    "no_verdict_waiting": "no wild-draw4 challenge is waiting for a verdict",
    "nothing_to_reshuffle": "nothing to reshuffle: the discard pile holds only its top card",
    "swap_with_another": "choose another player to swap hands with (H4)",
    "target_gone_out": "seat {seat} has gone out of this round (V6)",
    "jump_in_off": "jumping in needs the jump_in house rule (H5)",
    "already_claimed": "the {card} already counts as seat {seat}'s",
    "start_card_once": "the start card is turned up once, right after the deal",
    "not_now": "{what} now (waiting for: {waiting})",
    "round_over": "{what}: the round is over (next: {waiting})",
    "match_over": "{what}: the match is over",
    "no_seat": "no seat {seat!r} at this table (seats 0-{last})",
    "not_held": "seat {seat} does not hold {card}",
    "may_draw": "seat {seat} may draw {allowed} now, not {count}",
    "may_draw_not_turn": "seat {seat} may draw {allowed} now, not {count} (seat {turn}'s turn)",
    "cannot_pass": "seat {seat} cannot pass now: a turn ends by playing, or by drawing a card "
                   "and then passing (T3)",
    "cannot_burst": "seat {seat} cannot press the launcher now: only the player whose turn it "
                    "is, instead of playing (E1)",
    "no_colour_now": "seat {seat} has no colour to choose now",
    "no_target_now": "seat {seat} has no player to choose now",
    "no_draw_now": "seat {seat} has no draw to take now",
    "no_draw_coming": "seat {seat} has no draw to take now (the cards are on their way)",
    "no_jump_needed": "it is seat {seat}'s turn: no need to jump in (H5)",
    # notices (Notice.message)
    "uno_wrong_count": "seat {seat} called {word} with {count} cards",
    "no_uno_penalty_late": "no penalty for seat {seat}: the next player had already begun (T5)",
    "no_uno_penalty_none": "no penalty for seat {seat}: seat {seat} owes no UNO call (T5)",
    "jumps_next": "seat {seat} jumps in: the next card is seat {seat}'s (H5)",
    "jumped_in": "seat {seat} jumped in with the {card} (H5)",
    "dealt_extra": "seat {seat} was dealt {count} cards; they all count (D2)",
    "undid": "undid {count} events",
    "undid_one": "undid 1 event",
}


class Message(str):
    """An English sentence that knows its key and parameters (see the module docstring)."""

    key: str
    params: dict

    def __new__(cls, key: str, **params) -> "Message":
        text = super().__new__(cls, MESSAGES[key].format(**params))
        text.key, text.params = key, params
        return text

    def __reduce__(self):  # copies and pickles keep the key
        return (_rebuild, (self.key, self.params))


def _rebuild(key, params):
    return Message(key, **params)


def message(key: str, **params) -> Message:
    """The sentence ``key`` with ``params`` filled in."""
    return Message(key, **params)
