"""vision.kingdomino.grid: each square cut along its own tile's edges (issue #3)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.kingdomino import Kingdom, Terrain
from vision.kingdomino.grid import (
    _median_along_rows,
    _median_of,
    edge_profiles,
    find_grid,
    local_lines,
    square_boxes,
)
from vision.kingdomino.render import deal_kingdom, draw_kingdom, square_offsets

DRAWN = 120  # pixels per square as drawn
VIEW = 100  # pixels per square in the view read
JITTER = 5  # drawn pixels a tile may lie out of line


def _owners(kingdom: Kingdom, seed: int, jitter: int) -> np.ndarray:
    """Which square (row * size + col) each pixel of the view shows; -1 for the table.

    Worked out from the drawing's own rule: a tile out of line is drawn ``jitter``
    pixels smaller on each side and moved by its offset within its place.
    """
    size = kingdom.rows
    owner = np.full((size * DRAWN, size * DRAWN), -1, np.int32)
    offsets = square_offsets(size, seed=seed, jitter=jitter)
    tile = DRAWN - 2 * jitter
    for (r, c), square in kingdom.cells():
        if square.terrain is Terrain.EMPTY:
            continue
        top = r * DRAWN + jitter + offsets[r, c, 0]
        left = c * DRAWN + jitter + offsets[r, c, 1]
        owner[top : top + tile, left : left + tile] = r * size + c
    side = size * VIEW
    return cv2.resize(owner.astype(np.float32), (side, side), interpolation=cv2.INTER_NEAREST)


def _view(kingdom: Kingdom, seed: int, jitter: int) -> np.ndarray:
    drawn = draw_kingdom(kingdom, seed=seed, jitter=jitter)
    side = kingdom.rows * VIEW
    table = np.full_like(drawn, (60, 105, 150))
    laid = np.where(drawn.sum(axis=2, keepdims=True) > 0, drawn, table)
    return cv2.resize(laid, (side, side), interpolation=cv2.INTER_AREA)


def _own_share(
    kingdom: Kingdom, boxes: list[list[tuple[int, int, int, int]]], owner: np.ndarray
) -> np.ndarray:
    """Share of each (non-empty) square's box that shows its own tile."""
    size = kingdom.rows
    out = []
    for (r, c), square in kingdom.cells():
        if square.terrain is Terrain.EMPTY:
            continue
        top, bottom, left, right = boxes[r][c]
        out.append(float((owner[top:bottom, left:right] == r * size + c).mean()))
    return np.array(out)


def _centre_error(
    kingdom: Kingdom, boxes: list[list[tuple[int, int, int, int]]], seed: int, jitter: int
) -> np.ndarray:
    """Distance (view pixels, larger of the two axes) from each box's middle to its tile's."""
    offsets = square_offsets(kingdom.rows, seed=seed, jitter=jitter) * VIEW / DRAWN
    out = []
    for (r, c), square in kingdom.cells():
        if square.terrain is Terrain.EMPTY:
            continue
        top, bottom, left, right = boxes[r][c]
        truth = np.array([(r + 0.5) * VIEW, (c + 0.5) * VIEW]) + offsets[r, c]
        out.append(float(np.abs(np.array([top + bottom, left + right]) / 2 - truth).max()))
    return np.array(out)


@pytest.mark.parametrize(("size", "seeds"), [(5, range(20, 26)), (7, range(30, 33))])
def test_squares_out_of_line_are_cut_along_their_own_tiles(size: int, seeds: range) -> None:
    whole, pieces, owned = [], [], []  # per seed
    for seed in seeds:
        kingdom = deal_kingdom(seed, size=size)
        view = _view(kingdom, seed, jitter=JITTER)
        straight = find_grid(view, sizes=(size,), local=False)
        fitted = local_lines(view, straight)
        whole.append(_centre_error(kingdom, square_boxes(straight), seed, JITTER))
        pieces.append(_centre_error(kingdom, square_boxes(fitted), seed, JITTER))
        owned.append(_own_share(kingdom, square_boxes(fitted), _owners(kingdom, seed, JITTER)))
    before, after = np.concatenate(whole), np.concatenate(pieces)
    # Tiles up to 5 of 120 drawn pixels out of line, with the table in the gaps: one
    # lattice leaves boxes off their tile's middle (it also sits on either side of
    # a gap); following each tile's own edges leaves them nearer, and fewer boxes
    # more than 4 pixels off.
    assert after.mean() < before.mean() - 0.25
    assert (after > 4).mean() < (before > 4).mean()
    # Every box still shows mostly its own tile (the rest is the gap's table).
    assert np.concatenate(owned).min() > 0.5


