"""Find the hand-drawn 5x5 grid in a photo and straighten it.

Stages (each a pure function, input untouched):

1. :func:`ink_map` - how dark each pixel is against its local paper background
   (0 = paper, 1 = black), so shadow and uneven light drop out;
2. :func:`find_grid` - the grid's outer corners in the photo: candidate
   quadrilaterals from large connected strokes, each refined by following its six
   vertical and six horizontal lines, the one most like a lattice kept;
3. :func:`rectify` - the straightened ink map, cells ``cell_px`` square, with a
   margin of ``margin`` cells around the grid for the labels.

Geometry is held as a homography from photo pixels (x, y) to the straightened
frame, plus the 6x6 line crossings found in that frame (freehand lines wobble,
so each cell keeps its own corners).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = [
    "CELL_PX",
    "MARGIN",
    "SIZE",
    "Grid",
    "darkest_channel",
    "find_grid",
    "frame_ink",
    "grid_alternatives",
    "ink_map",
    "rectify",
    "track_lines",
]

#: Cells per side of a Domineering sheet (``RULINGS.md``: 5x5).
SIZE = 5
#: Side of a cell in the straightened frame, in pixels.
CELL_PX = 40
#: Margin around the grid in the straightened frame, in cells (room for labels).
MARGIN = 1.5


@dataclass(frozen=True)
class Grid:
    """Where the grid is.

    Attributes
    ----------
    corners : (4, 2) ndarray of float64
        Outer corners in the photo as [x, y] pixels, in the order tl, tr, br, bl
        of the straightened frame (not yet of the sheet: see orientation).
    homography : (3, 3) ndarray of float64
        Photo (x, y) -> straightened frame (x, y).
    crossings : (6, 6, 2) ndarray of float64
        Line crossings in the straightened frame, ``[row_line, col_line] = (row, col)``
        pixels.
    score : float
        0..1, how well six lines each way were followed.
    evidence : float
        How much the lines look like a drawn grid, for the weaker of the two
        directions: (share of each line followed)^2 x (line ink / paper ink - 1).
        Rendered sheets give 0.9 and up, photos without a sheet (noise, a kingdom,
        domino tiles) 0.45 and under.
    """

    corners: np.ndarray
    homography: np.ndarray
    crossings: np.ndarray
    score: float
    evidence: float


def darkest_channel(image: np.ndarray) -> np.ndarray:
    """The darkest of the three channels at each pixel (blue and red ink count like graphite).

    Same values as ``image.min(axis=2)``, about twenty times faster on a photo.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR photo (untouched).

    Returns
    -------
    (rows, cols) ndarray of uint8
    """
    return np.minimum(np.minimum(image[:, :, 0], image[:, :, 1]), image[:, :, 2])


def ink_map(
    image: np.ndarray, *, background_px: int | None = None, off_paper: float = 0.35
) -> np.ndarray:
    """Darkness of each pixel against the paper around it.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR photo.
    background_px : int or None, keyword-only
        Size of the closing that wipes strokes out to estimate the paper, in
        pixels; default about 1/40 of the longer side.
    off_paper : float, keyword-only
        Places whose paper estimate is darker than this share of the brightest
        paper are taken for the table and get no ink.

    Returns
    -------
    ink : (rows, cols) ndarray of float32
        0 (paper) to 1 (black).  The darkest channel is used, so blue and red
        ink count like graphite.
    """
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError(
            f"expected a (rows, cols, 3) uint8 BGR image, got {image.shape} {image.dtype}"
        )
    gray = darkest_channel(image)
    size = background_px or max(9, round(max(gray.shape) / 40)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    background = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    bg = np.maximum(background.astype(np.float32), 1.0)
    ink = (bg - gray.astype(np.float32)) / bg
    # far darker than the paper: a table, not paper in shadow; its grain is not ink
    paper_level = float(np.percentile(bg, 90))
    ink[bg < off_paper * paper_level] = 0.0
    np.clip(ink, 0.0, 1.0, out=ink)
    return ink


def frame_ink(
    gray: np.ndarray, *, cell_px: int = CELL_PX, background_cells: float = 1.6
) -> np.ndarray:
    """Ink of a straightened frame against a paper estimate wider than a cell.

    The photo-wide :func:`ink_map` works before the cell size is known, with a
    closing narrower than a cell, so a cell shaded solid would vanish into the
    paper; in the straightened frame the closing can span more than a cell.

    Parameters
    ----------
    gray : (side, side) ndarray of uint8
        Straightened darkest channel of the photo (``rectify(darkest_channel(image), grid)``).
    cell_px : int, keyword-only
        Cell side in the frame, in pixels.
    background_cells : float, keyword-only
        Size of the closing, in cells.

    Returns
    -------
    (side, side) ndarray of float32
        0 (paper) to 1 (black).
    """
    if gray.ndim != 2 or gray.dtype != np.uint8:
        raise ValueError(f"expected a (side, side) uint8 frame, got {gray.shape} {gray.dtype}")
    size = round(background_cells * cell_px) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    background = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    bg = np.maximum(background.astype(np.float32), 1.0)
    ink = (bg - gray.astype(np.float32)) / bg
    np.clip(ink, 0.0, 1.0, out=ink)
    return ink


def _order_corners(points: np.ndarray) -> np.ndarray:
    """Four [x, y] points ordered tl, tr, br, bl as seen in the photo."""
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    ordered = points[np.argsort(angles)]  # clockwise on screen, starting from the left-most angle
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0)


def _quad_from_component(mask: np.ndarray) -> np.ndarray | None:
    """A quadrilateral around one component (hull simplified to 4 points, else the box)."""
    points = cv2.findNonZero(mask)
    if points is None or len(points) < 20:
        return None
    hull = cv2.convexHull(points)
    perimeter = cv2.arcLength(hull, True)
    for frac in (0.02, 0.04, 0.06, 0.09, 0.12):
        approx = cv2.approxPolyDP(hull, frac * perimeter, True)
        if len(approx) == 4:
            quad = approx[:, 0, :].astype(np.float64)
            if cv2.contourArea(quad.astype(np.float32)) > 0.8 * cv2.contourArea(hull):
                return _order_corners(quad)
            break
        if len(approx) < 4:
            break
    box = cv2.boxPoints(cv2.minAreaRect(hull))
    return _order_corners(np.asarray(box, np.float64))


def _frame_side(cell_px: int, margin: float) -> int:
    return round((SIZE + 2 * margin) * cell_px)


def _ideal_corners(cell_px: int, margin: float) -> np.ndarray:
    lo = margin * cell_px
    hi = lo + SIZE * cell_px
    return np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float64)


def track_lines(
    frame: np.ndarray, *, cell_px: int = CELL_PX, margin: float = MARGIN, search: bool = True
) -> tuple[np.ndarray, float]:
    """Follow the grid's six vertical and six horizontal lines in a roughly straightened frame.

    Parameters
    ----------
    frame : (side, side) ndarray of float32
        Ink map warped so the grid is near ``[margin, margin + 5]`` cells.
    cell_px : int, keyword-only
        Expected cell side, in pixels.
    margin : float, keyword-only
        Expected margin, in cells.
    search : bool, keyword-only
        Pick the six lines from the whole frame (else start from where they are
        expected and only follow them).

    Returns
    -------
    crossings : (6, 6, 2) ndarray of float64
        ``[i, j]`` = (row, col) where horizontal line ``i`` meets vertical line ``j``.
    score : float
        0..1: mean share of samples on each line that found ink like a line.
    """
    crossings, score, _ = _track(frame, cell_px=cell_px, margin=margin, search=search)
    return crossings, score


def _track(
    frame: np.ndarray, *, cell_px: int, margin: float, search: bool
) -> tuple[np.ndarray, float, float]:
    """:func:`track_lines`, plus the grid evidence (see :class:`Grid`)."""
    side = frame.shape[0]
    length = max(3, int(0.6 * cell_px)) | 1
    vert = cv2.blur(frame, (1, length))  # mean along columns: vertical strokes stay
    horiz = cv2.blur(frame, (length, 1))
    fits_v, hits_v, contrast_v = _follow_lines(vert, cell_px, margin, search)
    fits_h, hits_h, contrast_h = _follow_lines(
        np.ascontiguousarray(horiz.T), cell_px, margin, search
    )
    score_v = hits_v * min(1.0, max(0.0, (contrast_v - 1.0) / 4.0))
    score_h = hits_h * min(1.0, max(0.0, (contrast_h - 1.0) / 4.0))
    evidence = min(hits_v**2 * max(0.0, contrast_v - 1.0), hits_h**2 * max(0.0, contrast_h - 1.0))
    # fits_v[j] gives col = f(row) of vertical line j; fits_h[i] gives row = g(col)
    fv = np.array(fits_v)[None, :, :]  # (1, 6, 3): vertical line j
    fh = np.array(fits_h)[:, None, :]  # (6, 1, 3): horizontal line i
    grid = margin * cell_px + cell_px * np.arange(SIZE + 1, dtype=np.float64)
    row = np.repeat(grid[:, None], SIZE + 1, axis=1)
    col = np.repeat(grid[None, :], SIZE + 1, axis=0)
    for _ in range(6):
        col = np.clip(fv[..., 0] * row**2 + fv[..., 1] * row + fv[..., 2], -side, 2 * side)
        row = np.clip(fh[..., 0] * col**2 + fh[..., 1] * col + fh[..., 2], -side, 2 * side)
    crossings = np.stack([row, col], axis=-1)
    return crossings, (score_v + score_h) / 2, evidence


def _pick_lines(
    profile: np.ndarray,
    cell_px: int,
    *,
    expected: tuple[float, float],
    smoothness: float = 2.0,
    placement: float = 0.3,
) -> np.ndarray:
    """Six peaks of ``profile`` spaced like grid lines: strong, gaps alike, 0.55-1.6 cells apart."""
    smooth = np.convolve(profile, np.array([1.0, 2.0, 3.0, 2.0, 1.0]) / 9.0, mode="same")
    inner = smooth[1:-1]
    peaks = np.flatnonzero((inner >= smooth[:-2]) & (inner > smooth[2:])) + 1
    base = float(np.median(smooth))
    if len(peaks) > 24:
        peaks = np.sort(peaks[np.argsort(-smooth[peaks])[:24]])
    if len(peaks) < SIZE + 1:
        start = float(np.argmax(smooth[: len(smooth) // 2]))
        return start + cell_px * np.arange(SIZE + 1, dtype=np.float64)
    strength = (smooth[peaks] - base) / max(float(smooth.max() - base), 1e-6)
    pos = peaks.astype(np.float64)
    gap = pos[None, :] - pos[:, None]  # gap[i, j] = pos[j] - pos[i]
    ok = (gap > 0.6 * cell_px) & (gap < 1.6 * cell_px)
    neg = -1e9
    first = strength - placement * np.abs(pos - expected[0]) / cell_px
    score = np.where(ok, first[:, None] + strength[None, :], neg)  # chains ending (i, j)
    change = np.abs(gap[None, :, :] - gap[:, :, None]) / cell_px  # [h, i, j]
    back: list[np.ndarray] = []
    for _ in range(SIZE - 1):
        total = score[:, :, None] + strength[None, None, :] - smoothness * change
        total = np.where(ok[None, :, :], total, neg)
        back.append(total.argmax(axis=0))
        score = total.max(axis=0)
    score = score - placement * np.abs(pos - expected[1])[None, :] / cell_px
    i, j = np.unravel_index(int(np.argmax(score)), score.shape)
    chain = [int(j), int(i)]
    for best_h in reversed(back):
        chain.append(int(best_h[chain[-1], chain[-2]]))
    return np.sort(pos[chain])


def _follow_lines(
    resp: np.ndarray, cell_px: int, margin: float, search: bool
) -> tuple[list[np.ndarray], float, float]:
    """Six lines ``col = f(row)`` (quadratics) along the column-wise line response ``resp``.

    Also the share of samples along the six lines that found ink like a line (0..1)
    and the lines' ink over the paper's between them (1 = no line at all).
    """
    side = resp.shape[0]
    lo = round(margin * cell_px)
    hi = lo + SIZE * cell_px
    if search:
        # a line runs the whole band: score each position by a low percentile along it
        # (digits and joins fill only part), over slightly slanted columns too, widened
        # for wobble
        width = max(3, round(0.12 * cell_px)) | 1
        band = cv2.dilate(resp[lo:hi:2], np.ones((1, width), np.uint8))
        span = band.shape[0]
        profile = np.percentile(band, 35, axis=0)
        for slope in (-0.12, -0.06, 0.06, 0.12):
            shear = np.array([[1.0, 2 * slope, -slope * span], [0.0, 1.0, 0.0]])
            shifted = cv2.warpAffine(band, shear, (side, span), flags=cv2.INTER_LINEAR)
            profile = np.maximum(profile, np.percentile(shifted, 35, axis=0))
        positions = _pick_lines(profile, cell_px, expected=(lo, hi))
    else:
        profile = resp[lo:hi:3].mean(axis=0)
        positions = lo + cell_px * np.arange(SIZE + 1, dtype=np.float64)
    period = float(np.median(np.diff(positions)))
    rows = np.arange(max(0, lo), min(side, hi + 1), 3)
    window = max(2, round(0.3 * period))
    background = float(np.median(profile))
    floor = background + 0.02
    levels: list[float] = []
    fits: list[np.ndarray] = []
    hits = 0.0
    for guess in np.clip(positions, window, side - window - 1):
        a = max(0, round(guess) - window)
        b = min(side, round(guess) + window + 1)
        strip = resp[rows, a:b]
        peak = strip.argmax(axis=1) + a
        value = strip.max(axis=1)
        good = value > max(floor, 0.25 * float(value.max()))
        hits += float(good.mean())
        levels.append(float(np.median(value)))
        rr, cc = rows[good].astype(np.float64), peak[good].astype(np.float64)
        fit = np.array([0.0, 0.0, float(guess)])
        for _ in range(3):
            if len(rr) < 6:
                break
            deg = 2 if len(rr) >= 12 else 1
            fit = np.polyfit(rr - lo, cc, deg)
            if deg == 1:
                fit = np.concatenate([[0.0], fit])
            resid = np.abs(np.polyval(fit, rr - lo) - cc)
            keep = resid < max(2.0, 2.5 * float(np.median(resid)))
            rr, cc = rr[keep], cc[keep]
        # back to plain rows: f(row) = a (row - lo)^2 + b (row - lo) + c
        qa, qb, qc = fit
        fits.append(np.array([qa, qb - 2 * qa * lo, qa * lo * lo - qb * lo + qc]))
    # lines must stand out from the paper between them, not just be followed
    contrast = float(np.median(levels)) / (background + 0.01)
    return fits, hits / (SIZE + 1), contrast


def _sane(homography: np.ndarray, quad: np.ndarray, side: int) -> bool:
    """A homography that keeps the grid's quad convex and of a plausible size in the frame."""
    if not np.all(np.isfinite(homography)) or abs(np.linalg.det(homography)) < 1e-12:
        return False
    mapped = cv2.perspectiveTransform(quad[None].astype(np.float64), homography)[0]
    if not np.all(np.isfinite(mapped)):
        return False
    area = cv2.contourArea(mapped.astype(np.float32))
    return bool(
        0.15 * side * side < area < 1.5 * side * side
        and cv2.isContourConvex(mapped.astype(np.float32))
    )


