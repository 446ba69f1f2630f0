"""Cards, colours, rule options and events in words, in the phone's language.

Every text goes through gettext (Flask-Babel); the German catalogue is
web/translations/de/LC_MESSAGES/messages.po. Texts that come from the engine
(rule explanations) are looked up by their English text, and a test checks
that each has a German entry. Call these inside a request or ``force_locale``.
"""
from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext as _l

from companion.engine.messages import SEAT_PARAMS

# A symbol beside every colour, so nobody needs to tell red from green.
COLOUR_SYMBOLS = {"red": "▲", "yellow": "●", "green": "■", "blue": "◆"}
COLOUR_NAMES = {"red": _l("red"), "yellow": _l("yellow"), "green": _l("green"), "blue": _l("blue")}
KIND_NAMES = {"skip": _l("skip"), "reverse": _l("reverse"), "draw2": _l("draw two"),
              "wild": _l("wild"), "wild-draw4": _l("wild draw four"), "draw1": _l("draw one")}
KIND_FACES = {"skip": "⊘", "reverse": "⇄", "draw2": "+2", "wild": "★", "wild-draw4": "+4", "draw1": "+1"}
# E6 UNO All Wild: its faces have no colour; each is named whole, as the wilds are.
KIND_NAMES.update({"all-wild": _l("all wild"), "all-wild-reverse": _l("wild reverse"),
                   "all-wild-skip": _l("wild skip"), "all-wild-skip2": _l("wild skip two"),
                   "all-wild-draw2": _l("wild draw two"), "all-wild-draw4": _l("wild draw four (All Wild)"),
                   "all-wild-target-draw2": _l("targeted draw two"), "all-wild-swap": _l("forced swap")})
KIND_FACES.update({"all-wild": "★", "all-wild-reverse": "⇄", "all-wild-skip": "⊘",
                   "all-wild-skip2": "⊘⊘", "all-wild-draw2": "+2", "all-wild-draw4": "+4",
                   "all-wild-target-draw2": "◎+2", "all-wild-swap": "⇆"})
GROUP_NAMES = {"official": _l("Official rules"), "scoring": _l("Scoring and the match"),
               "house": _l("House rules"), "variant": _l("Variants"), "extreme": _l("UNO Extreme"),
               "flash": _l("UNO Flash"), "junior": _l("UNO Junior"), "flip": _l("UNO Flip"), "table": _l("At the table"),
               "all_wild": _l("UNO All Wild"), "dos": _l("DOS")}
# E5 UNO Show 'em No Mercy: its faces and its option group.
KIND_NAMES.update({"draw4": _l("draw four"), "skip-everyone": _l("skip everyone"),
                   "discard-all": _l("discard all"), "wild-reverse-draw4": _l("wild reverse draw four"),
                   "wild-draw6": _l("wild draw six"), "wild-draw10": _l("wild draw ten"),
                   "wild-colour-roulette": _l("wild colour roulette")})
KIND_FACES.update({"draw4": "+4", "skip-everyone": "⊘⊘", "discard-all": "▤", "wild-reverse-draw4": "⇄+4",
                   "wild-draw6": "+6", "wild-draw10": "+10", "wild-colour-roulette": "◎"})
GROUP_NAMES["no_mercy"] = _l("UNO Show 'em No Mercy")
# E4 UNO Flip: the dark side's colours (a symbol each, as the light ones) and both sides' faces.
COLOUR_SYMBOLS.update({"pink": "✚", "teal": "✦", "orange": "⬟", "purple": "⬢"})
COLOUR_NAMES.update({"pink": _l("pink"), "teal": _l("teal"), "orange": _l("orange"), "purple": _l("purple")})
KIND_NAMES.update({"flip": _l("flip"), "draw5": _l("draw five"), "wild-draw2": _l("wild draw two"),
                   "dark-wild": _l("wild (dark side)"), "wild-draw-colour": _l("wild draw colour")})
