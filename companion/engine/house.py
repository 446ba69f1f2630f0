"""House rules and variants (RULES.md H1-H8, V1-V10): one small class per rule.

The engine asks only the rules the table switched on (``Game.house``), at a few
fixed points. Each hook's default is "no opinion", so a rule overrides only what it
changes, and every rule is found in one place: its class here.

- ``judge(game, seat, card)``: before a play is accepted. ``True`` allows a play the
  official rules would not; a text forbids it (a misplay with that reason); ``None``
  leaves it to the official rules. A forbidding rule beats an allowing one.
- ``on_play(game, seat, card, rank)``: after the card landed, before its official
  effect. ``True`` means the rule carried the turn on itself.
- ``on_turn(game, seat)``: the turn passed to ``seat``.
- ``answers_draws``: a player hit by a draw card may answer it, so the launcher waits
  until the player takes the cards (``Accept``) instead of dispensing at once.
- ``on_out(game, seat)``: the seat played its last card (V6, V9 let the round go on).
- ``on_receive(game, seat, count)``: the seat took cards.
- ``team(game, seat)``: the seats scoring together (V2). ``check_table(players)``: a
  reason the rule cannot be played at a table of that size, refused at setup.
- ``may_draw_again(game, seat)`` / ``pass_refused(game, seat)``: the drawing turn (T3).
"""
from __future__ import annotations

from typing import ClassVar

from companion.engine.cards import (CARD_COLOUR, CARD_RANK, DRAW2, NO_COLOUR, REVERSE, SKIP, WILD,
                                    WILD_DRAW4)
from companion.engine.actions import AskTarget, Race
from companion.engine.phases import CHALLENGE, DRAWN, TARGET, TURN

_JUMP_PHASES = frozenset({TURN, DRAWN, CHALLENGE})


class HouseRule:
    option: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    answers_draws: ClassVar[bool] = False

    def __init__(self, options):
        self.options = options

    def judge(self, game, seat: int, card: int):
        return None

    def on_play(self, game, seat: int, card: int, rank: int) -> bool:
        return False

    def on_turn(self, game, seat: int) -> None:
        """The turn passed to ``seat``."""

    def may_draw_again(self, game, seat: int) -> bool:
        return False

    def on_out(self, game, seat: int) -> int | None:
        """``seat`` played its last card: -1 lets the round go on, a seat number ends it
        with that winner, None leaves it to the official rules (T7)."""
        return None

    def on_receive(self, game, seat: int, count: int) -> None:
        """``seat`` just took ``count`` cards (its size is already updated)."""

    def team(self, game, seat: int) -> list[int] | None:
        return None

    def check_table(self, players: int) -> str | None:
        """A reason why this rule cannot be played by ``players`` players."""
        return None

    def pass_refused(self, game, seat: int) -> str | None:
        return None


def _answering(game, seat: int) -> bool:
    """Is ``seat`` the player hit by a draw card, still free to answer it?
    (``game.flags["draw_kind"]`` says which card made the draw: DRAW2 or WILD_DRAW4.)"""
    return (seat == game.current and game.pending and game.answerable
            and (game.phase is TURN or game.phase is CHALLENGE))


class Doubling(HouseRule):
    """V1: two identical cards may be played together (draw2 included, wild-draw4 and wild
    not): the second, played right after the first by the same player, counts as part of the
    same play. Two draw2: the next player draws 4; two skips skip two players; two reverses
    leave the direction as it was."""
    option, rule = "doubling", "V1"

    def _pair(self, game, seat, card, landed: int) -> bool:
        return (seat != game.current and CARD_RANK[card] < WILD and game.flags.get("double") ==
                (seat, card, len(game.discard) - landed, sum(game.sizes) + landed))

    def judge(self, game, seat, card):
        return True if self._pair(game, seat, card, 0) else None

    def on_play(self, game, seat, card, rank):
        if not self._pair(game, seat, card, 1):
            game.flags["double"] = (seat, card, len(game.discard), sum(game.sizes))
            return False
        game.flags["double"] = None  # a pair, not three
        if rank == DRAW2 and game.pending and not game.answerable:  # 2 are already on their way
            game.pending += 2
            game._ask_dispense(game.current, 2, "doubled draw2 (V1)")
            return True
        # Let the second card act from the player again (a skip from the skipped player).
        game.current = (seat + game.direction) % game.n if rank == SKIP else seat
        return False


