"""Photo-level warnings: a reading that may have missed tiles, or rests on few unsure ones.

Each tile read carries its own confidence, but a photo where most tiles were not read at
all gave no sign of it: the felt samples under a warm cast (before
:mod:`vision.dominoes.balance`) read one tile, confidence 0.93-0.96, of five to seven,
with no warning.  Two checks look at the photo as a whole:

- pale patches the size and shape of a read tile's face where no tile was read (the
  faces are seen; their bars and pips were not);
- a photo read as one or two tiles, each with low confidence.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.dominoes.find import face_mask, shrink

__all__ = ["unread_faces", "unsure_warnings"]

#: Working size (pixels, longer side) at which the pale patches are looked for.
WORK_SIDE = 480

#: A patch counts as an unread tile face when its area is within these shares of the
#: read tiles' median area (a tile's face, its rim lost or a shadow added).
FACE_AREA = (0.6, 1.6)

#: ... and it fills at least this share of its least rotated rectangle, 1.5-2.6 times as
#: long as wide (a tile's face seen from above or a little aslant).
FACE_FILL = 0.8
FACE_ASPECT = (1.5, 2.6)


def unread_faces(
    image: np.ndarray, outlines: Sequence[np.ndarray], *, work_side: int = WORK_SIDE
) -> int:
    """How many pale tile-shaped patches of the photo lie where no tile was read.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo read (not changed).
    outlines : sequence of (4, 2) ndarray of float64
        The read tiles' corners, tl, tr, br, bl as (x, y) pixels of ``image``.
    work_side : int, keyword-only
        Longer side (pixels) of the copy the patches are looked for on.

    Returns
    -------
    int
        Patches of the tile faces' colour (:func:`vision.dominoes.find.face_mask`)
        whose area is within :data:`FACE_AREA` of the read tiles' median, tile-shaped
        (:data:`FACE_FILL`, :data:`FACE_ASPECT`), and whose centre lies in no read
        tile's outline.  0 when no tile was read (no size to compare with).
    """
    if not outlines:
        return 0
    work = shrink(image, work_side)
    scale = image.shape[1] / work.shape[1]
    kernel = max(3, 2 * round(31 * work_side / 1280 / 2) + 1)
    face = face_mask(work, kernel=kernel).astype(np.uint8)
    tiles = [np.asarray(outline, dtype=np.float32) / scale for outline in outlines]
    median = float(np.median([cv2.contourArea(tile) for tile in tiles]))
    low, high = FACE_AREA[0] * median, FACE_AREA[1] * median
    count, labels, stats, centres = cv2.connectedComponentsWithStats(face, connectivity=8)
    unread = 0
    for label in range(1, count):
        area = float(stats[label, cv2.CC_STAT_AREA])
        if not low <= area <= high:
            continue
        x, y, w, h = (int(value) for value in stats[label, :4])
        points = cv2.findNonZero((labels[y : y + h, x : x + w] == label).astype(np.uint8))
        (_, (width, length), _) = cv2.minAreaRect(points)
        short, long = sorted((max(width, 1.0), max(length, 1.0)))
        if area < FACE_FILL * short * long or not FACE_ASPECT[0] <= long / short <= FACE_ASPECT[1]:
            continue
        centre = (float(centres[label][0]), float(centres[label][1]))
        if any(cv2.pointPolygonTest(tile, centre, False) >= 0 for tile in tiles):
            continue
        unread += 1
    return unread


def unsure_warnings(
    image: np.ndarray,
    outlines: Sequence[np.ndarray],
    confidences: Sequence[float],
    *,
    low_confidence: float,
) -> list[str]:
    """The photo-level warnings (see the module's docstring), none if the reading is sure.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8, BGR
        The photo read (not changed).
    outlines : sequence of (4, 2) ndarray of float64
        The read tiles' corners (x, y pixels of ``image``).
    confidences : sequence of float
        The read tiles' confidences (0..1), in the same order.
    low_confidence : float, keyword-only
        Below this a tile's reading is unsure.

    Returns
    -------
    list of str
    """
    found: list[str] = []
    missed = unread_faces(image, outlines)
    if missed:
        patches = "patch" if missed == 1 else "patches"
        found.append(
            f"{missed} pale {patches} the size of a tile not read as tiles: the reading is "
            "unsure, some tiles may be missing (a colour cast, glare or blur?); check the photo"
        )
    if 1 <= len(confidences) <= 2 and max(confidences) < low_confidence:
        found.append(
            f"only {_tiles(len(confidences))} read, all with low confidence: the reading "
            "is unsure; check the photo"
        )
    return found


def _tiles(count: int) -> str:
    """``count`` tiles in words: ``"1 tile"``, ``"2 tiles"``."""
    return f"{count} tile" if count == 1 else f"{count} tiles"
