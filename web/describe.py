"""Journal entries in words: "Ana played blue skip - Ben is skipped".

Each entry is an event with the engine's answer to it (see
companion.table.game). The words only retell what the engine decided (a take
back, a dispense, whose turn followed); no rule is worked out here.
"""
from __future__ import annotations

from flask_babel import gettext as _, ngettext

from companion.web.words import REASON_NAMES, card_name, colour_view, engine_message


def _cards(count: int) -> str:
    return ngettext("%(num)d card", "%(num)d cards", count)


def describe(entry: dict, players: list[str]) -> str:
    """One journal entry as one sentence in the current language.

    An event this page does not know yet (a newer engine's) or one missing a field is
    still told plainly, from its type and seat, never an error.
    """
    try:
        return _describe(entry, players)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        event = entry.get("event") if isinstance(entry, dict) else None
        return _unknown(event if isinstance(event, dict) else {}, players)


def _unknown(event: dict, players: list[str]) -> str:
    """``{"type": "flash_race", "seat": 1}`` -> "Ben: flash race"."""
    what = str(event.get("type") or "?").replace("_", " ")
    seat = event.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(players):
        return _("%(name)s: %(what)s", name=players[seat], what=what)
    return what[:1].upper() + what[1:]


def _describe(entry: dict, players: list[str]) -> str:
    def name(seat) -> str:
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"

    event, actions = entry["event"], entry["actions"]
    kind, seat = event.get("type"), event.get("seat")
    by_type: dict[str, list[dict]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    text = _plain(event, name, entry) or _unknown(event, players)
    if kind == "play":
        text += _play_effect(event, entry, by_type, name, players)
    elif kind in ("colour", "catch", "challenge", "accept", "challenge_verdict", "penalty", "race",
                  "start_card"):
        draws = [a for a in by_type.get("dispense", []) if kind != "start_card" or a["seat"] != seat]
        if draws:
            text += " – " + "; ".join(_("%(name)s draws %(cards)s", name=name(a["seat"]),
                                        cards=_cards(a["count"])) for a in draws)
    for action in by_type.get("ask_target", []):
        text += " – " + _("%(name)s chooses whose hand to take", name=name(action["seat"]))
    for action in by_type.get("race", []):
        text += " – " + _("race! The slowest draws %(count)d", count=action.get("count", 1))
    for action in by_type.get("challenge_window", []):
        text += " – " + _("%(name)s may challenge it", name=name(action["seat"]))
    for action in by_type.get("round_over", []):
        text += " – " + _("%(name)s wins the round", name=name(action["winner"]))
    for action in by_type.get("match_over", []):
        text += " – " + _("%(name)s wins the match!", name=name(action["winner"]))
    for action in by_type.get("notice", []):
        text += " – " + engine_message(action.get("message", ""), action.get("message_key"),
                                       action.get("message_params"), players)
    for action in by_type.get("needs_correction", []):
        text += " – " + _("please check: %(problem)s", problem=engine_message(
            action["message"], action.get("message_key"), action.get("message_params"), players))
    return text


def _plain(event: dict, name, entry: dict) -> str | None:
    kind, seat = event.get("type"), event.get("seat")
    if kind == "play":
        return _("%(name)s played %(card)s", name=name(seat), card=card_name(event["card"]))
    if kind == "colour":
        colour = colour_view(event["colour"])
        colour_text = colour["symbol"] + " " + colour["name"] if colour else str(event["colour"])
        return _("%(name)s chose %(colour)s", name=name(seat), colour=colour_text)
    if kind == "draw":
        return _("%(name)s drew %(cards)s", name=name(seat), cards=_cards(event["count"]))
    if kind == "pass":
        return _("%(name)s passed", name=name(seat))
    if kind == "burst":  # E1: what the launcher threw, as its sensor counted
        return _("%(name)s pressed the launcher and got %(cards)s", name=name(seat), cards=_cards(event["count"]))
    if kind == "launcher_deal":
        return _("The launcher deals the cards")
    if kind == "jump_in":  # H5: the seat's button claimed the card
        return _("%(name)s jumps in!", name=name(seat))
    if kind == "uno":
        return _("%(name)s called UNO!", name=name(seat))
    if kind == "catch":
        return _("%(name)s caught %(target)s without UNO", name=name(seat),
                 target=name(event.get("target")))
    if kind == "challenge":
        return _("%(name)s challenged the wild draw four", name=name(seat))
    if kind == "target":
        return _("%(name)s swaps hands with %(target)s", name=name(seat), target=name(event.get("target")))
    if kind == "race":
        return _("%(name)s was the slowest in the race", name=name(event.get("slowest")))
    if kind == "accept":
        return _("%(name)s takes the cards", name=name(seat))
    if kind == "challenge_verdict":
        return (_("The wild draw four was allowed") if event.get("wd4_was_legal")
                else _("The wild draw four was not allowed"))
    if kind == "penalty":
        reason = str(REASON_NAMES.get(event.get("reason"), event.get("reason")))
        return _("Penalty for %(name)s: %(reason)s", name=name(seat), reason=reason)
    if kind == "deal":
        dealer = event.get("dealer")
        return _("%(name)s dealt", name=name(entry.get("dealer") if dealer is None else dealer))
    if kind == "choose_dealer":
        return _("Cards drawn to choose the dealer")
    if kind == "start_card":
        return _("Start card: %(card)s", card=card_name(event["card"]))
    if kind == "reshuffle":
        return _("The discard pile was shuffled into a new draw pile")
    if kind == "reveal":
        return _("%(name)s showed the hand", name=name(seat))
    if kind == "round_end":
        return _("Hands counted: %(points)s points", points=sum(event.get("points", [])))
    if kind == "correction":
        return _("Correction: %(name)s holds %(cards)s", name=name(seat),
                 cards=_cards(event["hand_size"]))
    if kind == "discard_all":  # E5: counted on the phone
        return _("%(name)s laid %(cards)s under the discard all", name=name(seat), cards=_cards(event["count"]))
    return None


def _play_effect(event: dict, entry: dict, by_type: dict, name, players: list[str]) -> str:
    """What the engine made of a played card: refused, or its effect on the others."""
    for take_back in by_type.get("take_back", []):
        owed = sum(a["count"] for a in by_type.get("dispense", []) if a["seat"] == take_back["seat"])
        return " – " + _("not allowed (%(why)s): takes it back and draws %(cards)s",
                         why=engine_message(take_back["why"], take_back.get("why_key"),
                                            take_back.get("why_params"), players), cards=_cards(owed))
    card = event["card"]
    before_direction = entry.get("before", {}).get("direction")
    if card.endswith("-draw2") or card == "wild-draw4":
        hit = by_type.get("dispense", [])
        if hit:
            return " – " + _("%(name)s draws %(cards)s", name=name(hit[0]["seat"]),
                             cards=_cards(hit[0]["count"]))
    if card.endswith("-reverse") and entry.get("direction") != before_direction:
        return " – " + (_("play now goes clockwise") if entry.get("direction") == "clockwise"
                        else _("play now goes counter-clockwise"))
    skipped = [seat for turn in by_type.get("turn", []) for seat in turn.get("skipped", ())]
    if skipped:  # the engine names the seats it passed over (V1 doubling, V6, E2 draw twice)
        return " – " + "; ".join(_("%(name)s is skipped", name=name(seat)) for seat in skipped)
    if by_type.get("ask_colour"):
        return " – " + _("%(name)s chooses a colour", name=name(event["seat"]))
    return ""
