"""E6 UNO All Wild's sentences."""

ALL_WILD: dict[str, str] = {
    "all_wild_alone": "UNO All Wild (E6) is played by its own rules, not together with {names}",
    "target_first": "the player to aim the card at must be chosen first (E6)",
    "choose_another": "choose another player than yourself (E6)",
    "waiting_draw_target": "choose a player to draw 2",
    "reason_all_wild_draw2": "draw two (E6)",
    "reason_all_wild_draw4": "draw four (E6)",
    "reason_all_wild_target": "targeted draw2 (E6)",
    "dealer_no_numbers": "the {deck} deck has no number cards to choose the dealer by: name the "
                         "dealer with the deal (D3, E6)",
}
