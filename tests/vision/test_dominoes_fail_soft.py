"""Session 13: a gate that can empty a whole photo fails soft.

A printed play area (a large, roughly square patch of one saturated colour) whose grid
of 15 x 15 cells shows makes the photo a board, and only tiles on it count.  A game board
(or a gridded mat) lying on the table beside the tiles then emptied the photo: no tile
is on it, and every tile off it was dropped.  Now, when nothing is read surely on the
board, the photo is also read as a table's and the tiles read surely well beyond the
board's printed border are kept (``vision.dominoes.pipeline._tiles_off_board``).

The photo is a rendered double-twelve hand on marble (900 x 1200 pixels) with a band of
plain table below it holding a teal board of 15 x 15 printed cells (560 pixels, 16 % of
the photo).  Expected values are the tiles as drawn.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from vision.dominoes import find_play_area, read_dominoes
from vision.dominoes.render import RenderedHand, render_hand

#: The hand's rows; the board lies in the band below them.
HAND_ROWS = 900


def _board_beside(
    seed: int, *, side: int = 560, band: int = 700
) -> tuple[np.ndarray, RenderedHand]:
    """A rendered hand of four tiles with a gridded board on the table below it."""
    hand = render_hand(seed, count=4, max_pips=12, texture="marble", rows=HAND_ROWS, cols=1200)
    image = hand.image
    rng = np.random.default_rng(seed)
    table = np.median(image.reshape(-1, 3), axis=0)
    noise = cv2.GaussianBlur(
        rng.normal(0.0, 6.0, (band, image.shape[1])).astype(np.float32), (0, 0), 3
    )
    strip = np.clip(table[None, None] + noise[..., None], 0, 255).astype(np.uint8)
    board = np.empty((side, side, 3), dtype=np.uint8)
    board[:] = (140, 120, 20)  # BGR teal
    cell = (side - 4) / 15
    for line in range(16):
        at = round(2 + cell * line)
        cv2.line(board, (at, 2), (at, side - 3), (30, 30, 30), 2, cv2.LINE_AA)
        cv2.line(board, (2, at), (side - 3, at), (30, 30, 30), 2, cv2.LINE_AA)
    top, left = (band - side) // 2, (image.shape[1] - side) // 2
    strip[top : top + side, left : left + side] = board
    return np.vstack([image, strip]), hand


def test_a_gridded_board_beside_the_tiles_does_not_empty_the_photo() -> None:
    photo, hand = _board_beside(1)
    # The board is seen as a play area (the gate fires) ...
    area = find_play_area(photo)
    assert area is not None
    assert area[:, 1].min() > HAND_ROWS
    # ... and the tiles beside it are read all the same (the old code read none).
    reading = read_dominoes(photo, max_pips=12)
    drawn = Counter(tuple(sorted(tile)) for tile in hand.tiles)
    read = Counter(tuple(sorted(tile.pips)) for tile in reading.tiles)
    assert read == drawn == Counter({(3, 8): 1, (3, 12): 1, (6, 10): 1, (10, 11): 1})
    for tile in reading.tiles:
        assert tile.confidence >= 0.8
        assert tile.corners[:, 1].max() < HAND_ROWS
