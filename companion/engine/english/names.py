"""The editions' titles, and cards, colours, events and game logs as a table or a file
names them."""

NAMES: dict[str, str] = {
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
}
