"""Find tiles on a table paler than them (a marble): each bar with a face of its own colour.

The main search (:mod:`vision.dominoes.find`) takes the photo's palest colour for the tiles'
faces.  On a pale marble the tiles are darker than the table, so there every dark straight
stroke is tried as a divider bar: the colour beside it on both sides gives the tile's own
face, which must end where the tile ends.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.strokes import (
    TileCandidate,
    _fraction_inside,
    _Stroke,
    _strokes,
    _tile_from_bar,
    _walk_many,
)

__all__: list[str] = []

#: A tile's other outline reaches this much further along it (of its length, both
#: ends): seen at an angle, a far column of pips can lie past where its face was seen.
END_REACH = 1.12

#: A tile whose longer half was walked more than this many times the shorter is read
#: first with both halves as long as the shorter (see :func:`_long_half`).
RUN_ON = 1.4

#: Most grain (standard deviation of L over 5 x 5 pixels, Lab codes, its median over 9 x 9)
#: of a tile's smooth face: the table's grain in shade is about 7-15, a face's about 1.
SMOOTH = 6.0


def _off_face_tiles(
    lab: np.ndarray,
    ink: np.ndarray,
    *,
    ink_threshold: int,
    min_bar: float,
    lighter: int = 40,
    darker: int = 45,
    colour_tolerance: int = 12,
    most: int = 60,
    strokes: list[_Stroke] | None = None,
) -> tuple[list[TileCandidate], list[np.ndarray]]:
    """Tiles around dark straight bars, each on a face of its own colour.

    ``lab`` is the working copy (Lab, uint8) and ``ink`` its ink map (see
    :func:`vision.dominoes.find.ink_map`).  The colour beside the bar on both sides
    (its paler part: pips left out) must agree and be pale enough for a tile; the
    tile's face is then the pixels near the bar of about that colour (up to ``lighter``
    and ``darker`` in L, a little more for the shade; ``colour_tolerance`` in |a| + |b|;
    Lab codes), joined to the bar, its holes (pips) filled, taken convex.  At most
    ``most`` strokes, the longest, are tried.  Returns the tiles in pixels of ``lab`` and
    the outline of each tile's own face (for the debug image).  ``strokes``: the dark
    straight strokes (:func:`_dark_strokes`), if already found.
    """
    # A divider bar is printed dark: far darker than the veins of a marble.
    dark = round(1.5 * ink_threshold)
    if strokes is None:
        strokes = _dark_strokes(ink, ink_threshold=ink_threshold, min_bar=min_bar)
    rows, cols = ink.shape
    found: list[TileCandidate] = []
    outlines: list[np.ndarray] = []
    tried = 0
    for stroke in strokes:
        length = stroke.length
        if stroke.thickness > 0.25 * length or tried >= most:
            continue
        across = np.array([-stroke.along[1], stroke.along[0]])
        if any(_within(tile.corners, stroke.centre) for tile in found):
            continue
        darkness = _ink_along(ink, stroke)
        if darkness < dark:
            continue
        tried += 1
        colour = _side_colour(lab, ink, stroke, across, ink_threshold)
        if colour is None or darkness < 0.4 * colour[0]:
            continue
        reach = 2.2 * length
        x0, y0 = (max(0, int(value - reach)) for value in stroke.centre)
        x1 = min(cols, int(stroke.centre[0] + reach) + 1)
        y1 = min(rows, int(stroke.centre[1] + reach) + 1)
        window = lab[y0:y1, x0:x1].astype(np.int16)
        off = np.abs(window[:, :, 1] - colour[1]) + np.abs(window[:, :, 2] - colour[2])
        light = window[:, :, 0] - colour[0]
        close = (light <= lighter) & (light >= -darker) & (off <= colour_tolerance)
        close = cv2.medianBlur(close.astype(np.uint8), 5) > 0
        origin = np.array([x0, y0], dtype=np.float64)
        sides = (y0 == 0, y1 == rows, x0 == 0, x1 == cols)  # on the photo's edges
        bar = _Stroke(stroke.centre - origin, stroke.along, length, stroke.thickness, 0)
        # Where the face leaks into a touching tile or the table in its shade by a
        # narrow join, the join is cut on a second try.
        # (The face joined to the bar, holes filled, is found once for both tries.)
        joined = _joined_face(close, bar, across)
        placed = None
        for bridge in (0.0, 0.06) if joined is not None else ():
            placed = _placed_tile(
                close, bar, across, min_bar=min_bar, bridge=bridge, joined=joined, photo_sides=sides
            )
            if placed is not None:
                break
        if placed is None:
            # Tiles touching side by side or end to end: their faces join along a whole
            # side, broadly, but a dark crack runs between them; the face is cut there
            # (every ink mark left out: pips become holes, filled again; the bar's own
            # band, a little wider than the bar, is kept).  A crack in shade is
            # fainter: ink over a fifth of the face's L counts too.
            crack = min(ink_threshold, round(0.2 * colour[0]))
            kept = (ink[y0:y1, x0:x1] <= crack).astype(np.uint8)
            ends = [bar.centre + sign * bar.along * length / 2 for sign in (1, -1)]
            cv2.line(
                kept,
                (round(ends[0][0]), round(ends[0][1])),
                (round(ends[1][0]), round(ends[1][1])),
                1,
                round(bar.thickness) + 6,
            )
            cracked = close & (kept > 0)
            placed = _placed_tile(
                cracked, bar, across, min_bar=min_bar, bridge=0.06, photo_sides=sides
            )
        if placed is None:
            continue
        corners, tile, score, local, even = placed
        outlines_tried = [_stretched(corners, along=END_REACH)]
        if even is not None and _long_half(corners, even) > RUN_ON:
            # One half walked far longer than the other: it ran on into a tile touching
            # end to end (a low angle makes the near half only a little longer), so both
            # halves as long as the shorter are read first.
            corners, outlines_tried = even, [corners, *outlines_tried]
        elif even is not None:
            outlines_tried.append(even)
        # A face can run on into the tile's own shadow on the table by a broad join; the
        # shaded table is grainy where the face is smooth.
        # (Grain along the bar's and the pips' edges is the tile's own: ink is let be.)
        inked = cv2.dilate(
            (ink[y0:y1, x0:x1] > ink_threshold).astype(np.uint8), np.ones((11, 11), np.uint8)
        )
        smooth = close & ((_grain(window[:, :, 0]) <= SMOOTH) | (inked > 0))
        smooth = cv2.medianBlur(smooth.astype(np.uint8), 5) > 0
        again = _placed_tile(smooth, bar, across, min_bar=min_bar, bridge=0.06, photo_sides=sides)
        if again is not None:
            outlines_tried += [again[0], _stretched(again[0], along=END_REACH)]
        others = tuple(
            TileCandidate(other + origin, *tile_size(other), score) for other in outlines_tried
        )
        found.append(TileCandidate(corners + origin, tile.width, tile.length, score, others))
        contours, _ = cv2.findContours(
            local.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        outlines += [contour + np.array([x0, y0], dtype=np.int32) for contour in contours]
    return found, outlines


def _dark_strokes(ink: np.ndarray, *, ink_threshold: int, min_bar: float) -> list[_Stroke]:
    """Straight strokes of ``ink`` darker than 1.5 x ``ink_threshold`` (a divider bar is
    printed far darker than a marble's veins), longest first."""
    marks = (ink > round(1.5 * ink_threshold)).astype(np.uint8)
    return _straight_strokes(marks, min_length=min_bar)


def _placed_tile(
    close: np.ndarray,
    bar: _Stroke,
    across: np.ndarray,
    *,
    min_bar: float,
    bridge: float,
    joined: tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]] | None = None,
    photo_sides: tuple[bool, bool, bool, bool] = (False, False, False, False),
) -> tuple[np.ndarray, TileCandidate, float, np.ndarray, np.ndarray | None] | None:
    """The tile around ``bar`` on its own face in ``close`` (bool, a window of the photo).

    Returns its corners (tl, tr, br, bl; pixels of the window, a little margin added),
    the tile as walked, its score, the face (bool) and, when one half was walked
    longer than the other, the corners with both halves as long as the shorter (else
    None); None if the face does not make a tile.  ``bridge`` and ``joined``: see
    :func:`_own_face`; ``photo_sides``: see :func:`_touches_border`.
    """
    if joined is None:
        joined = _joined_face(close, bar, across)
        if joined is None:
            return None
    reach = round(bridge * bar.length)
    if reach >= 1 and _runs_on_when_cut(*joined, reach, photo_sides=photo_sides):
        return None  # what the cut keeps surely runs on: no need to cut exactly
    local = _own_face(close, bar, across, bridge=bridge, joined=joined)
    if local is None or _touches_border(local, photo_sides=photo_sides):
        return None  # no face, or one running on: a table of the tile's colour
    # Seen at a low angle, a bar nearly meets the tile's dark rim and its stroke runs
    # on into it: keep the part with the face on both sides.
    trimmed = _trimmed(bar, local, across)
    if trimmed is None or trimmed.length < min_bar or trimmed.thickness > 0.3 * trimmed.length:
        return None
    walls = np.where(local, 0, -1).astype(np.int32)
    tile = _tile_from_bar(trimmed, walls, local, longest=1.6, symmetric=False, min_inside=0.6)
    if tile is None:
        return None
    # The face ends where the tile ends (a table of the tile's colour does not).
    grown = tile.corners.mean(axis=0) + 1.25 * (tile.corners - tile.corners.mean(axis=0))
    if _fraction_inside(local, grown) * _area(grown) < 0.75 * float(local.sum()):
        return None
    # Seen at a low angle a tile's long sides are not square to its bar.
    corners = _sheared_corners(tile, trimmed.along, walls)
    inside = _fraction_inside(local, corners)
    if inside < 0.8:
        return None
    # A little margin: the pips of a big set reach close to the tile's edges.
    corners = corners.mean(axis=0) + 1.08 * (corners - corners.mean(axis=0))
    score = inside * tile.score / _fraction_inside(local, tile.corners)
    # The longer half may have run on into a table in the tile's shade: both halves as
    # long as the shorter are kept to be read if this outline cannot be.
    even = _tile_from_bar(trimmed, walls, local, longest=1.6, symmetric=True, min_inside=0.6)
    even_corners = None
    if even is not None and even.length < 0.9 * tile.length:
        sheared = _sheared_corners(even, trimmed.along, walls)
        even_corners = sheared.mean(axis=0) + 1.08 * (sheared - sheared.mean(axis=0))
    return corners, tile, score, local, even_corners


