"""The domino reader on a pale table seen from low down (session 5, issue #4).

A camera held low sees the table foreshortened from near to far: a tile lying across
the view looks many times as long as it is wide, past the 1.6 widths a half the
pale-table search allows.  The search also runs on the photo stretched up and down
(``PALE_STRETCHES``), which undoes that foreshortening.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dominoes import read_dominoes
from vision.dominoes.pipeline import PALE_STRETCHES
from vision.dominoes.reframed import _mapped, _stretched_search
from vision.dominoes.render import render_hand
from vision.dominoes.strokes import TileCandidate


def as_tiles(pips: list[tuple[int, int]]) -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(pair)) for pair in pips)


@pytest.mark.parametrize("seed", [2])
def test_a_marble_hand_foreshortened_to_half_its_height_is_read(seed: int) -> None:
    # A rendered double-twelve hand on marble squashed to half its height, as a camera
    # at about 30 degrees above the table sees it: before session 5, 1 of 7 tiles read.
    hand = render_hand(seed, max_pips=12, texture="marble")
    photo = cv2.resize(hand.image, None, fx=1.0, fy=0.5, interpolation=cv2.INTER_AREA)
    reading = read_dominoes(photo, max_pips=12)
    read = as_tiles([tile.pips for tile in reading.tiles])
    for tile in as_tiles(list(hand.tiles)):
        assert tile in read
    assert len(read) <= len(hand.tiles) + 1
    # Each tile where it was drawn (its centre squashed with the photo).
    for corners in hand.corners:
        centre = np.mean(corners, axis=0) * [1.0, 0.5]
        nearest = min(
            float(np.linalg.norm(tile.corners.mean(axis=0) - centre)) for tile in reading.tiles
        )
        assert nearest < 12


def test_stretched_search_gives_corners_in_the_photo_s_pixels() -> None:
    # The same hand, squashed: the tiles found on the stretched copy lie on the tiles
    # of the photo given (their centres within a few pixels of the drawn ones).
    hand = render_hand(3, max_pips=12, texture="marble")
    photo = cv2.resize(hand.image, None, fx=1.0, fy=0.5, interpolation=cv2.INTER_AREA)
    before = photo.copy()
    found = _stretched_search(photo, max(PALE_STRETCHES))
    assert np.array_equal(photo, before)
    centres = [np.mean(corners, axis=0) * [1.0, 0.5] for corners in hand.corners]
    close = [
        min(float(np.linalg.norm(tile.corners.mean(axis=0) - centre)) for centre in centres)
        for tile in found
    ]
    assert sum(distance < 12 for distance in close) >= len(hand.tiles) - 1


def test_a_mapped_candidate_scales_its_corners_sides_and_other_outlines() -> None:
    corners = np.array([[0.0, 0.0], [100.0, 0.0], [100.0, 20.0], [0.0, 20.0]])
    other = TileCandidate(corners * 1.1, 22.0, 110.0, 0.5)
    tile = TileCandidate(corners, 20.0, 100.0, 0.9, others=(other,), blank_ok=False)
    mapped = _mapped(tile, np.array([1.0, 2.5]))
    np.testing.assert_allclose(mapped.corners, [[0, 0], [100, 0], [100, 50], [0, 50]])
    assert (mapped.width, mapped.length) == (50.0, 100.0)
    assert mapped.score == 0.9 and not mapped.blank_ok
    np.testing.assert_allclose(mapped.others[0].corners, [[0, 0], [110, 0], [110, 55], [0, 55]])
    np.testing.assert_allclose(tile.corners, corners)  # the original is not changed
