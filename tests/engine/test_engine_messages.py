"""Engine sentences carry a key and parameters, so a page can translate even the ones with numbers."""
import string

import pytest

from companion.engine import events as E
from companion.engine.messages import MESSAGES, SEAT_PARAMS, Message, seat_words
from companion.errors import UserError

from engine_helpers import table


def test_every_template_names_its_parameters_and_the_keys_are_unique_sentences():
    assert len(set(MESSAGES.values())) == len(MESSAGES)
    for key, template in MESSAGES.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        message = Message(key, **{name: 3 for name in fields})
        assert message.key == key and str(message) == template.format(**seat_words(message.params))


def test_a_seat_is_a_parameter_of_its_own_so_a_page_can_name_the_player_there():
    # "seat {seat}" in a template would read "seat Ana" once a page puts the name in
    for key, template in MESSAGES.items():
        assert not any(f"seat {{{name}" in template for name in SEAT_PARAMS), key
    text = Message("no_colour_now", seat=2)
    assert text == "seat 2 has no colour to choose now" and text.params == {"seat": 2}


def test_a_refusal_carries_its_key_and_parameters_and_reads_as_before():
    game = table(full=False)
    with pytest.raises(UserError) as refused:
        game.apply(E.Draw(1, 3))
    reason = refused.value.args[0]
    assert str(refused.value) == "seat 1 may draw 1 now, not 3"
    assert (reason.key, reason.params) == ("may_draw", {"seat": 1, "allowed": 1, "count": 3})


def test_a_misplay_reason_reaches_the_page_as_key_and_parameters():
    # a page in another language says "not seat 2's turn (seat 1)" from the key, not the text
    game = table(full=False)
    take_back = game.apply(E.Play(2, "red-7"))[0].to_json()
    assert take_back["why"] == "not seat 2's turn (seat 1)"
    assert take_back["why_key"] == "not_your_turn" and take_back["why_params"] == {"seat": 2, "turn": 1}


def test_notices_and_waiting_texts_in_refusals_keep_their_parts():
    game = table(full=False)
    notice = game.apply(E.Catch(0, 2))[0].to_json()
    assert notice["message_key"] == "no_uno_penalty_none" and notice["message_params"] == {"seat": 2}
    with pytest.raises(UserError) as refused:
        game.apply(E.ChooseColour(1, "red"))
    assert refused.value.args[0].key == "no_colour_now"
    game.apply(E.Undo(1))
    with pytest.raises(UserError) as refused:
        game.apply(E.RoundEnd((0, 0, 0)))
    assert str(refused.value) == "hand points are entered after a round ends"  # a fixed sentence


def test_a_waiting_text_with_a_number_carries_its_key():
    game = table(full=False)
    game.apply(E.Play(1, "red-draw2"))
    state = game.snapshot()
    assert state["waiting_for"] == {"seat": 2, "what": "draw 2"}
    assert state["waiting_message"] == {"key": "waiting_draw", "params": {"count": 2}}
    game.apply(E.Draw(2, 2))
    assert game.snapshot()["waiting_message"] is None  # "play or draw": a fixed phrase
