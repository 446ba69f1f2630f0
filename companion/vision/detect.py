"""Finding cards in a frame: the white border against the table, then a perspective warp.

Finding the card is the hard part, so several simple outline guesses are made
(bright low-colour areas at a few thresholds, and closed edges) and each guess
is judged by what a card must look like once warped flat: a thin white rim all
round, and a coloured or black field inside it.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

WARP_W, WARP_H = 64, 96          # the flat card outlines are judged on (small: judged often)
READ_W, READ_H = 128, 192        # the flat card that is read: the centre symbol needs the detail
RIM = 3                          # white border width in the warped card, px
WORK_WIDTH = 640                 # larger frames are searched at this width; warps use full resolution


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Corners clockwise (in image coordinates) with the first one starting a short side,
    so the warp is always a portrait card (upright or upside down)."""
    quad = np.asarray(quad, np.float32).reshape(4, 2)
    # plain Python on four points: called thousands of times a frame, numpy's overhead dominated
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points = quad.tolist()
    cx, cy = (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4
    angles = [math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx),
              math.atan2(y2 - cy, x2 - cx), math.atan2(y3 - cy, x3 - cx)]
    order = sorted(range(4), key=angles.__getitem__)
    (xa, ya), (xb, yb), (xc, yc) = points[order[0]], points[order[1]], points[order[2]]
    if math.hypot(xa - xb, ya - yb) > math.hypot(xb - xc, yb - yc):
        order = order[1:] + order[:1]
    return quad[order]


