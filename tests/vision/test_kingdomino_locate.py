"""vision.kingdomino.locate: the kingdom's corners put right by its own grid (issue #3)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.kingdomino.locate import locate_kingdom, refine_corners
from vision.kingdomino.pipeline import find_squares
from vision.kingdomino.render import scene


def _worst(found: np.ndarray, truth: np.ndarray) -> float:
    """Largest corner distance as a share of the kingdom's side (any starting corner)."""
    side = float(np.linalg.norm(truth[1] - truth[0]))
    return (
        min(
            float(np.linalg.norm(np.roll(found, k, axis=0) - truth, axis=1).max()) for k in range(4)
        )
        / side
    )


@pytest.mark.parametrize("seed", [10, 11, 12])
def test_a_soft_shadow_is_cut_off_the_outline(seed: int) -> None:
    photo, truth, kingdom = scene(seed, shadow=0.5)
    before = photo.copy()
    located = locate_kingdom(photo)
    # The shadow is unlike the table's colours: the outline takes it in.
    assert _worst(located.corners, truth) > 0.05
    corners, fit = refine_corners(photo, located.corners, kingdom.rows, square=60)
    assert np.array_equal(photo, before)
    assert corners.shape == (4, 2) and corners.dtype == np.float64
    assert _worst(corners, truth) < 0.025
    assert 0.0 <= fit < 0.06


def test_refine_keeps_corners_that_are_right() -> None:
    photo, truth, kingdom = scene(12)
    corners, _ = refine_corners(photo, truth, kingdom.rows)
    # The drawn corners are exact: no fit moves them further than its own error.
    assert _worst(corners, truth) < 0.015


def test_refine_leaves_corners_alone_without_a_grid() -> None:
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 256, (400, 500, 3)).astype(np.uint8)
    given = np.array([[50.0, 40.0], [450.0, 60.0], [440.0, 380.0], [60.0, 360.0]])
    corners, fit = refine_corners(noise, given, 5)
    assert np.array_equal(corners, given) and np.isnan(fit)


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"shadow": 0.5}, 11),
        ({"size": 7}, 12),
        ({"table": (120, 60, 20), "mat": True}, 13),
        ({"jitter": 5}, 14),
    ],
)
def test_find_squares_corners_on_troubled_photos(options: dict[str, object], seed: int) -> None:
    photo, truth, kingdom = scene(seed, **options)  # type: ignore[arg-type]
    view, location, grid, _ = find_squares(photo)
    assert grid.size == kingdom.rows
    assert view.shape == (kingdom.rows * 100, kingdom.rows * 100, 3)
    # Tiles out of line may stick out of the drawn corners by up to 5 of 120 pixels.
    assert _worst(location.corners, truth) < (0.04 if "jitter" in options else 0.025)


#: A dark wooden table, close to the forest squares' colours.
DARK_WOOD = (40, 60, 85)


def test_a_neighbours_colours_on_the_border_are_not_taken_for_the_table() -> None:
    # The opponent's kingdom cut by the top of the frame: with every border colour
    # taken for the table (as before), its wheat, lakes and grassland are "table", so
    # the same squares of this kingdom are too and its outline is lost.
    photo, truth, _ = scene(12, neighbour=True)
    assert _worst(locate_kingdom(photo, table_share=1.0).corners, truth) > 0.2
    assert _worst(locate_kingdom(photo).corners, truth) < 0.03


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"neighbour": True}, 10),  # partly in frame, at the photo's edge
        ({"neighbour": True, "gap": 0.1}, 11),  # about half a square away
        ({"neighbour": True, "gap": 0.0}, 13),  # touching: one region for both
        ({"table": DARK_WOOD}, 14),  # forest squares close to the table's colour
        ({"table": DARK_WOOD, "neighbour": True}, 16),
        ({"size": 7, "neighbour": True}, 13),
    ],
)
def test_the_kingdom_is_found_beside_a_neighbour(options: dict[str, object], seed: int) -> None:
    photo, truth, kingdom = scene(seed, **options)  # type: ignore[arg-type]
    before = photo.copy()
    view, location, grid, _ = find_squares(photo)
    assert np.array_equal(photo, before)
    assert grid.size == kingdom.rows
    assert view.shape == (kingdom.rows * 100, kingdom.rows * 100, 3)
    assert _worst(location.corners, truth) < 0.03