KIND_FACES.update({"flip": "⟲", "draw5": "+5", "wild-draw2": "+2", "dark-wild": "★", "wild-draw-colour": "+★"})
SIDE_NAMES = {"light": _l("light side"), "dark": _l("dark side")}
MODE_NAMES = {"classic": _l("Classic: draw one card"), "extreme": _l("Extreme: the launcher fires a burst"),
              "flash": _l("Flash: lit buttons and a turn timer")}
PRESET_NAMES = {"official": _l("Official"), "gentle": _l("Gentle penalties"),
                "penalty-points": _l("Penalty points"), "casual": _l("Casual: count wins"),
                "short": _l("Short match (250)"), "party": _l("Party: stack, swap, jump in"),
                "junior-level1": _l("UNO Junior level 1: first to 3 wins"),
                "junior-level2": _l("UNO Junior level 2: first to 3 wins"),
                "flip": _l("UNO Flip: to 500 points"),
                "no-mercy": _l("UNO Show 'em No Mercy: first to 3 wins"),
                "all-wild": _l("UNO All Wild: first to 500")}
#: What the setup page says under each edition (companion/engine/editions.py); none is fine.
EDITION_HELP = {
    "classic": _l("108 cards, 7 each."),
    "junior-level1": _l("The Junior deck without its action cards: 40 number cards, 5 each. The hands "
                        "lie open: when the host enters a hand on the phone (Fix a mistake: a player "
                        "showed their hand), the companion checks every card played from it and "
                        "refuses one that hand does not hold, as a misread to check. A card drawn "
                        "from the launcher is not seen, so the check waits for the hand to be "
                        "entered again."),
    "junior": _l("The 56-card Junior deck, 5 each, with Draw 1, Draw 2, Skip and Wild; the hands "
                 "are held."),
    "flip": _l("112 double-sided cards, 7 each. A Flip card turns every hand and both piles over: "
               "after it, turn the discard pile over, and the camera reads its new top. On the dark "
               "side the ring lights its four colour groups pink, teal, orange and purple (with "
               "single-colour lights: red's group is pink, yellow's teal, green's orange, blue's "
               "purple). A Wild Draw Colour: the launcher throws one card at each press of the draw "
               "button; press your own button once the colour came."),
    "no-mercy": _l("168 cards, 7 each: draw until a card fits, stack draw cards of equal or higher value, "
                   "a 7 swaps and a 0 passes the hands; 25 cards in hand puts a player out. The "
                   "launcher throws whole totals (up to the 25th card) and a colour roulette card "
                   "by card until its victim presses their button; after a discard all the host "
                   "counts the cards laid under it."),
    "all-wild": _l("112 cards, 7 each, every one wild: any card on any card, no colour is named. "
                   "After a targeted draw two or a forced swap the player presses the button of "
                   "the seat they choose."),
}
PRESET_NAMES["dos"] = _l("DOS: first to 200")  # E7
EDITION_HELP["dos"] = _l("Another game on the same table: 108 DOS cards, 7 each. Two or more piles lie "
                         "side by side in the middle under the camera; match a pile's card with one card "
                         "of its number or two that add up to it (lay a sum's two cards side by side on "
                         "the pile). Call \"DOS!\" at two cards. The launcher deals and throws the "
                         "penalties.")
REASON_NAMES = {"misplay": _l("misplay"), "suggestion": _l("suggestion to another player"),
                "social": _l("table rule (question, swearing, silence, dozing)"),
                "timer": _l("turn timer ran out"), "uno": _l("forgot to call UNO")}
CHOICE_TEXTS = {"winner": _l("winner (S2)"), "penalty": _l("penalty points (S3)"),
                "wins": _l("round wins (S4)")}  # short: the option's help line explains them


def colour_view(colour: str | None) -> dict | None:
    if colour not in COLOUR_NAMES:
        return None
    return {"id": colour, "name": str(COLOUR_NAMES[colour]), "symbol": COLOUR_SYMBOLS[colour]}


