"""Session 12: a table seen so low that every tile is small and foreshortened.

A rendered double-twelve hand on marble, seen low (``low_angle=1``), is warped again as by
a camera lower still: the photo's top edge narrowed to 0.111 of its width (the far tiles
about 0.45 as wide as the near ones), every tile squashed into the top of the frame.  The
searches at the usual sizes then read only unsure, illegal marks (a 0-1 at 0.3), and
those kept the search at the tiles' own size from running: no drawn tile was read.  Above
double-six, nothing read surely is now searched as nothing read
(``vision.dominoes.pipeline._tile_side``).  Expected values are the tiles as drawn.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from vision.dominoes import read_dominoes
from vision.dominoes.render import render_hand

#: The warped photo's top edge, as a share of its width.
TOP = 0.111


def _seen_lower(image: np.ndarray) -> np.ndarray:
    """``image`` with its top edge narrowed to :data:`TOP` of its width (the bottom edge
    kept), the corners left filled by the nearest edge pixels."""
    rows, cols = image.shape[:2]
    inset = cols * (1 - TOP) / 2
    corners = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    narrowed = np.float32([[inset, 0], [cols - inset, 0], [cols, rows], [0, rows]])
    matrix = cv2.getPerspectiveTransform(corners, narrowed)
    return cv2.warpPerspective(
        image, matrix, (cols, rows), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def test_a_table_seen_very_low_still_gives_a_drawn_tile() -> None:
    hand = render_hand(1, max_pips=12, texture="marble", rows=1960, cols=4032, low_angle=1.0)
    photo = _seen_lower(hand.image)
    reading = read_dominoes(photo, max_pips=12)
    drawn = Counter(tuple(sorted(tile)) for tile in hand.tiles)
    read = Counter(tuple(sorted(tile.pips)) for tile in reading.tiles)
    right = drawn & read
    # The old code read no drawn tile here (only a 0-1 on no legal layout).
    assert sum(right.values()) >= 1
    sure = [tile for tile in reading.tiles if tile.legal and tile.confidence >= 0.8]
    assert sure
    assert all(tuple(sorted(tile.pips)) in drawn for tile in sure)
