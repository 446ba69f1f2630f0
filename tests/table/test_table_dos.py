"""E7 DOS at the table: the setup takes it (its preset and edition choice), the camera feeder
watches the centre row (the phone's "DOS!": tests/web/test_view_dos.py)."""
from companion.engine.editions import EDITIONS
from companion.engine.options import RuleOptions
from companion.engine.presets import PRESETS


def test_a_table_sets_up_dos_and_the_setup_page_offers_it_with_its_preset():
    from companion.table import Setup
    from companion.web.view import options_catalog

    setup = Setup(players=("Ana", "Ben", "Cem"), options=EDITIONS["dos"].rules())
    assert setup.edition.name == "dos" and setup.options.deck.size == 108
    assert PRESETS["dos"] == RuleOptions(dos=True, target=200)
    catalog = options_catalog("en")
    editions = {e["id"]: e for e in catalog["editions"]}
    presets = {p["id"]: p for p in catalog["presets"]}
    assert editions["dos"]["supported"] and presets["dos"]["supported"]
    assert presets["dos"]["edition"] == "dos" and presets["dos"]["name"] == "DOS: first to 200"
    assert 'Call "DOS!" at two cards' in editions["dos"]["help"]


def test_the_camera_feeder_watches_the_centre_row_at_a_dos_table():
    from companion.service.camera import CameraFeeder
    from companion.vision.recognise import Recogniser
    from companion.vision.row import RowWatcher
    from companion.vision.watcher import DiscardWatcher

    class Loop:                      # the feeder reads the deck in play and subscribes
        def __init__(self, options):
            self.latest = type("U", (), {"snapshot": type("S", (), {
                "setup": type("T", (), {"options": options})()})()})()

        def subscribe(self, _):
            pass

    recogniser = Recogniser()
    dos = CameraFeeder(Loop(EDITIONS["dos"].rules()), None, lambda: DiscardWatcher(recogniser))
    assert isinstance(dos.watcher, RowWatcher) and dos.watcher.recogniser.deck.name == "dos"
    classic = CameraFeeder(Loop(RuleOptions()), None, lambda: DiscardWatcher(recogniser))
    assert isinstance(classic.watcher, DiscardWatcher)