def _straight_strokes(
    marks: np.ndarray, *, min_length: float, directions: int = 16
) -> list[_Stroke]:
    """Straight strokes of a 0/1 uint8 mask, also where they touch other marks.

    An opening by a line of ``min_length`` pixels in each of ``directions`` directions
    keeps the runs of ink in that direction: a bar that meets a tile's dark rim (seen
    at a low angle) comes apart from it in the bar's own direction.  A stroke seen in
    several directions is kept once, longest.
    """
    reach = max(2, round(min_length / 2))
    size = 2 * reach + 1
    found: list[_Stroke] = []
    for step in range(directions):
        theta = np.pi * step / directions
        kernel = np.zeros((size, size), dtype=np.uint8)
        dx, dy = reach * np.cos(theta), reach * np.sin(theta)
        cv2.line(
            kernel,
            (round(reach - dx), round(reach - dy)),
            (round(reach + dx), round(reach + dy)),
            1,
            1,
        )
        opened = cv2.morphologyEx(marks, cv2.MORPH_OPEN, kernel)
        strokes, _ = _strokes(opened, min_length=min_length)
        for stroke in strokes:
            if abs(float(np.dot(stroke.along, (np.cos(theta), np.sin(theta))))) >= np.cos(
                np.pi / directions * 1.5
            ):
                found.append(stroke)
    kept: list[_Stroke] = []
    centres = np.zeros((len(found), 2))
    alongs = np.zeros((len(found), 2))
    lengths = np.zeros(len(found))
    for stroke in sorted(found, key=lambda stroke: -stroke.length):
        count = len(kept)
        if count:
            near = np.linalg.norm(centres[:count] - stroke.centre, axis=1) < 0.25 * lengths[:count]
            alike = np.abs(alongs[:count] @ stroke.along) > 0.9
            if bool(np.any(near & alike)):
                continue
        centres[count], alongs[count], lengths[count] = stroke.centre, stroke.along, stroke.length
        kept.append(stroke)
    return kept


