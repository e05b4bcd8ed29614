"""Session 6: an outline that ends across a column of pips, and uneven light (a shadow's
edge across a tile, a shadow over part of the table), on the project's own renders."""

from __future__ import annotations

import numpy as np
import pytest

import vision.dominoes.pipeline as pipeline
from vision.dominoes.pipeline import CUT_CONFIDENCE, read_tile
from vision.dominoes.read import evened_light
from vision.dominoes.render import render_hand
from vision.dominoes.strokes import TileCandidate


def _tile(seed: int, pips: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A rendered double-twelve hand on wood and the corners of its tile ``pips``."""
    hand = render_hand(seed, max_pips=12, texture="wood")
    for shown, corners in zip(hand.tiles, hand.corners, strict=True):
        if tuple(shown) == pips:
            return hand.image, np.asarray(corners, dtype=np.float64)
    raise AssertionError(f"seed {seed} draws no {pips}")


def _shortened(corners: np.ndarray, share: float) -> TileCandidate:
    """The tile's outline with its first half's end moved in by ``share`` of its length."""
    moved = corners.copy()
    if np.linalg.norm(corners[1] - corners[0]) > np.linalg.norm(corners[3] - corners[0]):
        step = (corners[1] - corners[0]) * share
        moved[0] += step
        moved[3] += step
    else:
        step = (corners[3] - corners[0]) * share
        moved[0] += step
        moved[1] += step
    sides = sorted(
        (float(np.linalg.norm(moved[1] - moved[0])), float(np.linalg.norm(moved[3] - moved[0])))
    )
    return TileCandidate(moved, sides[0], sides[1], 0.95)


@pytest.mark.parametrize(("seed", "pips"), [(4, (11, 3)), (7, (12, 7)), (3, (10, 4))])
def test_an_outline_ending_across_a_column_of_pips_is_read_as_cut(
    seed: int, pips: tuple[int, int]
) -> None:
    # The first half holds three or four columns of pips (10-12: three rows of four, the
    # renderer's layouts).  Its end moved in by 8 % of the tile (16 % of the half) cuts
    # through the outer column: fewer pips, and the pieces of pips at the crop's end show it.
    image, corners = _tile(seed, pips)
    whole, _ = read_tile(image, TileCandidate(corners, 0.0, 0.0, 0.95), max_pips=12)
    assert whole is not None
    assert whole.pips == pips
    assert not whole.cut
    short, _ = read_tile(image, _shortened(corners, 0.08), max_pips=12)
    assert short is not None
    assert short.pips[0] < pips[0]
    assert short.cut
    assert short.confidence <= CUT_CONFIDENCE


def test_a_longer_outline_wins_over_one_that_cuts_its_pips() -> None:
    # The tile found short, with its whole outline among its other outlines: the cut
    # reading (10-3) no longer stops the other outlines from being read.
    image, corners = _tile(4, (11, 3))
    short = _shortened(corners, 0.08)
    candidate = TileCandidate(
        short.corners, short.width, short.length, 0.95, others=(TileCandidate(corners, 0, 0, 0.9),)
    )
    readings, _ = pipeline._read_candidates(image, [candidate], 1, 12)
    assert [reading.pips for reading in readings] == [(11, 3)]


def test_a_tile_read_whole_is_not_cut_on_any_rendered_hand() -> None:
    # Every tile of two rendered double-twelve hands, outlined where it is drawn.
    for seed in (1, 2):
        hand = render_hand(seed, max_pips=12, texture="wood")
        for pips, corners in zip(hand.tiles, hand.corners, strict=True):
            reading, _ = read_tile(
                hand.image, TileCandidate(np.asarray(corners), 0.0, 0.0, 0.95), max_pips=12
            )
            assert reading is not None
            assert reading.pips == tuple(pips)
            assert not reading.cut


def _shaded(image: np.ndarray, share: float, dark: float) -> np.ndarray:
    """``image`` with its left ``share`` of columns ``dark`` times as bright (soft edge)."""
    cols = image.shape[1]
    x = np.arange(cols, dtype=np.float64)
    band = np.clip((share * cols - x) / (0.05 * cols) + 0.5, 0.0, 1.0)
    gain = 1.0 - (1.0 - dark) * band
    return np.clip(np.rint(image * gain[None, :, None]), 0, 255).astype(np.uint8)


def test_evened_light_makes_a_shadowed_half_as_white_as_the_lit_one() -> None:
    # A white sheet with grey dots, its left half at 0.5 of the light.
    sheet = np.full((120, 240, 3), 220, dtype=np.uint8)
    for col in range(20, 240, 40):
        sheet[50:60, col : col + 10] = 90
    shaded = _shaded(sheet, 0.5, 0.5)
    before = shaded.copy()
    evened = evened_light(shaded, reach=41)
    np.testing.assert_array_equal(shaded, before)  # input untouched
    assert evened.shape == shaded.shape
    assert evened.dtype == np.uint8
    assert shaded[10, 10, 0] == 110  # the shade as made
    # The paper's white far from the shadow's edge: 110 and 220 before, alike after.
    assert abs(int(evened[10, 10, 0]) - int(evened[10, 230, 0])) <= 10
    # A dot stays darker than the paper round it, in the shade as in the light.
    assert int(evened[55, 25, 0]) < int(evened[40, 25, 0]) - 60


def test_a_tile_across_a_shadow_s_edge_is_read() -> None:
    # The 10-12 of seed 3 with a deep shadow (0.3 of the light) over its left half, the
    # edge across the middle of the tile: one ink level for both halves, set by the lit
    # half's pips, saw the shaded half blank (10-0) before its light was evened out.
    image, corners = _tile(3, (10, 12))
    xs = corners[:, 0]
    edge = (xs.min() + 0.5 * (xs.max() - xs.min())) / image.shape[1]
    shaded = _shaded(image, edge, 0.3)
    reading, _ = read_tile(shaded, TileCandidate(corners, 0.0, 0.0, 0.95), max_pips=12)
    assert reading is not None
    assert reading.pips == (10, 12)
