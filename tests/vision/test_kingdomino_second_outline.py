"""vision.kingdomino.pipeline: the kingdom's outline searched for a second time with a
stricter bar, kept only where the first one took in the table (issue #3, session 13)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.kingdomino import Kingdom
from vision.kingdomino.locate import order_corners, outlines_apart
from vision.kingdomino.pipeline import read_kingdom
from vision.kingdomino.render import deal_kingdom, draw_kingdom, loose_photo


def _same_up_to_a_turn(read: Kingdom, dealt: Kingdom) -> bool:
    got = np.array([[str(s) for s in line] for line in read.squares])
    want = np.array([[str(s) for s in line] for line in dealt.squares])
    return got.shape == want.shape and any(
        bool((np.rot90(got, turn) == want).all()) for turn in range(4)
    )


def test_outlines_apart_is_the_farthest_corner_over_the_second_outlines_side() -> None:
    square = np.array([[100.0, 100.0], [300.0, 100.0], [300.0, 300.0], [100.0, 300.0]])
    # Side 200 (area 40,000): one corner 30 pixels out is 0.15 of a side, whatever
    # order the corners are given in.
    moved = square.copy()
    moved[2] += [30.0, 0.0]
    assert outlines_apart(moved, square) == pytest.approx(30 / 200)
    assert outlines_apart(moved[::-1], np.roll(square, 1, axis=0)) == pytest.approx(30 / 200)
    assert outlines_apart(square, square) == 0.0
    # A shift of the whole outline by (12, 16) pixels: 20 pixels at every corner.
    assert outlines_apart(square + np.array([12.0, 16.0]), square) == pytest.approx(0.1)
    flat = np.array([[0.0, 0.0], [10.0, 0.0], [20.0, 0.0], [30.0, 0.0]])
    assert outlines_apart(square, flat) == float("inf")


@pytest.mark.parametrize(("deal", "seed"), [(4, 9), (3, 4), (6, 3)])
def test_loose_dominoes_on_a_grained_table_are_read_from_the_second_outline(
    deal: int, seed: int
) -> None:
    # The project's own drawing of a dealt kingdom, its dominoes laid out of line on a
    # table with banded grain (render.loose_photo, 1600 x 1200).  Measured before this
    # change: the first search's region took in the table's bands, (4, 9) read with
    # its outline 40 % of a side off, (3, 4) and (6, 3) refused; the stricter second
    # outline lies far from it, so it is refined and kept.  The dealt kingdom, never the
    # reader's output, is expected, and the outline within 5 % of a side of where the
    # renderer laid the flush lattice (each domino is up to 8 % of a square off it).
    kingdom = deal_kingdom(deal)
    drawn = draw_kingdom(kingdom, seed=deal)
    labels = [[(s.terrain.value, s.crowns) for s in line] for line in kingdom.squares]
    jpeg, corners = loose_photo(drawn, labels, seed=seed, size=(1200, 1600))
    photo = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    before = photo.copy()
    reading = read_kingdom(photo)
    assert np.array_equal(photo, before)
    assert _same_up_to_a_turn(reading.kingdom, kingdom)
    true = order_corners(corners)
    side = float(np.linalg.norm(true[0] - true[2])) / np.sqrt(2)
    worst = float(np.linalg.norm(order_corners(reading.corners) - true, axis=1).max())
    assert worst / side < 0.05