def _trimmed(bar: _Stroke, face: np.ndarray, across: np.ndarray) -> _Stroke | None:
    """The longest part of ``bar`` with ``face`` on both sides of it; None if none."""
    offset = bar.thickness / 2 + 2.0
    steps = np.arange(-bar.length / 2, bar.length / 2 + 0.5, 1.0)
    beside = np.ones(steps.size, dtype=bool)
    for sign in (1, -1):
        points = bar.centre + np.outer(steps, bar.along) + sign * offset * across
        xs = np.rint(points[:, 0]).astype(np.intp)
        ys = np.rint(points[:, 1]).astype(np.intp)
        rows, cols = face.shape
        inside = (xs >= 0) & (xs < cols) & (ys >= 0) & (ys < rows)
        beside &= inside
        beside[inside] &= face[ys[inside], xs[inside]]
    # The longest run of the stroke with the face on both sides.
    padded = np.concatenate(([False], beside, [False])).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    if changes.size == 0:
        return None
    starts, stops = changes[::2], changes[1::2]
    longest = int(np.argmax(stops - starts))
    first, last = int(starts[longest]), int(stops[longest]) - 1
    centre = bar.centre + bar.along * (steps[first] + steps[last]) / 2
    return _Stroke(centre, bar.along, float(steps[last] - steps[first]), bar.thickness, bar.label)


