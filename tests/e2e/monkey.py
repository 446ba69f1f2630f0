"""A random host on a phone: presses the host page's own controls at random moments.

Used by test_monkey.py against the demo (virtual players) and against the table service with
simulated devices. Every action clicks or types in the page as a person would; none calls
the API directly. Checks after each: no response was a 5xx, no script error, and every phone
shows (at least) the table's version within a second.
"""
from __future__ import annotations

import random
import time

from playwright.sync_api import Error as PlaywrightError

NAMES = ["Ada", "Ben", "Cem", "Dana", "Emil", "Fay", "Gül", "Hal", "Ida", "Jo", "Kai"]
QUICK = 1500  # ms: a control that is not there now is skipped (the game moved on)
IN_SYNC_MS = 1000


class Monkey:
    def __init__(self, host, viewers, table, token: str, seed: int, base: str, players=(2, 10)):
        self.players = players  # how many players a new game may have
        self.host, self.viewers, self.table, self.token = host, viewers, table, token
        self.base = base.rstrip("/")
        self.random = random.Random(seed)
        self.done: dict[str, int] = {}
        self.server_errors: list[str] = []
        self.script_errors: list[str] = []
        self.late: list[str] = []
        for page in [host, *viewers]:
            self.watch(page)

    def watch(self, page) -> None:
        page.on("response", lambda r: self.server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
        page.on("pageerror", lambda error: self.script_errors.append(str(error)))

    # -- helpers ------------------------------------------------------------------------------
    def view(self, name: str) -> None:
        if self.host.locator(".views").count() == 0:
            self.open_setup()
        self.host.click(f".views [data-view={name}]", timeout=QUICK)

    def open_setup(self) -> None:
        self.host.goto(self.base + "/setup")
        self.host.wait_for_selector("#live.on", timeout=5000)
        if self.host.locator("#login").count():
            self.host.fill("#token", self.token)
            self.host.click("#login button")
            self.host.wait_for_selector(".views", timeout=5000)

    def pick(self, selector: str) -> None:
        """Choose a random option of a select."""
        values = self.host.locator(f"{selector} option").evaluate_all("os => os.map(o => o.value)")
        if values:
            self.host.select_option(selector, self.random.choice(values), timeout=QUICK)

    # -- the host's actions -------------------------------------------------------------------
    def new_game(self) -> None:
        self.view("next")
        count = self.random.randint(*self.players)
        while self.host.locator(".seat-name").count() < count:
            self.host.click("#add-seat", timeout=QUICK)
        while self.host.locator(".seat-name").count() > count:
            self.host.locator(".remove-seat").nth(self.random.randrange(count)).click(timeout=QUICK)
        names = self.random.sample(NAMES, count)
        for index, name in enumerate(names):
            self.host.locator(".seat-name").nth(index).fill(name)
        self.pick("#dealer")
        self.pick("#mode")
        presets = self.host.locator(".preset")
        presets.nth(self.random.randrange(presets.count())).click(timeout=QUICK)
        toggles = self.host.locator(".option input[type=checkbox]:not([disabled])")
        for _ in range(self.random.randint(0, 3)):
            toggles.nth(self.random.randrange(toggles.count())).click(timeout=QUICK)
        if self.random.random() < 0.3:
            self.pick("#opt-target")
        if self.random.random() < 0.2:
            self.host.click("#save-setup", timeout=QUICK)
        self.host.click("#start-game", timeout=QUICK)

    def undo(self) -> None:
        self.view("fix")
        for _ in range(self.random.randint(1, 3)):
            if self.host.locator("#undo:not([disabled])").count() == 0:
                return False
            self.host.click("#undo", timeout=QUICK)
            if self.random.random() < 0.15:
                self.host.click("#undo-no", timeout=QUICK)
                return
            self.host.click("#undo-yes", timeout=QUICK)

    def enter_event(self) -> None:
        self.view("fix")
        self.pick("#event-type")
        for select in ("#event-seat", "#event-target", "#event-slowest", "#event-card", "#event-colour",
                       "#event-reason", "#event-legal"):
            if self.host.locator(select).is_visible():
                self.pick(select)
        for field, top in (("#event-count", 6), ("#event-hand", 12)):
            if self.host.locator(field).is_visible():
                self.host.fill(field, str(self.random.randint(0, top)))
        for box in self.host.locator("#event-points input").all():
            if box.is_visible():
                box.fill(self.random.choice(["0", "12", "red-5 wild", "", "3"]))
        self.host.click("#enter-event", timeout=QUICK)

    def fix_card(self) -> None:
        self.view("fix")
        if self.host.locator("#fix-card:not([disabled])").count() == 0:
            return False
        self.pick("#fix-card-choice")
        self.host.click("#fix-card", timeout=QUICK)

    def question(self) -> None:
        self.view("now")
        asks = self.host.locator("#host-questions [data-question]")
        if asks.count() == 0:
            return False
        ask = asks.first
        choice = self.random.random()
        tiles = ask.locator(".tile")
        count = tiles.count()  # once: a live update may redraw the question between two counts
        if choice < 0.5 and count:
            tiles.nth(self.random.randrange(count)).click(timeout=QUICK)
        elif choice < 0.75:
            values = ask.locator(".other-card option").evaluate_all("os => os.map(o => o.value).filter(Boolean)")
            if not values:  # the table answered the question since it was counted: the banner is gone
                return False
            ask.locator(".other-card").select_option(self.random.choice(values), timeout=QUICK)
        else:
            ask.locator(".dismiss").click(timeout=QUICK)

    def catch_or_penalty(self) -> None:
        self.view("now")
        catches = self.host.locator("#catches button")
        if catches.count() and self.random.random() < 0.7:
            catches.first.click(timeout=QUICK)
            return
        self.pick("#penalty-seat")
        self.pick("#penalty-reason")
        self.host.click("#give-penalty", timeout=QUICK)

    def play_again(self) -> None:
        self.view("now")
        if not self.host.locator("#play-again").is_visible():
            return False
        self.host.click("#play-again", timeout=QUICK)

    def reopen(self) -> None:
        self.host.click("nav.tabs a[href='/matches']", timeout=QUICK)
        matches = self.host.locator(".match:not(.current) a")
        if matches.count():
            matches.nth(self.random.randrange(matches.count())).click(timeout=QUICK)
            if self.host.locator("#reopen").count():
                with self.host.expect_navigation(timeout=5000):  # on to the scoreboard (a refusal stays)
                    self.host.click("#reopen", timeout=QUICK)
        self.open_setup()

    def language(self) -> None:
        self.host.locator(".langs a:not([aria-current])").first.click(timeout=QUICK)
        self.host.wait_for_selector("#live.on", timeout=5000)
        if self.host.locator(".views").count() == 0:
            self.open_setup()

    def log_out_and_in(self) -> None:
        self.view("now")
        self.host.click("#logout", timeout=QUICK)
        self.host.wait_for_selector("#login", timeout=5000)
        self.host.fill("#token", self.token)
        self.host.click("#login button", timeout=QUICK)
        self.host.wait_for_selector(".views", timeout=5000)

    ACTIONS = {"new_game": 2, "undo": 4, "enter_event": 5, "fix_card": 2, "question": 3,
               "catch_or_penalty": 2, "play_again": 1, "reopen": 1, "language": 1, "log_out_and_in": 1}

    # -- the run --------------------------------------------------------------------------------
    def act(self) -> str:
        name = self.random.choices(list(self.ACTIONS), weights=list(self.ACTIONS.values()))[0]
        try:
            if getattr(self, name)() is False:  # nothing to press now
                name += " (skipped)"
        except PlaywrightError as error:  # a control the game took away meanwhile: press on
            if "Timeout" not in str(error) and "detached" not in str(error) and "not attached" not in str(error):
                raise
            name += " (skipped)"
        self.done[name] = self.done.get(name, 0) + 1
        return name

    def in_sync(self) -> None:
        """Every phone holds at least the version the table had when the action was done."""
        version = self.table.latest.version
        for page in [self.host, *self.viewers]:
            try:
                page.wait_for_function("v => UNO.version >= v", arg=version, timeout=IN_SYNC_MS)
            except PlaywrightError:
                self.late.append(f"{page.url}: behind version {version}")

    def run(self, actions: int, pause=(0.0, 0.25)) -> None:
        """``actions`` presses of the page's controls (tries that found nothing to press not counted)."""
        while self.counted() < actions:
            time.sleep(self.random.uniform(*pause))
            self.act()
            self.in_sync()

    def counted(self) -> int:
        return sum(count for name, count in self.done.items() if not name.endswith("(skipped)"))
