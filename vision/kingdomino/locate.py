"""Find the kingdom in a photo: its four corners, then a straightened square view.

A top-down crop (the kingdom fills the frame) is used as it is.  Otherwise the
table is learned from the photo's border (its colours), every pixel unlike the
table is kingdom, and the largest such region's outline gives four corners,
ordered tl, tr, br, bl as seen in the photo, then warped to a square.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.kingdomino.grid import Grid

__all__ = ["Location", "locate_kingdom", "order_corners", "pasted_picture", "warp_kingdom"]


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
    second : Location or None
        The outline searched for again with a stricter bar, when asked for and this
        one is unsure (:func:`locate_kingdom`'s ``strict_threshold``); else None.
    """

    corners: np.ndarray
    confidence: float
    cropped: bool
    second: Location | None = field(default=None, compare=False, repr=False)


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


def pasted_picture(
    image: np.ndarray,
    *,
    border: float = 0.04,
    plain: int = 8,
    least_plain: float = 0.6,
    unlike: int = 16,
    least_edge: float = 0.25,
    most_outside: float = 0.002,
    most_area: float = 0.9,
    least_side: int = 40,
) -> tuple[int, int, int, int] | None:
    """The picture pasted on a plain canvas, if ``image`` is one: its box.

    A photo put on a larger canvas (a screenshot, a collage, a photo sent inside a
    frame) is a picture with straight, axis-aligned edges on a surround of one flat
    colour, flatter than any table a camera sees (grain, light, sensor noise).  The
    picture is then a photo of its own, read as such (its table is its own border,
    a square picture may be a top-down crop), not a region of the canvas.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        Not modified.
    border : float, keyword-only
        Width of the band along the photo's edges where the canvas is looked for
        (fraction of the shorter side).
    plain : int, keyword-only
        A pixel within this many grey levels (each of B, G, R) of the band's median
        colour is canvas.
    least_plain : float, keyword-only
        At least this share of the band must be canvas (the picture may touch an edge).
    unlike : int, keyword-only
        A pixel farther than this (grey levels, in any channel) from the canvas colour
        belongs to the picture.
    least_edge : float, keyword-only
        Each of the box's four edges (its outermost pixel rows and columns) must be at
        least this share picture: a straight edge, not the ragged outline of a
        kingdom lying on a flat surround.
    most_outside : float, keyword-only
        At most this share of the canvas outside the box (a few pixels left around it
        for compression's ringing) may be unlike the canvas.
    most_area : float, keyword-only
        A box covering more of the photo than this is the photo itself.
    least_side : int, keyword-only
        A box narrower than this (pixels) is not searched.

    Returns
    -------
    (top, bottom, left, right) or None
        Pixel rows and columns of the picture (ends excluded); None when ``image`` is
        not a picture on a plain canvas.
    """
    rows, cols = image.shape[:2]
    # Measured on every ``step``-th pixel each way (a few ms on a 1600-pixel photo); each
    # side of the box found there is then put to the pixel (below).
    step = max(1, max(rows, cols) // 800)
    small = image[::step, ::step]
    rows_s, cols_s = small.shape[:2]
    band = max(2, int(border * min(rows_s, cols_s)))
    edge = np.concatenate(
        [
            small[:band:2].reshape(-1, 3),
            small[-band::2].reshape(-1, 3),
            small[:, :band:2].reshape(-1, 3),
            small[:, -band::2].reshape(-1, 3),
        ]
    )
    colour = _channel_medians(edge)
    # Within ``plain`` of the median in each channel: whole levels from ceil(median -
    # plain) to floor(median + plain) (the median may be a half level).
    near = cv2.inRange(edge.reshape(-1, 1, 3), np.ceil(colour - plain), np.floor(colour + plain))
    if cv2.countNonZero(near) / len(edge) < least_plain:
        return None  # a table, not a canvas
    canvas: Any = (*(float(v) for v in np.clip(np.rint(colour), 0, 255)), 0.0)  # a cv2 scalar
    channels = cv2.split(cv2.absdiff(np.ascontiguousarray(small), canvas))
    picture = cv2.max(cv2.max(channels[0], channels[1]), channels[2]) > unlike
    along_rows = np.count_nonzero(picture, axis=1)
    along_cols = np.count_nonzero(picture, axis=0)
    least = least_side / step
    if along_rows.max() < least or along_cols.max() < least:
        return None
    # The picture's rows and columns: at least ``least_edge`` of the longest run each
    # (a part of the picture like the canvas, a white table on a white canvas, is in).
    inside_rows = np.nonzero(along_rows >= least_edge * along_rows.max())[0]
    inside_cols = np.nonzero(along_cols >= least_edge * along_cols.max())[0]
    top, bottom = int(inside_rows[0]), int(inside_rows[-1]) + 1
    left, right = int(inside_cols[0]), int(inside_cols[-1]) + 1
    if min(bottom - top, right - left) < least:
        return None
    if (bottom - top) * (right - left) > most_area * rows_s * cols_s:
        return None
    box = picture[top:bottom, left:right]
    edges = (box[0], box[-1], box[:, 0], box[:, -1])
    if min(float(line.mean()) for line in edges) < least_edge:
        return None
    outside = picture.copy()
    outside[max(0, top - 2) : bottom + 2, max(0, left - 2) : right + 2] = False
    canvas_pixels = rows_s * cols_s - (bottom - top + 4) * (right - left + 4)
    if canvas_pixels <= 0 or np.count_nonzero(outside) > most_outside * canvas_pixels:
        return None
    if step == 1:
        return top, bottom, left, right
    # Each side to the pixel: the outermost full-size row (column) near it that is
    # ``least_edge`` picture over the box's width (height).
    full = cv2.absdiff(image, canvas)
    lo_r, hi_r = top * step, min(rows, bottom * step)
    lo_c, hi_c = left * step, min(cols, right * step)

    def is_picture(line: np.ndarray) -> bool:
        return float((line.max(axis=-1) > unlike).mean()) >= least_edge

    def outermost(candidates: range, line_at: Any) -> int:
        for index in candidates:
            if is_picture(line_at(index)):
                return index
        return candidates[-1]

    top_px = outermost(range(max(0, lo_r - step), lo_r + step), lambda i: full[i, lo_c:hi_c])
    bottom_px = 1 + outermost(
        range(min(rows, hi_r + step) - 1, hi_r - step - 1, -1), lambda i: full[i, lo_c:hi_c]
    )
    left_px = outermost(range(max(0, lo_c - step), lo_c + step), lambda i: full[lo_r:hi_r, i])
    right_px = 1 + outermost(
        range(min(cols, hi_c + step) - 1, hi_c - step - 1, -1), lambda i: full[lo_r:hi_r, i]
    )
    return top_px, bottom_px, left_px, right_px


def _channel_medians(pixels: np.ndarray) -> np.ndarray:
    """``np.median(pixels, axis=0)`` of ``(n, 3)`` uint8 pixels, counted, not sorted: the
    mean (float64) of each channel's two middle values (its one middle value for odd
    ``n``), as numpy takes it."""
    count = len(pixels)
    low, high = (count - 1) // 2, count // 2
    out = np.empty(3, dtype=np.float64)
    for channel in range(3):
        totals = np.cumsum(np.bincount(pixels[:, channel], minlength=256))
        below = int(np.count_nonzero(totals <= low))
        above = int(np.count_nonzero(totals <= high))
        out[channel] = (below + above) / 2
    return out


def _table_distance(
    image: np.ndarray,
    border: float,
    clusters: int,
    *,
    least_share: float = 1.0,
    linkage: float = 0.0,
    attempts: int = 2,
) -> tuple[list[np.ndarray], np.ndarray]:
    """How unlike the table (the photo's border colours) each pixel is, in table spreads.

    Returns the distance to every border colour (k-means in Lab), then, with
    ``least_share < 1``, the distance to the border colours that are surely table
    when some are not: a colour covering at least ``least_share`` of the border or
    lying within ``linkage`` spreads of such a colour (chained from the border's
    commonest colour).  A neighbour's kingdom cut by the frame shows a few small
    patches of far-off colours on the border (wheat, lake, grassland), never the
    table's shades.  Also the border colours' centres, ``(clusters, 3)`` float32 Lab
    (the most compact k-means clustering of ``attempts`` runs).
    """
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    rows, cols = lab.shape[:2]
    edge, labels, centres = _border_colours(lab, border, clusters, attempts)
    shares = np.bincount(labels, minlength=clusters) / max(len(labels), 1)
    spreads = np.array(
        [
            max(4.0, float(np.sqrt(((edge[labels == k] - centres[k]) ** 2).sum(1).mean())))
            if shares[k] > 0
            else np.inf
            for k in range(clusters)
        ]
    )
    table = (
        _table_clusters(centres, spreads, shares, least_share, linkage) if least_share < 1.0 else []
    )
    lengths = cv2.transform(lab * lab, np.ones((1, 3), dtype=np.float32))
    every = np.full((rows, cols), np.inf, dtype=np.float32)
    surely = np.full((rows, cols), np.inf, dtype=np.float32)
    for k in range(clusters):
        if shares[k] == 0:
            continue
        centre = centres[k].reshape(1, 3).astype(np.float32)
        # |x - c|^2 = |x|^2 - 2 c.x + |c|^2, with cv2.transform doing the dot products
        # (in place: the same float32 steps as written out, fewer arrays).
        dist = cv2.transform(lab, centre)
        dist *= -2
        dist += lengths
        dist += np.float32((centre**2).sum())
        np.maximum(dist, 0, out=dist)
        np.sqrt(dist, out=dist)
        np.divide(dist, spreads[k], out=dist)
        np.minimum(every, dist, out=every)
        if k in table:
            np.minimum(surely, dist, out=surely)
    present = int((shares > 0).sum())
    return ([every, surely] if table and len(table) < present else [every]), centres


def _border_colours(
    lab: np.ndarray, border: float, clusters: int, attempts: int = 2
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The photo's border colours: its border band's pixels (every third), their k-means
    cluster (the most compact of ``attempts`` runs) and the clusters' centres, in Lab."""
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
    _, labels, centres = cv2.kmeans(edge, clusters, None, criteria, attempts, cv2.KMEANS_PP_CENTERS)
    return edge, labels.ravel(), centres


def _table_clusters(
    centres: np.ndarray,
    spreads: np.ndarray,
    shares: np.ndarray,
    least_share: float,
    linkage: float,
) -> list[int]:
    """Which border colours are the table: the commonest, those covering ``least_share``
    of the border, and those chained to them within ``linkage`` (sum of both spreads)."""
    present = [k for k in range(len(shares)) if shares[k] > 0]
    if least_share >= 1.0:
        return present
    kept = {int(np.argmax(shares))} | {k for k in present if shares[k] >= least_share}
    grown = True
    while grown:
        grown = False
        for k in present:
            if k in kept:
                continue
            near = min(
                float(np.linalg.norm(centres[k] - centres[j])) / (spreads[k] + spreads[j])
                for j in kept
            )
            if near <= linkage:
                kept.add(k)
                grown = True
    return sorted(kept)


def locate_kingdom(
    image: np.ndarray,
    *,
    work_side: int = 480,
    border: float = 0.04,
    clusters: int = 4,
    threshold: float = 1.8,
    opening: float = 0.03,
    table_share: float = 0.2,
    linkage: float = 1.0,
    least_area: float = 0.04,
    wider: tuple[float, ...] = (2.0, 4.0),
    elongated: float = 1.25,
    sure: float = 1.5,
    least_part: float = 0.35,
    least_cover: float = 0.6,
    keep_first: float = 1.05,
    look_inside: bool = True,
    plain_border: float = 35.0,
    attempts: tuple[int, ...] = (2, 5),
    retry_side: int = 1600,
    strict_threshold: float | None = None,
    unsure_outline: float = 0.88,
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
    look_inside : bool, keyword-only
        When the outline found shows no clear square grid (its score under ``sure``),
        look for the kingdom inside the largest region too, with the region's own border
        as the table (:func:`_look_inside`): a photo of a kingdom on a table, pasted on a
        plainer canvas or lying on a plainer cloth, is a table around the kingdom, not a
        kingdom.
    plain_border : float, keyword-only
        The region is looked inside only when its own border is plain like a table:
        80 % of it within this distance (Lab units) of its median colour.
    attempts : tuple of int, keyword-only
        k-means runs learning the table's colours (the most compact kept): the first
        count, then, while the outline found shows no grid that stands out (score under
        1), each next one, keeping the best outline.  Two runs may settle on
        other colours for the same photo read at another size (its pixels averaged
        otherwise) and lose the kingdom's outline; five find the same colours.
    retry_side : int, keyword-only
        The further runs are made only for a photo whose longer side is under this many
        pixels (smaller than the frame the pipeline reads a phone photo at, where the
        outlines were measured; a retry costs a second search, 15-45 ms), and only with
        ``table_share < 1`` (the outline search among candidates).
    strict_threshold : float or None, keyword-only
        When given and the outline found is less confident than ``unsure_outline``,
        the outline is searched for again with this ``threshold``, on the same table
        colours and distances, and returned as :attr:`Location.second` (the caller
        chooses; see ``vision.kingdomino.pipeline``).  Not after a look inside.
    unsure_outline : float, keyword-only
        See ``strict_threshold``.

    Returns
    -------
    Location
        Corners in pixels of ``image`` (not of the shrunk copy).
    """
    options: dict[str, Any] = {
        "work_side": work_side,
        "border": border,
        "clusters": clusters,
        "threshold": threshold,
        "opening": opening,
        "table_share": table_share,
        "linkage": linkage,
        "least_area": least_area,
        "wider": wider,
        "elongated": elongated,
        "sure": sure,
        "least_part": least_part,
        "least_cover": least_cover,
        "keep_first": keep_first,
        # Learned again only where the outline is searched for among candidates (not for
        # a square photo checked as a crop) and on a frame under ``retry_side``.
        "attempts": attempts
        if table_share < 1.0 and max(image.shape[:2]) < retry_side
        else attempts[:1],
    }
    location, score, region = _locate(
        image, **options, strict=strict_threshold, unsure=unsure_outline
    )
    if look_inside and score is not None and score < sure:
        inside = _look_inside(image, region, score, plain_border, options)
        if inside is not None:
            return inside
    return location


def outlines_apart(first: np.ndarray, second: np.ndarray) -> float:
    """How far apart two outlines are: the largest distance between matching corners
    (both ordered by :func:`order_corners`), as a fraction of ``second``'s side (the
    square root of its area).

    Parameters
    ----------
    first, second : (4, 2) ndarray
        Corners as [x, y] pixels, any order.

    Returns
    -------
    float
        0 for the same outline; inf when ``second`` has no area.
    """
    a, b = order_corners(first), order_corners(second)
    side = float(np.sqrt(abs(cv2.contourArea(b.astype(np.float32)))))
    if side <= 0:
        return float("inf")
    return float(np.linalg.norm(a - b, axis=1).max()) / side


def _locate(
    image: np.ndarray,
    *,
    work_side: int,
    border: float,
    clusters: int,
    threshold: float,
    opening: float,
    table_share: float,
    linkage: float,
    least_area: float,
    wider: tuple[float, ...],
    elongated: float,
    sure: float,
    least_part: float,
    least_cover: float,
    keep_first: float,
    attempts: tuple[int, ...],
    least_grid: float = 1.0,
    strict: float | None = None,
    unsure: float = 0.88,
) -> tuple[Location, float | None, np.ndarray]:
    """:func:`locate_kingdom` without the look inside; the chosen outline's score
    (:func:`_kingdom_score`, times the square root of its area share when candidates
    were compared; None when no score was measured); the largest region's outline
    (corners in pixels of ``image``).

    The table's colours are learned by k-means (``attempts[0]`` runs); when the outline
    found shows no grid that stands out (score under ``least_grid``, the bar of
    :func:`_look_inside`), they are learned again with more runs (``attempts[1:]``), and
    if that settles on other colours, the outline found with them is kept when it scores
    higher.  With ``strict``, a chosen outline less confident than ``unsure`` is searched
    for again with that threshold on the chosen reading's distances
    (:attr:`Location.second`).
    """
    rows, cols = image.shape[:2]
    whole = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], dtype=np.float64)
    scale = min(1.0, work_side / max(rows, cols))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    best: tuple[Location, float | None, np.ndarray] | None = None
    best_distances: list[np.ndarray] = []
    seen: list[np.ndarray] = []
    search: dict[str, Any] = {
        "opening": opening,
        "table_share": table_share,
        "least_area": least_area,
        "wider": wider,
        "elongated": elongated,
        "sure": sure,
        "least_part": least_part,
        "least_cover": least_cover,
        "keep_first": keep_first,
    }
    for tries in attempts:
        distances, centres = _table_distance(
            small, border, clusters, least_share=table_share, linkage=linkage, attempts=tries
        )
        ordered = centres[np.lexsort(centres.T[::-1])]
        if any(np.allclose(ordered, other, atol=1e-3) for other in seen):
            continue  # the same table colours: the same outline
        seen.append(ordered)
        found = _search(small, [d > threshold for d in distances], scale, whole, **search)
        if best is None or (found[1] is not None and (best[1] is None or found[1] > best[1])):
            best, best_distances = found, distances
        if best[1] is not None and best[1] >= least_grid:
            break  # a grid that stands out: no other reading of the table is tried
    assert best is not None  # attempts is never empty
    if strict is not None and best[0].confidence < unsure:
        # Session 13: the same table colours, a stricter bar for "unlike the table".
        second = _search(small, [d > strict for d in best_distances], scale, whole, **search)
        best = (replace(best[0], second=second[0]), best[1], best[2])
    return best


def _search(
    small: np.ndarray,
    unlike: list[np.ndarray],
    scale: float,
    whole: np.ndarray,
    *,
    opening: float,
    table_share: float,
    least_area: float,
    wider: tuple[float, ...],
    elongated: float,
    sure: float,
    least_part: float,
    least_cover: float,
    keep_first: float,
) -> tuple[Location, float | None, np.ndarray]:
    """The outline search of :func:`_locate` on one reading of the table (``unlike``: the
    masks of pixels unlike the table, every border colour first) in the shrunk photo."""
    first = _kingdom_mask(unlike[0], opening)
    found = _candidates(first, least_area, 0.0)
    if not found:
        return Location(corners=whole, confidence=0.1, cropped=True), None, whole
    quad, confidence, touches = found[0]
    first_score = _kingdom_score(small, quad, confidence, touches) if len(found) == 1 else 0.0
    score: float | None = first_score if len(found) == 1 else None
    if table_share < 1.0 and (len(found) > 1 or touches or first_score < sure):
        # A neighbour's kingdom in frame, or this one split where squares look like
        # the table: other readings of the table and other cuts of the regions are
        # tried, and the best looking kingdom is kept.
        masks = [first] + [_kingdom_mask(u, opening) for u in unlike[1:]]
        found += _candidates(masks[1], least_area, elongated) if len(masks) > 1 else []
        for times in wider:
            # Wider openings cut the bridges (a streak of table, a corner square) that
            # join a kingdom to its neighbour or to the frame.
            for mask in masks:
                found += _candidates(_open_wide(mask, times * opening), least_area, elongated)
        found = _distinct(found)
        # Cheap tests first: a kingdom's outline is a convex near-square inside the
        # photo; it covers pixels unlike the table (but for a few table-like squares:
        # a square drawn around a lone domino or across the table does not); a part
        # of a kingdom shows a square grid too, so the larger a candidate, the likelier
        # it is the whole kingdom.
        unlike_any = np.logical_or.reduce(masks).astype(np.uint8)
        areas = np.array([_plausible_area(small, c[0], least_area) for c in found])
        for i, c in enumerate(found):
            if areas[i] and _covered(unlike_any, c[0]) < least_cover:
                areas[i] = 0.0
        share = areas / max(float(areas.max()), 1.0)
        # The grid is fitted to the likeliest candidates first: one whose most
        # possible score (grid strength at its cap) is below the best so far cannot
        # win and is not scored (the same choice as scoring every one).
        most = [
            _kingdom_score(small, *c, strength=_STRENGTH_CAP) * np.sqrt(part)
            if part >= least_part
            else 0.0
            for c, part in zip(found, share, strict=True)
        ]
        most[0] *= keep_first
        scores = np.zeros(len(found))
        for i in sorted(range(len(found)), key=lambda k: -most[k]):
            if most[i] < scores.max() or share[i] < least_part:
                break
            c = found[i]
            scores[i] = (
                first_score if i == 0 and first_score else _kingdom_score(small, *c)
            ) * np.sqrt(share[i])
            if i == 0:
                scores[0] *= keep_first  # the largest region as before, unless clearly beaten
        quad, confidence, _ = found[int(np.argmax(scores))]
        score = float(scores.max())
    corners = order_corners(quad) / scale
    region = order_corners(found[0][0]) / scale
    return Location(corners=corners, confidence=confidence, cropped=False), score, region


def _look_inside(
    image: np.ndarray,
    region: np.ndarray,
    outer_score: float,
    plain_border: float,
    options: dict[str, Any],
    *,
    least_score: float = 1.0,
) -> Location | None:
    """The kingdom found inside the ``region`` outline, if it looks more like one.

    The region's bounding box (less 1 % at each side, so the surround is left out) is
    searched as a photo of its own when what lies just inside the region's outline is
    plain like a table (80 % of the border band of the region straightened within
    ``plain_border`` Lab units of its median colour; a kingdom's outer squares, or two
    kingdoms touching, are not): that is the table the kingdom lies on.  The kingdom
    found there is kept only when its score (square grid strength, outline confidence,
    area share, as :func:`_locate` measures it) beats ``outer_score`` (the outline the
    search chose in the whole photo) and is at least ``least_score`` (a grid that stands
    out); it is never searched inside again.
    """
    rows, cols = image.shape[:2]
    low = np.floor(region.min(axis=0)).astype(int)
    high = np.ceil(region.max(axis=0)).astype(int)
    inset = max(1, round(0.01 * float((high - low).max())))
    left, top = max(0, int(low[0]) + inset), max(0, int(low[1]) + inset)
    right, bottom = min(cols, int(high[0]) - inset), min(rows, int(high[1]) - inset)
    if min(right - left, bottom - top) < 40 or (right - left) * (bottom - top) > 0.9 * rows * cols:
        return None  # too small to search, or the whole photo again
    # The region straightened, less 2 % at each side (the outline may take in a little
    # of the surround): its border band is what lies just inside the outline.
    view = warp_kingdom(image, region, side=200)[4:-4, 4:-4]
    if _border_spread(view, border=options["border"], work_side=200) > plain_border:
        return None
    crop = image[top:bottom, left:right]
    inner, score, _ = _locate(crop, **options)
    if inner.cropped or score is None or score <= outer_score or score < least_score:
        return None
    corners = inner.corners + np.array([left, top], dtype=np.float64)
    return Location(corners=corners, confidence=inner.confidence, cropped=False)


def _candidates(
    mask: np.ndarray, least_area: float, elongated: float
) -> list[tuple[np.ndarray, float, bool]]:
    """Outlines of a mask's largest region and of any other region large enough to
    be a kingdom (``least_area`` of the picture), largest first; with ``elongated``,
    also the square at each end of a long region (:func:`_square_ends`)."""
    # Labels only (the statistics of every small blob cost more than the labelling): the
    # areas counted from them, as int32 as OpenCV's statistics give them, so the regions
    # come in the same order; a bounding box only where one is asked.
    count, labels = cv2.connectedComponents(mask, connectivity=4, ltype=cv2.CV_32S)
    if count < 2:
        return []
    areas = np.bincount(labels.ravel(), minlength=count)[1:].astype(np.int32)
    found = []
    for rank, index in enumerate(np.argsort(areas)[::-1][:4]):
        if rank > 0 and areas[index] < least_area * mask.size:
            break
        # Holes are not filled: they leave a region's outer outline (all that is
        # used of it here) as it is, and filling them cost a flood fill per region.
        region = (labels == index + 1).astype(np.uint8)
        contour = _largest_contour(region)
        if contour is None:
            continue
        found.append(_outline(region, contour))
        if elongated:
            found += _square_ends(region.shape, contour, elongated=elongated)
    if elongated:
        # A kingdom split where its squares look like the table: all the pieces clear
        # of the photo's edge together.
        rows, cols = mask.shape[:2]
        pieces = []
        for index in np.nonzero(areas >= 0.1 * least_area * mask.size)[0]:
            left, top, width, height = cv2.boundingRect((labels == index + 1).astype(np.uint8))
            if left > 1 and top > 1 and left + width < cols - 1 and top + height < rows - 1:
                pieces.append(index)
        if len(pieces) > 1:
            union = np.isin(labels, np.array(pieces) + 1).astype(np.uint8)
            contour = _largest_contour(union)
            if contour is not None:
                found.append(_outline(union, contour))
    return found


def _kingdom_mask(unlike: np.ndarray, opening: float) -> np.ndarray:
    """Pixels unlike the table, closed, with thin table streaks cut off (uint8 0/1)."""
    mask: np.ndarray = unlike.astype(np.uint8)
    side = max(3, int(0.01 * max(mask.shape[:2])) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
    # Cut thin streaks of table (wood grain, reflections) joined to the kingdom.
    wide = max(3, int(opening * max(mask.shape[:2])) | 1)
    opened: np.ndarray = cv2.morphologyEx(
        mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (wide, wide))
    )
    return opened


def _largest_contour(region: np.ndarray) -> np.ndarray | None:
    """The outer outline of a region's largest part (``(n, 1, 2)`` int32 points of the
    mask), None for an empty region."""
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    return max(contours, key=cv2.contourArea)


def _outline(region: np.ndarray, contour: np.ndarray) -> tuple[np.ndarray, float, bool]:
    """A region's four corners (small image's pixels) from its largest outline
    (:func:`_largest_contour`), its confidence, whether it meets the photo's edge."""
    hull = cv2.convexHull(contour)
    quad = _refine_sides(_quadrilateral(hull), contour.reshape(-1, 2))
    hull_area = float(cv2.contourArea(hull))
    quad_area = float(cv2.contourArea(quad.astype(np.float32)))
    fit = min(hull_area, quad_area) / max(hull_area, quad_area, 1.0)
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    squareness = float(sides.min() / max(sides.max(), 1e-6))
    confidence = float(np.clip(fit * squareness, 0.0, 1.0))
    rows, cols = region.shape[:2]
    touches = bool(
        region[[0, 1, rows - 2, rows - 1]].any() or region[:, [0, 1, cols - 2, cols - 1]].any()
    )
    return quad, confidence, touches


