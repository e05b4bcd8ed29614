"""Read one tile: rectify it to a 2:1 crop, split it at its divider bar, count pips.

Pips are found as ink against the tile's face: dark marks (black pips) or
coloured marks (the coloured pips of double-twelve sets), so the count does not
depend on the pips' colour.  A count whose pips do not sit on a legal pip layout
(the 3x3 grid of a die face for 0-9 pips, three rows of four for 10-12) is reported
as such, never passed off as a sure reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.dominoes.find import _percentile_u8

__all__ = [
    "HalfCount",
    "count_pips",
    "crop_matrix",
    "legal_layout",
    "rectify_tile",
    "split_at_bar",
]

#: Occupied cells (row, col) of the 3x3 grid for each count, one orientation each;
#: the other orientations are made by :func:`_orientations`.
_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((row, col) for row in range(3) for col in range(3)),
}


def _orientations(cells: tuple[tuple[int, int], ...]) -> set[frozenset[tuple[int, int]]]:
    """The layout turned by 0, 90, 180 and 270 degrees and mirrored."""
    found = set()
    for transpose in (False, True):
        for turns in range(4):
            placed = []
            for row, col in cells:
                if transpose:
                    row, col = col, row
                for _ in range(turns):
                    row, col = col, 2 - row
                placed.append((row, col))
            found.add(frozenset(placed))
    return found


#: Every legal layout of each count 0-9 (all turns and mirrors), worked out once.
_LEGAL: tuple[frozenset[frozenset[tuple[int, int]]], ...] = tuple(
    frozenset(_orientations(_LAYOUTS[count])) for count in range(10)
)

#: Where the middle row's pips sit for 10-12 pips, as shares of the outer rows' span:
#: the double-twelve sets' three rows of four along the half (the tuned marble scenes'
#: set and the renders, ``render._BIG_PIPS``): two outer rows of four, and between
#: them the ends (10), the ends and the middle (11) or a row of four (12).
_BIG_MIDDLES: dict[int, tuple[float, ...]] = {
    10: (0.0, 1.0),
    11: (0.0, 0.5, 1.0),
    12: (0.0, 1 / 3, 2 / 3, 1.0),
}

#: How far (a share of the outer rows' span, or of the gap between the outer rows) a
#: pip of 10-12 may sit from its place: a third of the way between neighbours (0.33)
#: is too far; the 11's middle pip is half a pitch (0.17) from a 12's.
BIG_SLACK = 0.12


@dataclass(frozen=True)
class HalfCount:
    """The pips read on one half of a tile.

    Attributes
    ----------
    pips : int
        Number of pips.
    confidence : float
        0..1.
    centres : tuple of (float, float)
        Each pip's (row, col) in the half, as fractions of its rows and cols.
    legal : bool
        True if the pips sit on a legal layout for that count (0-9: a die face's
        3x3 grid; 10-12: three rows of four, see :func:`legal_layout`).
    """

    pips: int
    confidence: float
    centres: tuple[tuple[float, float], ...]
    legal: bool


def rectify_tile(image: np.ndarray, corners: np.ndarray, *, short_side: int = 80) -> np.ndarray:
    """Warp one tile to an upright 2:1 crop, its long axis horizontal.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).
    corners : (4, 2) array_like of float
        The tile's tl, tr, br, bl corners as (x, y) pixels of ``image``.
    short_side : int, keyword-only
        Rows of the crop (pixels); it has twice as many cols.

    Returns
    -------
    (short_side, 2 * short_side, 3) ndarray of uint8, BGR
        The left half of the crop is the tile's top half (a standing tile) or its
        left half (a lying tile).
    """
    size = short_side
    return cv2.warpPerspective(
        image,
        crop_matrix(corners, short_side=size),
        (2 * size, size),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(255, 255, 255),  # a tile cut by the photo's edge: blank, no ink
    )


def crop_matrix(corners: np.ndarray, *, short_side: int = 80) -> np.ndarray:
    """The perspective matrix :func:`rectify_tile` warps a tile's outline with.

    Parameters
    ----------
    corners : (4, 2) array_like of float
        The tile's tl, tr, br, bl corners as (x, y) pixels of the photo.
    short_side : int, keyword-only
        Rows of the crop (pixels).

    Returns
    -------
    (3, 3) ndarray of float64
        Maps (x, y) pixels of the photo to (x, y) pixels of the crop.
    """
    points = np.asarray(corners, dtype=np.float32).reshape(4, 2)
    top = float(np.linalg.norm(points[1] - points[0]))
    side = float(np.linalg.norm(points[3] - points[0]))
    if side > top:  # standing tile: its top half goes to the crop's left
        points = points[[1, 2, 3, 0]]
    size = short_side
    target = np.array([[0, 0], [2 * size, 0], [2 * size, size], [0, size]], dtype=np.float32)
    return cv2.getPerspectiveTransform(points, target)


def _tile_ink(crop: np.ndarray) -> np.ndarray:
    """Ink of a tile crop (0..255): dark marks, or marks of another colour than the face."""
    rows = crop.shape[0]
    kernel = max(3, round(rows * 0.4) | 1)
    shape = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kernel, kernel))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    # Colour against the face's own (ivory or white): the paler pixels' median.
    # (Percentiles of uint8 codes from their histogram: numpy's values, sooner.)
    pale = lab[:, :, 0] >= _percentile_u8(lab[:, :, 0], 60)
    a = lab[:, :, 1].astype(np.int16) - int(_percentile_u8(lab[:, :, 1][pale].reshape(1, -1), 50))
    b = lab[:, :, 2].astype(np.int16) - int(_percentile_u8(lab[:, :, 2][pale].reshape(1, -1), 50))
    chroma = np.clip((np.abs(a) + np.abs(b)) * 2, 0, 255).astype(np.uint8)
    # Black-hat of lightness and top-hat of chroma in one call: the top-hat of the
    # chroma is the black-hat of its negative (the same pixels, a quarter sooner).
    both = cv2.morphologyEx(cv2.merge([lab[:, :, 0], 255 - chroma]), cv2.MORPH_BLACKHAT, shape)
    ink: np.ndarray = np.maximum(both[:, :, 0], both[:, :, 1])
    return ink


def split_at_bar(crop: np.ndarray, *, search: float = 0.15) -> tuple[int, int, float]:
    """Find the divider bar of a rectified tile.

    Parameters
    ----------
    crop : (rows, 2 * rows, 3) ndarray of uint8, BGR
        A tile from :func:`rectify_tile` (not changed).
    search : float, keyword-only
        The bar is looked for within this fraction of the crop's width either side
        of the middle.

    Returns
    -------
    first, last : int
        First and last column of the bar (pixels of ``crop``).
    strength : float
        0..1: the share of the bar's columns (middle rows) covered by ink.
    """
    return _split_in_ink(_tile_ink(crop), search=search)


def _split_in_ink(ink: np.ndarray, *, search: float = 0.15) -> tuple[int, int, float]:
    """:func:`split_at_bar` on the crop's ink (:func:`_tile_ink`), already measured."""
    rows, cols = ink.shape
    band = ink[int(rows * 0.2) : int(rows * 0.8)] > 40
    profile = band.mean(axis=0)
    low, high = int(cols * (0.5 - search)), int(cols * (0.5 + search)) + 1
    best = float(profile[low:high].max())
    # Runs of strongly inked columns; the bar is the thin run nearest the middle (a
    # column of touching pips can be as dark, but it is wide and off the middle).
    runs: list[tuple[int, int]] = []
    col = low
    while col < high:
        if profile[col] >= 0.85 * best:
            start = col
            while col + 1 < high and profile[col + 1] >= 0.85 * best:
                col += 1
            runs.append((start, col))
        col += 1
    if not runs:
        return cols // 2, cols // 2, 0.0
    middle = cols / 2

    def rank(run: tuple[int, int]) -> tuple[bool, float]:
        wide = run[1] - run[0] + 1 > 0.12 * rows
        return wide, abs((run[0] + run[1]) / 2 - middle)

    first, last = min(runs, key=rank)
    strength = float(profile[first : last + 1].max())
    return first, last, float(np.clip(strength, 0.0, 1.0))


