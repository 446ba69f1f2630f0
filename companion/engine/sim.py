"""Virtual players for full-information games: the benchmark, the demo and the tests.

A virtual player picks uniformly among its legal plays; with none it draws one
card, plays it if it fits, else passes (T3); in Extreme (E1) it presses the launcher
for a burst of 0-4 cards instead. It names a random colour, challenges
a wild-draw4 half of the time, and (when ``forget`` > 0) sometimes forgets to call
UNO, which the others catch. Everything goes through the engine's rule methods,
so a simulated game is recorded exactly like a real one; only official rounds that
nobody records or watches (the benchmark, the chances' playouts) take a fast path
for their commonest steps (:func:`_official_steps`), with the same result.

>>> import random
>>> from companion.engine import Game
>>> from companion.engine.sim import play_match
>>> game = Game(3, full_information=True)
>>> play_match(game, random.Random(7).random)
>>> game.snapshot()["match"]["over"]
True
"""
from __future__ import annotations

from companion.engine.cards import (CARD_COLOUR, CARD_RANK, CLASSIC_DECK, DRAW2, FITS, OF_COLOUR,
                                    RANKS, REVERSE, SKIP,
                                    WILD_DRAW4, WILD_DRAW4_ID, WILD_DRAW4_ONLY)
from companion.engine.phases import (CHALLENGE, COLOUR, DEAL, DISCARDING, DRAWN, MATCH_OVER, PLAYING,
                                     START, TARGET, TURN)


#: E1: how many cards a simulated launcher press throws (0 is common, as with the toy).
BURSTS = (0, 0, 1, 1, 2, 3, 4)


def choose_dealer(game, random) -> None:
    """D3: candidate seats draw random cards until one number is highest."""
    faces = game.deck.cards()
    while game.dealer < 0:
        game.choose_dealer([faces[int(random() * len(faces))] if s in game.candidates else None
                            for s in range(game.n)])


def play_round(game, random, forget: float = 0.0) -> None:
    """Play one round from the deal (or from wherever it stands) to its end."""
    if game.options.dos:  # E7: another game, with its own virtual players
        from companion.engine.dos.players import play_round as play_dos_round
        return play_dos_round(game, random, forget)
    if game.phase is DEAL:
        dealer = None
        if game.dealer < 0 and not game.deck.has_numbers:
            dealer = int(random() * game.n)  # E6: no number to draw for; the table names one
        elif game.dealer < 0:
            choose_dealer(game, random)
        game.deal_random(random, dealer)
    if game.phase is START:
        game.start_random(random)
    if (forget or game.house or game.log is not None or game.out is not None or not game.full
            or game.options.extreme_bursts or game.deck is not CLASSIC_DECK):  # E3, E4: never fast
        _play_steps(game, random, forget)
    else:  # the benchmark's and the playouts' rounds: the fast path
        for _ in range(100_000):  # a round ends within a few hundred steps; more is a bug
            _official_steps(game, random)
            if game.phase not in PLAYING:
                return
            _step(game, random, 0.0)  # the step the fast path left to the engine
        raise RuntimeError("the simulated round does not end")


def _play_steps(game, random, forget: float) -> None:
    """Any rules and modes: every step through the engine's rule methods."""
    nothing_owed = [0] * game.n
    # Penalty cards are owed only after a catch (forget), a house rule or a lost challenge.
    penalties_possible = bool(forget) or bool(game.house)
    for _ in range(100_000):  # a round ends within a few hundred steps; more is a bug
        if game.phase not in PLAYING:
            return
        if penalties_possible and game.owed != nothing_owed:
            _pay_owed(game, random)
            continue
        _step(game, random, forget)
    raise RuntimeError("the simulated round does not end")


