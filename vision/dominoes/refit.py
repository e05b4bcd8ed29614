"""An outline refitted to a tile's pips (double-nine and double-twelve sets).

Seen at a low angle, a tile's outline is loose: the crop holds the tile's side below
its face, so a half's pips sit off the middle of the half and a 5 or a 9 snaps to no
legal layout of the 3x3 grid.  Every pip layout is symmetric about its half's middle,
so the middle of each half's pips is the middle of that half: the two give the tile's
axis, its length (twice the distance between them) and its width (half the length).
:func:`outline_from_pips` makes that outline; the pipeline reads it as one more
outline of the same tile, kept only when it reads on legal layouts.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.read import crop_matrix

__all__ = ["outline_from_pips"]

#: The halves' middles this close together (share of the crop's length) give no
#: outline: the pips are too few or too bunched to place the tile by.
LEAST_SPAN = 0.3

#: A refitted outline longer or shorter than the old one by more than this factor is
#: no refit of the same tile (pips of a touching tile, a stray mark).
MOST_CHANGE = 1.5


def outline_from_pips(
    corners: np.ndarray,
    halves: tuple[np.ndarray, np.ndarray],
    *,
    bar: float,
    short_side: int = 80,
) -> list[np.ndarray]:
    """The tile's outlines placed on its pips' middles.

    Parameters
    ----------
    corners : (4, 2) ndarray of float64
        The outline read: tl, tr, br, bl as (x, y) pixels of the photo.
    halves : tuple of two (n, 2) ndarray of float64
        The pips of the crop's left and right halves, (row, col) pixels of the crop
        :func:`vision.dominoes.read.rectify_tile` makes of ``corners`` (n may be 0:
        a blank half).
    bar : float, keyword-only
        The divider bar's middle col in the crop (pixels).
    short_side : int, keyword-only
        Rows of the crop (pixels); it has twice as many cols.

    Returns
    -------
    list of (4, 2) ndarray of float64
        The outline (tl, tr, br, bl as (x, y) pixels of the photo, tl-tr a long side):
        the tile as wide as half its length in the crop, the loose outline's slant and
        squash kept (an outline 2:1 in the photo instead read worse on the tuned
        scenes' copies).  Empty when both halves are blank, the halves' middles are
        closer than :data:`LEAST_SPAN` of the crop or the outline's length would
        change by more than :data:`MOST_CHANGE` times.

    Examples
    --------
    A crop's own outline (the photo is the crop): a 1 and a 1 at the middles of
    halves shifted down by 10 rows give the outline shifted down by 10 rows.

    >>> corners = np.array([[0.0, 0.0], [160.0, 0.0], [160.0, 80.0], [0.0, 80.0]])
    >>> pips = (np.array([[50.0, 40.0]]), np.array([[50.0, 120.0]]))
    >>> for outline in outline_from_pips(corners, pips, bar=80.0):
    ...     print(outline.round(3).tolist())
    [[0.0, 10.0], [160.0, 10.0], [160.0, 90.0], [0.0, 90.0]]
    """
    cols = 2.0 * short_side
    middles: list[np.ndarray | None] = [
        None if len(pips) == 0 else np.asarray(pips, dtype=np.float64).mean(axis=0)
        for pips in halves
    ]
    first, second = middles
    if first is None and second is None:
        return []
    # A blank half's middle lies as far past the bar as the other's, in line with it.
    if first is None:
        assert second is not None
        first = np.array([second[0], 2.0 * bar - second[1]])
    if second is None:
        second = np.array([first[0], 2.0 * bar - first[1]])
    along = second - first
    span = float(np.hypot(*along))
    if span < LEAST_SPAN * cols:
        return []
    if not 1.0 / MOST_CHANGE <= span / (0.5 * cols) <= MOST_CHANGE:
        return []
    along /= span
    across = np.array([along[1], -along[0]])  # (row, col) square to the axis
    middle = (first + second) / 2.0
    # (row, col) corners in the crop: the tile is 2 * span long and span wide.
    crop_corners = np.array(
        [
            middle - span * along - 0.5 * span * across,
            middle + span * along - 0.5 * span * across,
            middle + span * along + 0.5 * span * across,
            middle - span * along + 0.5 * span * across,
        ]
    )
    # Keep tl at the top-left as the crop shows it: ``across`` may point either way.
    if crop_corners[0, 0] > crop_corners[3, 0]:
        crop_corners = crop_corners[[3, 2, 1, 0]]
    inverse = np.linalg.inv(crop_matrix(corners, short_side=short_side))
    points = crop_corners[:, ::-1].reshape(1, 4, 2)  # (x, y) at the cv2 call
    mapped = cv2.perspectiveTransform(points.astype(np.float64), inverse).reshape(4, 2)
    return [np.asarray(mapped, dtype=np.float64)]