def warp(frame: np.ndarray, quad: np.ndarray, size: tuple[int, int] = (WARP_W, WARP_H)) -> np.ndarray:
    """The card inside ``quad`` as a flat BGR image of ``size`` (width, height), portrait."""
    w, h = size
    target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    matrix = cv2.getPerspectiveTransform(order_corners(quad), target)
    return cv2.warpPerspective(frame, matrix, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def read_warp(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card inside ``quad`` flat at the size it is read at (READ_W x READ_H)."""
    return warp(frame, quad, (READ_W, READ_H))


def _ring_masks():
    outer = np.zeros((WARP_H, WARP_W), bool)
    outer[1:WARP_H - 1, 1:WARP_W - 1] = True
    outer[RIM + 1:WARP_H - RIM - 1, RIM + 1:WARP_W - RIM - 1] = False
    # leave out the rounded corners, which show the table
    for y in (slice(0, 6), slice(WARP_H - 6, WARP_H)):
        for x in (slice(0, 6), slice(WARP_W - 6, WARP_W)):
            outer[y, x] = False
    inner = np.zeros((WARP_H, WARP_W), bool)
    inner[RIM + 3:WARP_H - RIM - 3, RIM + 3:WARP_W - RIM - 3] = True
    inner[RIM + 8:WARP_H - RIM - 8, RIM + 8:WARP_W - RIM - 8] = False
    return outer, inner


OUTER_RING, INNER_RING = _ring_masks()


def whiteness(image: np.ndarray) -> np.ndarray:
    """0..255: high where all three channels are bright and close (paper white)."""
    b, g, r = cv2.split(image)
    low, high = cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)
    return cv2.subtract(low, cv2.subtract(high, low))


_OUTER_INDEX, _INNER_INDEX = np.flatnonzero(OUTER_RING), np.flatnonzero(INNER_RING)
_WARP_TARGET = np.float32([[0, 0], [WARP_W, 0], [WARP_W, WARP_H], [0, WARP_H]])


def card_score(card: np.ndarray) -> float:
    """How much a warped guess looks like a card, about 0 (not at all) to 1."""
    return white_score(whiteness(card))


def white_score(white: np.ndarray) -> float:
    """:func:`card_score` of a card's whiteness map (WARP_H x WARP_W)."""
    flat = white.reshape(-1)
    ring = flat[_OUTER_INDEX]
    n = ring.size
    middle = np.partition(ring, (n // 2 - 1, n // 2))
    rim = (float(middle[n // 2 - 1]) + float(middle[n // 2])) / 2
    if rim < 60:
        return 0.0
    rim_white = np.count_nonzero(ring > 0.6 * rim) / n
    inner = flat[_INNER_INDEX]
    field = np.count_nonzero(inner < 0.5 * rim) / inner.size
    return rim_white * (0.35 + 0.65 * field)


class Judge:
    """Scores outline guesses in one frame cheaply: the frame's whiteness is measured once
    (at most WORK_WIDTH wide) and only that one channel is warped per guess."""

    def __init__(self, frame: np.ndarray):
        h, w = frame.shape[:2]
        self.scale = min(1.0, WORK_WIDTH / w)
        self.small = frame if self.scale == 1.0 else cv2.resize(
            frame, (WORK_WIDTH, max(1, int(round(h * self.scale)))), interpolation=cv2.INTER_AREA)
        self.white = whiteness(self.small)
        self._hsv = None
        self._found: dict = {}        # work done once per frame: masks, outlines per mask, ranked guesses

    def once(self, key, make):
        """``make()``, made the first time ``key`` is asked for in this frame and kept."""
        if key not in self._found:
            self._found[key] = make()
        return self._found[key]

    @property
    def hsv(self) -> np.ndarray:
        """The small frame in HSV (made when first asked for)."""
        if self._hsv is None:
            self._hsv = cv2.cvtColor(self.small, cv2.COLOR_BGR2HSV)
        return self._hsv

    def continued(self, quad: np.ndarray) -> float:
        """How much the card's own coloured field continues past a side of ``quad`` (0..1, the
        worst side): half a card (the classic oval can split the field in two, and each half
        grown by the border is ringed by white) has the other half of its field beyond one
        side; a whole card has the table or other cards there."""
        return self.once(("continued", quad.tobytes()), lambda: self._continued(quad))

    def _continued(self, quad: np.ndarray) -> float:
        w, h, pad = CONTINUE_W, CONTINUE_H, CONTINUE_PAD
        target = np.float32([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]])
        matrix = cv2.getPerspectiveTransform(order_corners(quad) * np.float32(self.scale), target)
        flat = cv2.warpPerspective(self.hsv, matrix, (w + 2 * pad, h + 2 * pad), flags=cv2.INTER_NEAREST,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        hue, vivid = flat[..., 0].astype(np.int16), (flat[..., 1] > 90) & (flat[..., 2] > 50)
        inset = 4
        field = (slice(pad + inset, pad + h - inset), slice(pad + inset, pad + w - inset))
        if vivid[field].mean() < 0.3:
            return 0.0              # a black (wild) field, or no card at all: nothing to follow
        own = int(np.median(hue[field][vivid[field]]))
        gap = np.abs(hue - own)
        same = vivid & (np.minimum(gap, 180 - gap) < 7)
        rim = 3                     # the border, just outside the field's guess, is skipped
        beyond = [same[pad:pad + h, :pad - rim], same[pad:pad + h, pad + w + rim:],
                  same[:pad - rim, pad:pad + w], same[pad + h + rim:, pad:pad + w]]
        return max(float(side.mean()) for side in beyond)

    def score(self, quad: np.ndarray) -> float:
        """card_score of the outline ``quad`` (full-frame coordinates)."""
        # a quick look and the full one share guesses: each outline is scored once
        return self.once(("score", quad.tobytes()), lambda: self._score(quad))

    def _score(self, quad: np.ndarray) -> float:
        matrix = cv2.getPerspectiveTransform(order_corners(quad) * np.float32(self.scale), _WARP_TARGET)
        flat = cv2.warpPerspective(self.white, matrix, (WARP_W, WARP_H), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
        return white_score(flat)


CONTINUE_W, CONTINUE_H, CONTINUE_PAD = 32, 48, 16    # the card and the band around it, px
CONTINUED = 0.25        # a guess whose own field covers this much of a side's band is a part
JUDGED_AROUND = 10      # the best guesses only are judged by their surroundings (cost)


def _fit_sides(quad: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Corners from straight lines fitted to the middle of each side, so rounded card
    corners and a few stray outline points do not pull a corner inwards."""
    # the four sides at once (numpy's per-call overhead dominated a loop over them)
    sides = np.roll(quad, -1, axis=0) - quad
    lengths = np.sqrt((sides * sides).sum(axis=1))
    if lengths.min() < 4:
        return quad
    units = sides / lengths[:, None]
    rel = points[None, :, :] - quad[:, None, :]
    along = rel[..., 0] * units[:, None, 0] + rel[..., 1] * units[:, None, 1]
    across = np.abs(rel[..., 0] * units[:, None, 1] - rel[..., 1] * units[:, None, 0])
    lengths = lengths[:, None]
    near = (along > 0.15 * lengths) & (along < 0.85 * lengths) & (across < np.maximum(2.0, 0.06 * lengths))
    if near.sum(axis=1).min() < 5:
        return quad
    lines = []
    for i in range(4):
        vx, vy, x0, y0 = cv2.fitLine(points[near[i]], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    corners = _intersect(lines)
    if corners is None or np.max(np.linalg.norm(corners - quad, axis=1)) > 0.2 * np.linalg.norm(quad[0] - quad[2]):
        return quad
    return corners


def _quad_from_contour(contour: np.ndarray, areas: tuple[float, float] | None = None) -> np.ndarray:
    """The four-cornered outline of a contour, its sides fitted to the contour's points
    (whether it has a card's size and shape is :func:`_plausible`'s question). ``areas``:
    the (min, max) area :func:`_plausible` will ask for; a rough outline far from a card's
    size or shape is returned unfitted (fitting is most of the cost, and the fit moves a
    corner too little to make such an outline plausible), and None for a contour whose box
    is already too small."""
    if areas is not None:
        _, _, w, h = cv2.boundingRect(contour)
        if w * h < areas[0] / FIT_SLACK:
            # cheap rejection (most contours of a frame): the outline is no larger than the
            # box around the contour, too small to be fitted, so too small to be plausible
            return None
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05, 0.08):
        poly = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(poly) == 4:
            quad = poly.reshape(4, 2).astype(np.float32)
            break
    else:
        quad = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    quad = order_corners(quad)
    if areas is not None and not _near_card(quad, *areas):
        return quad
    return _fit_sides(quad, contour.reshape(-1, 2).astype(np.float32))


FIT_SLACK = 1.5     # how far a rough outline may miss a card's size and shape and still be fitted


def _plausible(quad: np.ndarray, area_min: float, area_max: float, loose: bool = False) -> bool:
    if quad is None:
        return False
    if not cv2.isContourConvex(quad.astype(np.int32).reshape(-1, 1, 2)):
        return False
    area = cv2.contourArea(quad)
    if not area_min <= area <= area_max:
        return False
    q = order_corners(quad)
    short = (np.linalg.norm(q[0] - q[1]) + np.linalg.norm(q[2] - q[3])) / 2
    long = (np.linalg.norm(q[1] - q[2]) + np.linalg.norm(q[3] - q[0])) / 2
    if loose:
        return short > 6 and 0.9 < long / short < 3.2
    return short > 8 and 1.05 < long / short < 2.6


def _near_card(quad: np.ndarray, area_min: float, area_max: float) -> bool:
    """A rough outline (corners ordered) within FIT_SLACK of :func:`_plausible`'s size and shape."""
    area = cv2.contourArea(quad)
    if not area_min / FIT_SLACK <= area <= area_max * FIT_SLACK:
        return False
    short = (np.linalg.norm(quad[0] - quad[1]) + np.linalg.norm(quad[2] - quad[3])) / 2
    long = (np.linalg.norm(quad[1] - quad[2]) + np.linalg.norm(quad[3] - quad[0])) / 2
    return short > 8 / FIT_SLACK and 1.05 / FIT_SLACK < long / short < 2.6 * FIT_SLACK


def candidate_quads(frame: np.ndarray, min_area_fraction: float = 0.004, nested: bool = False,
                    judge: Judge | None = None, pile: bool = False, kinds=None) -> list[np.ndarray]:
    """Outline guesses in full-frame coordinates (not sorted). ``nested`` also looks at
    outlines inside others, as the top card of a pile is. ``judge``: the frame's
    :class:`Judge`, when one is made already (its small frame and whiteness are reused).
    ``pile``: also the holes in the white and fields inside coloured regions (the top card
    of a pile, a card on a coloured mat); more guesses, and more wrong ones on busy photos,
    so only looked for when the plain guesses name no card. ``kinds``: only the guesses of
    these kinds (of :data:`GUESS_KINDS`), for a quick first look; every kind by default. Each
    kind's guesses are made once per frame, however often they are asked for."""
    judge = judge or Judge(frame)
    small, f = judge.small, judge.scale
    min_area = small.shape[0] * small.shape[1] * min_area_fraction
    masks = _white_masks(judge)
    quads = []
    for index in range(len(masks) + 1):       # the white levels, then the edges
        kind = "white" if index < len(masks) else "edges"
        if kinds is None or kind in kinds:
            # the plain guesses are the same with or without ``pile``
            quads += judge.once(("outlines", index, nested, min_area_fraction),
                                lambda: _mask_quads(masks[index] if kind == "white" else _edge_mask(judge),
                                                    min_area, nested, f))
        if pile and kind == "white":
            quads += [q / f for q in _hole_quads(masks[index], min_area)]
    for index, kind in enumerate(_field_kinds(every=pile)):
        if kinds is None or kind in kinds:
            quads += judge.once(("fields", index, pile, min_area_fraction),
                                lambda: [q / f for q in _field_quads(_field_mask(judge, index), min_area, every=pile)])
    return quads


def _white_masks(judge: Judge) -> list[np.ndarray]:
    """The white border above a few levels of whiteness; made once per frame."""
    return judge.once("white masks", lambda: _whites(judge.white))


def _edge_mask(judge: Judge) -> np.ndarray:
    """The closed edges of the frame; made once per frame, when first asked for."""
    def make():
        gray = cv2.cvtColor(judge.small, cv2.COLOR_BGR2GRAY)
        edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), 40, 120)
        return cv2.dilate(edges, np.ones((3, 3), np.uint8))
    return judge.once("edge mask", make)


def _whites(white: np.ndarray) -> list[np.ndarray]:
    masks = []
    otsu, _ = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    levels = {max(40.0, otsu), max(40.0, otsu * 0.7), max(40.0, otsu * 1.3)}
    # Otsu's levels come from the table when it fills the frame (wood: about 30, so a sheen
    # on the wood joins the border); one level is taken from the card's own white instead:
    # the whitest thing in view is a card's border
    counts = np.cumsum(cv2.calcHist([white], [0], None, [256], [0, 256]).ravel())
    card_white = float(np.searchsorted(counts, 0.995 * counts[-1]))
    relative = max(40.0, 0.6 * card_white)
    if min(abs(relative - level) for level in levels) > 15:
        levels.add(relative)
    for level in sorted(levels):
        above = cv2.threshold(white, level, 1, cv2.THRESH_BINARY)[1]
        masks.append(cv2.morphologyEx(above, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)))
    return masks


def _mask_quads(mask: np.ndarray, min_area: float, nested: bool, f: float) -> list[np.ndarray]:
    """The plausible outlines of the largest regions of one mask, in full-frame coordinates."""
    mode = cv2.RETR_LIST if nested else cv2.RETR_EXTERNAL
    contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)
    quads = []
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:30 if nested else 12]:
        quad = _quad_from_contour(contour, (min_area, mask.size * 0.95))
        if _plausible(quad, min_area, mask.size * 0.95):
            quads.append(quad / f)
    return quads


# OpenCV hue bands (0..180) of the four field colours: red (with RED_WRAP..180), yellow,
# green, blue; orange wood (about 12-15) lies between red and yellow
FIELD_HUES = ((0, 7), (18, 38), (39, 90), (91, 135))
RED_WRAP = 170
#: the kinds of outline guesses (:func:`candidate_quads`)
GUESS_KINDS = ("white", "edges", "field", "vivid field", "black field", "hue field")
FIELD_INSET = 0.085     # the printed field starts this far in from the card's edge (of its width)


def _around_field(field: np.ndarray) -> np.ndarray:
    """The card outline around its coloured field: the field grown by the white border,
    through the field's own perspective."""
    field = order_corners(field)
    w, h = 100.0, 150.0
    matrix = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), field)
    b = FIELD_INSET * 100 / (1 - 2 * FIELD_INSET)
    card = np.float32([[-b, -b], [w + b, -b], [w + b, h + b], [-b, h + b]])
    return cv2.perspectiveTransform(card[None], matrix)[0]


def _hole_quads(white_mask: np.ndarray, min_area: float) -> list[np.ndarray]:
    """Outline guesses from the holes in the white: a card's field is ringed by its white
    border, even where its border runs into the borders of the cards under it (a pile)."""
    contours, hierarchy = cv2.findContours(white_mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    holes = [c for c, link in zip(contours, hierarchy[0]) if link[3] >= 0]
    out = []
    for hole in sorted(holes, key=cv2.contourArea, reverse=True)[:6]:
        quad = _quad_from_contour(hole, (min_area * 0.7, white_mask.size * 0.9))
        if _plausible(quad, min_area * 0.7, white_mask.size * 0.9):
            out.append(_around_field(quad))
    return out


# the field masks, by kind and (saturation, value) range, inclusive: strongly coloured at
# three levels (the highest, "vivid field", alone finds most cards on busy photos), black
# (wild cards), and black fields of wild cards in bright light; cv2.inRange is one pass each
FIELD_RANGES = (("field", (61, 51), (255, 255)), ("field", (91, 61), (255, 255)),
                ("vivid field", (131, 81), (255, 255)), ("black field", (0, 0), (255, 59)),
                ("black field", (0, 0), (89, 99)))


def _field_kinds(every: bool = False) -> list[str]:
    """The kind of each field mask (:func:`_field_mask`); ``every`` adds one per field hue."""
    return [kind for kind, *_ in FIELD_RANGES] + (["hue field"] * len(FIELD_HUES) if every else [])


def _field_mask(judge: Judge, index: int) -> np.ndarray:
    """The frame's field mask ``index`` (of :func:`_field_kinds`), made when first asked for.
    Past the ranges, one per field hue: orange wood is as saturated as a field, and a yellow
    or red card lying on it is only an island of its own hue."""
    def make():
        hsv = judge.hsv
        if index < len(FIELD_RANGES):
            _, (s_low, v_low), (s_high, v_high) = FIELD_RANGES[index]
            mask = cv2.inRange(hsv, (0, s_low, v_low), (255, s_high, v_high))
        else:
            low, high = FIELD_HUES[index - len(FIELD_RANGES)]
            mask = cv2.inRange(hsv, (low, 91, 61), (high, 255, 255))
            if index == len(FIELD_RANGES):
                mask = cv2.bitwise_or(mask, cv2.inRange(hsv, (RED_WRAP, 91, 61), (180, 255, 255)))
        return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return judge.once(("field mask", index), make)


def _field_quads(mask: np.ndarray, min_area: float, every: bool = False) -> list[np.ndarray]:
    """Outline guesses from one field mask (see :func:`_field_mask`): the card's printed
    field is strongly coloured (or black, on wild cards) and ringed by the white border, so
    it stands apart even on a busy background; the guess is the field grown by the border."""
    # every contour, not just the outer ones: on a strongly coloured mat the field is an
    # island inside the mat's own region
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST if every else cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contours = [c for c in sorted(contours, key=cv2.contourArea, reverse=True)[:10]
                if cv2.contourArea(c) < 0.9 * mask.size][:6]
    groups = [[c] for c in contours]
    # the oval may cut the field in two halves lying side by side
    top = min(len(contours), 4)
    groups += [[contours[i], contours[j]] for i in range(top) for j in range(i + 1, top)]
    out = []
    for group in groups:
        quad = _quad_from_contour(np.vstack(group), (min_area * 0.7, mask.size * 0.9))
        if _plausible(quad, min_area * 0.7, mask.size * 0.9):
            out.append(_around_field(quad))
    return out


def _intersect(lines) -> np.ndarray:
    corners = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        det = d1[0] * -d2[1] + d2[0] * d1[1]
        if abs(det) < 1e-3:
            return None
        t = ((p2[0] - p1[0]) * -d2[1] + d2[0] * (p2[1] - p1[1])) / det
        corners.append(p1 + t * d1)
    return np.float32(corners)


def snap(white: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Move each side of a rough outline onto the outer edge of the card's white border.

    Along each side, whiteness is sampled across it; where it falls from white (inside)
    to not white (outside) is the edge. A side with no clear edge (another card's white
    border lies next to it) stays where it was."""
    quad = order_corners(quad)
    centre = quad.mean(axis=0)
    reach = max(3.0, 0.1 * np.linalg.norm(quad[0] - quad[1]))
    steps = np.arange(-reach, reach + 1, 1.0, dtype=np.float32)
    ts = np.linspace(0.2, 0.8, 12, dtype=np.float32)
    sides = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        direction = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        normal = np.float32([direction[1], -direction[0]])
        if np.dot(normal, (a + b) / 2 - centre) < 0:
            normal = -normal
        points = a[None] + (b - a)[None] * ts[:, None]
        sides.append((a, direction, normal, points[:, None, :] + steps[None, :, None] * normal[None, None, :]))
    # the four sides' samples in one remap
    maps = np.concatenate([samples for *_, samples in sides]).astype(np.float32)
    profiles = cv2.remap(white, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=0).astype(np.float32)
    lines = []
    for (a, direction, normal, _), profile in zip(sides, np.split(profiles, 4)):
        drop = profile[:, :-2] - profile[:, 2:]          # inside minus outside
        best = drop.argmax(axis=1)
        strong = drop[np.arange(len(best)), best] > 40
        if strong.mean() < 0.5:
            lines.append((a, direction))
            continue
        offset = float(np.median(steps[1:-1][best[strong]]))
        lines.append((a + offset * normal, direction))
    corners = _intersect(lines)
    if corners is None or not cv2.isContourConvex(corners.astype(np.int32).reshape(-1, 1, 2)):
        return quad
    return corners


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(order_corners(a), order_corners(b))
    return inter / max(1.0, min(cv2.contourArea(a), cv2.contourArea(b)))


def ranked_outlines(frame: np.ndarray, min_score: float = 0.3, judge: Judge | None = None,
                    pile: bool = False, kinds=None) -> list[tuple[np.ndarray, float]]:
    """Every outline guess that looks enough like a card, as ``(quad, score)``, best first
    (``pile``, ``kinds``: see :func:`candidate_quads`). Asked again of the same ``judge``,
    the same list is returned (the frame's guesses are ranked once)."""
    judge = judge or Judge(frame)
    return judge.once(("ranked", min_score, pile, kinds), lambda: _ranked(frame, min_score, judge, pile, kinds))


def _ranked(frame, min_score, judge, pile, kinds):
    scored = [(order_corners(q), judge.score(q)) for q in candidate_quads(frame, judge=judge, pile=pile, kinds=kinds)]
    ranked = sorted([item for item in scored if item[1] >= min_score], key=lambda item: item[1], reverse=True)
    # half a card is ringed by white as a card is: judged by what lies past its sides too
    # (not on a pile, where the cards under the top one often share its colour)
    for i, (quad, score) in enumerate(ranked[:0 if pile else JUDGED_AROUND]):
        if judge.continued(quad) > CONTINUED:
            ranked[i] = (quad, score * 0.6)
    ranked = sorted([item for item in ranked if item[1] >= min_score], key=lambda item: item[1], reverse=True)
    kept: list[tuple[np.ndarray, float]] = []
    corners = np.zeros((0, 4, 2), np.float32)
    for quad, score in ranked:      # the same outline found twice is read once
        if len(kept):
            gap = np.minimum(np.abs(corners - quad).max(axis=(1, 2)),
                             np.abs(np.roll(corners, 2, axis=1) - quad).max(axis=(1, 2)))
            if np.any(gap < 0.04 * float(np.linalg.norm(quad[0] - quad[2]))):
                continue
        kept.append((quad, score))
        corners = np.concatenate([corners, quad[None]])
    return kept


def find_cards(frame: np.ndarray, max_cards: int = 1, min_score: float = 0.45):
    """The ``max_cards`` best card outlines that do not overlap: a list of ``(quad, score)``."""
    scored = ranked_outlines(frame, min_score)
    chosen: list[tuple[np.ndarray, float]] = []
    for quad, score in scored:
        if score < min_score or len(chosen) >= max_cards:
            break
        if all(overlap(quad, other) < 0.3 for other, _ in chosen):
            chosen.append((quad, score))
    return chosen