def _area(corners: np.ndarray) -> float:
    return float(cv2.contourArea(corners.astype(np.float32)))


def _ink_along(ink: np.ndarray, stroke: _Stroke) -> float:
    """Median ink (0..255) on the axis of ``stroke``."""
    steps = np.linspace(-stroke.length / 2, stroke.length / 2, 15)
    points = stroke.centre + np.outer(steps, stroke.along)
    rows, cols = ink.shape
    xs = np.clip(np.rint(points[:, 0]).astype(np.intp), 0, cols - 1)
    ys = np.clip(np.rint(points[:, 1]).astype(np.intp), 0, rows - 1)
    return float(np.median(ink[ys, xs]))


def _sheared_corners(tile: TileCandidate, along: np.ndarray, walls: np.ndarray) -> np.ndarray:
    """Corners of ``tile`` with its long sides fitted to the face's edges.

    Walks from points on the tile's long axis, both ways along the bar (unit
    ``along``), to the walls; a line fitted robustly (Theil-Sen) to each side's ends
    gives that long side; the short sides stay parallel to the bar.
    """
    centre = tile.corners.mean(axis=0)
    across = np.array([-along[1], along[0]])
    half = tile.length / 2
    steps = np.linspace(-0.8 * half, 0.8 * half, 9)
    sides = []
    for sign in (1, -1):
        starts = np.array([centre + across * step for step in steps])
        reach = _walk_many(walls, starts, sign * along, 1.2 * tile.width)
        slopes = [
            (reach[j] - reach[i]) / (steps[j] - steps[i])
            for i in range(len(steps))
            for j in range(i + 1, len(steps))
        ]
        slope = float(np.median(slopes))
        offset = float(np.median(reach - slope * steps))
        if not 0.3 * tile.width <= offset <= 0.8 * tile.width or abs(slope) > 0.5:
            return tile.corners
        sides.append((sign, slope, offset))
    points = np.array(
        [
            centre + across * end + sign * along * (slope * end + offset)
            for sign, slope, offset in sides
            for end in (-half, half)
        ]
    )
    middle = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - middle[1], points[:, 0] - middle[0])
    points = points[np.argsort(angles)]
    start = int(np.argmin(points[:, 0] + points[:, 1]))
    return np.roll(points, -start, axis=0)


