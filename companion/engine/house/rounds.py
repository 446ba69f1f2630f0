"""House rules about teams, calls and the end of a round: V2 partners, V7 bruno_kuno,
V6 play_on, V9 call_back."""
from __future__ import annotations

from companion.engine.house.base import HouseRule
from companion.engine.messages import message



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
            return message("partners_table", players=players)
        return None


class BrunoKuno(HouseRule):
    """V7: announce "Bruno" at 3 cards and "Kuno" at 2 (UNO at 1, T5), also when drawing
    back up to 2 or 3; a player caught without the announcement draws 2. The catch window
    closes, as for UNO, when the next player begins."""
    option, rule = "bruno_kuno", "V7"

    def _due(self, game, seat):
        size = game.sizes[seat]
        if size in (2, 3) and (game.flags.announced or {}).get(seat) != size:
            game.uno_window = seat

    def on_play(self, game, seat, card, rank):
        self._due(game, seat)
        return False

    def on_receive(self, game, seat, count):
        size = game.sizes[seat]
        if count and size in (2, 3) and size - count >= 1:  # drew back up: announce again
            if game.flags.announced:
                game.flags.announced.pop(seat, None)
            self._due(game, seat)


class PlayOn(HouseRule):
    """V6: the round goes on until all places are decided: players who went out are passed
    over; when one player is left, the round ends and the first out wins it (the places are
    in the snapshot). Scoring counts the cards left, as usual."""
    option, rule = "play_on", "V6"

    def on_out(self, game, seat):
        flags = game.flags
        if flags.places is None:
            flags.places = []
        places = flags.places
        places.append(seat)
        flags.finished = frozenset(places)
        left = [s for s in range(game.n) if game.sizes[s] > 0]
        if len(left) > 1:
            return -1
        places.extend(left)
        return places[0]

    def on_receive(self, game, seat, count):
        places = game.flags.places
        if places and seat in places:  # a penalty brought a finished player back in
            places.remove(seat)
            game.flags.finished = frozenset(places)


class CallBack(HouseRule):
    """V9: the round goes on until the player who went out is due again; a draw2/wild-draw4
    aimed at them brings them back in, a skip passes them over. Who is due again with no cards
    and nothing to draw wins the round."""
    option, rule = "call_back", "V9"

    def on_out(self, game, seat):
        game.flags.waiting = (game.flags.waiting or frozenset()) | {seat}
        return -1

    def on_turn(self, game, seat):
        if seat in (game.flags.waiting or ()) and game.sizes[seat] == 0 and not game.pending:
            game.winner = seat
            game.finish_round()

    def on_receive(self, game, seat, count):
        waiting = game.flags.waiting
        if waiting and seat in waiting and game.sizes[seat] > 0:
            game.flags.waiting = waiting - {seat}  # called back in
