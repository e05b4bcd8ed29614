"""Session 10: tiles touching.

Side by side (long sides together), rendered tiles are read one by one.  End on (a T, a
tile's body between two ends), the face search may join two tiles into one block whose
outline reads pips of both on no legal layout; such a reading no longer keeps the
pip-first source (each tile's own pips and bar) from reading the tile there
(``vision.dominoes.pipeline._pip_first_tiles_read``).  Expected values are the tiles as
drawn by ``render_hand``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from vision.dominoes import read_dominoes
from vision.dominoes.pipeline import TileReading, _pip_first_tiles_read
from vision.dominoes.render import render_hand


def _drawn(seed: int) -> tuple[np.ndarray, tuple[int, int], np.ndarray]:
    """A rendered double-twelve hand of three tiles on marble; its first tile's pips
    and corners."""
    hand = render_hand(seed, max_pips=12, texture="marble", count=3)
    return hand.image, hand.tiles[0], hand.corners[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_reading_on_no_legal_layout_leaves_the_tile_to_its_pips(seed: int) -> None:
    image, pips, corners = _drawn(seed)
    # What a face block joining this tile and the next reads: 18 pips on one side.
    joined = TileReading((18, 0), corners.copy(), 0.3, False)
    found = _pip_first_tiles_read(image, [joined], 12)[0]
    same = [tile for tile in found if sorted(tile.pips) == sorted(pips)]
    assert len(same) == 1
    # On the drawn tile: its middle within a tenth of the tile's width.
    width = float(np.linalg.norm(corners[3] - corners[0]))
    assert np.linalg.norm(same[0].corners.mean(axis=0) - corners.mean(axis=0)) < 0.1 * width


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_legal_reading_still_keeps_its_place(seed: int) -> None:
    image, _, corners = _drawn(seed)
    # As many pips as the tile could show: a 1-1 here (session 10) now gives way where
    # the tile shows a 1 and more pips (seed 2's 1-11; tests/vision/
    # test_dominoes_explained.py).
    read = TileReading((12, 12), corners.copy(), 0.9, True)
    found = _pip_first_tiles_read(image, [read], 12)[0]
    centre = corners.mean(axis=0)
    width = float(np.linalg.norm(corners[3] - corners[0]))
    assert all(np.linalg.norm(tile.corners.mean(axis=0) - centre) > width for tile in found)


@pytest.mark.parametrize("seed", [7, 8])
def test_tiles_side_by_side_are_read_one_by_one(seed: int) -> None:
    # Rows of tiles end to end, the rows side by side, 0-2 px apart (a portrait photo).
    hand = render_hand(seed, max_pips=12, texture="marble", touching=True, rows=1800, cols=1200)
    got = read_dominoes(hand.image, max_pips=12)
    assert Counter(tuple(sorted(t.pips)) for t in got.tiles) == Counter(
        tuple(sorted(t)) for t in hand.tiles
    )
