"""Find the kingdom in a photo: its four corners, then a straightened square view.

A top-down crop (the kingdom fills the frame) is used as it is.  Otherwise the
table is learned from the photo's border (its colours), every pixel unlike the
table is kingdom, and the largest such region's outline gives four corners,
ordered tl, tr, br, bl as seen in the photo, then warped to a square.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["Location", "locate_kingdom", "order_corners", "warp_kingdom"]


@dataclass(frozen=True)
class Location:
    """Where the kingdom lies in the photo.

    Attributes
    ----------
    corners : (4, 2) ndarray of float64
        tl, tr, br, bl as [x, y] pixels of the photo given.
    confidence : float
        0..1: how square and how clearly apart from the table the outline is.
    cropped : bool
        True when the photo was taken to be a top-down crop of the kingdom.
    """

    corners: np.ndarray
    confidence: float
    cropped: bool


def order_corners(points: np.ndarray) -> np.ndarray:
    """Order four [x, y] points tl, tr, br, bl as seen in the image.

    Parameters
    ----------
    points : (4, 2) ndarray
        Any order.

    Returns
    -------
    (4, 2) ndarray of float64
        Clockwise from the corner nearest the up-left direction from the centre.
    """
    pts = np.asarray(points, dtype=np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    clockwise = pts[np.argsort(angles)]  # y grows downwards: increasing angle is clockwise
    rel = np.arctan2(clockwise[:, 1] - centre[1], clockwise[:, 0] - centre[0])
    start = int(np.argmin(np.abs(np.angle(np.exp(1j * (rel + 3 * np.pi / 4))))))
    return np.roll(clockwise, -start, axis=0)


def _table_distance(image: np.ndarray, border: float, clusters: int) -> np.ndarray:
    """How unlike the table (the photo's border colours) each pixel is, in table spreads."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    rows, cols = lab.shape[:2]
    band = max(2, int(border * min(rows, cols)))
    edge = np.concatenate(
        [
            lab[:band].reshape(-1, 3),
            lab[-band:].reshape(-1, 3),
            lab[:, :band].reshape(-1, 3),
            lab[:, -band:].reshape(-1, 3),
        ]
    )[::3]
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1.0)
    cv2.setRNGSeed(0)
    _, labels, centres = cv2.kmeans(edge, clusters, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    dist = np.full((rows, cols), np.inf, dtype=np.float32)
    lengths = cv2.transform(lab * lab, np.ones((1, 3), dtype=np.float32))
    for k in range(clusters):
        members = edge[labels == k]
        if len(members) == 0:
            continue
        spread = max(4.0, float(np.sqrt(((members - centres[k]) ** 2).sum(1).mean())))
        centre = centres[k].reshape(1, 3).astype(np.float32)
        # |x - c|^2 = |x|^2 - 2 c.x + |c|^2, with cv2.transform doing the dot products.
        squared = lengths - 2 * cv2.transform(lab, centre) + float((centre**2).sum())
        np.minimum(dist, np.sqrt(np.maximum(squared, 0)) / spread, out=dist)
    return dist


def locate_kingdom(
    image: np.ndarray,
    *,
    work_side: int = 480,
    border: float = 0.04,
    clusters: int = 4,
    threshold: float = 1.8,
    opening: float = 0.03,
) -> Location:
    """Find the kingdom's four corners in a photo.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
    work_side : int, keyword-only
        The search runs on a copy shrunk to this longest side (pixels).
    border : float, keyword-only
        Width of the photo's border taken as table, as a fraction of its shorter side.
    clusters : int, keyword-only
        Table colours learned from the border (k-means).
    threshold : float, keyword-only
        A pixel farther than this (in table spreads) from every table colour is kingdom.
    opening : float, keyword-only
        Width of table streaks cut from the kingdom's region (fraction of the longest side).

    Returns
    -------
    Location
        Corners in pixels of ``image`` (not of the shrunk copy).
    """
    rows, cols = image.shape[:2]
    whole = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], dtype=np.float64)
    scale = min(1.0, work_side / max(rows, cols))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    dist = _table_distance(small, border, clusters)
    mask = (dist > threshold).astype(np.uint8)
    side = max(3, int(0.01 * max(small.shape[:2])) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
    # Cut thin streaks of table (wood grain, reflections) joined to the kingdom.
    wide = max(3, int(opening * max(small.shape[:2])) | 1)
    mask = cv2.morphologyEx(
        mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (wide, wide))
    )
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    if count >= 2:
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        mask = _fill_holes((labels == biggest).astype(np.uint8))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    if count < 2:
        return Location(corners=whole, confidence=0.1, cropped=True)
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    region = (labels == biggest).astype(np.uint8)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    quad = _refine_sides(_quadrilateral(hull), max(contours, key=cv2.contourArea).reshape(-1, 2))
    corners = order_corners(quad) / scale
    hull_area = float(cv2.contourArea(hull))
    quad_area = float(cv2.contourArea(quad.astype(np.float32)))
    fit = min(hull_area, quad_area) / max(hull_area, quad_area, 1.0)
    sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    squareness = float(sides.min() / max(sides.max(), 1e-6))
    confidence = float(np.clip(fit * squareness, 0.0, 1.0))
    return Location(corners=corners, confidence=confidence, cropped=False)


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    """The mask with every hole (background not reachable from the border) filled."""
    padded = np.pad(mask, 1)
    flood = padded.copy()
    cv2.floodFill(flood, None, (0, 0), 1)
    holes = flood[1:-1, 1:-1] == 0
    return np.where(holes, 1, mask).astype(np.uint8)