def _refine(
    ink: np.ndarray,
    quad: np.ndarray,
    cell_px: int,
    margin: float,
    *,
    rounds: int = 5,
    search_rounds: int = 3,
    work_px: int = 24,
    support: np.ndarray | None = None,
) -> Grid:
    """Warp by ``quad``, follow the lines, re-fit the homography from the crossings.

    The rounds run on a small frame (``work_px`` per cell); the last tracking on
    the full frame (``cell_px``).  ``support`` (same shape as ``ink``) limits the
    first searches to one component's strokes, so a table edge or a doodle cannot
    pass for a line.  The first ``search_rounds`` rounds pick the six lines from the
    whole frame; the others only follow the lines from where the quad puts them.
    """
    side = _frame_side(work_px, margin)
    ideal = _ideal_corners(work_px, margin)
    homography = cv2.getPerspectiveTransform(quad.astype(np.float32), ideal.astype(np.float32))
    homography = homography.astype(np.float64)
    lo = margin * work_px
    target = np.array(
        [[lo + j * work_px, lo + i * work_px] for i in range(SIZE + 1) for j in range(SIZE + 1)]
    )
    for round_ in range(rounds):
        source = support if round_ < 2 and support is not None else ink
        frame = cv2.warpPerspective(source, homography, (side, side), flags=cv2.INTER_AREA)
        crossings, _ = track_lines(
            frame, cell_px=work_px, margin=margin, search=round_ < search_rounds
        )
        found = crossings.reshape(-1, 2)[:, ::-1]  # (x, y) in the current frame
        step, _ = cv2.findHomography(found, target, 0)
        if step is None or not _sane(step @ homography, quad, side):
            break
        homography = step @ homography
        moved = cv2.perspectiveTransform(ideal[None], step)[0] - ideal
        if round_ >= 2 and float(np.abs(moved).max()) < 0.3:
            break
    scale = cell_px / work_px
    homography = np.diag([scale, scale, 1.0]) @ homography
    full = _frame_side(cell_px, margin)
    frame = cv2.warpPerspective(ink, homography, (full, full), flags=cv2.INTER_LINEAR)
    crossings, score, evidence = _track(frame, cell_px=cell_px, margin=margin, search=False)
    inverse = np.linalg.inv(homography)
    corners = cv2.perspectiveTransform(_ideal_corners(cell_px, margin)[None], inverse)[0]
    return Grid(
        corners=corners,
        homography=homography,
        crossings=crossings,
        score=score,
        evidence=evidence,
    )