class JumpIn(HouseRule):
    """H5: a card identical to the top card may be played out of turn; play goes on from
    that player, the players in between are skipped. ``jump_in_wild``: wilds too.
    ``jump_in_keeps_action``: the card jumped on keeps its effect (a draw still hits its
    victim); by default the jump cancels it."""
    option, rule, answers_draws = "jump_in", "H5", True  # a draw waits: someone may jump in

    def judge(self, game, seat, card):
        if (seat != game.current and card == game.top and game.phase in _JUMP_PHASES
                and (CARD_RANK[card] < WILD or self.options.jump_in_wild)):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if seat == game.current:
            return False
        if game.pending and self.options.jump_in_keeps_action:
            game._owe(game.current, game.pending, "draw jumped on (H5)")
        game.pending, game.answerable = 0, False
        game.current, game.phase = seat, TURN  # play goes on from the jumper
        return False


class SevenO(HouseRule):
    """H4: a 7 swaps hands with a player of the player's choice (the ring or the phone asks);
    a 0 passes every hand to the next player in play direction. A 0 as the last card still
    takes the neighbour's hand, so it does not win (000); the next player receives the empty
    hand and so has gone out. A 7 as the last card wins."""
    option, rule = "seven_o", "H4"

    def on_play(self, game, seat, card, rank):
        if rank == 7 and game.sizes[seat] > 0:
            game.phase = TARGET
            if game.out is not None:
                game.out.append(AskTarget(seat))
            return True
        if rank == 0:  # players who went out (V6) keep out of it
            playing = [s for s in range(game.n) if s not in game.flags.get("finished", ())]
            ring = playing if game.direction == 1 else playing[::-1]
            game.move_hands({s: ring[(i + 1) % len(ring)] for i, s in enumerate(ring)})
            emptied = ring[(ring.index(seat) + 1) % len(ring)]
            if game.sizes[emptied] == 0:  # a last 0: the next player got the empty hand
                return game._going_out(emptied, 0)
        return False


class StackDraw2(HouseRule):
    """H1: a draw2 answers a draw2 (and, per 000, a wild-draw4 a wild-draw4); totals pass on."""
    option, rule, answers_draws = "stack_draw2", "H1", True

    def judge(self, game, seat, card):
        if _answering(game, seat) and CARD_RANK[card] == game.flags.get("draw_kind"):
            return True
        return None


class StackMixed(HouseRule):
    """H2: draw2 and wild-draw4 answer each other; totals add."""
    option, rule, answers_draws = "stack_mixed", "H2", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] in (DRAW2, WILD_DRAW4)
                and game.flags.get("draw_kind") in (DRAW2, WILD_DRAW4)):
            return True
        return None


class MustPlayDrawn(HouseRule):
    """H6: a drawn card that fits must be played (known only with full information)."""
    option, rule = "must_play_drawn", "H6"

    def pass_refused(self, game, seat):
        if game.full and game.drawn >= 0 and game.may_play(seat, game.drawn):
            return "the drawn card fits and must be played (H6)"
        return None


class DrawUntilPlayable(HouseRule):
    """H7: draw until a card fits. At a real table the drawn cards are not seen, so the
    player may draw again or pass; with full information the engine knows when one fits."""
    option, rule = "draw_until_playable", "H7"

    def _must_go_on(self, game) -> bool:
        return (game.full and game.drawn >= 0 and not game.may_play(game.current, game.drawn)
                and (game.draw_pile_size > 0 or len(game.discard) > 1))

    def may_draw_again(self, game, seat):
        return not game.full or self._must_go_on(game)

    def pass_refused(self, game, seat):
        return "no card fits yet: draw again (H7)" if self._must_go_on(game) else None


class NoActionFinish(HouseRule):
    """H8: the last card must be a number card."""
    option, rule = "no_action_finish", "H8"

    def judge(self, game, seat, card):
        if game.sizes[seat] == 1 and CARD_RANK[card] > 9:
            return "the last card must be a number card (H8)"
        return None


