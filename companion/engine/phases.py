"""What the game waits for. Plain strings, so a snapshot can show them as they are."""

DEAL = "deal"                    # cards are to be dealt (D2)
DEALING = "dealing"              # the launcher deals; counted cards arrive as draws (D2)
START = "start_card"             # the start card is to be turned up (D4)
TURN = "turn"                    # the current seat plays or draws (T1, T3), or draws what it owes
DRAWN = "drawn"                  # the current seat drew: play the drawn card or pass (T3)
COLOUR = "colour"                # the current seat names a colour (T4, D4)
CHALLENGE = "challenge"          # the seat hit by a wild-draw4 may challenge or draw (T6)
TARGET = "target"                # H4: the player of a 7 names whom to swap hands with
VERDICT = "verdict"              # tracking: the challenged hand is being checked (T6)
SCORING = "scoring"              # tracking: hands are counted after the round (S1)
MATCH_OVER = "match_over"        # someone reached the target (S2-S4)
DISCARDING = "discarding"        # E5 tracking: the table counts the cards laid under a discard all

#: Phases of a running round: cards can be played, drawn, penalised.
PLAYING = frozenset({TURN, DRAWN, COLOUR, CHALLENGE, VERDICT, TARGET, DISCARDING})