def card_name(card: str) -> str:
    """``blue-skip`` -> "blue skip" / "Blau Aussetzen"."""
    colour, _sep, kind = card.partition("-")
    if colour not in COLOUR_NAMES:  # wild, wild-draw4
        return str(KIND_NAMES.get(card, card))
    label = kind if kind.isdigit() else str(KIND_NAMES.get(kind, kind))
    return _("%(colour)s %(card)s", colour=str(COLOUR_NAMES[colour]), card=label)


def card_view(card: str | None) -> dict | None:
    if not card:
        return None
    colour, _sep, kind = card.partition("-")
    if colour not in COLOUR_NAMES:
        colour, kind = None, card
    face = kind if kind.isdigit() else KIND_FACES.get(kind, "?")
    return {"id": card, "name": card_name(card), "colour": colour, "face": face}


def option_value_text(value) -> str:
    if value is None:
        return _("off")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, str):
        return str(CHOICE_TEXTS.get(value, value))
    return str(value)


def engine_text(text: str) -> str:
    """A sentence the engine wrote in English, in German when the catalogue has it."""
    return _(text) if text else text


#: The parameters that hold an engine phrase ("no card can be played", "play or draw"...),
#: translated by their English text when they lost their key on the way (JSON).
PHRASE_PARAMS = frozenset({"what", "waiting", "why", "hint", "allowed", "error"})


def _message_value(name: str, value, players):
    if getattr(value, "key", None) is not None:  # a message inside a message ("cannot pass: ...")
        return engine_message(value, players=players)
    if name in SEAT_PARAMS and type(value) is int:
        return seat_name(value, players)
    if not isinstance(value, str):
        return value
    if name == "card":
        return card_name(value)
    if name == "colour" and value in COLOUR_NAMES:  # E5's roulette names its colour
        return str(COLOUR_NAMES[value])
    # names, numbers, quoted input and lists ("'xyz'", "red, yellow") stay as they are
    return engine_text(value) if name in PHRASE_PARAMS else value


def seat_name(seat: int, players=None) -> str:
    """The player at ``seat`` by name; a seat the table has no player for by its number."""
    if players is not None and 0 <= seat < len(players):
        return str(players[seat])
    return _("seat %(number)d", number=seat)


def engine_message(text, key: str | None = None, params: dict | None = None, players=None) -> str:
    """An engine sentence in the phone's language: by its key and parameters when it has them
    (companion.engine.messages: a refusal's ``Message``, an action's ``why_key``...), else by
    its whole English text. Text parameters are fixed engine phrases, translated too; seats are
    named by their players' names (``players``, the table's seat order) where the table has them."""
    from companion.engine.messages import MESSAGES
    key = key if key is not None else getattr(text, "key", None)
    params = params if params is not None else getattr(text, "params", None)
    if key not in MESSAGES or not isinstance(params, dict):
        return engine_text(str(text)) if text else ""
    try:
        return _(MESSAGES[key]).format(**{name: _message_value(name, value, players)
                                          for name, value in params.items()})
    except (KeyError, IndexError, ValueError):  # a catalogue entry that lost a field: English
        return str(text) if text else MESSAGES[key]