def _touches_border(
    mask: np.ndarray,
    *,
    most: float = 0.1,
    photo_sides: tuple[bool, bool, bool, bool] = (False, False, False, False),
) -> bool:
    """More than ``most`` of the pixels on the edge of ``mask`` are set.

    ``photo_sides`` (top, bottom, left, right): which sides of the window are the
    photo's own edges.  A window with three or four of them is most of the photo (a
    close-up, the tile filling it and often cut by the frame): there a face runs on
    only if it runs off three or four sides (more than ``most`` of each).
    """
    edges = (mask[0], mask[-1], mask[:, 0], mask[:, -1])
    if sum(photo_sides) >= 3:
        return sum(float(edge.mean()) > most for edge in edges) >= 3
    return float(np.concatenate(edges).mean()) > most


def _within(corners: np.ndarray, point: np.ndarray) -> bool:
    polygon = corners.astype(np.float32)
    return cv2.pointPolygonTest(polygon, (float(point[0]), float(point[1])), False) >= 0


def _beside_bar(
    bar: _Stroke, away: np.ndarray, *, gap: float, steps: int, reach: float
) -> np.ndarray:
    """Sample points on one side of ``bar``: (steps * 5, 2) float [x, y] pixels.

    From ``gap`` pixels past the bar's edge out to 0.4 of its length in the direction
    ``away`` (a unit vector across the bar), in ``steps`` rows; along the bar, five
    points within ``reach`` of its length either side of its centre.
    """
    offs = np.linspace(bar.thickness / 2 + gap, bar.thickness / 2 + 0.4 * bar.length, steps)
    shifts = np.linspace(-reach * bar.length, reach * bar.length, 5)
    points = (
        bar.centre[np.newaxis, np.newaxis, :]
        + offs[:, np.newaxis, np.newaxis] * away
        + shifts[np.newaxis, :, np.newaxis] * bar.along
    )
    flat: np.ndarray = points.reshape(-1, 2)
    return flat


def _side_colour(
    lab: np.ndarray, ink: np.ndarray, bar: _Stroke, across: np.ndarray, most_ink: int
) -> tuple[int, int, int] | None:
    """Median Lab of the face beside ``bar`` if both sides agree and look like a tile."""
    rows, cols = ink.shape
    medians = []
    for sign in (1, -1):
        points = _beside_bar(bar, sign * across, gap=3, steps=6, reach=0.35)
        xs = np.rint(points[:, 0]).astype(np.intp)
        ys = np.rint(points[:, 1]).astype(np.intp)
        inside = (xs >= 0) & (xs < cols) & (ys >= 0) & (ys < rows)
        xs, ys = xs[inside], ys[inside]
        if xs.size < 0.5 * len(points):
            return None
        # The face is the paler part: pips (black or coloured) are darker, and a cream
        # face near pips looks like coloured ink.
        samples = lab[ys, xs].astype(np.int16)
        clean = (ink[ys, xs] <= most_ink) | (samples[:, 0] >= np.percentile(samples[:, 0], 40))
        medians.append(np.median(samples[clean], axis=0))
    first, second = medians
    if abs(first[0] - second[0]) > 25 or abs(first[1] - second[1]) + abs(first[2] - second[2]) > 10:
        return None
    light, a, b = ((first + second) / 2).tolist()
    if light < 60 or abs(a - 128) + abs(b - 128) > 45:
        return None
    return round(light), round(a), round(b)


