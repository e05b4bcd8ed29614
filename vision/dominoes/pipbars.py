"""A second source of tiles on a pale table: a divider bar with pips on both sides.

The pale-table search (:mod:`vision.dominoes.pale`) needs each tile's face to stand out
from the table as a region of its own.  Where it does not (a marble in shade, the tiles'
thick sides at a low angle, tiles touching), the tile can still be proposed from what
is printed on it: a short dark straight stroke (the bar) with small round blobs (pips,
of any colour: the ink map sees dark and coloured marks alike) on both sides of it
within a tile's size.  The bar's length gives the tile's width and the tile is about
twice as long; the pips' spread widens it or lengthens each half when they reach
further.  The proposals are only outlines: :func:`vision.dominoes.pipeline.read_tile`
verifies and reads them, and the pipeline keeps a proposed tile only when its reading
has pips on both halves on legal layouts.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.strokes import TileCandidate, _corners, _Stroke

__all__: list[str] = []

#: The bar's length over the tile's width assumed when proposing a tile (rendered and
#: common sets: 0.7-0.8); the outline is also tried 15 % narrower and wider.
BAR_SHARE = 0.75

#: Score (0..1) of a proposed tile: under the pipeline's low-confidence mark, so a tile
#: found only from its print is flagged for the player to check, and loses any overlap
#: to a tile found by its face.
PROPOSED_SCORE = 0.55


def _round_marks(
    stats: np.ndarray,
    *,
    least_area: float,
    most_elongation: float,
    least_fill: float,
    largest: float,
) -> np.ndarray:
    """Which components (rows of OpenCV's ``stats`` after the background's) are round
    marks: at least ``least_area`` pixels, their box at most ``most_elongation`` times as
    long as wide and ``largest`` pixels long, filled to at least ``least_fill`` of it.

    Returns
    -------
    (k,) ndarray of bool
    """
    area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
    h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    return (
        (area >= least_area)
        & (np.maximum(w, h) <= most_elongation * np.minimum(w, h))
        & (area >= least_fill * w * h)
        & (np.maximum(w, h) <= largest)
    )


def _pip_blobs(ink: np.ndarray, *, ink_threshold: int) -> tuple[np.ndarray, np.ndarray]:
    """Small round ink marks of ``ink`` ((rows, cols) uint8): centres ((k, 2) float,
    x, y pixels) and diameters ((k,) float, pixels)."""
    marks = (ink > ink_threshold).astype(np.uint8)
    count, _labels, stats, centres = cv2.connectedComponentsWithStats(marks, connectivity=8)
    if count <= 1:
        return np.zeros((0, 2)), np.zeros(0)
    round_ = _round_marks(stats, least_area=6, most_elongation=2.0, least_fill=0.45, largest=60)
    diameters = 2.0 * np.sqrt(stats[1:, cv2.CC_STAT_AREA].astype(np.float64) / np.pi)
    return centres[1:][round_].astype(np.float64), diameters[round_]


def _proposal(
    bar: _Stroke, centres: np.ndarray, diameters: np.ndarray
) -> tuple[np.ndarray, list[np.ndarray]] | None:
    """The tile proposed around ``bar`` from the pips beside it: corners (tl, tr, br, bl,
    x, y pixels) and other outlines to try; None without pips on both sides."""
    across = np.array([-bar.along[1], bar.along[0]])
    width = bar.length / BAR_SHARE
    if not len(centres):
        return None
    offsets = centres - bar.centre
    u = offsets @ bar.along  # along the bar (the tile's width)
    v = offsets @ across  # across it (the tile's length)
    near = (
        (np.abs(u) <= 0.55 * width)
        & (np.abs(v) >= bar.thickness / 2 + 0.06 * width)
        & (np.abs(v) <= 1.15 * width)
        & (diameters >= 0.05 * width)
        & (diameters <= 0.3 * width)
    )
    if not near.any():
        return None
    size = float(np.median(diameters[near]))
    near &= (diameters >= 0.6 * size) & (diameters <= 1.6 * size)
    sides = [near & (v > 0), near & (v < 0)]
    if not all(side.any() for side in sides):
        return None
    radius = size / 2
    spread = 2 * (float(np.abs(u[near]).max()) + radius) / 0.8
    width = min(max(width, spread), 1.4 * bar.length / BAR_SHARE)
    halves = [
        float(np.clip((float(np.abs(v[side]).max()) + radius) * 1.15, 0.9 * width, 1.4 * width))
        for side in sides
    ]
    outlines = []
    for scale in (1.0, 0.85, 1.15):
        w = scale * width
        ahead, back = (min(max(half, 0.9 * w), 1.4 * w) for half in halves)
        centre = bar.centre + across * (ahead - back) / 2
        outlines.append(_corners(centre, across, bar.along, (ahead + back) / 2, w / 2))
    return outlines[0], outlines[1:]


def _pip_bar_tiles(
    ink: np.ndarray,
    strokes: list[_Stroke],
    found: list[TileCandidate],
    *,
    ink_threshold: int,
    most: int = 60,
) -> tuple[dict[int, tuple[TileCandidate, ...]], list[TileCandidate]]:
    """Tiles proposed from bars with pips on both sides, and where they meet ``found``.

    ``ink`` is the working copy's ink map, ``strokes`` its dark straight strokes
    (longest first) and ``found`` the tiles already found (all in working pixels).  A
    bar inside a found tile gives that tile more outlines to try (read only when its
    own cannot be, or reads no legal layout); a bar elsewhere gives a new tile, marked
    ``proposed``.  Returns (the index of each found tile to extend and its extra
    outlines, the new tiles).
    """
    centres, diameters = _pip_blobs(ink, ink_threshold=ink_threshold)
    extra: dict[int, tuple[TileCandidate, ...]] = {}
    new: list[TileCandidate] = []
    for stroke in strokes[:most]:
        if stroke.thickness > 0.25 * stroke.length:
            continue
        proposal = _proposal(stroke, centres, diameters)
        if proposal is None:
            continue
        outlines = [proposal[0], *proposal[1]]
        holder = next(
            (i for i, tile in enumerate(found) if _within(tile.corners, stroke.centre)), None
        )
        if holder is not None:
            more = tuple(TileCandidate(o, *_size(o), PROPOSED_SCORE) for o in outlines)
            extra[holder] = extra.get(holder, ()) + more
        elif not any(_within(tile.corners, stroke.centre) for tile in new):
            others = tuple(TileCandidate(o, *_size(o), PROPOSED_SCORE) for o in outlines[1:])
            new.append(
                TileCandidate(
                    outlines[0], *_size(outlines[0]), PROPOSED_SCORE, others, proposed=True
                )
            )
    return extra, new


def _size(corners: np.ndarray) -> tuple[float, float]:
    first = float(np.linalg.norm(corners[1] - corners[0]))
    second = float(np.linalg.norm(corners[2] - corners[1]))
    return min(first, second), max(first, second)


def _within(corners: np.ndarray, point: np.ndarray) -> bool:
    polygon = corners.astype(np.float32)
    return cv2.pointPolygonTest(polygon, (float(point[0]), float(point[1])), False) >= 0
