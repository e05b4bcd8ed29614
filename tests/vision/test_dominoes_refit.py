"""Session 9: above double-six, a tile whose pips read on no legal layout (a loose outline
at a low angle: the crop holds the tile's side, so a half's pips sit off its middle) is
read again on an outline placed on its pips (vision/dominoes/refit.py)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dominoes.pipeline import _read_candidates, read_tile
from vision.dominoes.refit import outline_from_pips
from vision.dominoes.strokes import TileCandidate

IVORY = (200, 228, 238)  # BGR
MARBLE = (215, 212, 200)  # a pale bluish grey, BGR
SIDE = (170, 190, 200)  # the tile's side, seen below its face at a low angle
# Pip centres (dx, dy) in a half 80 x 80 px: a five and a nine on the 3x3 grid.
FIVE = [(18, 18), (62, 18), (40, 40), (18, 62), (62, 62)]
NINE = [(dx, dy) for dy in (18, 40, 62) for dx in (18, 40, 62)]
X, Y = 120, 100  # the face's top-left corner


def _photo() -> np.ndarray:
    """A 5-9 tile, face 160 x 80 px at (X, Y), its side 40 px deep below it (a low angle)."""
    image = np.full((320, 420, 3), MARBLE, dtype=np.uint8)
    cv2.rectangle(image, (X, Y + 80), (X + 159, Y + 119), SIDE, -1)
    cv2.rectangle(image, (X, Y), (X + 159, Y + 79), IVORY, -1)
    cv2.line(image, (X + 80, Y + 12), (X + 80, Y + 67), (25, 25, 25), 5)
    for half, offsets in enumerate((FIVE, NINE)):
        for dx, dy in offsets:
            cv2.circle(image, (X + 80 * half + dx, Y + dy), 7, (40, 40, 200), -1, cv2.LINE_AA)
    return image


def _loose() -> TileCandidate:
    """The face and its side together (160 x 120 px, stretched to 2:1 when read): the
    pips sit in the upper two thirds of each half."""
    corners = np.array([[X, Y], [X + 159, Y], [X + 159, Y + 119], [X, Y + 119]], dtype=float)
    return TileCandidate(corners, 120.0, 160.0, 0.95)


def test_the_loose_outline_alone_reads_no_legal_layout() -> None:
    reading, _ = read_tile(_photo(), _loose(), max_pips=12)
    assert reading is not None
    assert not reading.legal


def test_above_double_six_the_tile_is_read_on_its_pips_outline() -> None:
    readings, _ = _read_candidates(_photo(), [_loose()], 1, 12)
    assert [reading.pips for reading in readings] == [(5, 9)]
    assert readings[0].legal
    # The refitted outline is centred on the face (its middle row Y + 40), as long as
    # the face; it keeps the loose outline's squash (1.5 times as tall as 2:1).
    corners = readings[0].corners
    assert abs(corners[:, 1].mean() - (Y + 40)) < 3
    assert abs(corners[1, 0] - corners[0, 0] - 160) < 3
    assert abs(corners[3, 1] - corners[0, 1] - 120) < 3


def test_at_double_six_the_reading_is_left_as_it_was() -> None:
    readings, _ = _read_candidates(_photo(), [_loose()], 1, 6)
    assert [reading.legal for reading in readings] in ([], [False])


def test_a_blank_half_is_placed_as_far_past_the_bar_as_the_other() -> None:
    corners = np.array([[0.0, 0.0], [160.0, 0.0], [160.0, 80.0], [0.0, 80.0]])
    # A 1 at (30, 40) of the crop, the bar at col 80, the right half blank: the halves'
    # middles are (30, 40) and (30, 120), 80 apart: the tile 160 x 80, 10 rows higher.
    got = outline_from_pips(corners, (np.array([[30.0, 40.0]]), np.empty((0, 2))), bar=80.0)
    assert len(got) == 1
    assert np.allclose(got[0], [[0, -10], [160, -10], [160, 70], [0, 70]])


def test_no_outline_from_no_pips_or_pips_too_close_or_too_far() -> None:
    corners = np.array([[0.0, 0.0], [160.0, 0.0], [160.0, 80.0], [0.0, 80.0]])
    blank = np.empty((0, 2))
    assert outline_from_pips(corners, (blank, blank), bar=80.0) == []
    # Middles 40 px apart (under 0.3 of the crop's 160), and 130 apart (over 1.5 x 80).
    near = (np.array([[40.0, 60.0]]), np.array([[40.0, 100.0]]))
    far = (np.array([[40.0, 15.0]]), np.array([[40.0, 145.0]]))
    assert outline_from_pips(corners, near, bar=80.0) == []
    assert outline_from_pips(corners, far, bar=80.0) == []