def _square_ends(
    shape: tuple[int, ...], contour: np.ndarray, *, elongated: float
) -> list[tuple[np.ndarray, float, bool]]:
    """Two kingdoms touching make one long region: a square at each of its ends.

    Parameters
    ----------
    shape : tuple of int
        The mask's (rows, cols).
    contour : (n, 1, 2) ndarray of int32
        The region's largest outline (:func:`_largest_contour`).
    elongated : float, keyword-only

    Returns
    -------
    list of (quad, confidence, touches)
        Empty when the region's least rectangle is not at least ``elongated`` times as
        long as wide; else the square at each end (side: the rectangle's width),
        ``touches`` when that square reaches the photo's edge.
    """
    (cx, cy), (width, height), angle = cv2.minAreaRect(contour)
    long, short = max(width, height), min(width, height)
    if short < 1 or long < elongated * short:
        return []
    theta = np.deg2rad(angle) + (0.0 if width >= height else np.pi / 2)
    axis = np.array([np.cos(theta), np.sin(theta)])
    across = np.array([-axis[1], axis[0]])
    rows, cols = shape[:2]
    out = []
    for sign in (-1.0, 1.0):
        middle = np.array([cx, cy]) + sign * (long - short) / 2 * axis
        quad = np.array(
            [
                middle + (a * axis + b * across) * short / 2
                for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
        )
        margin = 0.02 * max(rows, cols)
        touches = bool(
            (quad[:, 0] < margin).any()
            or (quad[:, 0] > cols - margin).any()
            or (quad[:, 1] < margin).any()
            or (quad[:, 1] > rows - margin).any()
        )
        out.append((quad, 0.5, touches))
    return out


def _border_spread(image: np.ndarray, *, border: float, work_side: int) -> float:
    """How far (Lab units) the photo's border band strays from its median colour: the
    80th percentile (measured on a copy shrunk to ``work_side``, blurred as the table is
    learned).  Just inside a region's outline: the samples' tables 15-20; kingdom squares
    (phone/, real-phone/, rendered neighbours) 51 and more."""
    rows, cols = image.shape[:2]
    scale = min(1.0, work_side / max(rows, cols))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    band = max(2, int(border * min(lab.shape[:2])))
    edge = np.concatenate(
        [
            lab[:band].reshape(-1, 3),
            lab[-band:].reshape(-1, 3),
            lab[:, :band].reshape(-1, 3),
            lab[:, -band:].reshape(-1, 3),
        ]
    )
    away = np.linalg.norm(edge - np.median(edge, axis=0), axis=1)
    return float(np.percentile(away, 80))


def _open_wide(mask: np.ndarray, opening: float) -> np.ndarray:
    """``mask`` opened by a disc ``opening`` of its longest side across, on a copy
    shrunk so that the disc is about 9 pixels wide (a wide opening is slow)."""
    rows, cols = mask.shape[:2]
    wide = opening * max(rows, cols)
    shrink = max(1.0, wide / 9)
    small = cv2.resize(mask, (max(1, round(cols / shrink)), max(1, round(rows / shrink))))
    side = max(3, int(wide / shrink) | 1)
    opened = cv2.morphologyEx(
        small, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    )
    out: np.ndarray = cv2.resize(opened, (cols, rows), interpolation=cv2.INTER_NEAREST)
    return out


def _distinct(
    found: list[tuple[np.ndarray, float, bool]], *, within: float = 2.0
) -> list[tuple[np.ndarray, float, bool]]:
    """The candidates without repeats (every corner within ``within`` pixels of an
    earlier candidate's); the first stays first."""
    kept: list[tuple[np.ndarray, float, bool]] = []
    seen: list[np.ndarray] = []
    for candidate in found:
        quad = order_corners(candidate[0])
        if not any(np.abs(quad - other).max() <= within for other in seen):
            kept.append(candidate)
            seen.append(quad)
    return kept


def _covered(mask: np.ndarray, quad: np.ndarray) -> float:
    """Share (0..1) of the quadrilateral's pixels set in ``mask``."""
    inside = np.zeros_like(mask)
    cv2.fillConvexPoly(inside, np.rint(order_corners(quad)).astype(np.int32), 1)
    total = int(inside.sum())
    return float((mask & inside).sum()) / total if total else 0.0


def _plausible_area(small: np.ndarray, quad: np.ndarray, least_area: float) -> float:
    """The candidate's area (pixels) if it can be a kingdom's outline, else 0.

    A kingdom's outline is convex, inside the photo, at least ``least_area`` of it,
    and near-square (seen at an angle, its sides differ by less than half).
    """
    rows, cols = small.shape[:2]
    ordered = order_corners(quad)
    sides = np.linalg.norm(np.roll(ordered, -1, axis=0) - ordered, axis=1)
    slack = 0.05 * max(rows, cols)
    inside = bool(
        (ordered[:, 0] >= -slack).all()
        and (ordered[:, 0] <= cols + slack).all()
        and (ordered[:, 1] >= -slack).all()
        and (ordered[:, 1] <= rows + slack).all()
    )
    convex = bool(cv2.isContourConvex(np.rint(ordered).astype(np.int32)))
    area = float(cv2.contourArea(ordered.astype(np.float32)))
    if (
        not (inside and convex)
        or sides.min() < 0.5 * sides.max()
        or area < least_area * rows * cols
    ):
        return 0.0
    return area


_STRENGTH_CAP = 4.0


def _kingdom_score(
    small: np.ndarray,
    quad: np.ndarray,
    confidence: float,
    touches: bool,
    *,
    strength: float | None = None,
) -> float:
    """How much a candidate outline's view looks like a kingdom: its square grid's
    strength (:func:`vision.kingdomino.grid.find_grid`) above 1, capped at 4 (real
    kingdoms: 2-4), weighed by the outline's confidence, halved for a region cut by
    the photo's edge (most likely a neighbour's kingdom partly in frame).  With
    ``strength`` given, no grid is fitted: the score that strength would give (at
    the cap, the most the candidate can score)."""
    from vision.kingdomino.grid import find_grid

    if strength is None:
        view = warp_kingdom(small, order_corners(quad), side=100)
        strength = find_grid(view).strength
    strength = min(strength, _STRENGTH_CAP)
    return max(0.0, strength - 1.0) * (0.5 + 0.5 * confidence) * (0.5 if touches else 1.0)


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
    first: tuple[np.ndarray, Grid] | None = None,
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
    first : (view, grid) or None, keyword-only
        The first round's view when the caller has it already: ``image`` warped at
        ``corners`` to ``size * square`` pixels a side (:func:`warp_kingdom`), and the
        grid :func:`vision.kingdomino.grid.find_grid` found in it with ``size`` squares
        a side (``local=False``); neither is modified.  The same result, one warp and
        one grid fit fewer.

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
    for index in range(rounds):
        if index == 0 and first is not None:
            view, whole_lines = first
            if view.shape[:2] != (side, side) or whole_lines.size != size:
                raise ValueError(
                    f"the first view is {view.shape[1]}x{view.shape[0]} pixels with "
                    f"{whole_lines.size} squares a side, not {side}x{side} with {size}"
                )
        else:
            view = warp_kingdom(image, current, side=side)
            whole_lines = find_grid(view, sizes=(size,), local=False)
        grid = local_lines(view, whole_lines, reach=reach)
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
