"""The pale-table search on changed copies of a photo: stretched up and down (a table
foreshortened by a low camera) and with its light evened out (a shadow over part of the
table).  The tiles found are given back in the photo's own pixels and read there."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.dominoes.find import TileCandidate, _search, shrink
from vision.dominoes.read import evened_light


def _stretched_search(
    image: np.ndarray, stretch: float, *, work_side: int = 1280
) -> list[TileCandidate]:
    """The pale-table search on ``image`` shrunk to ``work_side`` and then stretched
    up and down ``stretch`` times (a foreshortened table seen as from higher up), the
    tiles found given back in ``image``'s pixels (their other outlines too)."""
    small = shrink(image, work_side)
    rows, cols = small.shape[:2]
    tall = cv2.resize(small, (cols, round(rows * stretch)), interpolation=cv2.INTER_LINEAR)
    found, _, _ = _search(tall, work_side=max(tall.shape[:2]), pale=True)
    factor = np.array([image.shape[1] / cols, image.shape[0] / tall.shape[0]])
    return [_mapped(tile, factor) for tile in found]


#: The light's reach when a shadow is evened out (``evened_light``): the local white is
#: the palest pixel within this share of the working image's longer side (more than a
#: tile's length, so a tile's own white face and the table round it set it).
LIGHT_REACH = 0.12


def _evened_search(image: np.ndarray, *, work_side: int = 1280) -> list[TileCandidate]:
    """The pale-table search on ``image`` shrunk to ``work_side`` with its light
    evened out (``evened_light``: a shadow over part of the table), the tiles found given
    back in ``image``'s pixels.  They are read on the photo itself."""
    small = shrink(image, work_side)
    reach = max(3, round(LIGHT_REACH * max(small.shape[:2])))
    found, _, _ = _search(evened_light(small, reach=reach), work_side=work_side, pale=True)
    factor = np.array([image.shape[1] / small.shape[1], image.shape[0] / small.shape[0]])
    return [_mapped(tile, factor) for tile in found]


def _mapped(tile: TileCandidate, factor: np.ndarray) -> TileCandidate:
    """``tile`` (and its other outlines) with every corner's (x, y) times ``factor``."""
    corners = tile.corners * factor
    return replace(
        tile,
        corners=corners,
        width=float(np.linalg.norm(corners[3] - corners[0])),
        length=float(np.linalg.norm(corners[1] - corners[0])),
        others=tuple(_mapped(other, factor) for other in tile.others),
    )
