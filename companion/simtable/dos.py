"""E7 DOS's virtual players at the simulated table: they act on the centre row.

What the engine waits for decides the act, as for classic (players.py): a card turned up
from the draw pile into the row (the deal's two and every refill), a random legal match on
a pile (one card, or the two of a sum laid fanned side by side), drawing with the launcher's
button when nothing matches, ending the turn with their own button, and the cards the engine
asks them to put into the row. The matched piles go to the discard pile once the engine
ended the turn (the row's camera sees them go). A move the camera did not pass on (an
unsure card) is typed in on the phone, as the host would.
"""
from __future__ import annotations

from companion.engine import CARD_NAMES
from companion.engine import events as E
from companion.engine import phases as P
from companion.engine.dos import LAY, REFILL
from companion.simtable.players import Act


def taken_away(camera_row, centre_row) -> tuple | None:
    """What the players take from the row the camera sees so that it shows the engine's:
    ``("take", pile)`` a matched pile (to the discard pile, E7.6), ``("take_back", pile, n)``
    the last n cards of a refused match (back to the hand, P1); None when they agree."""
    if camera_row is None or centre_row is None:
        return None
    left = [sorted(pile) for pile in centre_row]
    for index, pile in enumerate(camera_row.piles):
        if sorted(pile) in left:
            left.remove(sorted(pile))
            continue
        kept = list(centre_row[index]) if index < len(centre_row) else []
        if kept and len(kept) < len(pile) and pile[:len(kept)] == kept:
            return ("take_back", index, len(pile) - len(kept))
        return ("take", index)
    return None


def dos_act(players, state) -> Act | None:
    """The next act at a DOS table (``players``: the VirtualPlayers, their world derived)."""
    world, phase, turn = players.world, state.phase, state.turn
    sent = getattr(players, "dos_sent", None)
    if sent is not None and sent[0] == state.events:   # the camera passed nothing on
        players.dos_sent = None
        return Act("phone", value=sent[1])
    players.dos_sent = None
    if any(state.owed_cards):
        return Act("fix_launcher")       # the launcher owes cards but stands still
    random = players.random
    if phase in (P.START, REFILL):       # E7.2, E7.6: a card turned up from the draw pile
        card = CARD_NAMES[world.pile[int(random() * len(world.pile))]]
        return _sent(players, state, Act("row", None, ("open", card)), E.StartCard(card))
    if turn is None:
        return None
    if phase == LAY:                     # E7.4, E7.5: a card from the hand into the row
        hand = world.hands[turn]
        card = CARD_NAMES[hand[int(random() * len(hand))]]
        return _sent(players, state, Act("row", turn, ("open", card)), E.Play(turn, card))
    if phase not in (P.TURN, P.DRAWN):
        return None
    matches = world.legal_matches(turn)
    if matches:                          # E7.3: a random legal match
        pile, cards = matches[int(random() * len(matches))]
        names = tuple(CARD_NAMES[c] for c in cards)
        return _sent(players, state, Act("row", turn, ("match", pile, list(names))), E.Match(turn, pile, names))
    if phase == P.TURN and not state.house.get("matched_piles"):
        return Act("draw_button", turn)  # E7.5: nothing matched yet: draw one
    return Act("press", turn)            # E7.5, E7.6: end the turn


def _sent(players, state, act: Act, event) -> Act:
    """Remember the move, so that if the table's log has not moved on by the next act the
    host types it in."""
    players.dos_sent = (state.events, event)
    return act
