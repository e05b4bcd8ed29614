"""Session 10, second round: the pip-first source on a turned tile seen low, and a blank
half next to a neighbour's pips.

A tile turned in the photo and seen from low is a parallelogram: its bar runs along
neither axis of its pips' least box, and the pip-first source proposed no outline for it
(``vision.dominoes.pipfirst._across``).  The long sides are now taken from the lines its
pips stand in (``_sheared``).  A blank half no longer takes in pips lying farther from
its bar than a half's nearest row can (``NEAREST_PIP``): those are a neighbour's, past the
blank half's end.  Expected values are the tiles and layouts as drawn.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest

from vision.dominoes import read_dominoes
from vision.dominoes.pipfirst import NEAREST_PIP, _half_pips, _sheared
from vision.dominoes.read import _LAYOUTS
from vision.dominoes.render import render_hand
from vision.dominoes.strokes import _Stroke


def _unit(degrees: float) -> np.ndarray:
    return np.array([np.cos(np.deg2rad(degrees)), np.sin(np.deg2rad(degrees))])


#: A bar at 60 degrees (x, y); the tile's long sides at -10 degrees (70 from the bar).
BAR = _Stroke(np.array([0.0, 0.0]), _unit(60.0), 60.0, 4.0, 1)
SIDE = _unit(-10.0)


def _half(count: int, transposed: bool) -> np.ndarray:
    """The pips (x, y) of a half of ``count`` drawn on the sheared face: the layout's
    rows run along the long sides, 20 px apart, the nearest 15 px from the bar."""
    cells = _LAYOUTS[count]
    if transposed:
        cells = tuple((col, row) for row, col in cells)
    return np.array([(15 + 20 * row) * SIDE + 20 * (col - 1) * BAR.along for row, col in cells])


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8, 9])
@pytest.mark.parametrize("transposed", [False, True])
def test_the_long_sides_of_a_sheared_face_from_its_pips(count: int, transposed: bool) -> None:
    found = _sheared(BAR, _half(count, transposed))
    assert found is not None
    # Parallel to the drawn sides (either way along them), not to a diagonal (a 5's).
    assert abs(float(found[0] * SIDE[1] - found[1] * SIDE[0])) < 1e-6


def test_pips_in_one_line_give_no_sides() -> None:
    # A 3's diagonal: one line of pips, no second line along it.
    assert _sheared(BAR, _half(3, False)) is None


def test_a_blank_half_does_not_take_in_a_neighbours_pips() -> None:
    # An upright tile: bar along x, 40 px long (width 53.3 px); a 4 above the bar, the
    # half below blank; a neighbour's 2 past the blank half's end (70-90 px below).
    bar = _Stroke(np.array([100.0, 100.0]), np.array([1.0, 0.0]), 40.0, 3.0, 1)
    width = bar.length / 0.75
    four = [(90.0, 85.0), (110.0, 85.0), (90.0, 65.0), (110.0, 65.0)]
    neighbour = [(92.0, 170.0), (108.0, 190.0)]
    centres = np.array(four + neighbour)
    assert np.abs(centres[4:, 1] - 100.0).min() > NEAREST_PIP * width
    diameters = np.full(len(centres), 8.0)
    colours = np.zeros((len(centres), 2))
    ink = np.zeros((200, 200), dtype=np.uint8)
    (ahead, back), _ = _half_pips(
        bar, np.array([0.0, 1.0]), width, np.arange(4), (centres, diameters, colours), ink, 60
    )
    assert (ahead, back) == (0.0, 35.0)  # the blank half below; the 4 reaches 35 px up


def _sheared_hand(seed: int, shear: float, squash: float) -> tuple[np.ndarray, list]:
    """A rendered double-twelve hand of two tiles on marble, sheared (x += shear * y) and
    squashed (y *= squash) about the middle: tiles turned and seen low."""
    hand = render_hand(seed, max_pips=12, texture="marble", count=2)
    rows, cols = hand.image.shape[:2]
    matrix = np.array([[1.0, shear, -shear * rows / 2], [0.0, squash, rows * (1 - squash) / 2]])
    image = cv2.warpAffine(hand.image, matrix, (cols, rows), borderMode=cv2.BORDER_REFLECT)
    return image, list(hand.tiles)


@pytest.mark.parametrize(("seed", "shear", "squash"), [(1, 0.6, 0.7), (2, 0.8, 0.6)])
def test_tiles_turned_and_seen_low_are_read(seed: int, shear: float, squash: float) -> None:
    image, drawn = _sheared_hand(seed, shear, squash)
    got = read_dominoes(image, max_pips=12)
    assert Counter(tuple(sorted(t.pips)) for t in got.tiles) == Counter(
        tuple(sorted(t)) for t in drawn
    )
