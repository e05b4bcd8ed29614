"""Find domino tiles in a photo: each face-up tile by its divider bar.

Every face-up tile has exactly one divider bar: a thin dark stroke across the
tile's middle, with the tile's white face on both sides and beyond both of its
ends.  The bar gives the tile's centre and orientation; walks from the centre
over the white face give its width and length.  Face-down tiles, coins and boxes
have no bar; a stroke that runs out to the edge of the white (the crack between
two touching tiles) is not a bar.  Pictures of dominoes printed on a board's
border are dropped when a printed play area is found (:func:`find_play_area`).
On a table paler than the tiles (a marble), :mod:`vision.dominoes.pale` also gives
each bar a face of its own colour.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.dominoes.pale import _dark_strokes, _ink_along, _off_face_tiles
from vision.dominoes.pipbars import _pip_bar_tiles
from vision.dominoes.strokes import (
    TileCandidate,
    _clear_ends,
    _corners,
    _fraction_inside,
    _Stroke,
    _strokes,
    _tile_from_bar,
)

__all__ = ["TileCandidate", "face_mask", "find_play_area", "find_tiles", "ink_map", "shrink"]


def shrink(image: np.ndarray, max_side: int) -> np.ndarray:
    """Shrink ``image`` so its longer side is at most ``max_side`` pixels, quickly.

    Halves it (area interpolation, OpenCV's fast path for a factor of two) while it
    is more than twice too big, then one last area resize.

    Parameters
    ----------
    image : (rows, cols) or (rows, cols, 3) ndarray of uint8
    max_side : int
        Longest side wanted, pixels (>= 1).

    Returns
    -------
    ndarray of uint8
        A new array (a copy if no shrinking is needed).
    """
    if max_side < 1:
        raise ValueError(f"max_side must be at least 1 pixel, got {max_side}")
    work = image
    while max(work.shape[:2]) >= 2 * max_side and min(work.shape[:2]) >= 2:
        rows, cols = (work.shape[0] // 2) * 2, (work.shape[1] // 2) * 2
        work = cv2.resize(work[:rows, :cols], (cols // 2, rows // 2), interpolation=cv2.INTER_AREA)
    rows, cols = work.shape[:2]
    if max(rows, cols) <= max_side:
        return work.copy() if work is image else work
    scale = max_side / max(rows, cols)
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))  # (x, y) for cv2
    return cv2.resize(work, size, interpolation=cv2.INTER_AREA)


def ink_map(image: np.ndarray, *, kernel: int = 31) -> np.ndarray:
    """Ink (pips, bars, cracks) against the local white of the tile face.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
    kernel : int, keyword-only
        Diameter in pixels of the largest ink mark looked for (odd).

    Returns
    -------
    (rows, cols) ndarray of uint8
        0 = no ink; dark marks (black-hat of lightness) or coloured marks on a
        pale face (top-hat of chroma), whichever is stronger.
    """
    return _ink(cv2.cvtColor(image, cv2.COLOR_BGR2LAB), kernel=kernel)


def _ink(lab: np.ndarray, *, kernel: int = 31) -> np.ndarray:
    light = lab[:, :, 0]
    chroma_u8 = _chroma(lab, gain=2.0)
    shape = cv2.getStructuringElement(cv2.MORPH_RECT, (kernel, kernel))
    # Both in one call: the top-hat of the chroma is the black-hat of its negative.
    both = cv2.morphologyEx(cv2.merge([light, 255 - chroma_u8]), cv2.MORPH_BLACKHAT, shape)
    ink: np.ndarray = np.maximum(both[:, :, 0], both[:, :, 1])
    return ink


def _chroma(lab: np.ndarray, *, gain: float) -> np.ndarray:
    """Chroma of a Lab image (uint8 codes), times ``gain``, clipped to uint8."""
    a = lab[:, :, 1].astype(np.int16) - 128
    b = lab[:, :, 2].astype(np.int16) - 128
    chroma = np.abs(a) + np.abs(b)  # L1 chroma: cheap, close enough to pick out colour
    if float(gain).is_integer() and 0 <= gain <= 127:
        # Whole products (at most 256 * 127) in int16, saturated to uint8: the same
        # codes as through float64, sooner.
        return cv2.convertScaleAbs(chroma * np.int16(gain))
    return np.clip(chroma * gain, 0, 255).astype(np.uint8)


def face_mask(image: np.ndarray, *, kernel: int = 31) -> np.ndarray:
    """Pale, low-chroma areas where tile faces may be (ink closed over).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR

    Returns
    -------
    (rows, cols) ndarray of bool
    """
    return _face(cv2.cvtColor(image, cv2.COLOR_BGR2LAB), kernel=kernel)


def _face(lab: np.ndarray, *, kernel: int = 31, max_chroma: int = 30, blur: int = 5) -> np.ndarray:
    light = cv2.medianBlur(lab[:, :, 0], blur)
    # Colour relative to the brightest pixels' (the tiles', under the photo's light).
    white = _percentile_u8(lab[:, :, 0], 98)
    brightest = lab[:, :, 0] >= white
    ref_a = int(np.median(lab[:, :, 1][brightest]))
    ref_b = int(np.median(lab[:, :, 2][brightest]))
    off = np.abs(lab[:, :, 1].astype(np.int16) - ref_a) + np.abs(
        lab[:, :, 2].astype(np.int16) - ref_b
    )
    chroma = cv2.medianBlur(cv2.convertScaleAbs(off), blur)  # off >= 0: saturated to 255
    # Lightness less chroma (whole codes, at least 0) where the chroma is low, else 0.
    score_u8 = np.where(chroma <= max_chroma, cv2.subtract(light, chroma), np.uint8(0))
    threshold, _ = cv2.threshold(score_u8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    face = score_u8 > max(threshold, 0.7 * white, 80)
    # Fill small holes (the coloured rims of pips), keep the cracks joined to the table.
    holes = (~face).astype(np.uint8)
    _count, labels, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=4)
    is_hole = stats[:, cv2.CC_STAT_AREA] < 16 * kernel * kernel
    is_hole[0] = False
    return face | is_hole[labels]


#: The board's cell (a tile's width), in working pixels, at which the search's sizes in
#: pixels were tuned: 80-pixel cells shrunk from 1360 to 1280 pixels.
TUNED_TILE_WIDTH = 80 * 1280 / 1360


def _odd(size: float) -> int:
    """The odd whole number of pixels nearest ``size`` (at least 3): a kernel's side."""
    return max(3, 2 * round((size - 1) / 2) + 1)


def _percentile_u8(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` (linear) of a uint8 array, from its histogram (faster)."""
    counts = cv2.calcHist([np.ascontiguousarray(values)], [0], None, [256], [0, 256]).ravel()
    cumulative = np.cumsum(np.rint(counts).astype(np.int64))
    position = q / 100 * (cumulative[-1] - 1)
    low = int(np.floor(position))
    fraction = position - low
    # The value at sorted rank r (0-based) is the least v with more than r values <= v.
    at_low = int(np.searchsorted(cumulative, low + 1, side="left"))
    at_high = int(np.searchsorted(cumulative, low + 2, side="left")) if fraction > 0 else at_low
    return at_low + fraction * (at_high - at_low)


def find_tiles(
    image: np.ndarray,
    *,
    work_side: int = 1280,
    ink_threshold: int = 40,
    min_bar: float = 12.0,
) -> list[TileCandidate]:
    """Find the face-up tiles of a photo by their divider bars.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).
    work_side : int, keyword-only
        Tiles are looked for on a copy whose longer side is at most this many pixels.
    ink_threshold : int, keyword-only
        Least ink (0..255, see :func:`ink_map`) of a bar or crack pixel.
    min_bar : float, keyword-only
        Shortest divider bar looked for, in working pixels.

    Returns
    -------
    list of TileCandidate
        Corners in pixels of ``image``; strongest first.
    """
    return _search(image, work_side=work_side, ink_threshold=ink_threshold, min_bar=min_bar)[0]


def _search(
    image: np.ndarray,
    *,
    work_side: int = 1280,
    ink_threshold: int = 40,
    min_bar: float = 12.0,
    tile_width: float | None = None,
    debug: bool = False,
    enlarge: bool = False,
    pale: bool = False,
) -> tuple[list[TileCandidate], dict[str, np.ndarray], bool]:
    """:func:`find_tiles`, also returning named debug images (BGR uint8, working size)
    and whether the table was taken to be as pale as the tiles (the pale-table search ran).

    ``tile_width`` (pixels of ``image``), when known (a board's cell), fixes each tile's
    size: a tile is then a ``tile_width`` x 2 ``tile_width`` rectangle centred on its bar.
    Every size in pixels (the ink and face kernels, the shortest bar) is then taken in
    proportion to it, from the sizes tuned at a tile width of :data:`TUNED_TILE_WIDTH`
    working pixels, so a board read at any resolution is searched alike.  ``enlarge``:
    a photo smaller than ``work_side`` is enlarged to it (else searched as it is).
    ``pale``: run the pale-table search whatever the share of the palest colour.
    """
    if enlarge and work_side > max(image.shape[:2]):
        # Small tiles, searched at the size they are as wide as tuned for
        # (vision.dominoes.pipeline._tile_side): the photo is enlarged.
        factor = work_side / max(image.shape[:2])
        size = (round(image.shape[1] * factor), round(image.shape[0] * factor))  # (x, y)
        work = cv2.resize(image, size, interpolation=cv2.INTER_LINEAR)
    else:
        work = shrink(image, work_side)
    scale = image.shape[1] / work.shape[1]
    unit = 1.0 if tile_width is None else tile_width / scale / TUNED_TILE_WIDTH
    kernel = _odd(31 * unit)
    min_bar *= unit
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB)
    face = _face(lab, kernel=kernel, blur=min(5, _odd(5 * unit)))
    # Ink on the faces, and thin marks hemmed in by them (a bar whose ends reach the rim).
    near = _odd(7 * unit)
    near_face = cv2.dilate(face.astype(np.uint8), np.ones((near, near), np.uint8)) > 0
    all_ink = _ink(lab, kernel=kernel)
    ink = np.where(near_face, all_ink, 0).astype(np.uint8)
    marks = (ink > ink_threshold).astype(np.uint8)
    strokes, _ = _strokes(marks, min_length=min_bar)
    known = None if tile_width is None else tile_width / scale
    # Pips close to a bar can merge with it: take away the marks thicker than a bar.
    barlike = [stroke for stroke in strokes if all(_clear_ends(stroke, face))] or strokes
    longest = max((stroke.length for stroke in barlike), default=0.0)
    thick = [stroke.thickness for stroke in barlike if stroke.length >= 0.5 * longest]
    bar_thickness = float(np.median(thick)) if thick else 3.0
    if known is not None:
        bar_thickness = min(bar_thickness, 0.06 * known)
    size = 2 * round(bar_thickness) + 1
    pips = cv2.morphologyEx(
        marks, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    )
    marks &= 1 - cv2.dilate(pips, np.ones((3, 3), np.uint8))
    if known is not None:
        # Tiles square to the photo (a board): a bar is a straight run across or down,
        # longer than any pip, so openings by such runs keep the bars and drop the rest.
        run = max(3, round(0.45 * known))
        across_run = cv2.morphologyEx(marks, cv2.MORPH_OPEN, np.ones((1, run), np.uint8))
        down_run = cv2.morphologyEx(marks, cv2.MORPH_OPEN, np.ones((run, 1), np.uint8))
        straight = across_run | down_run
        strokes, outlines = _strokes(straight, min_length=min_bar)
        # ... and the marks as they are, for a tile laid a little askew.
        more, more_outlines = _strokes(marks, min_length=min_bar)
        for stroke in more:
            stroke.label += len(outlines)
        strokes += more
        outlines += more_outlines
        marks = straight | marks
    else:
        strokes, outlines = _strokes(marks, min_length=min_bar)
    # A stroke with both ends on the face may be a bar; one running off the face at
    # either end may be a crack between touching tiles, a wall for the walks (a bar
    # that nearly reaches the tile's edge can be both: its own walls are ignored).
    walls = np.where(face, 0, -1).astype(np.int32)
    bars: list[_Stroke] = []
    for stroke in strokes:
        clear = _clear_ends(stroke, face)
        if any(clear):
            bars.append(stroke)
        if not all(clear):
            cv2.drawContours(walls, outlines, stroke.label, stroke.label + 1, thickness=cv2.FILLED)
    blocked = walls
    found: list[TileCandidate] = []
    for bar in bars:
        across = np.array([-bar.along[1], bar.along[0]])
        length = bar.length
        if known is not None:
            if not 0.4 * known <= length <= 0.92 * known:
                continue
            corners = _corners(bar.centre, across, bar.along, known, known / 2)
            inside = _fraction_inside(face, corners)
            if inside >= 0.7:
                found.append(
                    TileCandidate(corners * scale, known * scale, 2 * known * scale, inside)
                )
            continue
        tile = _tile_from_bar(bar, blocked, face)
        if tile is not None:
            found.append(_scaled(tile, scale))
    pale = known is None and (pale or float(face.mean()) >= 0.35 or not found)
    if pale:
        # The palest colour covers over a third of the photo: it may be a pale table
        # (marble) with the tiles darker than it, so their faces are not "face".  Every
        # bar is also given a face of its own colour (vision/dominoes/pale.py).  So too
        # when no tile was found at all (a close-up of an ivory tile with a strip of
        # paler table at the edge, which the palest colour is then taken from).
        dark = _dark_strokes(all_ink, ink_threshold=ink_threshold, min_bar=min_bar)
        on_pale, own_faces = _off_face_tiles(
            lab, all_ink, ink_threshold=ink_threshold, min_bar=min_bar, strokes=dark
        )
        # A second source: bars with pips on both sides, where no face stands out.
        darkest = [
            stroke for stroke in dark if _ink_along(all_ink, stroke) >= round(1.5 * ink_threshold)
        ]
        # On a table as pale as a face, a tile whose walks found no edge may be the
        # table itself with a vein across it: it is not taken as a double-blank.
        found = [replace(tile, blank_ok=tile.score > 0.7 + 1e-9) for tile in found]
        found += [_scaled(tile, scale) for tile in on_pale]
        extra, proposed = _pip_bar_tiles(
            all_ink,
            darkest,
            [_scaled(tile, 1 / scale) for tile in found],
            ink_threshold=ink_threshold,
        )
        for index, added in extra.items():
            tile = found[index]
            found[index] = replace(
                tile, others=tile.others + tuple(_scaled(other, scale) for other in added)
            )
        found += [_scaled(tile, scale) for tile in proposed]
    else:
        own_faces = []
    tiles = _suppress(sorted(found, key=lambda tile: -tile.score))
    if not debug:
        return tiles, {}, pale
    shown = work.copy()
    shown[~face] //= 3
    shown[marks > 0] = (0, 255, 255)
    for stroke in strokes:
        colour = (0, 200, 0) if any(stroke is bar for bar in bars) else (0, 0, 255)
        cv2.drawContours(shown, outlines, stroke.label, colour, 1)
    cv2.drawContours(shown, own_faces, -1, (255, 255, 0), 1)
    for tile in tiles:
        outline = np.rint(tile.corners / scale).astype(np.int32)
        cv2.polylines(shown, [outline], True, (255, 0, 255), 2)
    return tiles, {"search": shown}, pale


def _scaled(tile: TileCandidate, scale: float) -> TileCandidate:
    others = tuple(_scaled(other, scale) for other in tile.others)
    return TileCandidate(
        tile.corners * scale,
        tile.width * scale,
        tile.length * scale,
        tile.score,
        others,
        tile.proposed,
        tile.blank_ok,
    )


def _suppress(tiles: list[TileCandidate]) -> list[TileCandidate]:
    """Drop a tile whose centre is within a quarter width of a stronger tile's centre."""
    kept: list[TileCandidate] = []
    for tile in tiles:
        centre = tile.corners.mean(axis=0)
        near = [
            float(np.linalg.norm(centre - other.corners.mean(axis=0))) < 0.25 * other.width
            for other in kept
        ]
        if not any(near):
            kept.append(tile)
    return kept


def find_play_area(
    image: np.ndarray,
    *,
    work_side: int = 400,
    min_share: float = 0.12,
    min_saturation: int = 70,
) -> np.ndarray | None:
    """Find the printed play area of a board, if the photo shows one.

    A printed board's play area is a large patch of one saturated colour, roughly
    square (15 x 15 cells; at most 1.6 times as long as wide, seen at a slant), wholly
    inside the photo (a tablecloth runs off the photo's edges; a tile filling a
    close-up is twice as long as wide).
    Tiles count only inside it: the dominoes printed on the board's border are
    pictures, not tiles.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo (not changed).
    work_side : int, keyword-only
        The area is looked for on a copy whose longer side is at most this many pixels.
    min_share : float, keyword-only
        Smallest play area, as a share of the photo.
    min_saturation : int, keyword-only
        Least HSV saturation (0..255) of the play area's colour.

    Returns
    -------
    (4, 2) ndarray of float64 or None
        tl, tr, br, bl corners as (x, y) pixels of ``image``; None if no board is seen.
    """
    work = shrink(image, work_side)
    scale = image.shape[1] / work.shape[1]
    rows, cols = work.shape[:2]
    hsv = cv2.cvtColor(work, cv2.COLOR_BGR2HSV)
    hue, sat, val = hsv[:, :, 0], hsv[:, :, 1], hsv[:, :, 2]
    coloured = (sat >= min_saturation) & (val >= 50)
    shape = cv2.getStructuringElement(cv2.MORPH_RECT, (5, 5))
    best: tuple[float, np.ndarray] | None = None
    # Pixels of each hue (OpenCV's 0-179): a hue whose pixels cover under half the
    # least play area makes none (a 5 x 5 closing fills gaps, it does not double an
    # area), so only the few hues of a photo's saturated colours are looked at.
    hues = np.bincount(hue[coloured], minlength=180)
    shift = hue.astype(np.int16)
    for centre in range(0, 180, 10):
        distances = np.abs(((np.arange(180) - centre + 90) % 180) - 90)
        if hues[distances <= 12].sum() < 0.5 * min_share * rows * cols:
            continue
        distance = np.abs(((shift - centre + 90) % 180) - 90)
        mask = (coloured & (distance <= 12)).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, shape)
        _count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        large = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] >= min_share * rows * cols)
        for label in large[large > 0]:
            x, y, w, h, area = (int(value) for value in stats[label])
            if x <= 1 or y <= 1 or x + w >= cols - 1 or y + h >= rows - 1:
                continue
            points = cv2.findNonZero((labels == label).astype(np.uint8))
            hull = cv2.convexHull(points)
            hull_area = float(cv2.contourArea(hull))
            (_, (rw, rh), _) = rect = cv2.minAreaRect(hull)
            # The play area is a square of 15 x 15 cells (a little off square seen at a
            # slant); a tile filling a close-up is a 2:1 patch of ivory, no play area.
            if (
                hull_area < 0.9 * rw * rh
                or area < 0.4 * hull_area
                or max(rw, rh) > 1.6 * min(rw, rh)
            ):
                continue
            if best is None or hull_area > best[0]:
                best = (hull_area, cv2.boxPoints(rect).astype(np.float64))
    if best is None:
        return None
    points = best[1] * scale
    # tl, tr, br, bl: clockwise on screen from the top-left-most corner.
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    points = points[np.argsort(angles)]
    start = int(np.argmin(points[:, 0] + points[:, 1]))
    return np.roll(points, -start, axis=0)