def _own_face(
    close: np.ndarray,
    bar: _Stroke,
    across: np.ndarray,
    *,
    convex: bool = True,
    bridge: float = 0.0,
    joined: tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]] | None = None,
) -> np.ndarray | None:
    """The part of ``close`` joined to both sides of ``bar``, holes filled (its convex
    hull if ``convex``); None if none.

    Joins narrower than about twice ``bridge`` x the bar's length (a touching tile's
    shaded rim, a strip of table in the tile's shade) are cut first.  ``joined``: what
    :func:`_joined_face` gave for the same ``close`` and ``bar``, if already found.
    """
    if joined is None:
        joined = _joined_face(close, bar, across)
        if joined is None:
            return None
    filled, beside = joined
    if bridge > 0:
        filled = _cut_bridges(filled, beside, round(bridge * bar.length))
    if convex:
        # A tile's face is convex: pips at its edge are not bites out of it.
        # (The hull of the outline's points: the same as of every pixel's, far sooner.)
        contours, _ = cv2.findContours(
            filled.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        hull = np.zeros(filled.shape, dtype=np.uint8)
        cv2.fillConvexPoly(hull, cv2.convexHull(np.vstack(contours)), 1)
        filled = hull > 0
    return filled


def _joined_face(
    close: np.ndarray, bar: _Stroke, across: np.ndarray
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]] | None:
    """The part of ``close`` joined to both sides of ``bar``, holes filled (bool), and
    the points beside the bar on it (row and column arrays, each side); None if the
    two sides are not one part."""
    joined = close.astype(np.uint8)
    # The bar joins its two sides, also where it runs from rim to rim (a low angle).
    ends = [bar.centre + sign * bar.along * bar.length / 2 for sign in (1, -1)]
    cv2.line(
        joined,
        (round(ends[0][0]), round(ends[0][1])),
        (round(ends[1][0]), round(ends[1][1])),
        1,
        max(1, round(bar.thickness) + 2),
    )
    _count, labels = cv2.connectedComponents(joined, connectivity=4)
    # Each side's part: the commonest beside the bar (pips are holes in it).
    rows, cols = close.shape
    own = set()
    beside = []
    for sign in (1, -1):
        points = _beside_bar(bar, sign * across, gap=2, steps=5, reach=0.3)
        xs = np.clip(np.rint(points[:, 0]).astype(np.intp), 0, cols - 1)
        ys = np.clip(np.rint(points[:, 1]).astype(np.intp), 0, rows - 1)
        found = labels[ys, xs]
        beside.append((ys[found > 0], xs[found > 0]))
        found = found[found > 0]
        if found.size == 0:
            return None
        own.add(int(np.bincount(found).argmax()))
    if len(own) != 1:
        return None
    region = labels == own.pop()
    # Holes: the parts off the region that do not reach the window's edge (4-connected).
    # The window is framed by one pixel off the region and what the frame's flood
    # reaches is outside; the rest is the region filled.
    framed = np.ones((rows + 2, cols + 2), dtype=np.uint8)
    framed[1:-1, 1:-1] = ~region
    cv2.floodFill(framed, np.zeros((rows + 4, cols + 4), np.uint8), (0, 0), 2, flags=4)
    filled: np.ndarray = framed[1:-1, 1:-1] != 2
    return filled, beside


