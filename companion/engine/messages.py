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
    "not_your_turn": "not {seat}'s turn ({turn})",
    "must_draw_first": "{seat} must draw {count} first",
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
    "cannot_pass_because": "{seat} cannot pass: {why}",
    # ... and the table's other refusals a phone may meet
    "bruno_kuno_off": "Bruno and Kuno are called only with the bruno_kuno rule (V7)",
    "no_race": "no race is running (V3, E2)",
    "bursts_off": "the launcher throws bursts only with the extreme_bursts rule (E1)",
    "no_verdict_waiting": "no wild-draw4 challenge is waiting for a verdict",
    "nothing_to_reshuffle": "nothing to reshuffle: the discard pile holds only its top card",
    "swap_with_another": "choose another player to swap hands with (H4)",
    "target_gone_out": "{seat} has gone out of this round (V6)",
    "jump_in_off": "jumping in needs the jump_in house rule (H5)",
    "already_claimed": "the {card} already counts as {seat}'s",
    "start_card_once": "the start card is turned up once, right after the deal",
    "not_now": "{what} now (waiting for: {waiting})",
    "round_over": "{what}: the round is over (next: {waiting})",
    "match_over": "{what}: the match is over",
    "no_seat": "no seat {number!r} at this table (seats 0-{last})",
    "not_held": "{seat} does not hold {card}",
    "may_draw": "{seat} may draw {allowed} now, not {count}",
    "may_draw_not_turn": "{seat} may draw {allowed} now, not {count} ({turn}'s turn)",
    "cannot_pass": "{seat} cannot pass now: a turn ends by playing, or by drawing a card "
                   "and then passing (T3)",
    "cannot_burst": "{seat} cannot press the launcher now: only the player whose turn it "
                    "is, instead of playing (E1)",
    "no_colour_now": "{seat} has no colour to choose now",
    "no_target_now": "{seat} has no player to choose now",
    "no_draw_now": "{seat} has no draw to take now",
    "no_draw_coming": "{seat} has no draw to take now (the cards are on their way)",
    "no_jump_needed": "it is {seat}'s turn: no need to jump in (H5)",
    # notices (Notice.message)
    "uno_wrong_count": "{seat} called {word} with {count} cards",
    "no_uno_penalty_late": "no penalty for {seat}: the next player had already begun (T5)",
    "no_uno_penalty_none": "no penalty for {seat}: {seat} owes no UNO call (T5)",
    "jumps_next": "{seat} jumps in: the next card is {seat}'s (H5)",
    "jumped_in": "{seat} jumped in with the {card} (H5)",
    "dealt_extra": "{seat} was dealt {count} cards; they all count (D2)",
    "undid": "undid {count} events",
    "undid_one": "undid 1 event",
    # what the game waits for in each phase (the snapshot's waiting_for.what)
    "waiting_play_or_draw": "play or draw",
    "waiting_play_drawn_or_pass": "play the drawn card or pass",
    "waiting_play_drawn_or_draw_again": "play the drawn card or draw another",
    "waiting_draw_again": "draw another card: none fits yet",
    "waiting_colour": "choose a colour",
    "waiting_challenge": "challenge or draw",
    "waiting_target": "choose a player to swap hands with",
    "waiting_verdict": "challenge verdict",
    "waiting_scoring": "count hands",
    "waiting_dealer": "choose dealer",
    "waiting_deal": "deal",
    "waiting_launcher_deal": "the launcher deals",
    "waiting_start_card": "turn up the start card",
    "waiting_nothing": "nothing",
    # why cards are dispensed (Dispense.reason) or a hand is shown (ShowHand.why)
    "reason_owed": "owed",
    "reason_due": "due",
    "reason_taken": "taken",
    "reason_deal": "deal (D2)",
    "reason_draw2": "draw2 (T4)",
    "reason_wild_draw4": "wild-draw4 (T4)",
    "reason_last_card": "last card (T7)",
    "reason_start_draw2": "start card draw2 (D4)",
    "reason_draw1": "draw1 (E3)",
    "reason_start_draw1": "start card draw1 (D4, E3)",
    "reason_start_draw1_flip": "start card draw1 (D4, E4)",
    "reason_misplay": "misplay (P1)",
    "reason_caught_uno": "caught without UNO (T5)",
    "reason_caught_bruno_kuno": "caught without Bruno/Kuno (V7)",
    "reason_challenge_lost": "wild-draw4 challenge lost (T6)",
    "reason_race": "slowest in the race (V3)",
    "reason_flash_race": "slowest in the Flash race (E2)",
    "reason_draw_button": "the draw button (T3)",
    "reason_sent_back": "draw sent back (V4)",
    "reason_passed_on": "draw passed on (V5)",
    "reason_doubled_draw2": "doubled draw2 (V1)",
    "reason_jumped_on": "draw jumped on (H5)",
    "reason_six_nine": "six-nine (V10)",
    "penalty_misplay": "misplay penalty (P1)",
    "penalty_suggestion": "suggestion penalty (P2)",
    "penalty_social": "social penalty (P3)",
    "penalty_timer": "timer penalty (P3)",
    "penalty_uno": "uno penalty (T5)",
    "show_challenge": "wild-draw4 challenge (T6)",
    "show_scoring": "scoring (S1)",
    # what cannot happen now ({what} of not_now, round_over, match_over)
    "what_play": "no card can be played",
    "what_draw": "no cards can be drawn",
    "what_jump_in": "no one can jump in",
    "what_uno": "UNO is called only during a round",
    "what_catch": "a catch counts only during a round",
    "what_penalty": "penalties are given only during a round",
    "what_race": "a race result counts only during a round",
    "what_correction": "hand sizes are corrected only during a round",
    # the tracked state contradicts itself (NeedsCorrection.message)
    "drew_more_than_pile": "{seat} drew {count} but only {pile} cards were counted in the draw pile",
    "played_empty_hand": "{seat} played with no cards counted in hand",
    "counted_but_shown": "{seat} was counted with {old} cards but shown {size}",
    "too_many_in_hands": "more cards in hands than the deck holds ({count} too many)",
    # refusals of the game's own steps
    "undo_needs_log": "undo needs a game that records its events",
    "undo_range": "can undo 1 to {most} events, not {count}",
    "jump_in_needs_log": "a jump-in claim needs a game that records its events",
    "dealt_draw_count": "a dealt draw needs a count of at least 1, not {count}",
    "draw_zero": "a draw of 0 cards only when every card is in a hand (nothing left to draw or "
                 "reshuffle)",
    "draw_count": "a draw needs a count of at least 1, not {count}",
    "burst_count": "a burst counts 0 or more cards, not {count}",
    "draw_lists": "draw of {count} lists {listed} cards",
    "draw_names_cards": "with full information a draw must name its cards",
    "not_in_pile": "{card} is not in the draw pile",
    "cannot_challenge": "{seat} cannot challenge now: only the player who must draw 4 for a "
                        "wild-draw4 may, before drawing (T6)",
    "reshuffle_in_round": "the piles can only be reshuffled during a round",
    "pile_not_empty": "the draw pile still holds {count} cards (D5)",
    "dealer_once": "the dealer is chosen once, before the first deal (D3)",
    "dealer_cards": "choose_dealer needs one card for each of seats {seats} and none for the others",
    "deal_before_round": "cards are dealt only before a round starts",
    "dealer_deals": "{seat} deals round {round} (D3)",
    "dealer_first": "choose the dealer first (D3), or name the dealer in the deal",
    "deal_hands": "a deal needs {count} hands, not {hands}",
    "deal_too_many": "the deal holds more cards than the deck: {card}",
    "deal_lists_hands": "with full information a deal must list every hand",
    "deal_sizes": "a deal needs {count} hand sizes of at least 1 that fit the deck",
    "deal_random": "deal_random needs full information and a chosen dealer before a round",
    "points_after_round": "hand points are entered after a round ends",
    "round_end_points": "round_end needs {count} point counts of 0 or more",
    "winner_no_points": "{seat} went out and holds no points",
    "unknown_call": "unknown call {word}; say uno, kuno or bruno",
    "unknown_penalty": "unknown penalty reason {reason}; use one of {reasons}",
    "penalty_count": "a penalty is 1 to 10 cards, not {count}",
    "show_when": "a hand is shown during a round or for its scoring",
    "shown_differs": "{seat}'s hand is known and differs from the cards shown",
    "shown_empty": "{seat} shows no cards, but only the player who went out has none",
    "already_counted": "{seat}'s hand was already counted",
    "nothing_to_correct": "hands are known with full information; nothing to correct",
    "hand_size_range": "a hand size during a round is a whole number from 1 (a player with no "
                       "cards has gone out by playing), not {size}",
    # a new game's players, seed and options
    "players_count": "a game needs 2 to 10 players (D2), not {players}",
    "players_named": "a game needs 2 to 10 named players (D2), not {players}",
    "players_twice": "every player needs a name of their own: {names} comes twice",
    "options_type": "options must be RuleOptions",
    "seed_type": "a game's seed is a whole number, not {seed}",
    "partners_table": "partners (V2) sit opposite each other: the table needs an even number of "
                      "players, 4 or more, not {players}",
    "option_not_allowed": "rule option {name} ({rule}): {value} is not allowed; use {allowed}",
    "allowed_range": "a whole number from {low} to {high}",
    "allowed_values": "one of {values}",
    "option_unsupported": "rule option {name} ({rule}) is not supported yet",
    "option_not_at_table": "rule option {name} ({rule}) is played by the rules engine but not yet "
                           "at the table: the camera does not know that deck's cards",
    "options_round_end": "play_on (V6), call_back (V9) and partners (V2) each decide when a round "
                         "ends: choose one of them",
    "option_needs": "rule option {name} ({rule}) only works together with {needs}",
    "options_object": "rule options must be a JSON object, not {kind}",
    "options_unknown": "unknown rule option(s): {names}",
    "options_unknown_see_docs": "unknown rule option(s): {names}; see docs/rules.md for the names",
    "options_too_many": "RuleOptions takes at most {most} options, not {count}",
    "preset_unknown": "unknown preset {name}; choose one of: {presets}",
    # cards, colours and events as the table or a file names them
    "not_a_card": "not a card: {name} ({hint})",
    "not_in_deck": "{name} is not a card of the {deck} deck",
    "deck_edition": "the {deck} deck does not go with these rules: they play the {wanted} deck",
    "junior_players": "UNO Junior level {level} deals {hand} cards each from {size}: at most "
                      "{most} players (E3)",
    # E5 No Mercy
    "no_mercy_players": "UNO Show 'em No Mercy is played by 2 to {most} players (E5)",
    "roulette_draws": "a colour roulette: draw until its colour shows (E5)",
    "discard_all_first": "first count the cards laid under the discard all (E5)",
    "no_discard_all_now": "{seat} has no discard all to lay cards under now (E5)",
    "discard_all_count": "{seat} cannot lay {count} cards under the discard all: the hand "
                         "holds {size} (E5)",
    "discard_all_cards": "the {count} cards laid under the discard all must all be {colour} (E5)",
    "reason_nm_draw": "draw {count} (E5)",
    "start_card_again": "only a number card starts the discard pile: put the {card} back (E5)",
    "reason_roulette": "colour roulette: one card, until a {colour} one shows (E5)",
    "mercy_out": "{seat} holds {count} cards: out of the round ({limit} or more, E5)",
    "waiting_discard_all": "count the cards laid under the discard all",
    "waiting_roulette": "draw until a {colour} card shows",
    "swap_with_another_e5": "a 7 swaps hands with another player (E5.6)",
    "target_mercy_out": "{seat} is out of this round: 25 cards or more (E5.7)",
    # the editions (companion/engine/editions.py): their titles, and a name that is none
    "edition_classic": "classic UNO",
    "edition_junior_level1": "UNO Junior, level 1: number cards only, hands open",
    "edition_junior": "UNO Junior, level 2: with the action cards",
    "edition_flip": "UNO Flip: double-sided cards, a light and a dark side",
    "edition_no_mercy": "UNO Show 'em No Mercy: 168 cards, stacking, out at 25 cards",
    "edition_all_wild": "UNO All Wild: every card is wild",
    "edition_dos": "DOS: a centre row of piles, number and sum matches",
    "edition_unknown": "unknown edition {name}; choose one of: {editions}",
    "edition_mixed": "these rule options choose no edition together: {options}",
    "open_hand_lacks": "{seat}'s open hand holds no {card} (E3 level 1): check the card or "
                       "show the hand again",
    "card_name_hint": "names look like red-5, blue-skip, green-reverse, yellow-draw2, wild, wild-draw4",
    "unknown_colour_hint": "unknown colour {colour}; colours are {colours}",
    "not_a_colour": "not a colour: {name} (choose one of {colours})",
    "expected_card_list": "expected a list of cards, not {value}",
    "expected_list": "expected a list, not {value}",
    "not_an_event": "not a table event: {event}",
    "event_whole_number": "{event} event: {field} must be a whole number, not {value}",
    "event_bool": "{event} event: {field} must be true or false, not {value}",
    "event_text": "{event} event: {field} must be text, not {value}",
    "event_list": "{event} event: {field} must be a list, not {value}",
    "event_object": "an event must be a JSON object, not {kind}",
    "event_type": "unknown event type {kind}; known: {known}",
    "event_extra": "{event} event: unknown field(s) {fields}",
    "event_missing": "{event} event: missing field {field}",
    # game logs (read by ``uno-companion replay``)
    "log_not_recorded": "this game does not record its events",
    "log_not_a_log": "not an uno-companion game log (the header needs \"format\": \"{format}\")",
    "log_version": "game log version {version} is not supported (this program reads versions "
                   "{readable}; a newer program wrote it?)",
    "log_seed": "the header's seed must be a whole number, not {seed}",
    "log_mode": "unknown mode {mode}; use tracking or full",
    "log_deck": "unknown deck {deck}; known: {known}",
    "log_players": "the header needs a list of players",
    "log_bad_json": "line {line}: not valid JSON: {error}",
    "log_cut_off": "line {line}: not valid JSON (the line is cut off: a truncated log?): {error}",
    "log_too_deep": "line {line}: the JSON is nested too deeply for a game log",
    "log_number_too_long": "line {line}: a number too long for a game log",
    "log_line": "line {line}: {error}",
    "log_empty": "the game log is empty (no header line)",
    # E6 UNO All Wild
    "all_wild_alone": "UNO All Wild (E6) is played by its own rules, not together with {names}",
    "target_first": "the player to aim the card at must be chosen first (E6)",
    "choose_another": "choose another player than yourself (E6)",
    "waiting_draw_target": "choose a player to draw 2",
    "reason_all_wild_draw2": "draw two (E6)",
    "reason_all_wild_draw4": "draw four (E6)",
    "reason_all_wild_target": "targeted draw2 (E6)",
    "dealer_no_numbers": "the {deck} deck has no number cards to choose the dealer by: name the "
                         "dealer with the deal (D3, E6)",
    # the engine benchmark's command line
    "bench_games": "--games must be at least 1",
    "bench_players": "--players must be from 2 to 10 (D2)",
    # --- E7 DOS (companion.engine.dos)
    "dos_alone": "DOS (E7) is another game: it is played without {names}",
    "dos_players": "DOS is played by 2 to 4 players, not {players} (E7.2)",
    "match_not_dos": "a match on a centre row pile belongs to DOS (E7): these rules have no centre row",
    "dos_no_pile": "no centre row pile {pile}: the row has piles 0 to {last}",
    "dos_match_cards": "a match is one card or two (E7.3), not {count}",
    "dos_pile_matched": "this centre row pile already took a match this turn (E7.3)",
    "dos_half_sum": "the {card} on centre row pile {pile} is the first card of a sum: lay the "
                    "second on it (E7.3)",
    "dos_half_sum_left": "the first card of a sum was left alone on its pile (E7.3)",
    "dos_no_match": "neither its number nor the sum of the two is the centre card's number (E7.3)",
    "dos_lay_not_now": "cards go into the centre row only at the end of a turn, by its player (E7.4, E7.5)",
    "dos_turn_ending": "the turn is ending: only cards into the centre row now (E7.6)",
    "dos_draw_first": "{seat} matched nothing: draw a card first (E7.5)",
    "dos_cannot_end": "{seat} cannot end a turn now",
    "dos_row_card_now": "no centre row card is to be turned up now",
    "dos_unknown_call": "unknown call {word}; say dos",
    "dos_wrong_count": "{seat} called DOS with {count} cards: it counts at two cards (E7.8)",
    "dos_no_penalty": "no penalty for {seat}: {seat} owes no DOS call (E7.8)",
    "dos_caught_later": "{seat} draws the DOS penalty at the end of the turn (E7.8)",
    "reason_caught_dos": "caught without DOS (E7.8)",
    "reason_dos_double_colour": "double colour match (E7.4)",
    "what_match": "no match can be made",
    "dos_waiting_match_or_draw": "match or draw",
    "dos_waiting_match_or_end": "match or end the turn",
    "dos_waiting_lay": "put cards into the centre row",
    "dos_waiting_refill": "turn up centre row cards",
    "dos_waiting_row": "turn up the centre row",
    # --- end of E7 DOS
    # E4 UNO Flip
    "side_light": "the light side",
    "side_dark": "the dark side",
    "flip_turn_over": "flip (E4.5): turn every hand, the draw pile and the discard pile over; "
                      "play goes on with {side}; show the new top card to the camera",
    "flip_wrong_side": "{card} is not a card of {side}, which is in play (E4.5): check the card",
    "flip_top_first": "the discard pile's new top card must be seen first (E4.5)",
    "flip_until_colour_draws": "{colour} has not come yet: draw on (the draw button), or pass "
                               "(your button) once it came (E4.4)",
    "no_flip_top_now": "no flip waits for its new top card (E4.5)",
    "flip_wild_colour_held": "{card} only without a card of the current colour (T2, E4)",
    "reason_flip_draw": "draw {count} (E4)",
    "reason_wild_draw2": "wild-draw2 (E4.3)",
    "reason_draw_colour": "wild-draw-colour: draw until {colour} comes (E4.4)",
    "options_editions": "only one edition at a time: {names}",
    "flip_alone": "UNO Flip (E4) is played without house rules for now: {names}",
}


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
