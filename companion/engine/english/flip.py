"""E4 UNO Flip's sentences, and the refusal of two editions at once."""

FLIP: dict[str, str] = {
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