def _cut_bridges(
    region: np.ndarray, beside: list[tuple[np.ndarray, np.ndarray]], reach: int
) -> np.ndarray:
    """``region`` (bool) less what hangs on to it by joins under ``2 reach + 1`` pixels.

    An opening by reconstruction: the region eroded by a disc of radius ``reach``, the
    parts of it at the points ``beside`` (row and column arrays) kept, grown back by the
    same disc within ``region``.  ``region`` itself if nothing is left.
    """
    if reach < 1:
        return region
    # Worked on the region's box and a margin past the disc (the same pixels out,
    # sooner: nothing outside the region is eroded into or grown back).
    box = _region_box(region, reach)
    if box is None:
        return region
    top, bottom, left, right = box
    part = region[top:bottom, left:right]
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))
    core = _by_disc(part.astype(np.uint8), disc, dilate=False)
    if not _keep_beside(core, beside, top, left):
        return region
    grown = np.zeros_like(region)
    kept = (core == 2).view(np.uint8)
    grown[top:bottom, left:right] = (_by_disc(kept, disc, dilate=True) > 0) & part
    return grown


def _region_box(region: np.ndarray, reach: int) -> tuple[int, int, int, int] | None:
    """Rows ``top:bottom`` and columns ``left:right`` of ``region``'s box and a margin of
    ``reach + 1`` pixels (within the window); None if ``region`` is empty."""
    x, y, w, h = cv2.boundingRect(region.astype(np.uint8))
    if w == 0:
        return None
    rows, cols = region.shape
    top, left = max(0, y - reach - 1), max(0, x - reach - 1)
    bottom, right = min(rows, y + h + reach + 1), min(cols, x + w + reach + 1)
    return top, bottom, left, right


def _keep_beside(
    core: np.ndarray, beside: list[tuple[np.ndarray, np.ndarray]], top: int, left: int
) -> bool:
    """Set to 2 the parts (8-connected) of ``core`` ((rows, cols) uint8 0/1, the window's
    rows and columns from ``top`` and ``left``) at the points ``beside`` (row and column
    arrays of the window), each flooded from the first of its points; whether any was."""
    bottom, right = top + core.shape[0], left + core.shape[1]
    flooded = np.zeros((core.shape[0] + 2, core.shape[1] + 2), dtype=np.uint8)
    chosen = False
    for ys, xs in beside:
        within = (ys >= top) & (ys < bottom) & (xs >= left) & (xs < right)
        for row, col in zip((ys[within] - top).tolist(), (xs[within] - left).tolist(), strict=True):
            if core[row, col] == 1:
                cv2.floodFill(core, flooded, (col, row), 2, flags=8)
                chosen = True
    return chosen


def _runs_on_when_cut(
    region: np.ndarray,
    beside: list[tuple[np.ndarray, np.ndarray]],
    reach: int,
    *,
    photo_sides: tuple[bool, bool, bool, bool] = (False, False, False, False),
) -> bool:
    """Whether ``_cut_bridges(region, beside, reach)`` surely runs on
    (:func:`_touches_border`), found sooner on a part of it: a paper's or a table's
    region of the tile's colour mostly does, and then the exact cut need not be made.

    The part: the region eroded by the square around the disc (a smaller core: each of
    its parts lies in one of the disc's core's), its parts at the points ``beside``.
    Each of its pixels is in the cut region (the core's parts there, grown back), and
    so in the face made of it (its convex hull): the share of the window's edge set only
    grows, so when the part runs on, so does the face.  False (not known) when no point
    beside is on the smaller core: the cut may then keep the region whole.
    """
    if not _touches_border(region, photo_sides=photo_sides):
        return False  # nor does the part of it (a tile on a table of another colour)
    box = _region_box(region, reach)
    if box is None:
        return False
    top, bottom, left, right = box
    side = 2 * reach + 1
    core = cv2.erode(region[top:bottom, left:right].view(np.uint8), np.ones((side, side), np.uint8))
    if not _keep_beside(core, beside, top, left):
        return False
    kept = np.zeros(region.shape, dtype=bool)
    kept[top:bottom, left:right] = core == 2
    return _touches_border(kept, photo_sides=photo_sides)