OPTION_LABELS = {
    "uno_penalty": _l("Cards for a missed UNO"), "challenge_wd4": _l("Challenge a wild draw four"),
    "misplay_penalty": _l("Cards for a misplay"), "scoring": _l("Scoring"),
    "target": _l("Target score"), "target_wins": _l("Round wins to win the match"),
    "stack_draw2": _l("Stack draw twos"), "stack_mixed": _l("Stack draw two and draw four"),
    "seven_o": _l("Seven swaps, zero passes"), "jump_in": _l("Jump in"),
    "jump_in_wild": _l("Jump in with wild cards"), "jump_in_keeps_action": _l("Jump in keeps the effect"),
    "must_play_drawn": _l("Must play a drawn card"), "draw_until_playable": _l("Draw until it fits"),
    "no_action_finish": _l("No action card to finish"), "no_zero_finish": _l("No zero to finish"),
    "doubling": _l("Doubling"), "partners": _l("Partners"), "action_number": _l("Action number"),
    "reverse_bounce": _l("Reverse bounces a draw"), "skip_pass_on": _l("Skip passes a draw on"),
    "play_on": _l("Play on for places"), "bruno_kuno": _l("Bruno, Kuno, UNO"),
    "complementary": _l("Complementary colours"), "call_back": _l("Call back"),
    "six_nine": _l("Six and nine"), "flash_turn_seconds": _l("Flash turn timer"),
    "extreme_bursts": _l("Launcher bursts"), "flash": _l("Random next player"),
    "flash_race_card": _l("Race card"), "show_chances": _l("Win chances on every phone"),
    "junior_level": _l("UNO Junior level"),
    "flip": _l("UNO Flip"),
    "no_mercy": _l("UNO Show 'em No Mercy"),
    "all_wild": _l("UNO All Wild"),
    "dos": _l("DOS (another game)"),
}


def rules_text(options: dict) -> str:
    """A match's rules in a few words: its preset's name, or the official rules and what differs."""
    from companion.engine.option_info import OPTION_INFO
    from companion.engine.options import RuleOptions
    from companion.engine.presets import PRESETS
    from companion.errors import UserError
    if not isinstance(options, dict):
        return ""
    try:  # options the match was stored without take their defaults, as the engine gives them
        options = RuleOptions.from_json(options).to_json()
    except (UserError, TypeError, ValueError):
        pass  # from another version: shown as stored
    for name, preset in PRESETS.items():
        if preset.to_json() == options:
            return str(PRESET_NAMES.get(name, name))
    official = PRESETS["official"].to_json()
    changes = [f"{OPTION_LABELS.get(key, key)}: {option_value_text(value)}"
               + (f" ({OPTION_INFO[key].rule})" if key in OPTION_INFO else "")
               for key, value in sorted(options.items()) if official.get(key) != value]
    return _("Own rules: %(changes)s", changes="; ".join(changes)) if changes else str(PRESET_NAMES["official"])

#: The events the host may enter by hand: (type, plain words, rule id or "", the form's fields).
EVENT_KINDS = [
    ("play", _l("A card was played"), "T1", ["seat", "card"]),
    ("colour", _l("A colour was named for a wild card"), "T4", ["seat", "colour"]),
    ("draw", _l("Cards were drawn"), "T3", ["seat", "count"]),
    ("burst", _l("The launcher threw cards at a player"), "E1", ["seat", "count"]),
    ("pass", _l("A player kept the drawn card and passed"), "T3", ["seat"]),
    ("uno", _l("A player called UNO"), "T5", ["seat"]),
    ("catch", _l("A player was caught without calling UNO"), "T5", ["seat", "target"]),
    ("challenge", _l("A wild draw four was challenged"), "T6", ["seat"]),
    ("challenge_verdict", _l("The challenge was decided"), "T6", ["wd4_was_legal"]),
    ("accept", _l("A player took the cards to draw"), "H1", ["seat"]),
    ("target", _l("A player chose whose hand to take"), "H4", ["seat", "target"]),
    ("jump_in", _l("A player jumped in out of turn"), "H5", ["seat"]),
    ("race", _l("The slowest player in a race"), "V3", ["slowest"]),
    ("penalty", _l("A penalty was given"), "P2", ["seat", "reason", "count"]),
    ("start_card", _l("The start card was turned up"), "D4", ["card"]),
    ("deal", _l("The cards were dealt"), "D2", []),
    ("reshuffle", _l("The discard pile became the new draw pile"), "D5", []),
    ("round_end", _l("The hands were counted at the end of the round"), "S1", ["points"]),
    ("correction", _l("A player holds another number of cards"), "", ["seat", "hand_size"]),
    ("reveal", _l("A player showed their hand"), "", ["seat", "cards"]),
    ("discard_all", _l("Cards were laid under a discard all"), "E5", ["seat", "count"]),
]
