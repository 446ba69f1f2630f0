"""E5 UNO Show 'em No Mercy's sentences."""

NO_MERCY: dict[str, str] = {
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
}