class NoZeroFinish(HouseRule):
    """H8 (000 "Ende ohne 0"): the last card may not be a 0."""
    option, rule = "no_zero_finish", "H8"

    def judge(self, game, seat, card):
        if game.sizes[seat] == 1 and CARD_RANK[card] == 0:
            return "the last card may not be a 0 (H8)"
        return None


class ReverseBounce(HouseRule):
    """V4: a reverse of the active colour answers a draw2 (or a wild-draw4: its chosen colour)
    and sends the draw back to the player who played it."""
    option, rule, answers_draws = "reverse_bounce", "V4", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] == REVERSE
                and CARD_COLOUR[card] == game.colour and game.flags.get("draw_kind")):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if rank != REVERSE or not game.pending:
            return False
        game.direction = -game.direction
        game._advance(1)
        game._due(game.pending, "draw sent back (V4)")
        return True


class SkipPassOn(HouseRule):
    """V5: a skip of the active colour answers a draw2 and passes it to the next player."""
    option, rule, answers_draws = "skip_pass_on", "V5", True

    def judge(self, game, seat, card):
        if (_answering(game, seat) and CARD_RANK[card] == SKIP
                and CARD_COLOUR[card] == game.colour and game.flags.get("draw_kind") == DRAW2):
            return True
        return None

    def on_play(self, game, seat, card, rank):
        if rank != SKIP or not game.pending:
            return False
        game._advance(1)
        game._due(game.pending, "draw passed on (V5)")
        return True


class SixNine(HouseRule):
    """V10: a 6 may be played on a 9 as a 9 and a 9 on a 6 as a 6 (turned round); the player
    then draws 1 card at the start of their next turn. A turned card counts as the number it
    was turned into (``flags["turned"]``)."""
    option, rule = "six_nine", "V10"

    def judge(self, game, seat, card):
        if seat != game.current or CARD_COLOUR[card] == game.colour or game.pending:
            return None  # out of turn, or a colour match: the other rules decide
        rank, turned = CARD_RANK[card], game.flags.get("turned")
        top = turned if turned is not None else CARD_RANK[game.top]
        if rank == top or {rank, top} == {6, 9}:
            return True
        if turned is not None and rank == CARD_RANK[game.top]:
            return f"the {rank} on top was turned into a {turned} (V10)"
        return None

    def on_play(self, game, seat, card, rank):
        below = game.discard[-2] if len(game.discard) > 1 else -1
        turned = game.flags.pop("turned", None)
        under = turned if turned is not None else (CARD_RANK[below] if below >= 0 else -1)
        if {rank, under} == {6, 9} and CARD_COLOUR[card] != CARD_COLOUR[below]:
            game.flags["turned"] = under  # the card now lies as the number below it
            owed = game.flags.setdefault("owe_at_turn", {})
            owed[seat] = owed.get(seat, 0) + 1
        return False

    def on_turn(self, game, seat):
        owed = game.flags.get("owe_at_turn")
        if owed and seat in owed:
            game._owe(seat, owed.pop(seat), "six-nine (V10)")


class ActionNumber(HouseRule):
    """V3: a card of the chosen number starts a reaction race on the ring; the slowest (or
    whoever does not react) draws 1. The ring reports the slowest seat (``race`` event)."""
    option, rule = "action_number", "V3"

    def on_play(self, game, seat, card, rank):
        if rank == self.options.action_number:
            game.flags["race"] = True
            if game.out is not None:
                game.out.append(Race(rank))
        return False


class Complementary(HouseRule):
    """V8: a card of the chosen number toggles complementary colours (red-green,
    yellow-blue): while on, a card must be of the complementary colour; the same colour is
    not allowed. Numbers and symbols still match; wilds stay wild."""
    option, rule = "complementary", "V8"

    def judge(self, game, seat, card):
        colour = CARD_COLOUR[card]
        if not game.flags.get("complementary") or colour == NO_COLOUR or seat != game.current:
            return None
        if colour == game.colour:
            return "same colour on same colour is not allowed in complementary mode (V8)"
        if colour == game.colour ^ 2 and game.phase is TURN and not game.pending:
            return True  # red 0 <-> green 2, yellow 1 <-> blue 3
        return None

    def on_play(self, game, seat, card, rank):
        if rank == self.options.complementary:
            game.flags["complementary"] = not game.flags.get("complementary")
        return False