def test_local_lines_keep_a_straight_grid() -> None:
    kingdom = deal_kingdom(7)
    view = _view(kingdom, 7, jitter=0)
    before = view.copy()
    grid = find_grid(view, sizes=(5,), local=True)
    assert np.array_equal(view, before)
    assert grid.boxes is not None and len(grid.boxes) == 5 and len(grid.boxes[0]) == 5
    assert grid.rows_local is not None and grid.rows_local.shape == (6, 5)
    assert grid.cols_local is not None and grid.cols_local.dtype == np.float64
    truth = np.arange(6) * VIEW
    for r, line in enumerate(square_boxes(grid)):
        for c, (top, bottom, left, right) in enumerate(line):
            assert abs(top - truth[r]) <= 3 and abs(bottom - truth[r + 1]) <= 3
            assert abs(left - truth[c]) <= 3 and abs(right - truth[c + 1]) <= 3


def test_square_boxes_without_local_lines_follow_the_grid_lines() -> None:
    view = _view(deal_kingdom(8), 8, jitter=0)
    grid = find_grid(view, sizes=(5,))
    assert grid.boxes is None  # local lines are asked for, not the default
    boxes = square_boxes(grid)
    assert boxes[1][2] == (
        grid.row_lines[1],
        grid.row_lines[2],
        grid.col_lines[2],
        grid.col_lines[3],
    )


def _float_profiles(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The profiles as defined: the median plus half the mean of |Sobel| (float32) across
    each pixel row / column, borders zeroed, numpy's median and mean."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    d_row = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    d_col = np.abs(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3))
    d_row[[0, -1], :] = 0
    d_col[:, [0, -1]] = 0
    want_rows = np.median(d_row, axis=1).astype(np.float32) + 0.5 * d_row.mean(axis=1)
    want_cols = np.median(d_col, axis=0).astype(np.float32) + 0.5 * d_col.mean(axis=0)
    return want_rows, want_cols


@pytest.mark.parametrize(("rows", "cols"), [(500, 500), (101, 99), (3, 4)])
def test_edge_profiles_are_the_median_and_half_the_mean_of_the_gradient(
    rows: int, cols: int
) -> None:
    # The profile is defined as the median plus half the mean of |Sobel| across
    # each pixel row / column (borders zeroed); numpy's median is the reference for
    # the faster selection the code uses.  Noise: middle gradients over 255.
    image = np.random.default_rng(rows).integers(0, 256, (rows, cols, 3), dtype=np.uint8)
    before = image.copy()
    want_rows, want_cols = _float_profiles(image)
    row_profile, col_profile = edge_profiles(image)
    assert np.array_equal(image, before)
    assert row_profile.dtype == np.float32 and row_profile.shape == (rows,)
    assert col_profile.dtype == np.float32 and col_profile.shape == (cols,)
    assert np.array_equal(row_profile, want_rows)
    assert np.array_equal(col_profile, want_cols)


@pytest.mark.parametrize(("side", "seed"), [(500, 3), (700, 4), (421, 5)])
def test_a_kingdoms_edge_profiles_are_the_median_and_half_the_mean(side: int, seed: int) -> None:
    # A drawn kingdom's middle gradients are small (the counted selection, not numpy's
    # partition, gives them); odd and even sides.
    kingdom = deal_kingdom(seed, size=7 if side == 700 else 5)
    image = cv2.resize(draw_kingdom(kingdom, seed=seed), (side, side + 1))
    want_rows, want_cols = _float_profiles(image)
    row_profile, col_profile = edge_profiles(image)
    assert np.array_equal(row_profile, want_rows)
    assert np.array_equal(col_profile, want_cols)
    assert float(np.median(want_rows)) < 255  # below the counted values' cap


def test_the_counted_median_of_each_row_is_numpys() -> None:
    # Rows of small values (counted) and of large ones (selected), odd and even lengths,
    # ties, all zeros.
    rng = np.random.default_rng(9)
    for length in (200, 201, 256):
        whole = rng.integers(0, 40, (300, length)).astype(np.int16)
        whole[::7] = rng.integers(200, 1021, (len(whole[::7]), length))
        whole[1::11] = rng.integers(250, 260, (len(whole[1::11]), length))
        whole[5] = 0
        want = np.median(whole.astype(np.float32), axis=1).astype(np.float32)
        got = _median_along_rows(whole)
        assert got.dtype == np.float32
        assert np.array_equal(got, want)
        assert np.array_equal(_median_along_rows(whole, least=10**9), want)  # partition


def test_the_pieces_median_is_numpys_median() -> None:
    # local_lines compares each piece's edge with the median gradient near it; numpy's
    # median is the reference for the cheaper selection (odd and even counts, ties,
    # float32 halves of odd sums).
    rng = np.random.default_rng(5)
    for count in [1, 2, 3, 4, 7, 10, 33, 64]:
        for values in (
            (rng.random(count) * 1020).astype(np.float32),
            rng.integers(0, 4, count).astype(np.float32),
            (rng.integers(0, 1021, count) + np.float32(0.25)).astype(np.float32),
        ):
            assert _median_of(values) == float(np.median(values))
    assert _median_of(np.array([1.0, 2.0], dtype=np.float32)) == 1.5
    assert _median_of(np.array([5.0, 1.0, 3.0], dtype=np.float32)) == 3.0
