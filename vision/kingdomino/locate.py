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
