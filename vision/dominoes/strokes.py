"""Shared geometry of the tile search: strokes (bars and cracks), walks over the face, and
the tile rectangle around a divider bar.

Used by :mod:`vision.dominoes.find` (the main search) and :mod:`vision.dominoes.pale` (the
search on a table paler than the tiles).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["TileCandidate"]


@dataclass(frozen=True)
class TileCandidate:
    """A tile found in the photo, before its pips are read.

    Attributes
    ----------
    corners : (4, 2) ndarray of float64
        tl, tr, br, bl as (x, y) pixels of the photo given to :func:`find_tiles`;
        tl-tr is a long side, so the tile's halves are left and right of the
        bar in the tl..tr direction.
    width, length : float
        Short and long side, pixels of the photo.
    score : float
        0..1: how bar-like the divider and how clean the tile's edges were.
    others : tuple of TileCandidate
        The same tile outlined other ways, read in turn when this outline cannot be
        read or its reading fits no legal layout (on a pale table: the ends taken
        further out, for a far column of pips past where the face was seen to end;
        both halves as long as the shorter, for a half run on into the table).
    proposed : bool
        Proposed from its print alone (a bar with pips on both sides, see
        :mod:`vision.dominoes.pipbars`), not from its face: kept only if read with
        pips on both halves, on legal layouts.
    blank_ok : bool
        False for a tile whose walks leaked (no edge seen) on a table as pale as a
        face: there a double-blank reading is a patch of the table with a vein across
        it, and is dropped.
    seen : tuple of (int, int) or None
        How many pips the pip-first source saw on each of the tile's two halves (in
        no set order), counted from the marks it grouped; None from other sources.
    """

    corners: np.ndarray
    width: float
    length: float
    score: float
    others: tuple[TileCandidate, ...] = ()
    proposed: bool = False
    blank_ok: bool = True
    seen: tuple[int, int] | None = None


@dataclass(eq=False)
class _Stroke:
    centre: np.ndarray  # (x, y) pixels
    along: np.ndarray  # unit (x, y) along the stroke
    length: float
    thickness: float
    label: int


def _strokes(marks: np.ndarray, *, min_length: float) -> tuple[list[_Stroke], list[np.ndarray]]:
    """Elongated marks (bars and cracks) of a 0/1 uint8 mask, and each one's outline."""
    contours, _ = cv2.findContours(marks, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[_Stroke] = []
    outlines: list[np.ndarray] = []
    for contour in contours:
        _x, _y, w, h = cv2.boundingRect(contour)
        if max(w, h) < min_length:
            continue
        (cx, cy), (a, b), angle = cv2.minAreaRect(contour)
        length, thick = max(a, b), max(1.0, min(a, b))
        if length < min_length or length < 4.0 * thick:
            continue
        if cv2.contourArea(contour) < 0.5 * length * thick:
            continue
        theta = np.deg2rad(angle if a >= b else angle + 90.0)
        along = np.array([np.cos(theta), np.sin(theta)])
        found.append(_Stroke(np.array([cx, cy]), along, float(length), float(thick), len(outlines)))
        outlines.append(contour)
    return found, outlines


def _walk(
    walls: np.ndarray, start: np.ndarray, step: np.ndarray, limit: float, own: int = 0
) -> float:
    """Pixels walked from ``start`` (x, y) along unit ``step`` before a wall pixel.

    ``walls`` is 0 where free, -1 off the tile faces, k > 0 on crack k; crack ``own``
    (the bar being followed) is no wall.
    """
    blocked = walls
    rows, cols = blocked.shape
    distances = np.arange(0.0, max(limit, 1.0), 1.0)
    xs = np.rint(start[0] + distances * step[0]).astype(np.intp)
    ys = np.rint(start[1] + distances * step[1]).astype(np.intp)
    outside = (xs < 0) | (xs >= cols) | (ys < 0) | (ys >= rows)
    hit = outside.copy()
    inside = ~outside
    values = blocked[ys[inside], xs[inside]]
    hit[inside] = (values != 0) & (values != own)
    found = np.flatnonzero(hit)
    return float(distances[found[0]]) if found.size else float(limit)


def _walk_many(
    walls: np.ndarray, starts: np.ndarray, step: np.ndarray, limit: float, own: int = 0
) -> np.ndarray:
    """:func:`_walk` from each of ``starts`` ((k, 2) float, x, y): (k,) float64 pixels."""
    rows, cols = walls.shape
    distances = np.arange(0.0, max(limit, 1.0), 1.0)
    xs = np.rint(starts[:, 0:1] + distances * step[0]).astype(np.intp)
    ys = np.rint(starts[:, 1:2] + distances * step[1]).astype(np.intp)
    outside = (xs < 0) | (xs >= cols) | (ys < 0) | (ys >= rows)
    values = walls[np.where(outside, 0, ys), np.where(outside, 0, xs)]
    hit = outside | ((values != 0) & (values != own))
    first = np.argmax(hit, axis=1)
    reached = hit[np.arange(len(starts)), first]
    return np.where(reached, distances[first], float(limit))


def _clear_ends(stroke: _Stroke, face: np.ndarray) -> list[bool]:
    """For each end of ``stroke``: is the face there, just beyond it?"""
    margin = max(2.0, 0.04 * stroke.length)
    ends = [stroke.centre + sign * stroke.along * (stroke.length / 2 + margin) for sign in (1, -1)]
    return [_is_set(face, end) for end in ends]


def _is_set(mask: np.ndarray, point: np.ndarray) -> bool:
    """Is ``mask`` set at ``point`` (x, y)?  False off the image."""
    col, row = round(point[0]), round(point[1])
    rows, cols = mask.shape
    return 0 <= row < rows and 0 <= col < cols and bool(mask[row, col])


def _walks(
    blocked: np.ndarray,
    centre: np.ndarray,
    step: np.ndarray,
    side: np.ndarray,
    offsets: tuple[float, ...],
    limit: float,
    own: int,
    rank: int | None = None,
) -> tuple[float, float]:
    """Distances to a wall both ways along ``step``, on parallel lines.

    The median over the lines, or if ``rank`` is given the ``rank``-th largest (a pip
    at the tile's edge stops one line short; a leak into a touching tile is rarer).
    """
    starts = np.array([centre + side * offset for offset in offsets])
    ahead = _walk_many(blocked, starts, step, limit, own).tolist()
    back = _walk_many(blocked, starts, -step, limit, own).tolist()
    if rank is None:
        return float(np.median(ahead)), float(np.median(back))
    return sorted(ahead)[-rank], sorted(back)[-rank]


def _tile_from_bar(
    bar: _Stroke,
    blocked: np.ndarray,
    face: np.ndarray,
    *,
    longest: float = 1.05,
    symmetric: bool = True,
    min_inside: float = 0.8,
) -> TileCandidate | None:
    """The tile around divider ``bar``, in the pixels of ``blocked`` and ``face``.

    ``blocked`` holds the walls (see :func:`_walk`); ``face`` the tile faces.  A half
    is at most ``longest`` widths long (more when a tile is seen at a low angle); both
    halves as long as the shorter unless not ``symmetric``.  None if less than
    ``min_inside`` of the rectangle found is face.
    """
    across = np.array([-bar.along[1], bar.along[0]])
    length = bar.length
    # Width: along the bar, on lines beside it (the bar itself is ink) and further off.
    near = bar.thickness / 2 + 2.0
    ahead, back = _walks(
        blocked,
        bar.centre,
        bar.along,
        across,
        (-0.3 * length, -near, near, 0.3 * length),
        2.0 * length,
        bar.label + 1,
        rank=2,
    )
    width = ahead + back
    centre = bar.centre + bar.along * (ahead - back) / 2
    clean = width <= 1.6 * length
    if not clean:
        # The bar sits across the middle of the tile: trust the nearer edge.
        edge = min(ahead, back)
        width = 2 * edge if 0.5 * length <= edge <= 0.8 * length else 1.2 * length
        centre = bar.centre
    ahead, back = _walks(
        blocked,
        centre,
        across,
        bar.along,
        (-0.2 * width, 0.0, 0.2 * width),
        (longest + 0.45) * width,
        bar.label + 1,
    )
    half = min(ahead, back)
    if not 0.55 * width <= half <= (longest + 0.1) * width:
        half = width
        clean = False
    half = min(half, longest * width)
    if not symmetric and clean:
        # Seen at a low angle the nearer half looks longer: each half as walked.
        ahead, back = (min(value, longest * width) for value in (ahead, back))
        centre = centre + across * (ahead - back) / 2
        half = (ahead + back) / 2
    corners = _corners(centre, across, bar.along, half, width / 2)
    inside = _fraction_inside(face, corners)
    if inside < min_inside:
        return None
    score = float(np.clip(inside, 0, 1)) * (1.0 if clean else 0.7)
    return TileCandidate(corners, width, 2 * half, score)


def _pixel(point: np.ndarray, shape: tuple[int, ...]) -> tuple[int, int]:
    row = min(max(round(point[1]), 0), shape[0] - 1)
    col = min(max(round(point[0]), 0), shape[1] - 1)
    return row, col


def _corners(
    centre: np.ndarray,
    long_axis: np.ndarray,
    short_axis: np.ndarray,
    half_long: float,
    half_short: float,
) -> np.ndarray:
    """tl, tr, br, bl (x, y) of the rectangle: clockwise from the top-left-most corner."""
    points = np.array(
        [
            centre - long_axis * half_long - short_axis * half_short,
            centre + long_axis * half_long - short_axis * half_short,
            centre + long_axis * half_long + short_axis * half_short,
            centre - long_axis * half_long + short_axis * half_short,
        ]
    )
    # Clockwise on screen (rows grow downwards), starting at the top-left-most corner.
    first, second = points[1] - points[0], points[3] - points[0]
    if first[0] * second[1] - first[1] * second[0] < 0:
        points = points[[0, 3, 2, 1]]
    start = int(np.argmin(points[:, 0] + points[:, 1]))
    return np.roll(points, -start, axis=0)


def _fraction_inside(mask: np.ndarray, corners: np.ndarray) -> float:
    """Share of the polygon's pixels within the image that are set in ``mask``."""
    rows, cols = mask.shape
    low = np.clip(np.floor(corners.min(axis=0)).astype(int), 0, [cols, rows])
    high = np.clip(np.ceil(corners.max(axis=0)).astype(int) + 1, 0, [cols, rows])
    window = mask[low[1] : high[1], low[0] : high[0]]
    polygon = np.zeros(window.shape, dtype=np.uint8)
    cv2.fillConvexPoly(polygon, np.rint(corners - low).astype(np.int32), 1)
    total = int(polygon.sum())
    return float(window[polygon > 0].sum()) / total if total else 0.0