def _quadrilateral(hull: np.ndarray) -> np.ndarray:
    """Four corners of a convex outline.

    The outline is simplified to a polygon; if it has more than four sides (a
    corner square missing, or cut by a castle's shadow), the four longest sides
    are kept and extended to meet, which puts a missing corner back.  Failing
    that, the min-area box.
    """
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True).reshape(-1, 2).astype(np.float64)
        if len(approx) == 4:
            return approx
        if 4 < len(approx) <= 8:
            edges = [(approx[i], approx[(i + 1) % len(approx)]) for i in range(len(approx))]
            lengths = [float(np.linalg.norm(b - a)) for a, b in edges]
            keep = sorted(np.argsort(lengths)[-4:])
            corners = []
            for index in range(4):
                (a1, b1), (a2, b2) = edges[keep[index - 1]], edges[keep[index]]
                d1, d2 = b1 - a1, b2 - a2
                matrix = np.array([d1, -d2]).T
                if abs(np.linalg.det(matrix)) < 1e-6:
                    break
                t = np.linalg.solve(matrix, a2 - a1)
                corners.append(a1 + t[0] * d1)
            if len(corners) == 4:
                return np.array(corners)
    box = cv2.boxPoints(cv2.minAreaRect(hull))
    return np.asarray(box, dtype=np.float64)


