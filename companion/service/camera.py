"""The camera as a source of the table: frames -> discard watcher -> engine events.

:class:`CameraFeeder` reads frames from any source with ``read()`` (a frame or
None) and feeds them to a :class:`~companion.vision.watcher.DiscardWatcher`. A
card that settles on the pile becomes, by what the engine waits for, the start
card (D4) or a play of the seat whose turn it is; whether it was allowed is the
engine's business. An unsure reading is never guessed: the table asks the host
(an open question on every phone, with the recogniser's best guess as a
candidate) and the host's answer is the play.
"""
from __future__ import annotations

import logging
import time

from companion.engine import events as E
from companion.engine import phases as P
from companion.engine.inputs import CardSighted, RowSighted, meaning
from companion.engine.state import GameView
from companion.errors import UserError
from companion.table import Ask, Happened, TableGame, TableLoop
from companion.threads import Worker

log = logging.getLogger(__name__)


def open_camera(spec: str):
    """A frame source for the config's ``[camera] source`` (None for ``none``)."""
    if spec == "none":
        return None
    try:
        from companion.vision.sources import open_source
    except ImportError:  # pragma: no cover - vision is part of the package
        raise UserError("camera sources are not available in this installation") from None
    kind, _, rest = spec.partition(":")
    if kind == "usb" and rest.isdigit():
        return open_source(rest)
    if kind in ("folder", "video") and rest:
        return open_source(rest)
    if spec == "picamera":
        return open_source("picamera")
    raise UserError(f"[camera] source = {spec!r}: use picamera, usb:0, folder:PATH, video:PATH or none")


def sighting_event(state: GameView, card: str) -> E.Event | None:
    """The event a card settling on the pile stands for now (the engine reads it)."""
    events = meaning(state, CardSighted(card)).events
    return events[0] if events else None


def card_question(state: GameView, guess: str | None) -> dict | None:
    """The question to the host about a card the camera could not read, naming the event its
    answer stands for (the start card, or the play of the seat whose turn it is); None when
    the table waits for no card now (nobody is asked about a card that means nothing)."""
    candidates = [guess] if guess else []
    if state.house.get("top_due"):    # E4.5: the discard pile was turned over
        return {"kind": "card", "seat": None, "answer": {"type": "flip_top"}, "candidates": candidates,
                "text": "which card lies on top of the turned discard pile?"}
    if state.phase == P.START:
        return {"kind": "card", "seat": None, "answer": {"type": "start_card"}, "candidates": candidates,
                "text": "which card was turned up as the start card?"}
    if state.turn is not None:
        seat = state.turn
        return {"kind": "card", "seat": seat, "answer": {"type": "play", "seat": seat},
                "candidates": candidates, "text": f"which card did {state.players[seat]} play?"}
    return None


