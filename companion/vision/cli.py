"""``uno-companion teach`` and ``uno-companion recognise``."""
from __future__ import annotations

import argparse
import json
import sys

from companion.errors import UserError


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=f"uno-companion {prog}", description=description)


def _parse(parser: argparse.ArgumentParser, argv: list[str]):
    try:
        return parser.parse_args(argv)
    except SystemExit as stop:      # argparse printed its message; keep our exit status
        if stop.code:
            raise UserError("see the usage above") from None
        raise


def _deck_option(parser: argparse.ArgumentParser, help: str) -> None:
    from companion.engine.cards import DECKS
    parser.add_argument("--deck", choices=sorted(DECKS), default=None, help=help)


def teach(argv: list[str]) -> int:
    parser = _parser("teach", "Learn how this table's deck looks from photos: DIR/<card name>/<photos>, "
                     "one photo per card is enough.")
    parser.add_argument("folder", metavar="DIR", help="one folder per card name (red-5, wild ...)")
    _deck_option(parser, "the deck the photos are of (default: classic; junior for UNO Junior)")
    parser.add_argument("--out", required=True, metavar="PROFILE.json", help="where to write the profile")
    parser.add_argument("--sheet", metavar="SHEET.jpg",
                        help="the contact sheet: each photo with the outline taught (green) or refused "
                             "(red, with the reason); default: beside the profile, named PROFILE.sheet.jpg")
    options = _parse(parser, argv)
    from pathlib import Path

    import cv2

    from companion.engine.cards import DECKS
    from companion.vision.imagefile import quiet_opencv
    from companion.vision.sheet import contact_sheet
    from companion.vision.teach import teach as learn
    quiet_opencv()
    profile, report = learn(options.folder, DECKS[options.deck] if options.deck else None)
    try:
        profile.save(options.out)
    except OSError as error:
        raise UserError(f"cannot write {options.out}: {error.strerror}") from None
    sheet = options.sheet or str(Path(options.out).with_suffix(".sheet.jpg"))
    print(report.summary())
    print(f"profile written to {options.out}")
    if cv2.imwrite(sheet, contact_sheet(report.looked)):
        print(f"contact sheet (check each outline is the whole card): {sheet}")
    else:
        print(f"uno-companion teach: could not write the contact sheet {sheet}", file=sys.stderr)
    return 0


def recognise(argv: list[str]) -> int:
    parser = _parser("recognise", "Name the card in each image (one card, or the top card of a pile, "
                     "seen from above); one JSON object per line: the card (null when unsure), "
                     "the confidence, how many cards or piles lie apart, and a note when not one.")
    parser.add_argument("images", nargs="+", metavar="IMAGE")
    parser.add_argument("--profile", metavar="PROFILE.json", help="a taught deck (default: built-in drawings)")
    parser.add_argument("--threshold", type=float, default=None,
                        help="answer null below this confidence (0-1)")
    _deck_option(parser, "name only this deck's cards (default: the deck the profile was taught "
                         "from, else classic)")
    options = _parse(parser, argv)
    from companion.engine.cards import DECKS
    from companion.vision.profile import Profile
    from companion.vision.recognise import DEFAULT_THRESHOLD, Recogniser
    from companion.vision.imagefile import quiet_opencv, read_image
    quiet_opencv()
    threshold = DEFAULT_THRESHOLD if options.threshold is None else options.threshold
    if not 0.0 <= threshold <= 1.0:
        raise UserError(f"--threshold {threshold}: must be between 0 and 1")
    profile = Profile.load(options.profile) if options.profile else None
    deck_name = options.deck or (profile.deck if profile else "") or "classic"
    if deck_name not in DECKS:
        raise UserError(f"{options.profile}: taught from the deck {deck_name!r}, which this companion "
                        f"does not know; choose one with --deck ({', '.join(sorted(DECKS))})")
    recogniser = None  # made at the first image that opens: a bad file is refused at once, before
    failed = 0         # the built-in profile is drawn (a minute and a few hundred MB on first use)
    for path in options.images:
        try:
            image = read_image(path)
        except UserError as error:
            print(f"uno-companion recognise: {error}", file=sys.stderr)
            failed += 1
            continue
        recogniser = recogniser or Recogniser(profile, threshold, DECKS[deck_name])
        survey = recogniser.survey(image)
        print(json.dumps({"file": path, **survey.to_json()}), flush=True)
    return 2 if failed else 0
