"""The pale-table search's sooner tests give up only where the exact work would (session 9)."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.dominoes.pale import _cut_bridges, _runs_on_when_cut, _touches_border


def _hull(region: np.ndarray) -> np.ndarray:
    """The convex hull of ``region`` as the face is made of it (``_own_face``)."""
    contours, _ = cv2.findContours(
        region.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    hull = np.zeros(region.shape, dtype=np.uint8)
    cv2.fillConvexPoly(hull, cv2.convexHull(np.vstack(contours)), 1)
    return hull > 0


def _face_and_strip(join: int) -> np.ndarray:
    """A 40 x 40 face (rows and columns 40-79) in a 120 x 120 window, joined by a neck
    ``join`` pixels wide (rows 58 on) to a strip of table along the window's top
    (rows 0-9, every column)."""
    region = np.zeros((120, 120), dtype=bool)
    region[40:80, 40:80] = True
    region[0:10, :] = True
    region[10:40, 58 : 58 + join] = True
    return region


BESIDE = [(np.array([60, 60]), np.array([50, 70]))]  # two points on the face


def test_a_region_filling_the_window_surely_runs_on_when_cut() -> None:
    # Paper of the tile's colour all round (a sheet): nothing narrow to cut, and the
    # cut region meets every edge of the window.
    region = np.ones((120, 120), dtype=bool)
    region[20:23, 30:90] = False  # a pencil line
    assert _runs_on_when_cut(region, BESIDE, 5)
    assert _touches_border(_hull(_cut_bridges(region, BESIDE, 5)))


def test_a_face_joined_by_a_narrow_neck_is_not_given_up() -> None:
    # A neck 5 pixels wide goes by a cut of reach 4 (9 pixels): the face is left alone,
    # well inside the window; the sooner test must not give it up.
    region = _face_and_strip(5)
    cut = _cut_bridges(region, BESIDE, 4)
    assert not cut[0:10].any() and cut[45:75, 45:75].all()
    assert not _touches_border(_hull(cut))
    assert not _runs_on_when_cut(region, BESIDE, 4)


def test_a_face_joined_broadly_to_the_table_runs_on() -> None:
    # A join 30 pixels wide stays (reach 4): the strip along the top edge is kept, so
    # the face runs on, and the sooner test says so.
    region = _face_and_strip(30)
    assert _touches_border(_hull(_cut_bridges(region, BESIDE, 4)))
    assert _runs_on_when_cut(region, BESIDE, 4)


def test_nothing_beside_the_bar_on_the_core_is_not_known() -> None:
    # No point beside the bar survives the erosion: the cut keeps the whole region
    # (which runs on); the sooner test does not claim to know.
    region = _face_and_strip(30)
    assert not _runs_on_when_cut(region, [(np.array([5]), np.array([2]))], 8)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), reach=st.integers(1, 12), framed=st.integers(0, 4))
def test_the_sooner_test_gives_up_only_where_the_cut_runs_on(
    seed: int, reach: int, framed: int
) -> None:
    # Random rectangles and necks, some running off the window; ``framed`` of the
    # window's sides are the photo's (the close-up rule).
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(30, 90)), int(rng.integers(30, 90))
    region = np.zeros((rows, cols), dtype=np.uint8)
    for _ in range(int(rng.integers(1, 7))):
        x, y = int(rng.integers(-10, cols)), int(rng.integers(-10, rows))
        w, h = int(rng.integers(2, cols)), int(rng.integers(2, rows))
        cv2.rectangle(region, (x, y), (x + w, y + h), 1, -1)
    region = region > 0
    beside = [(rng.integers(0, rows, 5), rng.integers(0, cols, 5)) for _ in range(2)]
    sides = tuple(bool(side) for side in rng.permutation([1] * framed + [0] * (4 - framed)))
    assert len(sides) == 4
    if _runs_on_when_cut(region, beside, reach, photo_sides=sides):
        assert _touches_border(_hull(_cut_bridges(region, beside, reach)), photo_sides=sides)