def _holes(labels: np.ndarray, stats: np.ndarray, label: int) -> int:
    """Holes in one component bigger than 1/400 of its box: about 25 for a 5x5 grid."""
    x, y = stats[label, cv2.CC_STAT_LEFT], stats[label, cv2.CC_STAT_TOP]
    w, h = stats[label, cv2.CC_STAT_WIDTH], stats[label, cv2.CC_STAT_HEIGHT]
    sub = (labels[y : y + h, x : x + w] == label).astype(np.uint8)
    contours, hierarchy = cv2.findContours(sub, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    inner = [c for c, link in zip(contours, hierarchy[0], strict=True) if link[3] >= 0]
    return sum(1 for c in inner if cv2.contourArea(c) > w * h / 400)


def _components(
    ink: np.ndarray, threshold: float
) -> list[tuple[int, float, np.ndarray, tuple[int, int]]]:
    """Stroke components that may be the grid, those with about 25 holes first.

    Each is (distance of its hole count from 25, ink level, its mask over its box,
    (x, y) of its box).
    """
    shortest = min(ink.shape)
    # a second, higher threshold parts the grid from faint ruling or writing touching it
    strong = max(1.8 * threshold, 0.45 * float(np.percentile(ink, 99.5)))
    levels = [threshold, strong] if strong > 1.3 * threshold else [threshold]
    ranked: list[tuple[int, float, np.ndarray, tuple[int, int]]] = []
    for level in levels:
        binary = cv2.dilate((ink > level).astype(np.uint8), np.ones((3, 3), np.uint8))
        _, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
        order = np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1
        for label in order[:10]:
            x, y = stats[label, cv2.CC_STAT_LEFT], stats[label, cv2.CC_STAT_TOP]
            w, h = stats[label, cv2.CC_STAT_WIDTH], stats[label, cv2.CC_STAT_HEIGHT]
            if max(w, h) < 0.08 * shortest or min(w, h) < 0.04 * shortest:
                continue
            borders = (x == 0) + (y == 0) + (x + w >= ink.shape[1]) + (y + h >= ink.shape[0])
            if borders >= 2:  # the grid is in the photo; table grain and paper edges reach out
                continue
            # a grid encloses 25 cells: rank the components by how near their holes are to 25
            holes = _holes(labels, stats, int(label))
            sub = (labels[y : y + h, x : x + w] == label).astype(np.uint8)
            ranked.append((abs(min(holes, 80) - SIZE * SIZE), level, sub, (int(x), int(y))))
    ranked.sort(key=lambda item: (item[0], -item[1]))
    return ranked


def find_grid(
    ink: np.ndarray,
    *,
    threshold: float = 0.1,
    candidates: int = 4,
    good_enough: float = 0.45,
    followed: float = 0.95,
    follow_margin: float = 0.05,
    min_evidence: float = 0.0,
    full_evidence: float = 1.0,
    cell_px: int = CELL_PX,
    margin: float = MARGIN,
) -> Grid | None:
    """Find the 5x5 grid in an ink map.

    Parameters
    ----------
    ink : (rows, cols) ndarray of float32
        From :func:`ink_map`.
    threshold : float, keyword-only
        Ink level (0..1) of a stroke pixel when looking for connected strokes.
    candidates : int, keyword-only
        How many of the largest stroke components to try.
    good_enough : float, keyword-only
        Stop trying components once a grid scores this much (0..1).
    followed : float, keyword-only
        A grid scoring less than this (0..1), whose corners the search moved more
        than a quarter cell from the component's quad, is also refined without
        searching for its lines afresh (only following them from the quad).
    follow_margin : float, keyword-only
        By how much more (score, 0..1) that second refinement must score to be kept.
    min_evidence : float, keyword-only
        Least :attr:`Grid.evidence` of a grid: below it the photo shows no sheet
        (noise, a kingdom, domino tiles) and ``None`` is returned.
    full_evidence : float, keyword-only
        Readings are compared by score, scaled down by ``evidence / full_evidence``
        when their evidence is under it: a reading whose weaker direction barely
        stands out from the paper (a line of notes, one direction of a hatching)
        does not beat a lattice followed both ways for a slightly higher score.
        Grids read right on the tuning sheets give 0.92 and more.
    cell_px, margin : keyword-only
        Geometry of the straightened frame (see :func:`rectify`).

    Returns
    -------
    Grid or None
        The best grid, or ``None`` when no component looks like a lattice drawn
        on paper.
    """
    ranked = _components(ink, threshold)

    def weight(grid: Grid) -> float:
        return grid.score * min(1.0, grid.evidence / full_evidence)

    best: Grid | None = None
    tried = 0
    for _, _, sub, corner in ranked:
        seen = _component_quad(ink, sub, corner)
        if seen is None:
            continue
        corner_quad, support = seen
        grid = _refine(ink, corner_quad, cell_px, margin, support=support)
        if best is None or weight(grid) > weight(best):
            best = grid
        moved = float(np.abs(grid.corners - corner_quad).max())
        cell = float(np.linalg.norm(corner_quad[1] - corner_quad[0])) / SIZE
        if grid.score < followed and moved > 0.25 * cell:
            # the lines only followed from where the quad puts them: a wobbling
            # freehand grid or hatching along its lines can lure the search of the
            # six lines one line off a quad that was right; taken when clearly better
            kept = _refine(ink, corner_quad, cell_px, margin, support=support, search_rounds=0)
            if weight(kept) > weight(best) + follow_margin:
                best = kept
        tried += 1
        if tried >= candidates or best.score > good_enough:
            break
    if best is None or best.evidence < min_evidence:
        return None
    return best


def _outline_grid(ink: np.ndarray, quad: np.ndarray, cell_px: int, margin: float) -> Grid:
    """The lines only followed in the frame the quad itself gives (no re-fit)."""
    ideal = _ideal_corners(cell_px, margin)
    homography = cv2.getPerspectiveTransform(quad.astype(np.float32), ideal.astype(np.float32))
    homography = homography.astype(np.float64)
    full = _frame_side(cell_px, margin)
    frame = cv2.warpPerspective(ink, homography, (full, full), flags=cv2.INTER_LINEAR)
    crossings, score, evidence = _track(frame, cell_px=cell_px, margin=margin, search=False)
    return Grid(
        corners=quad.astype(np.float64).copy(),
        homography=homography,
        crossings=crossings,
        score=score,
        evidence=evidence,
    )


def grid_alternatives(
    ink: np.ndarray,
    *,
    threshold: float = 0.1,
    candidates: int = 4,
    cell_px: int = CELL_PX,
    margin: float = MARGIN,
) -> list[Grid]:
    """Every reading of the grid :func:`find_grid` might have taken, and a few more.

    For the first ``candidates`` stroke components that give a quad: the lines
    searched for and followed from the quad (what :func:`find_grid` does), only
    followed from it, and only followed in the quad's own frame (no re-fit:
    hatching along the lines can pull each round of a refinement a little off a
    right outline).  For a second look at a doubtful sheet (session 6): it costs
    several times what :func:`find_grid` does.

    Parameters
    ----------
    ink : (rows, cols) ndarray of float32
        From :func:`ink_map` (untouched).
    threshold, candidates, cell_px, margin : keyword-only
        As for :func:`find_grid`.

    Returns
    -------
    list of Grid
        Not ranked, not filtered by evidence; empty when no component gives a quad.
    """
    found: list[Grid] = []
    tried = 0
    for _, _, sub, corner in _components(ink, threshold):
        seen = _component_quad(ink, sub, corner)
        if seen is None:
            continue
        corner_quad, support = seen
        found.append(_refine(ink, corner_quad, cell_px, margin, support=support))
        found.append(_refine(ink, corner_quad, cell_px, margin, support=support, search_rounds=0))
        found.append(_outline_grid(ink, corner_quad, cell_px, margin))
        tried += 1
        if tried >= candidates:
            break
    return found


def _component_quad(
    ink: np.ndarray, sub: np.ndarray, corner: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray] | None:
    """A stroke component's quad in the photo, and the ink on and near the component.

    ``sub`` is the component's mask in its bounding box, whose top-left pixel is
    ``corner`` (x, y) in ``ink``.  Returns the quad (4, 2) float64 [x, y] pixels, tl,
    tr, br, bl, and the support: ``ink`` kept within 2 pixels of the component, zero
    elsewhere, (rows, cols) as ``ink``; ``None`` when the component gives no quad.
    """
    quad = _quad_from_component(sub)
    if quad is None:
        return None
    x, y = corner
    h, w = sub.shape
    support = np.zeros_like(ink)
    keep = cv2.dilate(sub, np.ones((5, 5), np.uint8)).astype(bool)
    support[y : y + h, x : x + w][keep] = ink[y : y + h, x : x + w][keep]
    return quad + np.array([x, y], np.float64), support


def rectify(
    image: np.ndarray, grid: Grid, *, cell_px: int = CELL_PX, margin: float = MARGIN
) -> np.ndarray:
    """The straightened frame: grid at ``[margin, margin + 5]`` cells, ``cell_px`` per cell.

    Parameters
    ----------
    image : (rows, cols) or (rows, cols, 3) ndarray
        Photo or ink map (same pixels as the grid was found on).
    grid : Grid
        From :func:`find_grid`.

    Returns
    -------
    (side, side[, 3]) ndarray, same dtype as ``image``
        ``side = (5 + 2 * margin) * cell_px`` pixels.
    """
    side = _frame_side(cell_px, margin)
    return cv2.warpPerspective(image, grid.homography, (side, side), flags=cv2.INTER_LINEAR)