def _step(game, random, forget: float) -> None:
    """One step of the virtual player whose turn it is, through the engine's rule methods."""
    phase, seat = game.phase, game.current
    if phase is TURN:
        if game.pending:
            if not (game.answerable and _answer(game, seat, random)):
                game.draw_random(seat, _dispensed(game, seat, game.pending), random)
            return
        plays = game.legal_plays(seat)
        if not plays:
            if game.options.extreme_bursts:
                game.burst_random(seat, BURSTS[int(random() * len(BURSTS))], random)
            else:
                game.draw_random(seat, 1, random)
            return
        card = plays[int(random() * len(plays))]
        if forget and len(game.hands[seat]) == 2:
            _uno_call(game, seat, random, forget)
        game.play(seat, card)
        if game.house:
            _after_play(game, seat, card, random)
        if forget and game.uno_window >= 0 and random() < 0.5:
            game.catch((seat + 1) % game.n, seat)
    elif phase is DRAWN:
        plays = game.legal_plays(seat)
        if plays:
            game.play(seat, plays[0])
        elif game.house and game.may_draw(seat) > game.owed[seat]:
            game.draw_random(seat, 1, random)  # H7: draw until a card fits
        else:
            game.pass_turn(seat)
    elif phase is COLOUR:  # E4 Flip's dark side names its own four colours (5-8)
        game.choose_colour(seat, int(random() * 4) + (5 if game.flags.side == "dark" else 0))
    elif phase is TARGET:  # H4: swap with a random other player
        game.choose_target(seat, random_other(game, seat, random))
    elif phase is CHALLENGE:
        if game.answerable and _answer(game, seat, random):
            return
        if random() < 0.5:
            game.challenge(seat)
            _pay_owed(game, random)  # a lost challenge costs its player 4 at once
        else:
            game.draw_random(seat, game.pending, random)
    elif phase is DISCARDING:  # E5: a playout from a tracked table counting a discard all
        from companion.engine.house.no_mercy import lay_under   # the house rules import this module
        mine = [c for c in game.hands[seat] if CARD_COLOUR[c] == game.colour]
        lay_under(game, seat, len(mine), mine)
    else:  # pragma: no cover - full information never waits for a verdict
        raise RuntimeError(f"virtual players cannot act in phase {phase}")


def _official_steps(game, random) -> None:
    """The fast path: the commonest steps of an official, unrecorded, unwatched round with
    full information (the benchmark, the chances' playouts), which are played by the
    thousand. It does what :func:`_step` and ``Game.legal_plays``, ``Game.play``,
    ``Game.draw_random`` and ``Game.pass_turn`` do in exactly these cases, with the same
    random numbers, on the state held in local variables: a turn's legal plays, the play
    of a card that leaves cards in hand with its effect (a skip, a reverse, a draw2 and the
    two cards drawn for it, a wild and its colour), the turn's own draw from a non-empty
    pile, and playing or passing on the drawn card. Anything else (going out, a challenge,
    a draw of four, a reshuffle, penalties) goes back to the engine's methods.
    tests/engine/test_engine_fast_path.py holds both ways to the same states and random
    streams."""
    if game.pending or game.ending:
        return
    hands, sizes, called, discard, pile, owed = (game.hands, game.sizes, game.called,
                                                 game.discard, game.pile, game.owed)
    n, direction, current, phase = game.n, game.direction, game.current, game.phase
    colour, fitting, uno_window, drawn = game.colour, game.fitting, game.uno_window, game.drawn
    top, handover, pending = game.top, -1, 0  # handover: a last card, played by Game.play
    while True:
        seat = current
        hand = hands[seat]
        if phase is TURN:
            plays = fitting.intersection(hand)  # Game.legal_plays: the same set, the same order
            if WILD_DRAW4_ID in plays and not OF_COLOUR[colour].isdisjoint(hand):
                plays = plays - WILD_DRAW4_ONLY  # T2
            if not plays:
                if not pile or owed[seat]:
                    break  # a reshuffle (D5), or penalties to pay first
                index = int(random() * len(pile))  # Game.draw_random's swap-and-pop (T3)
                card = pile[index]
                pile[index] = pile[-1]
                pile.pop()
                hand.append(card)
                sizes[seat] += 1
                if sizes[seat] > 1:
                    called[seat] = False
                if uno_window >= 0 and uno_window != seat:
                    uno_window = -1  # T5: the next player began the turn
                phase, drawn = DRAWN, card
                continue
            plays = list(plays)
            card = plays[int(random() * len(plays))]
        elif phase is DRAWN:
            card = drawn  # T3: the drawn card if it fits (and T2), else the turn passes
            if card not in fitting or (card == WILD_DRAW4_ID
                                       and not OF_COLOUR[colour].isdisjoint(hand)):
                current = (seat + direction) % n
                phase, drawn = TURN, -1
                continue
        else:
            break
        rank = CARD_RANK[card]
        size = sizes[seat] - 1
        if size < 1:
            handover = card  # the last card: the round ends (T7, S1)
            break
        if uno_window >= 0 and uno_window != seat:
            uno_window = -1  # T5: the next player began their turn
        hand.remove(card)
        sizes[seat] = size
        discard.append(card)
        top, drawn = card, -1
        if size == 1 and not called[seat]:
            uno_window = seat  # T5: UNO may be called (or caught) now
        phase = TURN
        if rank > DRAW2:  # a wild: its player names a random colour (Game.choose_colour)
            if rank == WILD_DRAW4:  # T6: remembered for a challenge
                game.wd4_by, game.wd4_colour = seat, colour
            colour = int(random() * 4)
            fitting = FITS[colour * RANKS + rank]
            current = (seat + direction) % n
            if rank == WILD_DRAW4:  # the next player draws 4, or first challenges (T4, T6)
                pending = 4
                if game.options.challenge_wd4:
                    phase = CHALLENGE
                break
            continue
        colour = CARD_COLOUR[card]
        fitting = FITS[colour * RANKS + rank]
        if rank == SKIP or (rank == REVERSE and n == 2):  # T4: with two, a reverse skips
            current = (seat + 2 * direction) % n
        else:
            if rank == REVERSE:
                direction = -direction
            current = (seat + direction) % n
            if rank == DRAW2:  # T4: the next player draws 2 and loses the turn
                if len(pile) < 2 or owed[current]:
                    pending = 2
                    break  # a reshuffle (D5), or penalties to pay first
                victim = hands[current]
                for _ in range(2):  # Game.draw_random's swap-and-pop
                    index = int(random() * len(pile))
                    victim.append(pile[index])
                    pile[index] = pile[-1]
                    pile.pop()
                sizes[current] += 2
                called[current] = False
                if uno_window >= 0 and uno_window != current:
                    uno_window = -1  # T5: the next player began the turn
                current = (current + direction) % n
    game.direction, game.current, game.phase, game.drawn, game.top = (direction, current, phase,
                                                                       drawn, top)
    game.colour, game.fitting, game.uno_window = colour, fitting, uno_window
    if pending:  # a draw to pay: nothing answers it without house rules (Game.make_current_draw)
        game.pending, game.answerable = pending, False
    if handover >= 0:
        game.play(current, handover)