class Partners(HouseRule):
    """V2: partners sit opposite (seat s and s + n/2); the round ends when one partner is out;
    the team scores the others' points (S2), or its members' points as penalty (S3), and a
    round win counts for both (S4). Needs an even number of players, 4 or more."""
    option, rule = "partners", "V2"

    def team(self, game, seat):
        half = game.n // 2
        return sorted([seat, (seat + half) % game.n])

    def check_table(self, players):
        if players % 2 or players < 4:
            return (f"partners (V2) sit opposite each other: the table needs an even number of "
                    f"players, 4 or more, not {players}")
        return None


class BrunoKuno(HouseRule):
    """V7: announce "Bruno" at 3 cards and "Kuno" at 2 (UNO at 1, T5), also when drawing
    back up to 2 or 3; a player caught without the announcement draws 2. The catch window
    closes, as for UNO, when the next player begins."""
    option, rule = "bruno_kuno", "V7"

    def _due(self, game, seat):
        size = game.sizes[seat]
        if size in (2, 3) and game.flags.get("announced", {}).get(seat) != size:
            game.uno_window = seat

    def on_play(self, game, seat, card, rank):
        self._due(game, seat)
        return False

    def on_receive(self, game, seat, count):
        size = game.sizes[seat]
        if count and size in (2, 3) and size - count >= 1:  # drew back up: announce again
            game.flags.get("announced", {}).pop(seat, None)
            self._due(game, seat)


class PlayOn(HouseRule):
    """V6: the round goes on until all places are decided: players who went out are passed
    over; when one player is left, the round ends and the first out wins it (the places are
    in the snapshot). Scoring counts the cards left, as usual."""
    option, rule = "play_on", "V6"

    def on_out(self, game, seat):
        places = game.flags.setdefault("places", [])
        places.append(seat)
        game.flags["finished"] = frozenset(places)
        left = [s for s in range(game.n) if game.sizes[s] > 0]
        if len(left) > 1:
            return -1
        places.extend(left)
        return places[0]

    def on_receive(self, game, seat, count):
        places = game.flags.get("places")
        if places and seat in places:  # a penalty brought a finished player back in
            places.remove(seat)
            game.flags["finished"] = frozenset(places)


class CallBack(HouseRule):
    """V9: the round goes on until the player who went out is due again; a draw2/wild-draw4
    aimed at them brings them back in, a skip passes them over. Who is due again with no cards
    and nothing to draw wins the round."""
    option, rule = "call_back", "V9"

    def on_out(self, game, seat):
        game.flags["waiting"] = game.flags.get("waiting", frozenset()) | {seat}
        return -1

    def on_turn(self, game, seat):
        if seat in game.flags.get("waiting", ()) and game.sizes[seat] == 0 and not game.pending:
            game.winner = seat
            game._finish_round()

    def on_receive(self, game, seat, count):
        waiting = game.flags.get("waiting")
        if waiting and seat in waiting and game.sizes[seat] > 0:
            game.flags["waiting"] = waiting - {seat}  # called back in


#: Every house rule the engine plays, by option name, in the order they are asked.
HOUSE_RULES: dict[str, type[HouseRule]] = {cls.option: cls for cls in [
    Doubling, JumpIn, SevenO, StackDraw2, StackMixed, MustPlayDrawn, DrawUntilPlayable, NoActionFinish,
    NoZeroFinish, ReverseBounce, SkipPassOn, SixNine, ActionNumber, Complementary, Partners,
    BrunoKuno, PlayOn, CallBack]}


def house_rules(options) -> tuple[HouseRule, ...]:
    """The rules switched on in ``options``, ready to be asked."""
    return tuple(cls(options) for name, cls in HOUSE_RULES.items()
                 if getattr(options, name) is not False and getattr(options, name) is not None)
