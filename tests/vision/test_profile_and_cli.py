"""Profiles (teach, save, load, refuse) and the teach / recognise commands."""
import json
import subprocess
import sys

import cv2
import pytest

from companion.errors import UserError
from companion.vision.builtin import default_profile
from companion.vision.profile import VERSION, Profile
from companion.vision.scene import Scene


def _photo(path, name, seed, design="classic"):
    table = Scene(seed=seed, design=design, light="warm", card_height=300)
    table.random_place(name, spread=20)
    cv2.imwrite(str(path), table.frame())
    return path


def _run(*args):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)


def test_a_profile_survives_saving_and_loading(tmp_path):
    path = tmp_path / "deck.json"
    default_profile().save(path)
    loaded = Profile.load(path)
    assert loaded.ranks == default_profile().ranks
    assert abs(loaded.shapes - default_profile().shapes).max() < 1e-2     # stored as float16
    assert loaded.symbol_ranks == default_profile().symbol_ranks
    assert abs(loaded.symbols - default_profile().symbols).max() < 1e-2


def test_a_profile_reads_cards_the_same_before_and_after_its_file(tmp_path):
    """The family teaches, the table starts at once with what was taught, and next evening
    loads it from its file: the same photo must read the same both times (and the figures
    the photo bench measures straight after teaching are those of the saved profile)."""
    from companion.vision.recognise import Recogniser
    from companion.vision.render import draw_card
    from companion.vision.teach import teach_from_cards
    names = ["red-5", "blue-6", "green-9", "yellow-skip", "wild"]
    taught = teach_from_cards([(name, draw_card(name, "classic")) for name in names], augment=2)
    taught.save(tmp_path / "deck.json")
    loaded = Profile.load(tmp_path / "deck.json")
    assert (loaded.shapes == taught.shapes).all() and (loaded.symbols == taught.symbols).all()
    assert all((loaded.colours[c] == taught.colours[c]).all() for c in taught.colours)
    frame = cv2.imread(str(_photo(tmp_path / "photo.png", "blue-6", seed=3)))
    before, after = Recogniser(taught).recognise(frame), Recogniser(loaded).recognise(frame)
    assert (before.guess, before.confidence) == (after.guess, after.confidence)


@pytest.mark.parametrize("content,message", [
    ("not json {", "not JSON"),
    ('{"hello": 1}', "not a card profile"),
    ('{"format": "uno-companion vision profile", "version": 99}', "version 99"),
    ('{"format": "uno-companion vision profile", "version": 1, "colours": {}, "templates": []}',
     "version 1, this companion reads version 2"),      # made before the centre symbol was read
    ('{"format": "uno-companion vision profile", "version": %d, "colours": {}, "templates": []}' % VERSION,
     "incomplete"),
    ('{"format": "uno-companion vision profile", "version": %d, "colours": {"red": [1]}, '
     '"templates": [{"rank": "5", "shape": "@@"}]}' % VERSION, "damaged"),
])
def test_a_bad_profile_is_refused_with_a_clear_message(tmp_path, content, message):
    path = tmp_path / "deck.json"
    path.write_text(content)
    with pytest.raises(UserError, match=message):
        Profile.load(path)


def test_teach_then_recognise_with_the_taught_profile(tmp_path):
    deck = tmp_path / "deck"
    for i, name in enumerate(["red-5", "blue-skip", "green-reverse", "yellow-draw2", "wild", "wild-draw4",
                              "red-8", "blue-3"]):
        (deck / name).mkdir(parents=True)
        _photo(deck / name / "a.png", name, seed=i, design="current")
    result = _run("teach", str(deck), "--out", str(tmp_path / "deck.json"))
    assert result.returncode == 0, result.stderr
    assert "taught 8 cards from 8 photos" in result.stdout
    shots = [_photo(tmp_path / f"{n}.png", n, seed=50 + i, design="current")
             for i, n in enumerate(["blue-5", "red-skip", "wild-draw4"])]
    result = _run("recognise", "--profile", str(tmp_path / "deck.json"), *map(str, shots))
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["card"] for a in answers] == ["blue-5", "red-skip", "wild-draw4"]
    assert all(0.0 <= a["confidence"] <= 1.0 and a["file"] for a in answers)


def test_recognise_reports_a_damaged_file_and_goes_on(tmp_path):
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    black = tmp_path / "black.png"
    cv2.imwrite(str(black), Scene(seed=1).frame() * 0)
    good = _photo(tmp_path / "good.png", "green-7", seed=3)
    result = _run("recognise", str(broken), str(tmp_path / "missing.png"), str(black), str(good))
    assert result.returncode == 2
    assert "broken.jpg: not a readable image" in result.stderr
    assert "missing.png: no such file" in result.stderr
    assert "Traceback" not in result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers == [{"file": str(black), "card": None, "confidence": 0.0, "cards": 0,
                        "note": "black picture (lens covered, or no light?)"},
                       {"file": str(good), "card": "green-7", "confidence": answers[1]["confidence"],
                        "cards": 1}]


@pytest.mark.parametrize("make,message", [
    (lambda d: None, "no such folder"),
    (lambda d: d.mkdir(), "no photos found"),
    (lambda d: (d / "purple-12").mkdir(parents=True), "not a card name"),
])
def test_teach_refuses_a_folder_it_cannot_use(tmp_path, make, message):
    folder = tmp_path / "deck"
    make(folder)
    result = _run("teach", str(folder), "--out", str(tmp_path / "p.json"))
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_recognise_with_a_profile_of_another_version(tmp_path):
    profile = tmp_path / "old.json"
    profile.write_text(json.dumps({"format": "uno-companion vision profile", "version": 0}))
    result = _run("recognise", "--profile", str(profile), str(_photo(tmp_path / "x.png", "red-1", 1)))
    assert result.returncode == 2
    assert "version 0" in result.stderr and "teach the deck again" in result.stderr


def test_teach_skips_and_reports_a_photo_without_a_card(tmp_path):
    deck = tmp_path / "deck"
    (deck / "red-5").mkdir(parents=True)
    (deck / "blue-2").mkdir(parents=True)
    _photo(deck / "red-5" / "sharp.png", "red-5", seed=1)
    cv2.imwrite(str(deck / "blue-2" / "empty-mat.png"), Scene(seed=2).frame())   # no card in it
    result = _run("teach", str(deck), "--out", str(tmp_path / "deck.json"))
    assert result.returncode == 0, result.stderr
    assert "taught 1 cards from 1 photos" in result.stdout
    assert "skipped blue-2 photo 1" in result.stdout
    # the contact sheet shows both photos: the taught outline in green, the refusal in red
    sheet = cv2.imread(str(tmp_path / "deck.sheet.jpg"))
    assert "contact sheet" in result.stdout and sheet is not None
    half = sheet.shape[1] // 2
    blue, green, red = (sheet[..., c].astype(int) for c in range(3))
    # tiles in folder order: blue-2 (refused: its caption in red), then red-5 (outline in green)
    assert ((red - green > 80) & (red - blue > 80))[:, :half].sum() > 5
    assert ((green - red > 80) & (green - blue > 80))[:, half:].sum() > 100
    assert ((green - red > 80) & (green - blue > 80))[:, :half].sum() == 0
