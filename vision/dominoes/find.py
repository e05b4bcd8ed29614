"""Find domino tiles in a photo: each face-up tile by its divider bar.

Every face-up tile has exactly one divider bar: a thin dark stroke across the
tile's middle, with the tile's white face on both sides and beyond both of its
ends.  The bar gives the tile's centre and orientation; walks from the centre
over the white face give its width and length.  Face-down tiles, coins and boxes
have no bar; a stroke that runs out to the edge of the white (the crack between
two touching tiles) is not a bar.  Pictures of dominoes printed on a board's
border are dropped when a printed play area is found (:func:`find_play_area`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

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
    """

    corners: np.ndarray
    width: float
    length: float
    score: float


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
    dark = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT, shape)
    colour = cv2.morphologyEx(chroma_u8, cv2.MORPH_TOPHAT, shape)
    return np.maximum(dark, colour)


def _chroma(lab: np.ndarray, *, gain: float) -> np.ndarray:
    """Chroma of a Lab image (uint8 codes), times ``gain``, clipped to uint8."""
    a = lab[:, :, 1].astype(np.int16) - 128
    b = lab[:, :, 2].astype(np.int16) - 128
    chroma = np.abs(a) + np.abs(b)  # L1 chroma: cheap, close enough to pick out colour
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


def _face(lab: np.ndarray, *, kernel: int = 31, max_chroma: int = 30) -> np.ndarray:
    light = cv2.medianBlur(lab[:, :, 0], 5)
    # Colour relative to the brightest pixels' (the tiles', under the photo's light).
    white = float(np.percentile(lab[:, :, 0], 98))
    brightest = lab[:, :, 0] >= white
    ref_a = int(np.median(lab[:, :, 1][brightest]))
    ref_b = int(np.median(lab[:, :, 2][brightest]))
    off = np.abs(lab[:, :, 1].astype(np.int16) - ref_a) + np.abs(
        lab[:, :, 2].astype(np.int16) - ref_b
    )
    chroma = cv2.medianBlur(np.clip(off, 0, 255).astype(np.uint8), 5)
    score = np.where(chroma <= max_chroma, light.astype(np.float32) - chroma, 0)
    score_u8 = np.clip(np.rint(score), 0, 255).astype(np.uint8)
    threshold, _ = cv2.threshold(score_u8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    face = score_u8 > max(threshold, 0.7 * white, 80)
    # Fill small holes (the coloured rims of pips), keep the cracks joined to the table.
    holes = (~face).astype(np.uint8)
    _count, labels, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=4)
    is_hole = stats[:, cv2.CC_STAT_AREA] < 16 * kernel * kernel
    is_hole[0] = False
    return face | is_hole[labels]


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


def _clear_ends(stroke: _Stroke, face: np.ndarray) -> list[bool]:
    """For each end of ``stroke``: is the face there, just beyond it?"""
    margin = max(2.0, 0.04 * stroke.length)
    ends = [stroke.centre + sign * stroke.along * (stroke.length / 2 + margin) for sign in (1, -1)]
    return [not _is_blocked(~face, end) for end in ends]