def _pay_owed(game, random) -> None:
    """Every seat takes the penalty cards it owes."""
    for seat, count in enumerate(game.owed):
        if count and game.phase in PLAYING:
            game.draw_random(seat, _dispensed(game, seat, count), random)


def _after_play(game, seat, card, random) -> None:
    """House rules: a pair (V1), a jump-in (H5), the race's slowest (V3)."""
    if (game.options.doubling and card in game.hands[seat] and random() < 0.7
            and game.may_play(seat, card)):
        game.play(seat, card)  # V1: the identical card goes with it
    if game.options.jump_in and random() < 0.5:
        _jump_in(game, seat)
    if game.flags.race and game.phase in PLAYING:  # V3: someone is slowest
        game.race_result(random_other(game, -1, random))


def _dispensed(game, seat: int, count: int) -> int:
    """The cards the launcher throws for a draw of ``count`` (E5: it stops at the card that
    puts the seat out of the round)."""
    for rule in game.house:
        count = rule.dispense_count(game, seat, count)
    return count


def random_other(game, seat: int, random) -> int:
    """A random seat other than ``seat`` that is still in the round (V6)."""
    seats = [s for s in range(game.n) if s != seat and s not in (game.flags.finished or ())]
    return seats[int(random() * len(seats))]


def _jump_in(game, seat) -> None:
    """H5: the first other seat holding the identical card jumps in; at a recording table
    it presses its button first (``jump_in``) and the card is seen as the turn's."""
    for other in range(game.n):
        if (other != seat and game.phase in PLAYING and game.top in game.hands[other]
                and game.may_play(other, game.top)):
            if game.log is not None and other != game.current:
                game.jump_in(other)
                game.play(game.current, game.top)
            else:
                game.play(other, game.top)
            return


def _answer(game, seat, random) -> bool:
    """House rules: answer a draw card (stack it...) when possible, most of the time."""
    plays = game.legal_plays(seat)
    if plays and random() < 0.8:
        game.play(seat, plays[int(random() * len(plays))])
        return True
    return False


def _uno_call(game, seat, random, forget):
    if random() >= forget:
        game.call_uno(seat)


def play_match(game, random, forget: float = 0.0, max_rounds: int = 1000) -> None:
    """Play rounds until the match is over (S2-S4) or ``max_rounds`` were played."""
    for _ in range(max_rounds):
        if game.phase is MATCH_OVER:
            return
        play_round(game, random, forget)

