"""Fuzz: any event record, sensible or not, is applied or refused with a UserError that
leaves the game exactly as it was; nothing else escapes (no internal error)."""
from hypothesis import given, settings, strategies as st

from companion.engine import CARD_NAMES, RuleOptions, events as E
from companion.engine.log import read_log
from companion.errors import UserError

from engine_helpers import table

seats = st.integers(-1, 4) | st.sampled_from([True, None, "1", 1.5])
cards = st.sampled_from(CARD_NAMES) | st.sampled_from(["", "red-10", "WILD", None, 7])
values = seats | cards | st.lists(cards, max_size=3) | st.booleans()
records = st.fixed_dictionaries(
    {"type": st.sampled_from(sorted(E.EVENT_TYPES)) | st.text(max_size=5)},
    optional={name: values for name in ("seat", "card", "target", "count", "cards", "colour",
                                        "reason", "word", "slowest", "points", "hand_size",
                                        "dealer", "hands", "sizes", "wd4_was_legal")})
OPTIONS = [RuleOptions(), RuleOptions(stack_draw2=True, jump_in=True, seven_o=True, doubling=True,
                                      reverse_bounce=True, bruno_kuno=True, action_number=3,
                                      call_back=True, six_nine=True)]


@settings(max_examples=150, deadline=None)
@given(st.lists(records, max_size=25), st.sampled_from([False, True]), st.sampled_from(OPTIONS))
def test_any_event_is_applied_or_refused_without_a_trace(batch, full, options):
    game = table(full=full, **{k: v for k, v in options.to_json().items()
                               if v != RuleOptions().to_json()[k]})
    for record in batch:
        before = game.snapshot()
        try:
            game.apply(record)
        except UserError:
            assert game.snapshot() == before
    # whatever was accepted replays to the same state
    assert game.replayed(game.log).snapshot() == game.snapshot()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_any_text_as_a_game_log_is_read_or_refused_with_a_line_number(text):
    try:
        read_log(text)
    except UserError as error:
        assert "line" in str(error) or "empty" in str(error)
