"""E6 UNO All Wild: every card is wild; what each of its eight faces does (docs/editions.md).

The deck is data (``cards.ALL_WILD_DECK``, chosen by ``RuleOptions.deck``). Every face has no
colour, so each fits on every card and no colour is ever named (E6.3, ``fits_table``). This
rule gives each face its action (E6.4), carrying the turn on itself after every play:

- wild: nothing; reverse: the direction turns (two players: a skip, as T4); skip: the next
  player misses the turn; skip two: the next two do (two players: the opponent, then the
  player, so the opponent plays next);
- draw two / draw four: the next player draws 2 / 4 and misses the turn (no challenge: there
  is no colour to hold);
- targeted draw two: the player names any other player (the ring or the phone asks, as for
  H4's seven), who draws 2 and keeps the turn; play goes on from the player;
- forced swap: the player names a player to swap hands with; after the swap a player left
  with one card must say UNO (T5).

The last card (T7): a forced swap wins at once, without the swap; a draw card (targeted
too) is still drawn by its victim and counts in the scoring. The start card's action is
ignored: the player left of the dealer plays on it (E6.2).

>>> from companion.engine import Game, RuleOptions, events as E
>>> game = Game(3, RuleOptions(all_wild=True))
>>> _ = game.apply(E.Deal(dealer=0)); _ = game.apply(E.StartCard("all-wild-draw4"))
>>> [a.text for a in game.apply(E.Play(1, "all-wild-target-draw2"))]
['seat 1 chooses a player to draw 2']
>>> [a.text for a in game.apply(E.ChooseTarget(1, 0))]
['dispense 2 to seat 0 (targeted draw2 (E6))', "seat 2's turn: play or draw"]
"""
from __future__ import annotations

from companion.engine.actions import AskDrawTarget, AskTarget, Turn
from companion.engine.cards import ALL_WILD_FACES, CARD_IDS
from companion.engine.house.base import HouseRule
from companion.engine.messages import message
from companion.engine.phases import TARGET, TURN

#: What each face does, by face id (the faces' order in cards.ALL_WILD_FACES).
ACTION: dict[int, str] = {CARD_IDS[name]: action for (name, _points), action in zip(
    ALL_WILD_FACES, ("wild", "reverse", "skip", "skip2", "draw2", "draw4", "target-draw2", "swap"))}
#: The faces whose player names another player: what the chosen player gets.
AIMED = frozenset({"target-draw2", "swap"})
DRAWS = {"draw2": 2, "draw4": 4, "target-draw2": 2}
#: How many turns on the next player is, by action (skip: 2, one passed over).
STEPS = {"wild": 1, "skip": 2, "skip2": 3}


class AllWild(HouseRule):
    """E6: the actions of the All Wild faces (see the module docstring)."""
    option, rule = "all_wild", "E6"

    def judge(self, game, seat, card):
        if game.phase is TARGET and seat == game.current:
            return message("target_first")  # the player of a targeted card names a player first
        return None

    def on_start_card(self, game, card) -> bool:
        game.phase = TURN  # E6.2: its action is ignored; left of the dealer plays on it
        game.tell(Turn(game.current, ("play", "draw")))
        return True

    def on_play(self, game, seat, card, rank):
        action = ACTION[card]
        left = game.sizes[seat]
        if action in AIMED and not (left == 0 and action == "swap"):
            # UNO is due once the player is named (on_target): until then a press of another
            # seat's button names that seat, it does not catch the player (inputs.py)
            game.flags.target_for = action
            game.phase = TARGET
            game.tell(AskDrawTarget(seat, DRAWS[action]) if action in DRAWS else AskTarget(seat))
            return True
        if left == 1 and not game.called[seat]:
            game.uno_window = seat  # T5 (E6.5)
        if left == 0:
            if action in DRAWS:  # T7: the last draw card is still drawn by the next player
                self._last_draw(game, seat, 1, DRAWS[action])
            else:
                game.go_out(seat, rank)
        elif action in DRAWS:
            game.pending = DRAWS[action]  # before the turn passes: the next player is hit
            game.advance_turn(1)
            game.make_current_draw(DRAWS[action], message(
                "reason_all_wild_draw2" if action == "draw2" else "reason_all_wild_draw4"))
        elif action == "reverse":
            if game.n == 2:
                game.advance_turn(2)  # with two players a reverse acts as a skip (T4)
            else:
                game.direction = -game.direction
                game.advance_turn(1)
        else:
            game.advance_turn(STEPS[action])
        return True

    def on_target(self, game, seat, target) -> bool:
        action, game.flags.target_for = game.flags.target_for, None
        if action == "swap":
            game.move_hands({seat: target, target: seat})
            for who in (target, seat):  # a hand of one card after the swap: UNO is due (E6.4)
                if game.sizes[who] == 1:
                    game.called[who] = False
            due = [who for who in (target, seat) if game.sizes[who] == 1]
            if due:
                game.uno_window = due[0]  # one catch window at a time (T5): the target's first
            game.advance_turn(1)
        elif game.sizes[seat] == 0:  # a last targeted draw two: the target draws, then scoring
            game.current = target
            self._last_draw(game, seat, 0, DRAWS[action])
        else:
            if game.sizes[seat] == 1 and not game.called[seat]:
                game.uno_window = seat  # T5 (E6.5): down to one card with the targeted draw two
            game.owe_cards(target, DRAWS[action], message("reason_all_wild_target"))
            game.advance_turn(1)  # the target keeps its turn; play goes on from the player
        return True

    def _last_draw(self, game, winner: int, steps: int, count: int) -> None:
        """T7: ``winner`` won the round; the seat ``steps`` turns on from the current one
        draws ``count``, then the round is scored."""
        game.winner = winner
        game.uno_window = -1
        game.ending = True
        game.pending = count
        if steps:
            game.advance_turn(steps)
        else:
            game.phase, game.drawn = TURN, -1
            game.tell(Turn(game.current, ("draw",)))
        game.make_current_draw(count, message("reason_last_card"), answerable=False)
