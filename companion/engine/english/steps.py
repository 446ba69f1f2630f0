"""The game's own steps: what cannot happen now, a contradiction, a step refused; a new
game's players, seed, options and deck."""

STEPS: dict[str, str] = {
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
}
