"""A deck profile: how one deck looks under one table's light.

A profile holds shape vectors per rank (the whole card, coarse), centre-symbol
descriptors per rank (:mod:`companion.vision.symbol`) and the colour of each suit, as
:mod:`companion.vision.features` measures them. The built-in default is made
from the project's own drawings (both designs, :mod:`companion.vision.builtin`);
``uno-companion teach`` makes one from photos of the table's own deck
(:mod:`companion.vision.teach`). This module knows neither: it is the data and its file.

File format (JSON): ``{"format": FORMAT, "version": VERSION, "source": ..., "deck": "junior",
"colours": {"red": [b, g, r], ...}, "templates": [{"rank": "5", "group": "classic", "shape": BASE64}, ...],
"symbols": [{"rank": "5", "group": "classic", "vector": BASE64}, ...]}`` where shapes and
vectors are little-endian float16. Another version is refused with a message. ``deck``
(optional; absent in older files, which were all taught from the classic deck) names the
engine deck the photos were of; a rank is any the engine's faces have (``draw1`` ...).
"""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.errors import UserError
from companion.vision.deck import ALL_COLOURS, COLOURS, RANKS

FORMAT = "uno-companion vision profile"
VERSION = 2


@dataclass
class Profile:
    """Rank shapes (one row per template) and suit colours."""
    ranks: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)      # templates of one design share a group
    rows: list[np.ndarray] = field(default_factory=list, repr=False)
    colours: dict[str, np.ndarray] = field(default_factory=dict)
    source: str = ""
    deck: str = ""                                       # the engine deck taught ("" = classic)
    symbol_ranks: list[str] = field(default_factory=list)
    symbol_groups: list[str] = field(default_factory=list)
    symbol_rows: list[np.ndarray] = field(default_factory=list, repr=False)

    def add(self, rank: str, shape: np.ndarray, group: str = "") -> None:
        self.ranks.append(rank)
        self.groups.append(group)
        self.rows.append(_as_filed(shape))

    def add_symbol(self, rank: str, vector: np.ndarray, group: str = "") -> None:
        self.symbol_ranks.append(rank)
        self.symbol_groups.append(group)
        self.symbol_rows.append(_as_filed(vector))

    def merge(self, other: "Profile") -> "Profile":
        """Another profile's templates added to this one's (colours: this one's, else the other's)."""
        for rank, group, row in zip(other.ranks, other.groups, other.rows):
            self.add(rank, row, group)
        for rank, group, row in zip(other.symbol_ranks, other.symbol_groups, other.symbol_rows):
            self.add_symbol(rank, row, group)
        self.colours = {**other.colours, **self.colours}
        return self

    @property
    def symbols(self) -> np.ndarray:
        """One row per symbol template."""
        return np.stack(self.symbol_rows) if self.symbol_rows else np.zeros((0, 0), np.float32)

    @property
    def shapes(self) -> np.ndarray:
        """One row per template."""
        return np.stack(self.rows) if self.rows else np.zeros((0, 0), np.float32)

    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION, "source": self.source,
            **({"deck": self.deck} if self.deck else {}),
            "colours": {c: [float(v) for v in np.float32(value)] for c, value in self.colours.items()},
            "templates": [{"rank": rank, "group": group,
                           "shape": base64.b64encode(row.astype("<f2").tobytes()).decode()}
                          for rank, group, row in zip(self.ranks, self.groups, self.shapes)],
            "symbols": [{"rank": rank, "group": group,
                         "vector": base64.b64encode(row.astype("<f2").tobytes()).decode()}
                        for rank, group, row in zip(self.symbol_ranks, self.symbol_groups, self.symbol_rows)],
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, data, where: str = "profile") -> "Profile":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise UserError(f"{where}: not a card profile (made by 'uno-companion teach')")
        if data.get("version") != VERSION:
            raise UserError(f"{where}: profile version {data.get('version')!r}, this companion reads "
                            f"version {VERSION}; teach the deck again with 'uno-companion teach'")
        profile = cls(source=str(data.get("source", "")), deck=str(data.get("deck", "")))
        try:
            for colour, value in data["colours"].items():
                if colour not in ALL_COLOURS or len(value) != 3:
                    raise ValueError(f"bad colour {colour!r}")
                profile.colours[colour] = np.float32(value)
            sizes = set()
            for template in data["templates"]:
                if template["rank"] not in RANKS:
                    raise ValueError(f"bad rank {template['rank']!r}")
                shape = np.frombuffer(base64.b64decode(template["shape"], validate=True), "<f2")
                sizes.add(shape.size)
                profile.add(template["rank"], shape, str(template.get("group", "")))
            lengths = set()
            for template in data.get("symbols", []):
                if template["rank"] not in RANKS:
                    raise ValueError(f"bad rank {template['rank']!r}")
                vector = np.frombuffer(base64.b64decode(template["vector"], validate=True), "<f2")
                lengths.add(vector.size)
                profile.add_symbol(template["rank"], vector, str(template.get("group", "")))
            if len(lengths) > 1:
                raise ValueError("symbols of different sizes")
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise UserError(f"{where}: damaged profile ({error})") from None
        if len(sizes) > 1 or not profile.ranks or not set(COLOURS) <= set(profile.colours):
            raise UserError(f"{where}: incomplete profile (needs every colour and one shape size)")
        return profile

    @classmethod
    def load(cls, path: str | Path) -> "Profile":
        try:
            data = json.loads(Path(path).read_text())
        except OSError as error:
            raise UserError(f"cannot read profile {path}: {error.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise UserError(f"{path}: not a card profile (not JSON)") from None
        return cls.from_json(data, str(path))


def _as_filed(row: np.ndarray) -> np.ndarray:
    """A template at the precision its file keeps (float16), so a profile used straight after
    teaching (or drawing) reads every card exactly as the same profile loaded from its file."""
    return np.asarray(row).astype("<f2").astype(np.float32)

