"""Session 11: the pip-first source's readings that explain the pips it saw.

Where tiles touch (a T, a pair side by side), the face search may read a tile on an
outline that leaves some of its pips out: a block joining two tiles read legal but unsure,
a half read blank or short.  The pip-first source (each tile's own pips and bar) now

* reads where a legal reading less sure than a pip-first tile can be
  (``PIP_FIRST_SCORE``) lies (it would be outranked there anyway);
* replaces a legal reading that counts fewer pips than it saw, when its own sure reading
  there has one half alike and the other with more pips;
* keeps, of its own outlines, a longer one's reading (legal, at ``LOW_CONFIDENCE``) that
  explains pips the surest leaves out (one half alike, the other with more pips, no more
  than it saw).

Expected values are the tiles as drawn by ``render_hand``, or (for the choice between a
proposal's outlines) the readings of ``202645``'s 4-9 under a 0-3 in a clustered copy:
its full outline read 4-9 at 0.79, a shorter one 2-9 at 1.0, the source saw 8 and 5
pips on its halves.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.dominoes.pipeline import (
    TileReading,
    _chosen,
    _over_two,
    _pip_first_tiles_read,
)
from vision.dominoes.render import render_hand
from vision.dominoes.strokes import TileCandidate


def _outline(length: float, width: float = 340.0) -> np.ndarray:
    """An upright outline (tl, tr, br, bl; x, y) ``length`` long, ``width`` wide."""
    return np.array([[0.0, 0.0], [width, 0.0], [width, length], [0.0, length]])


def _read(
    pips: tuple[int, int], confidence: float, length: float, seen: tuple[int, int] | None
) -> tuple[TileReading, TileCandidate]:
    corners = _outline(length)
    outline = TileCandidate(corners, 340.0, length, 1.0, proposed=True, seen=seen)
    return TileReading(pips, corners, confidence, True), outline


def test_a_longer_outline_explaining_a_halfs_far_pips_is_chosen() -> None:
    short = _read((2, 9), 1.0, 412.0, (8, 5))
    full = _read((4, 9), 0.79, 461.0, (8, 5))
    assert _chosen([short, full]).pips == (4, 9)
    assert _chosen([full, short]).pips == (4, 9)


def test_the_surest_stays_when_the_longer_reads_more_pips_than_seen() -> None:
    # The source saw 12 pips: a 4-9 (13) counts one it did not see (a neighbour's).
    short = _read((2, 9), 1.0, 412.0, (9, 3))
    full = _read((4, 9), 0.79, 461.0, (9, 3))
    assert _chosen([short, full]).pips == (2, 9)


def test_the_surest_stays_when_the_other_outline_is_not_longer() -> None:
    short = _read((2, 9), 1.0, 461.0, (8, 5))
    other = _read((4, 9), 0.79, 412.0, (8, 5))
    assert _chosen([short, other]).pips == (2, 9)


def test_the_surest_stays_when_no_half_is_alike() -> None:
    short = _read((2, 9), 1.0, 412.0, (8, 5))
    other = _read((4, 8), 0.79, 461.0, (8, 5))
    assert _chosen([short, other]).pips == (2, 9)


def test_an_unsure_reading_alone_is_no_tile() -> None:
    assert _chosen([_read((4, 9), 0.79, 461.0, (8, 5))]) is None
    assert _chosen([]) is None


def _drawn(seed: int) -> tuple[np.ndarray, tuple[int, int], np.ndarray]:
    """A rendered double-twelve hand of three tiles on marble; its first tile's pips
    and corners."""
    hand = render_hand(seed, max_pips=12, texture="marble", count=3)
    return hand.image, hand.tiles[0], hand.corners[0]


def _on(tile: TileReading, corners: np.ndarray) -> bool:
    """Whether ``tile`` lies on the drawn tile: its middle within a tenth of the width."""
    width = float(np.linalg.norm(corners[3] - corners[0]))
    return bool(np.linalg.norm(tile.corners.mean(axis=0) - corners.mean(axis=0)) < 0.1 * width)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_legal_reading_less_sure_than_a_pip_first_tile_leaves_its_place_open(
    seed: int,
) -> None:
    image, pips, corners = _drawn(seed)
    # What an outline joining this tile and a touching one reads: legal, unsure.
    joined = TileReading((12, 12), corners.copy(), 0.62, True)
    found = _pip_first_tiles_read(image, [joined], 12)[0]
    same = [tile for tile in found if sorted(tile.pips) == sorted(pips)]
    assert len(same) == 1
    assert _on(same[0], corners)


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_a_half_read_blank_gives_way_to_the_pips_seen_there(seed: int) -> None:
    image, pips, corners = _drawn(seed)
    # The face search read the first half and took the other, pips and all, as blank.
    short = TileReading((pips[0], 0), corners.copy(), 0.9, True)
    found, outdone = _pip_first_tiles_read(image, [short], 12)
    same = [tile for tile in found if sorted(tile.pips) == sorted(pips)]
    assert len(same) == 1
    assert _on(same[0], corners)
    assert len(outdone) == 1 and outdone[0] is short


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_reading_with_no_fewer_pips_keeps_its_place(seed: int) -> None:
    image, _, corners = _drawn(seed)
    # Legal, sure, and no fewer pips than the tile shows (whatever it reads): kept.
    read = TileReading((12, 12), corners.copy(), 0.9, True)
    found, outdone = _pip_first_tiles_read(image, [read], 12)
    assert outdone == []
    assert not any(_on(tile, corners) for tile in found)


def _at(row: float, length: float = 400.0) -> TileReading:
    """An upright tile 200 wide and ``length`` long, its top at ``row`` (pixels)."""
    corners = np.array([[0.0, row], [200.0, row], [200.0, row + length], [0.0, row + length]])
    return TileReading((3, 2), corners, 0.65, True)


def test_two_tiles_end_to_end_are_two_tiles_under_an_outline() -> None:
    # Two tiles end to end (rows 0-400 and 410-810) and a second outline of the first.
    first, second, again = _at(0.0), _at(410.0), _at(20.0)
    assert _over_two([first, second])
    assert not _over_two([first, again])
    assert not _over_two([first])
    assert not _over_two([])


@pytest.mark.parametrize("seed", [7, 8])
def test_tiles_read_unsurely_end_to_end_give_no_tile_across_their_ends(seed: int) -> None:
    # Rows of tiles end to end (a portrait photo), each read right but unsurely: no
    # pip-first tile across two of them, none replacing one with the same pips.
    hand = render_hand(seed, max_pips=12, texture="marble", touching=True, rows=1800, cols=1200)
    unsure = [
        TileReading(pips, np.asarray(corners, dtype=np.float64), 0.65, True)
        for pips, corners in zip(hand.tiles, hand.corners, strict=True)
    ]
    found, outdone = _pip_first_tiles_read(hand.image, unsure, 12)
    assert outdone == []
    assert found == []