class CameraFeeder:
    """A thread: frames in, played cards out to the table loop (see the module docstring)."""

    def __init__(self, loop: TableLoop, source, new_watcher=None, *, idle_sleep: float = 0.01):
        """``new_watcher()`` makes a watcher (default: a DiscardWatcher on the built-in profile)."""
        if new_watcher is None:
            from companion.vision.watcher import DiscardWatcher
            from companion.vision.recognise import Recogniser
            recogniser = Recogniser()
            new_watcher = lambda: DiscardWatcher(recogniser)  # noqa: E731 - one shared recogniser
        self.loop, self.source, self.new_watcher = loop, source, new_watcher
        self._deck = loop.latest.snapshot.setup.options.deck   # the deck in play: its faces alone
        self.watcher = self._watcher()
        self.idle_sleep = idle_sleep
        self.sightings: list = []       # every Play the watcher reported (tests, latency bench)
        self.frames = 0                 # frames looked at
        self._fresh_pile = False
        self._phase = None
        self._small, self._still, self._changed = None, 0, False   # hand scan: what moved
        self._top_due = False           # E4 Flip: the table waits for the turned pile's top
        self._turned_pile = False
        self._last = None               # the last frame looked at
        loop.subscribe(self._follow)
        self._worker = Worker("camera", self._run)

    def _watcher(self):
        """A new watcher that names the faces of the deck in play (classic, UNO Junior ...)."""
        watcher = self.new_watcher()
        inner = getattr(watcher, "watcher", watcher)   # a wrapper (the demo's misreads) holds one
        if getattr(inner, "recogniser", None) is not None and hasattr(inner.recogniser, "with_deck"):
            inner.recogniser = inner.recogniser.with_deck(self._deck)
        if self._deck.name == "dos":     # E7: the camera watches the centre row's piles
            from companion.vision.row import RowWatcher
            return RowWatcher(getattr(inner, "recogniser", None), deck=self._deck)
        return watcher

    def start(self) -> "CameraFeeder":
        self._worker.start()
        return self

    def stop(self) -> None:
        self._worker.stop(5)

    def _run(self) -> None:
        while not self._worker.stopping.is_set():
            frame = self.source.read()
            if frame is None:
                time.sleep(self.idle_sleep)
                continue
            try:
                self.feed(frame)
            except Exception:   # a frame that upsets vision must not stop the camera
                log.exception("camera frame failed")

    def _follow(self, update) -> None:
        """A new round or game, the end of a match, or a wild-draw4 start card put back (D4)
        clears the pile: watch it afresh, so cards taken away are not read as a card played
        (this runs on the loop thread, so it only sets a flag)."""
        phase, deck = update.snapshot.game.phase, update.snapshot.setup.options.deck
        if deck != self._deck:    # a new game in another edition: watch for its faces
            self._deck, self._fresh_pile = deck, True
        if (phase in (P.DEAL, P.MATCH_OVER) and self._phase != phase) or any(
                action.type == "flip_start_card" and action.reshuffle_first for action in update.actions):
            self._fresh_pile = True
        if phase == P.SCORING and self._phase != P.SCORING:
            self._changed = False
        top_due = bool(update.snapshot.game.house.get("top_due"))
        if top_due and not self._top_due:
            self._still = 0             # look at the pile once it lies still
        if self._top_due and not top_due:
            self._turned_pile = True    # seen (by the camera or the host): watch it afresh
        self._phase, self._top_due = phase, top_due

    def feed(self, frame) -> None:
        """Look at one frame; submit the play (or the shown hand) it completes, if any."""
        if self._fresh_pile:
            self._fresh_pile = False
            self.watcher = self._watcher()
        if self._turned_pile:           # the turned pile, as last seen, is no play
            self._turned_pile = False
            self.watcher = self._watcher()
            inner = getattr(self.watcher, "watcher", self.watcher)
            for _ in range(getattr(inner, "still_frames", 3) + 1 if self._last is not None else 0):
                inner.feed(self._last)
        try:
            moved = self._moved(frame)
            if self._phase == P.SCORING:
                self._scan_hands(frame, moved)
            elif self._top_due:
                self._look_for_top(frame, moved)
            else:
                self._look(self.watcher.feed(frame))
        finally:
            self.frames += 1
            self._last = frame

    def _moved(self, frame) -> bool:
        """Whether this frame differs from the last one (cheap: compared 80x60)."""
        import cv2
        small = cv2.resize(frame, (80, 60), interpolation=cv2.INTER_AREA).astype("int16")
        before, self._small = self._small, small
        return before is None or int((abs(small - before).max(axis=2) > 18).sum()) > 2

    def _scan_hands(self, frame, moved: bool) -> None:
        """S1: a hand spread under the camera, once it lies still, is the next seat's hand.

        Only a view that changed since scoring began counts, so the discard pile that is
        still lying there is never taken for a hand."""
        if moved:
            self._still, self._changed = 0, True
            return
        self._still += 1
        if not (self._changed and self._still == 3):
            return
        self._changed = False
        seats = [a.seat for a in self.loop.call(TableGame.prompt) if a.type == "show_hand"]
        if not seats:
            return
        from companion.vision.hand import scan_hand
        scan = scan_hand(frame, getattr(self.watcher, "recogniser", None))
        if scan.cards and not scan.unsure:
            log.debug("camera: seat %d shows %s (%d points)", seats[0], scan.cards, scan.points)
            try:
                self.loop.submit(Happened(E.RevealHand(seats[0], tuple(scan.cards)), source="camera")).result(10)
            except UserError as refusal:
                log.info("camera: the hand of seat %d refused: %s", seats[0], refusal)
            return
        log.warning("camera: could not read all of seat %d's hand (%d read, %d unsure); asking the host",
                    seats[0], len(scan.cards), len(scan.unsure))
        self.loop.submit(Ask({"kind": "hand", "seat": seats[0], "candidates": scan.cards,
                              "text": f"count the hand of seat {seats[0]}"}, source="camera")).result(10)

    def _look_for_top(self, frame, moved: bool) -> None:
        """E4.5: a flip turned the discard pile over. Once the view lies still, its top card
        (of the side now in play: the pile not yet turned shows the other) is the new top;
        the watcher then watches the turned pile afresh, its cards already lying there."""
        self._still = 0 if moved else self._still + 1
        if self._still != 2:
            return
        inner = getattr(self.watcher, "watcher", self.watcher)
        seen = inner.recogniser.recognise(frame)
        state = self.loop.latest.snapshot.game
        if seen.card is not None and seen.side != state.house.get("side", "light"):
            log.debug("camera: %s on top: the pile is not turned yet", seen.card)
            return
        self.sightings.append(seen)
        if seen.card is None:
            log.warning("camera: unsure of the turned pile's top card (best guess %s); asking the host",
                        seen.guess)
            self.loop.submit(Ask(card_question(state, seen.guess), source="camera")).result(10)
            return
        try:
            self.loop.submit(Happened(E.FlipTop(seen.card), source="camera")).result(10)
        except UserError as refusal:
            log.info("camera: the turned pile's top %s refused: %s", seen.card, refusal)

    def _look(self, seen) -> None:
        if seen is None:
            return
        if isinstance(seen, RowSighted):
            return self._look_row(seen)
        self.sightings.append(seen)
        state = self.loop.latest.snapshot.game
        if seen.card is None:   # not guessed: every phone shows the question, the host answers
            question = card_question(state, seen.guess)
            if question is None:
                log.info("camera: a card it cannot read lies there, but the table waits for no card now")
                return
            log.warning("camera: unsure of the card just played (best guess %s, %.2f); "
                        "asking the host", seen.guess, seen.confidence)
            self.loop.submit(Ask(question, source="camera")).result(10)
            return
        event = sighting_event(state, seen.card)
        if event is None:
            log.info("camera: %s seen, but the table waits for no card now", seen.card)
            return
        log.debug("camera: %s (confidence %.2f) -> %s", seen.card, seen.confidence, event.to_json())
        try:
            self.loop.submit(Happened(event, source="camera")).result(10)
        except UserError as refusal:
            log.info("camera: %s refused: %s", event.to_json(), refusal)

    def _look_row(self, seen: RowSighted) -> None:
        """E7 DOS: cards settled in the centre row; the engine says what they stand for (a row
        card turned up, a card put into the row, a match). A card it could not read is never
        guessed: the host types the move in on the phone."""
        self.sightings.append(seen)
        if None in seen.cards:
            log.warning("camera: unsure of a card in the centre row (%s); the host enters it", seen)
            return
        for event in meaning(self.loop.latest.snapshot.game, seen).events:
            log.debug("camera: %s -> %s", seen, event.to_json())
            try:
                self.loop.submit(Happened(event, source="camera")).result(10)
            except UserError as refusal:
                log.info("camera: %s refused: %s", event.to_json(), refusal)