#: Least radius (pixels) of a disc that :func:`_by_disc` takes as a union of
#: rectangles: OpenCV's own erosion by a large ellipse visits every pixel of it, a
#: rectangle's is two passes (measured: radius 7 about 1.7 times, 18 twice as soon).
BY_RECTANGLES = 7


def _by_disc(mask: np.ndarray, disc: np.ndarray, *, dilate: bool) -> np.ndarray:
    """``cv2.erode`` (or ``cv2.dilate``) of ``mask`` ((rows, cols) uint8) by ``disc``
    (OpenCV's ellipse: an odd square, each row one run centred on the middle column,
    the runs widest in the middle row), pixel for pixel the same.

    A disc at least :data:`BY_RECTANGLES` in radius is the union of a centred rectangle
    per run width (that wide, as high as the rows whose run is at least that wide), and
    erosion (dilation) by a union is the least (most) of the erosions (dilations) by
    its parts; OpenCV sets the border aside alike for both.
    """
    if disc.shape[0] // 2 < BY_RECTANGLES:
        return cv2.dilate(mask, disc) if dilate else cv2.erode(mask, disc)
    widths = np.count_nonzero(disc, axis=1)
    out: np.ndarray | None = None
    for width in sorted(set(widths.tolist())):
        rectangle = np.ones((int(np.count_nonzero(widths >= width)), width), dtype=np.uint8)
        part = cv2.dilate(mask, rectangle) if dilate else cv2.erode(mask, rectangle)
        if out is None:
            out = part
        elif dilate:
            np.maximum(out, part, out=out)
        else:
            np.minimum(out, part, out=out)
    assert out is not None
    return out


def _long_half(walked: np.ndarray, even: np.ndarray) -> float:
    """The longer half of a tile outlined as ``walked`` over its shorter half, from the
    outline with both halves as long as the shorter (``even``; corners tl, tr, br, bl)."""
    walked_length, even_length = tile_size(walked)[1], tile_size(even)[1]
    return (walked_length - even_length / 2) / max(even_length / 2, 1e-9)


def tile_size(corners: np.ndarray) -> tuple[float, float]:
    """Short and long side of a tile's ``corners`` (tl, tr, br, bl), pixels."""
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[2] - corners[1]))
    return min(first, second), max(first, second)


def _stretched(corners: np.ndarray, *, along: float) -> np.ndarray:
    """``corners`` (tl, tr, br, bl) of a parallelogram stretched about its centre by
    ``along`` along its long sides."""
    centre = corners.mean(axis=0)
    first = np.linalg.norm(corners[1] - corners[0])
    second = np.linalg.norm(corners[2] - corners[1])
    # The corners of each short side, and the side's middle.
    ends = ((0, 3), (1, 2)) if first >= second else ((0, 1), (3, 2))
    out = corners.copy()
    for pair in ends:
        middle = corners[list(pair)].mean(axis=0)
        for index in pair:
            out[index] += (along - 1) * (middle - centre)
    return out


def _grain(light: np.ndarray, *, size: int = 5) -> np.ndarray:
    """Grain of ``light`` ((rows, cols) int16 L codes): its standard deviation over
    ``size`` x ``size`` pixels, the median of that over 9 x 9 pixels, to 0.1 of a code.
    Returns (rows, cols) float32."""
    values = light.astype(np.float32)
    mean = cv2.blur(values, (size, size))
    square = cv2.blur(values * values, (size, size))
    grain = np.sqrt(np.maximum(square - mean * mean, 0.0))
    # The median over 9 x 9 pixels keeps the table's grain, which is everywhere, and
    # drops that of a lone speck on a face (edges of ink are let be by the caller).
    coded = np.clip(np.rint(grain * 10), 0, 255).astype(np.uint8)
    wide: np.ndarray = cv2.medianBlur(coded, 9).astype(np.float32) / 10
    return wide