def _is_blocked(mask: np.ndarray, point: np.ndarray) -> bool:
    col, row = round(point[0]), round(point[1])
    rows, cols = mask.shape
    return not (0 <= row < rows and 0 <= col < cols) or bool(mask[row, col])


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
    ahead = [_walk(blocked, centre + side * offset, step, limit, own) for offset in offsets]
    back = [_walk(blocked, centre + side * offset, -step, limit, own) for offset in offsets]
    if rank is None:
        return float(np.median(ahead)), float(np.median(back))
    return sorted(ahead)[-rank], sorted(back)[-rank]


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
) -> tuple[list[TileCandidate], dict[str, np.ndarray]]:
    """:func:`find_tiles`, also returning named debug images (BGR uint8, working size).

    ``tile_width`` (pixels of ``image``), when known (a board's cell), fixes each tile's
    size: a tile is then a ``tile_width`` x 2 ``tile_width`` rectangle centred on its bar.
    """
    work = shrink(image, work_side)
    scale = image.shape[1] / work.shape[1]
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2LAB)
    face = _face(lab)
    # Ink on the faces, and thin marks hemmed in by them (a bar whose ends reach the rim).
    near_face = cv2.dilate(face.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    all_ink = _ink(lab)
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
    if known is None and float(face.mean()) >= 0.35:
        # The palest colour covers over a third of the photo: it may be a pale table
        # (marble) with the tiles darker than it, so their faces are not "face".  Each
        # bar off that face is given a face of its own colour.
        more, own_faces = _off_face_tiles(
            lab, face, all_ink, ink_threshold=ink_threshold, min_bar=min_bar
        )
        found += [_scaled(tile, scale) for tile in more]
    else:
        own_faces = []
    tiles = _suppress(sorted(found, key=lambda tile: -tile.score))
    if not debug:
        return tiles, {}
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
    return tiles, {"search": shown}


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


def _off_face_tiles(
    lab: np.ndarray,
    face: np.ndarray,
    ink: np.ndarray,
    *,
    ink_threshold: int,
    min_bar: float,
    light_tolerance: int = 40,
    colour_tolerance: int = 12,
    most: int = 60,
) -> tuple[list[TileCandidate], list[np.ndarray]]:
    """Tiles around bars whose sides are not on ``face``, each on a face of its own colour.

    The colour beside the bar on both sides (pips and bar left out) must agree and be
    pale enough for a tile; the tile's face is then the pixels near the bar of about
    that colour (``light_tolerance`` in L, ``colour_tolerance`` in |a| + |b|, Lab
    codes), joined to the bar, its holes (pips) filled.  At most ``most`` strokes, the
    longest, are tried.  Pixels of ``lab``; also returns the outline of each tile's
    own face (for the debug image).
    """
    # A divider bar is printed dark: far darker than the veins of a marble.
    dark = round(1.5 * ink_threshold)
    marks = (ink > dark).astype(np.uint8)
    rows, cols = face.shape
    found: list[TileCandidate] = []
    outlines: list[np.ndarray] = []
    tried = 0
    for stroke in _straight_strokes(marks, min_length=min_bar):
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
        close = (np.abs(window[:, :, 0] - colour[0]) <= light_tolerance) & (off <= colour_tolerance)
        close = cv2.medianBlur(close.astype(np.uint8), 5) > 0
        origin = np.array([x0, y0], dtype=np.float64)
        bar = _Stroke(stroke.centre - origin, stroke.along, length, stroke.thickness, 0)
        local = _own_face(close, bar, across)
        if local is None or _touches_border(local):
            continue  # no face, or one running on: a table of the tile's colour
        # Seen at a low angle, a bar nearly meets the tile's dark rim and its stroke runs
        # on into it: keep the part with the face on both sides.
        trimmed = _trimmed(bar, local, across)
        if trimmed is None or trimmed.length < min_bar or trimmed.thickness > 0.3 * trimmed.length:
            continue
        walls = np.where(local, 0, -1).astype(np.int32)
        tile = _tile_from_bar(trimmed, walls, local, longest=1.6, symmetric=False, min_inside=0.6)
        if tile is None:
            continue
        # The face ends where the tile ends (a table of the tile's colour does not).
        grown = tile.corners.mean(axis=0) + 1.25 * (tile.corners - tile.corners.mean(axis=0))
        if _fraction_inside(local, grown) * _area(grown) < 0.75 * float(local.sum()):
            continue
        # Seen at a low angle a tile's long sides are not square to its bar.
        corners = _sheared_corners(tile, trimmed.along, walls)
        inside = _fraction_inside(local, corners)
        if inside < 0.8:
            continue
        # A little margin: the pips of a big set reach close to the tile's edges.
        corners = corners.mean(axis=0) + 1.08 * (corners - corners.mean(axis=0))
        score = inside * tile.score / _fraction_inside(local, tile.corners)
        found.append(TileCandidate(corners + origin, tile.width, tile.length, score))
        contours, _ = cv2.findContours(
            local.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        outlines += [contour + np.array([x0, y0], dtype=np.int32) for contour in contours]
    return found, outlines


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
        reach = np.array(
            [_walk(walls, centre + across * step, sign * along, 1.2 * tile.width) for step in steps]
        )
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


def _touches_border(mask: np.ndarray, *, most: float = 0.1) -> bool:
    """More than ``most`` of the pixels on the edge of ``mask`` are set."""
    edge = np.concatenate((mask[0], mask[-1], mask[:, 0], mask[:, -1]))
    return float(edge.mean()) > most


def _within(corners: np.ndarray, point: np.ndarray) -> bool:
    polygon = corners.astype(np.float32)
    return cv2.pointPolygonTest(polygon, (float(point[0]), float(point[1])), False) >= 0


def _side_colour(
    lab: np.ndarray, ink: np.ndarray, bar: _Stroke, across: np.ndarray, most_ink: int
) -> tuple[int, int, int] | None:
    """Median Lab of the face beside ``bar`` if both sides agree and look like a tile."""
    rows, cols = ink.shape
    medians = []
    for sign in (1, -1):
        points = np.array(
            [
                bar.centre + sign * across * off + bar.along * shift
                for off in np.linspace(
                    bar.thickness / 2 + 3, bar.thickness / 2 + 0.4 * bar.length, 6
                )
                for shift in np.linspace(-0.35 * bar.length, 0.35 * bar.length, 5)
            ]
        )
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
    close: np.ndarray, bar: _Stroke, across: np.ndarray, *, convex: bool = True
) -> np.ndarray | None:
    """The part of ``close`` joined to both sides of ``bar``, holes filled (its convex
    hull if ``convex``); None if none."""
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
    for sign in (1, -1):
        points = np.array(
            [
                bar.centre + sign * across * off + bar.along * shift
                for off in np.linspace(
                    bar.thickness / 2 + 2, bar.thickness / 2 + 0.4 * bar.length, 5
                )
                for shift in np.linspace(-0.3 * bar.length, 0.3 * bar.length, 5)
            ]
        )
        xs = np.clip(np.rint(points[:, 0]).astype(np.intp), 0, cols - 1)
        ys = np.clip(np.rint(points[:, 1]).astype(np.intp), 0, rows - 1)
        found = labels[ys, xs]
        found = found[found > 0]
        if found.size == 0:
            return None
        own.add(int(np.bincount(found).argmax()))
    if len(own) != 1:
        return None
    region = labels == own.pop()
    holes = (~region).astype(np.uint8)
    _count, labels, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=4)
    rows, cols = close.shape
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    right = left + stats[:, cv2.CC_STAT_WIDTH]
    bottom = top + stats[:, cv2.CC_STAT_HEIGHT]
    is_hole = (left > 0) & (top > 0) & (right < cols) & (bottom < rows)
    is_hole[0] = False
    filled: np.ndarray = region | is_hole[labels]
    if convex:
        # A tile's face is convex: pips at its edge are not bites out of it.
        points = cv2.findNonZero(filled.astype(np.uint8))
        hull = np.zeros(filled.shape, dtype=np.uint8)
        cv2.fillConvexPoly(hull, cv2.convexHull(points), 1)
        filled = hull > 0
    return filled


def _scaled(tile: TileCandidate, scale: float) -> TileCandidate:
    return TileCandidate(tile.corners * scale, tile.width * scale, tile.length * scale, tile.score)


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
    rectangular, wholly inside the photo (a tablecloth runs off the photo's edges).
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
    for centre in range(0, 180, 10):
        distance = np.abs(((hue.astype(np.int16) - centre + 90) % 180) - 90)
        mask = (coloured & (distance <= 12)).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, shape)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for label in range(1, count):
            x, y, w, h, area = (int(value) for value in stats[label])
            if area < min_share * rows * cols:
                continue
            if x <= 1 or y <= 1 or x + w >= cols - 1 or y + h >= rows - 1:
                continue
            points = cv2.findNonZero((labels == label).astype(np.uint8))
            hull = cv2.convexHull(points)
            hull_area = float(cv2.contourArea(hull))
            (_, (rw, rh), _) = rect = cv2.minAreaRect(hull)
            if hull_area < 0.9 * rw * rh or area < 0.4 * hull_area or max(rw, rh) > 3 * min(rw, rh):
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