def _snap(value: float) -> int:
    return 0 if value < 0.37 else 2 if value > 0.63 else 1


def _is_round(
    width: int, height: int, area: int, mask: np.ndarray | None = None, *, fill: float = 0.55
) -> bool:
    """A pip's shape: not long, filling its box, and (if ``mask`` is given) solid."""
    if max(width, height) > 1.8 * min(width, height) or area < fill * width * height:
        return False
    if mask is None:
        return True
    contours, _ = cv2.findContours(
        mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    hull = cv2.contourArea(cv2.convexHull(np.vstack(contours)))
    return hull <= 0 or area >= 0.85 * hull


def _split_touching(mask: np.ndarray, small: float, large: float) -> list[tuple[float, float]]:
    """Centres (row, col) of round pips that touch in ``mask``; [] if it is not pips."""
    shape = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    original = mask.astype(np.uint8)
    current = original
    for times in range(1, 5):
        current = cv2.erode(current, shape)
        count, _, stats, centroids = cv2.connectedComponentsWithStats(current, connectivity=4)
        if count <= 2:
            continue
        parts = []
        areas = []
        biggest = int(stats[1:, cv2.CC_STAT_AREA].max())
        for label in range(1, count):
            _x, _y, w, h, area = (int(value) for value in stats[label])
            if area < 0.3 * biggest:
                continue  # a crumb left where two pips met
            if not (small <= area <= large and _is_round(w, h, area, fill=0.45)):
                break
            parts.append((float(centroids[label][1]), float(centroids[label][0])))
            areas.append(area)
        else:
            if len(parts) < 2:
                continue
            # Round pips grow back to cover the mark; letters and lines do not.
            grown = cv2.dilate(current, shape, iterations=times) & original
            if max(areas) <= 1.6 * min(areas) and grown.sum() >= 0.85 * original.sum():
                return parts
    return []


def legal_layout(centres: tuple[tuple[float, float], ...]) -> bool:
    """True if pips at ``centres`` sit on a legal layout of their count.

    0-9 pips: the cells of a die face's 3x3 grid (any turn or mirror).  10-12 pips:
    the double-twelve sets' three rows of four along the half (turned a quarter too),
    the middle row holding the ends (10), the ends and the middle (11) or four (12);
    checked against the pips' own rows, so a loose outline's offset, squash or
    slant does not matter.

    Parameters
    ----------
    centres : tuple of (float, float)
        Each pip's (row, col) in its half, as fractions (0..1) of the half's size.

    Returns
    -------
    bool
        False when two pips share a cell of the 3x3 grid or the occupied cells are
        no layout of that count, when 10-12 pips are not on those rows of four, and
        for more than 12 pips (no set has them).

    >>> legal_layout(((0.2, 0.2), (0.8, 0.8)))
    True
    >>> legal_layout(((0.2, 0.2), (0.2, 0.8)))
    False
    """
    count = len(centres)
    if count > 9:
        return count in _BIG_MIDDLES and any(
            _on_rows_of_four(points, _BIG_MIDDLES[count])
            for points in (centres, tuple((col, row) for row, col in centres))
        )
    cells = frozenset((_snap(row), _snap(col)) for row, col in centres)
    if len(cells) != count:
        return False
    return cells in _LEGAL[count]


def _on_rows_of_four(centres: tuple[tuple[float, float], ...], middles: tuple[float, ...]) -> bool:
    """Do the pips lie in three rows across the cols (however slanted): four evenly
    spaced, then ``middles`` (shares of the outer rows' span), then four?"""
    ordered = sorted(centres)
    if len(ordered) - 8 != len(middles):
        return False
    # Level the rows first: an outline slanted across the tile slants them all alike
    # (the outer rows' common slope of row on col).
    dots = squares = 0.0
    for outer in (ordered[:4], ordered[-4:]):
        row_mean = sum(row for row, _ in outer) / 4
        col_mean = sum(col for _, col in outer) / 4
        dots += sum((row - row_mean) * (col - col_mean) for row, col in outer)
        squares += sum((col - col_mean) ** 2 for _, col in outer)
    slope = dots / squares if squares > 0 else 0.0
    level = [(row - slope * col, col) for row, col in ordered]
    rows = (level[:4], level[4:-4], level[-4:])
    first = float(np.mean([row for row, _ in rows[0]]))
    last = float(np.mean([row for row, _ in rows[2]]))
    gap = last - first
    if gap <= 0:
        return False
    for share, pips in zip((0.0, 0.5, 1.0), rows, strict=True):
        if any(abs((row - first) / gap - share) > BIG_SLACK for row, _ in pips):
            return False
    spans = []
    for pips in (rows[0], rows[2]):
        cols = sorted(col for _, col in pips)
        span = cols[-1] - cols[0]
        if span <= 0 or any(
            abs((col - cols[0]) / span - place) > BIG_SLACK
            for col, place in zip(cols, (0.0, 1 / 3, 2 / 3, 1.0), strict=True)
        ):
            return False
        spans.append((cols[0], cols[-1]))
    start = (spans[0][0] + spans[1][0]) / 2
    span = (spans[0][1] + spans[1][1]) / 2 - start
    cols = sorted(col for _, col in rows[1])
    return all(
        abs((col - start) / span - place) <= BIG_SLACK
        for col, place in zip(cols, middles, strict=True)
    )


def count_pips(
    half: np.ndarray,
    *,
    ink_threshold: int = 50,
    min_size: float = 0.07,
    max_size: float = 0.42,
) -> HalfCount:
    """Count the pips on one half of a rectified tile.

    Parameters
    ----------
    half : (rows, cols, 3) ndarray of uint8, BGR
        One half, roughly square, the divider bar and the tile's rim cut away.
    ink_threshold : int, keyword-only
        Least ink (0..255) of a pip pixel.
    min_size, max_size : float, keyword-only
        Smallest and largest pip diameter, as fractions of the half's rows.

    Returns
    -------
    HalfCount
        Pip count (0 if the half is blank), confidence, pip centres, legality.
        ``pips`` is -1 when the half holds marks that are not pips (a face-down
        tile's print, a picture): then it is not a face-up tile.
    """
    return _count_in_ink(
        _tile_ink(half), ink_threshold=ink_threshold, min_size=min_size, max_size=max_size
    )


def _count_in_ink(
    ink: np.ndarray, *, ink_threshold: int = 50, min_size: float = 0.07, max_size: float = 0.42
) -> HalfCount:
    """:func:`count_pips` on the half's ink (:func:`_tile_ink` of the half), already
    measured: a half counted at several levels measures its ink once."""
    rows, cols = ink.shape[:2]
    marks = (ink > ink_threshold).astype(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(marks, connectivity=8)
    side = float(min(rows, cols))
    small = (min_size * side) ** 2 * np.pi / 4
    large = (max_size * side) ** 2 * np.pi / 4
    pips: list[tuple[float, float]] = []
    areas: list[float] = []
    edge_pips: list[tuple[float, float]] = []
    edge_areas: list[float] = []
    stray = 0.0
    split = 0
    for label in range(1, count):
        x, y, w, h, area = (int(value) for value in stats[label])
        if area < 0.4 * small:
            continue
        box = labels[y : y + h, x : x + w] == label
        if small <= area <= large and _is_round(w, h, area, box):
            col, row = centroids[label]
            on_edge = x == 0 or y == 0 or x + w == cols or y + h == rows
            (edge_pips if on_edge else pips).append((float(row) / rows, float(col) / cols))
            (edge_areas if on_edge else areas).append(float(area))
            continue
        parts = _split_touching(box, small * 0.5, large)
        if parts:
            pips.extend(((y + row) / rows, (x + col) / cols) for row, col in parts)
            split += len(parts)
        elif x > 0 and y > 0 and x + w < cols and y + h < rows:
            stray += area
        elif 0.15 < centroids[label][0] / cols < 0.85 and 0.15 < centroids[label][1] / rows < 0.85:
            # Print reaching in from the edge; marks on the rim are not the tile's (nor is
            # the rim itself, seen all round the half at a low ink level: it keeps to the
            # edge, its centre in the middle).
            band = max(1, round(0.12 * side))
            inner = box[
                max(0, band - y) : max(0, rows - band - y),
                max(0, band - x) : max(0, cols - band - x),
            ]
            if np.count_nonzero(inner) >= 0.4 * small:
                stray += area
    stray_share = stray / (rows * cols)
    if stray_share > 0.04:
        return HalfCount(-1, 0.0, (), False)
    # A mark on the half's edge much smaller than the whole pips is the rim's shading or
    # the next tile, not a pip.
    least = 0.5 * float(np.median(areas)) if areas else 0.0
    for centre, area in zip(edge_pips, edge_areas, strict=True):
        if area >= least:
            pips.append(centre)
            areas.append(area)
    centres = tuple(pips)
    legal = legal_layout(centres)
    confidence = 1.0
    if len(areas) > 1:
        spread = float(np.std(areas) / np.mean(areas))
        confidence -= min(0.5, max(0.0, spread - 0.15))
    confidence -= min(0.4, stray_share * 10)
    confidence -= 0.05 * split  # pips that touched were pulled apart
    if not legal:
        confidence = min(confidence, 0.3)
    return HalfCount(len(centres), float(np.clip(confidence, 0.0, 1.0)), centres, legal)


def _cut_column(
    ink: np.ndarray,
    level: int,
    centres: tuple[tuple[float, float], ...],
    *,
    box: tuple[int, int, int, int],
    outer: int,
) -> bool:
    """Does the tile's outline cut a column of pips at one half's outer end?

    An outline walked short (a tile seen at a low angle, its far end in shade) ends
    across a column of pips: its crop shows pieces of pips touching its end, in line
    with the half's rows of pips, and the half reads a smaller legal count (a 12 of
    three rows of four read as a 9, an 11 as an 8).  Such a reading is not to be
    trusted over a longer outline of the same tile.

    Parameters
    ----------
    ink : (rows, cols) ndarray of uint8
        The whole rectified tile's ink (:func:`_tile_ink` of the crop).
    level : int
        Ink level (0..255) the half's pips were counted at.
    centres : tuple of (float, float)
        The half's pips, (row, col) as fractions of the half (:class:`HalfCount`).
    box : tuple of int, keyword-only
        The half in the crop: first row, first col, rows, cols (pixels).
    outer : int, keyword-only
        The crop's column at the half's outer end (0 or the last column).

    Returns
    -------
    bool
        True when two or more pieces of pips touch the crop's end, each in line with
        a row of the half's counted pips and no larger than one.
    """
    if len(centres) < 2:
        return False
    top, left, rows, cols = box
    marks = (ink > level).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(marks, connectivity=8)
    heights = []
    pip_rows = []
    for row, col in centres:
        y = min(ink.shape[0] - 1, round(top + row * rows))
        x = min(ink.shape[1] - 1, round(left + col * cols))
        label = labels[y, x]
        if label > 0:
            heights.append(float(stats[label, cv2.CC_STAT_HEIGHT]))
            pip_rows.append(float(y))
    if not heights:
        return False
    pip = float(np.median(heights))
    pieces = 0
    for label in range(1, count):
        x, y, w, h, area = (int(value) for value in stats[label])
        touches = x == 0 if outer == 0 else x + w == ink.shape[1]
        if (
            not touches
            or w > 1.3 * pip
            or not 0.5 * pip <= h <= 1.4 * pip
            or area < 0.15 * pip * pip
        ):
            continue
        middle = y + h / 2
        if min(abs(middle - row) for row in pip_rows) <= 0.5 * pip:
            pieces += 1
    return pieces >= 2


def evened_light(image: np.ndarray, *, reach: int) -> np.ndarray:
    """``image`` with uneven light evened out: each pixel divided by its local white.

    The local white is the palest grey within ``reach`` pixels (a square window),
    smoothed over the same window; each pixel's channels are scaled so its local white
    is the image's own (the 90th percentile of the local whites).  A tile in a shadow
    across the table, or the half of a tile in it, then stands out from what is round it
    as one in the light does.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not changed.
    reach : int, keyword-only
        Window side, pixels (>= 1): larger than the marks to keep (pips; a tile).

    Returns
    -------
    (rows, cols, 3) ndarray of uint8, BGR
        A new array.
    """
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    side = max(1, int(reach)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    white = cv2.blur(cv2.dilate(grey, kernel).astype(np.float32), (side, side))
    top = float(np.percentile(white, 90))
    gain = top / np.maximum(white, 16.0)
    evened = image.astype(np.float32) * gain[:, :, None]
    return np.clip(np.rint(evened), 0, 255).astype(np.uint8)