def _refine_sides(quad: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """Fit a line to the outline points along each side of ``quad``; corners = intersections.

    A corner lost to a table-coloured square is recovered from the two sides' lines.
    """
    ordered = order_corners(quad)
    lines = []
    for index in range(4):
        start, end = ordered[index], ordered[(index + 1) % 4]
        direction = end - start
        length = float(np.linalg.norm(direction))
        if length < 1:
            return quad
        unit = direction / length
        normal = np.array([-unit[1], unit[0]])
        rel = outline.astype(np.float64) - start
        along = rel @ unit
        across = np.abs(rel @ normal)
        near = (across < 0.04 * length) & (along > 0.1 * length) & (along < 0.9 * length)
        if near.sum() < 5:
            lines.append((start, unit))
            continue
        vx, vy, x0, y0 = cv2.fitLine(
            outline[near].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01
        ).ravel()
        lines.append((np.array([x0, y0], dtype=np.float64), np.array([vx, vy], dtype=np.float64)))
    corners = []
    for index in range(4):
        (p1, d1), (p2, d2) = lines[index - 1], lines[index]
        matrix = np.array([d1, -d2]).T
        if abs(np.linalg.det(matrix)) < 1e-6:
            return quad
        t = np.linalg.solve(matrix, p2 - p1)
        corners.append(p1 + t[0] * d1)
    refined = np.array(corners)
    if np.linalg.norm(refined - ordered, axis=1).max() > 0.25 * np.linalg.norm(
        ordered[0] - ordered[2]
    ):
        return quad
    return refined


def warp_kingdom(image: np.ndarray, corners: np.ndarray, *, side: int = 560) -> np.ndarray:
    """Straighten the kingdom into a ``side`` x ``side`` square view.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
    corners : (4, 2) ndarray
        tl, tr, br, bl as [x, y] pixels of ``image``.
    side : int, keyword-only
        Output side in pixels.

    Returns
    -------
    (side, side, 3) ndarray of uint8, BGR
    """
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(np.asarray(corners, dtype=np.float32), target)
    return cv2.warpPerspective(
        image, matrix, (side, side), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def refine_corners(
    image: np.ndarray,
    corners: np.ndarray,
    size: int,
    *,
    square: int = 100,
    reach: float = 0.3,
    rounds: int = 2,
    least_pieces: float = 0.4,
    tolerance: float = 0.06,
    least_move: float = 0.03,
) -> tuple[np.ndarray, float]:
    """Put the kingdom's corners where its own grid lines say they are.

    An outline found from colours takes in whatever touches the kingdom and is
    unlike the table (a soft shadow, the table's darker grain) and loses corner
    squares that look like the table.  The tiles' edges do not: the straightened
    view is cut into pieces of grid line (one per square along each line, see
    :func:`vision.kingdomino.grid.local_lines`), each piece found on its own edge, and
    the perspective map that puts every piece on its line of the ``size x size``
    lattice is fitted to them (robust least squares).  Its corners, mapped back to
    the photo, are the new corners; two rounds.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    corners : (4, 2) ndarray
        tl, tr, br, bl as [x, y] pixels of ``image`` (from :func:`locate_kingdom`).
    size : int
        Squares per side (5 or 7).
    square : int, keyword-only
        Pixels per square in the views used.
    reach : float, keyword-only
        How far (fraction of a square) a piece of line is looked for around the
        view's straight lattice.
    rounds : int, keyword-only
        Fits, each on the view straightened by the previous one.
    least_pieces : float, keyword-only
        Fewer clear pieces than this share of all: the corners are kept.
    tolerance : float, keyword-only
        Fits whose median piece is farther than this (fraction of a square) from its
        line are not used.
    least_move : float, keyword-only
        A fit moving no corner by this share of the kingdom's diagonal is within
        the pieces' own error: the corners are kept as they are.

    Returns
    -------
    corners : (4, 2) ndarray of float64
        tl, tr, br, bl as [x, y] pixels of ``image``; the given ones when no fit held.
    fit : float
        Median distance of the pieces from their lines in the last fit kept
        (fraction of a square); ``nan`` when none was kept.
    """
    from vision.kingdomino.grid import find_grid, local_lines

    side = size * square
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float64)
    current = np.asarray(corners, dtype=np.float64).copy()
    fit = float("nan")
    for _ in range(rounds):
        view = warp_kingdom(image, current, side=side)
        grid = local_lines(view, find_grid(view, sizes=(size,), local=False), reach=reach)
        if grid.rows_local is None or grid.cols_local is None:
            break
        if grid.strong_rows is None or grid.strong_cols is None:
            break
        rows_at = np.asarray(grid.row_lines, dtype=np.float64)
        cols_at = np.asarray(grid.col_lines, dtype=np.float64)
        mid_cols = (cols_at[:-1] + cols_at[1:]) / 2
        mid_rows = (rows_at[:-1] + rows_at[1:]) / 2
        h_i, h_j = np.nonzero(grid.strong_rows)
        v_j, v_i = np.nonzero(grid.strong_cols)
        pieces = len(h_i) + len(v_j)
        if pieces < least_pieces * 2 * size * (size + 1):
            break
        h_pts = np.column_stack([mid_cols[h_j], grid.rows_local[h_i, h_j]])
        v_pts = np.column_stack([grid.cols_local[v_j, v_i], mid_rows[v_i]])
        found = _fit_lattice_map(h_pts, h_i, v_pts, v_j, side=side)
        if found is None:
            break
        error = float(np.median(np.abs(_off_lines(found, h_pts, h_i, v_pts, v_j))))
        if error > tolerance:
            break
        to_view = np.linalg.inv(np.append(found, 1.0).reshape(3, 3))
        lattice_corners = np.array([[0, 0], [size, 0], [size, size], [0, size]], dtype=np.float64)
        in_view = cv2.perspectiveTransform(lattice_corners[None], to_view)[0]
        back = cv2.getPerspectiveTransform(target.astype(np.float32), current.astype(np.float32))
        moved = cv2.perspectiveTransform(in_view[None], back)[0]
        span = float(np.linalg.norm(current[0] - current[2]))
        shift = float(np.linalg.norm(moved - current, axis=1).max())
        if shift > 0.25 * span or shift < least_move * span:
            break
        current, fit = moved, error
    return current, fit


def _fit_lattice_map(
    h_pts: np.ndarray,
    h_lines: np.ndarray,
    v_pts: np.ndarray,
    v_lines: np.ndarray,
    *,
    side: int,
    rounds: int = 6,
    scale: float = 0.05,
) -> np.ndarray | None:
    """The homography view -> lattice putting each piece of line on its line, or None.

    A piece on horizontal line ``i`` at view point (x, y) asks
    ``(g21 x + g22 y + g23) - i (g31 x + g32 y + 1) = 0``, a vertical one on line ``j``
    the same with ``g11 .. g13``: linear in the eight unknowns, solved by least squares
    reweighted ``rounds`` times by each piece's distance from its line (in squares,
    weight ``1 / sqrt(1 + (d / scale) ** 2)``: a piece found on the wrong edge counts
    little).  Pixels are divided by ``side`` for a well-conditioned system.

    Returns
    -------
    (8,) ndarray of float64 or None
        ``g11, g12, g13, g21, g22, g23, g31, g32`` (``g33 = 1``) for view pixels.
    """
    hn, vn = h_pts / side, v_pts / side
    zeros_h, zeros_v = np.zeros((len(hn), 3)), np.zeros((len(vn), 3))
    ones_h, ones_v = np.ones((len(hn), 1)), np.ones((len(vn), 1))
    system = np.vstack(
        [
            np.hstack([zeros_h, hn, ones_h, -h_lines[:, None] * hn]),
            np.hstack([vn, ones_v, zeros_v, -v_lines[:, None] * vn]),
        ]
    )
    target = np.concatenate([h_lines, v_lines]).astype(np.float64)
    weights = np.ones(len(target))
    to_pixels = np.diag([1.0 / side, 1.0 / side, 1.0])
    params = None
    for _ in range(rounds):
        solution, *_ = np.linalg.lstsq(system * weights[:, None], target * weights, rcond=None)
        matrix = np.append(solution, 1.0).reshape(3, 3) @ to_pixels
        matrix /= matrix[2, 2]
        params = matrix.ravel()[:8]
        off = _off_lines(params, h_pts, h_lines, v_pts, v_lines)
        if not np.all(np.isfinite(off)):
            return None
        weights = 1.0 / np.sqrt(1.0 + (off / scale) ** 2)
    return params


def _to_lattice(params: np.ndarray, points: np.ndarray) -> np.ndarray:
    """View pixels [x, y] -> lattice [u, v] (squares) by the homography ``params`` (8)."""
    matrix = np.append(params, 1.0).reshape(3, 3)
    homog = np.column_stack([points, np.ones(len(points))]) @ matrix.T
    lattice: np.ndarray = homog[:, :2] / homog[:, 2:3]
    return lattice


def _off_lines(
    params: np.ndarray,
    h_pts: np.ndarray,
    h_lines: np.ndarray,
    v_pts: np.ndarray,
    v_lines: np.ndarray,
) -> np.ndarray:
    """How far (in squares) each piece of line lands from its lattice line."""
    return np.concatenate(
        [_to_lattice(params, h_pts)[:, 1] - h_lines, _to_lattice(params, v_pts)[:, 0] - v_lines]
    )
