"""vision.kingdomino.render: the project's own kingdom photos and their troubles (issue #3)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.kingdomino import Terrain, parse_kingdom
from vision.kingdomino.render import (
    deal_kingdom,
    domino_split,
    draw_kingdom,
    draw_square,
    loose_photo,
    photograph,
    scene,
    square_offsets,
)

KINGDOM = parse_kingdom("W W1 F F L/G W F1 F L1/G2 G C L L/S S1 M2 W W/S G M W F")


def test_square_offsets_stay_within_the_jitter() -> None:
    assert not square_offsets(5, seed=3, jitter=0).any()
    offsets = square_offsets(7, seed=3, jitter=6)
    assert offsets.shape == (7, 7, 2)
    assert np.abs(offsets).max() <= 6 and np.abs(offsets).max() >= 4  # 98 draws in -6..6
    assert np.array_equal(offsets, square_offsets(7, seed=3, jitter=6))


def test_jittered_squares_move_by_their_offsets() -> None:
    still = draw_kingdom(KINGDOM, seed=2)
    moved = draw_kingdom(KINGDOM, seed=2, jitter=6)
    assert moved.shape == still.shape and moved.dtype == np.uint8
    dr, dc = (int(v) for v in square_offsets(5, seed=2, jitter=6)[2, 2])
    # The castle (2, 2): its place is 120 pixels a side from (240, 240); out of line
    # it is drawn 108 pixels a side, 6 pixels in, moved by its offset.
    castle = draw_square(Terrain.CASTLE, 0, seed=2 * 1000 + 2 * 50 + 2, side=108)
    top, left = 246 + dr, 246 + dc
    assert np.array_equal(moved[top : top + 108, left : left + 108], castle)
    # The rest of its place is the gap: table (black until laid on the table).
    place = moved[240:360, 240:360].sum(axis=2)
    assert (place == 0).sum() == 120 * 120 - 108 * 108
    assert np.array_equal(still[240:360, 240:360], draw_square(Terrain.CASTLE, 0, seed=2102))


def test_photograph_options_leave_the_default_photo_alone() -> None:
    drawn = draw_kingdom(KINGDOM, seed=4)
    plain, corners = photograph(drawn, seed=4, tilt=10.0)
    again, same = photograph(drawn, seed=4, tilt=10.0, table=None, mat=False, shadow=0.0)
    assert np.array_equal(plain, again) and np.array_equal(corners, same)


def test_a_cast_shadow_darkens_the_table_beside_the_kingdom() -> None:
    drawn = draw_kingdom(KINGDOM, seed=4)
    plain, corners = photograph(drawn, seed=4, tilt=0.0)
    shaded, _ = photograph(drawn, seed=4, tilt=0.0, shadow=0.5)
    # Just outside the bottom-right corner (toward where the shadow falls).
    x, y = (corners[2] + 12).astype(int)
    assert shaded[y, x].mean() < 0.8 * plain[y, x].mean()
    # Far up-left of the kingdom the table is as it was.
    assert np.array_equal(shaded[5, 5], plain[5, 5])


def test_a_coloured_mat_and_a_neighbour_kingdom() -> None:
    photo, corners, kingdom = scene(12, table=(120, 60, 20), mat=True, neighbour=True)
    assert photo.shape == (900, 1200, 3) and photo.dtype == np.uint8
    assert kingdom.rows == 5 and kingdom[2, 2].terrain is Terrain.CASTLE
    # The table is blue: in a corner far from both kingdoms blue leads.
    b, g, r = photo[880, 10].astype(int)
    assert b > g > r
    # The opponent's kingdom shows at the top edge: its pixels differ from the mat's.
    top = photo[:40].reshape(-1, 3).astype(int)
    assert (np.abs(top - [120, 60, 20]).sum(axis=1) > 120).mean() > 0.1
    assert corners[:, 1].min() > 40  # this kingdom lies lower, clear of the top edge


@pytest.mark.parametrize("size", [5, 7])
def test_scene_deals_the_size_asked(size: int) -> None:
    photo, corners, kingdom = scene(5, size=size)
    assert kingdom.rows == kingdom.cols == size
    middle = size // 2
    assert kingdom[middle, middle].terrain is Terrain.CASTLE
    assert corners.shape == (4, 2)
    assert (corners >= 0).all() and (corners[:, 0] < photo.shape[1]).all()


def test_a_neighbour_touching_or_a_gap_away() -> None:
    touching, corners, _ = scene(12, neighbour=True, gap=0.0)
    apart, same, _ = scene(12, neighbour=True, gap=0.3)
    assert np.array_equal(corners, same)  # this kingdom lies where it did
    # Just beyond the middle of this kingdom's far side (tl-tr), away from its centre.
    middle = (corners[0] + corners[1]) / 2
    outward = middle - corners.mean(axis=0)
    x, y = np.rint(middle + 0.04 * outward).astype(int)
    table = np.array([60, 105, 150])
    # Touching, the neighbour's squares are there; a third of a side away, the table.
    assert np.abs(touching[y, x].astype(int) - table).sum() > 60
    assert np.abs(apart[y, x].astype(int) - table).sum() < 60


# Session 12: kingdoms whose dominoes are not flush (the benchmark's ``--loose`` copies).


def test_domino_split_pairs_each_domino_and_leaves_the_castle_alone() -> None:
    # Worked by hand: two wheat squares side by side (tiles 1 and 2 are wheat-wheat), two
    # forest squares one above the other (tiles 3 and 4), the castle, the rest empty.
    labels = [[("empty", 0)] * 5 for _ in range(5)]
    labels[0][0] = labels[0][1] = ("wheat", 0)
    labels[1][3] = labels[2][3] = ("forest", 0)
    labels[2][2] = ("castle", 0)
    pieces = domino_split(labels)
    assert pieces is not None
    assert sorted(sorted(piece) for piece in pieces) == [
        [(0, 0), (0, 1)],
        [(1, 3), (2, 3)],
        [(2, 2)],
    ]
    labels[4][4] = ("lake", 0)  # a lone landscape square is half a domino: no split
    assert domino_split(labels) is None


def test_domino_split_of_a_dealt_kingdom_uses_each_square_once() -> None:
    kingdom = deal_kingdom(1)  # official dominoes laid by the rules
    labels = [[(s.terrain.value, s.crowns) for s in line] for line in kingdom.squares]
    pieces = domino_split(labels)
    assert pieces is not None
    cells = [cell for piece in pieces for cell in piece]
    assert (
        len(cells)
        == len(set(cells))
        == 25 - sum(s.terrain is Terrain.EMPTY for line in kingdom.squares for s in line)
    )
    for piece in pieces:
        if len(piece) == 1:
            assert kingdom.squares[piece[0][0]][piece[0][1]].terrain is Terrain.CASTLE
        else:
            (r1, c1), (r2, c2) = piece
            assert abs(r1 - r2) + abs(c1 - c2) == 1


def _flush_error(jpeg: bytes, corners: np.ndarray, drawn: np.ndarray) -> float:
    """Mean grey difference between the drawn kingdom and the photo warped back at the
    corners loose_photo says the flush lattice landed on."""
    photo = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    side = drawn.shape[0]
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    back = cv2.warpPerspective(photo, matrix, (side, side))
    grey = [cv2.cvtColor(v, cv2.COLOR_BGR2GRAY).astype(np.float64) for v in (back, drawn)]
    # The photo is lit unevenly and blurred: compare the squares' middles, shading removed.
    inner = np.zeros((side, side), bool)
    for r in range(5):
        for c in range(5):
            step = side // 5
            inner[r * step + 20 : (r + 1) * step - 20, c * step + 20 : (c + 1) * step - 20] = True
    a, b = (g[inner] - g[inner].mean() for g in grey)
    return float(np.mean(np.abs(a - b)))


def test_loose_photo_is_seeded_and_moves_the_dominoes() -> None:
    kingdom = deal_kingdom(2)
    drawn = draw_kingdom(kingdom, seed=2)  # 600 x 600, 120 pixels a square
    labels = [[(s.terrain.value, s.crowns) for s in line] for line in kingdom.squares]
    jpeg, corners = loose_photo(drawn, labels, seed=5, size=(600, 800))
    again, corners_again = loose_photo(drawn, labels, seed=5, size=(600, 800))
    assert jpeg == again and np.array_equal(corners, corners_again)
    assert loose_photo(drawn, labels, seed=6, size=(600, 800))[0] != jpeg
    photo = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert photo.shape == (600, 800, 3)
    flush, flush_corners = loose_photo(drawn, labels, seed=5, size=(600, 800), shift=0, turn=0)
    # The same scene (table, view, light): only the dominoes' places differ.
    assert np.array_equal(corners, flush_corners)
    # Flush, the photo warped back at those corners is the drawing (less its light and
    # blur: about 7.5 grey levels); loose, the squares' middles moved (about 15).
    flush_error = _flush_error(flush, flush_corners, drawn)
    assert flush_error < 10.0
    assert flush_error < 0.7 * _flush_error(jpeg, corners, drawn)
