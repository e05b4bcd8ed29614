"""vision.kingdomino.render.duel_crop: Mighty Duel (7x7) copies made of two 5x5 kingdoms'
own squares (``benchmarks/kingdomino_accuracy.py --loose7``, session 14)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from referee.kingdomino import Terrain
from referee.kingdomino.tiles import TILES
from vision.kingdomino.dominoes import domino_kind
from vision.kingdomino.render import draw_square, duel_crop, loose_photo

SIDE = 100
#: A 5x5 kingdom's 12 domino places around the castle (2, 2), worked by hand.
PLACES = (
    ((0, 0), (0, 1)),
    ((0, 2), (0, 3)),
    ((0, 4), (1, 4)),
    ((1, 0), (1, 1)),
    ((1, 2), (1, 3)),
    ((2, 0), (2, 1)),
    ((2, 3), (2, 4)),
    ((3, 0), (4, 0)),
    ((3, 1), (3, 2)),
    ((3, 3), (3, 4)),
    ((4, 1), (4, 2)),
    ((4, 3), (4, 4)),
)


def _kingdom(first_tile: int, seed: int) -> tuple[np.ndarray, list[list[tuple[str, int]]]]:
    """Official tiles ``first_tile`` .. ``first_tile + 11`` laid at :data:`PLACES`, each
    square drawn on its own (every square's pixels differ), 100 pixels a square."""
    labels: list[list[tuple[str, int]]] = [[("castle", 0)] * 5 for _ in range(5)]
    for (first, second), (_, left, left_crowns, right, right_crowns) in zip(
        PLACES, TILES[first_tile - 1 : first_tile + 11], strict=True
    ):
        labels[first[0]][first[1]] = (left, left_crowns)
        labels[second[0]][second[1]] = (right, right_crowns)
    crop = np.zeros((5 * SIDE, 5 * SIDE, 3), np.uint8)
    for r in range(5):
        for c in range(5):
            terrain, crowns = labels[r][c]
            crop[r * SIDE : (r + 1) * SIDE, c * SIDE : (c + 1) * SIDE] = draw_square(
                Terrain(terrain), crowns, seed=seed + 10 * r + c, side=SIDE
            )
    return crop, labels


LINES = ([SIDE * i for i in range(6)], [SIDE * i for i in range(6)])


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_a_duel_copy_is_the_two_kingdoms_dominoes_round_the_castle(seed: int) -> None:
    first, second = _kingdom(13, 100), _kingdom(25, 200)
    crop, labels, pieces = duel_crop(
        [first[0], second[0]], [first[1], second[1]], seed=seed, lines=[LINES, LINES]
    )
    assert crop.shape == (7 * SIDE, 7 * SIDE, 3) and crop.dtype == np.uint8
    assert len(labels) == 7 and all(len(line) == 7 for line in labels)
    # The castle in the middle, the first kingdom's castle square's own pixels.
    assert labels[3][3] == ("castle", 0)
    assert sum(square == ("castle", 0) for line in labels for square in line) == 1
    assert np.array_equal(crop[300:400, 300:400], first[0][200:300, 200:300])
    # The pieces: the castle alone, then 24 dominoes covering the other 48 squares once,
    # each two neighbouring squares, together the 24 official tiles 13-36, no more.
    assert pieces[0] == [(3, 3)]
    cells = [cell for piece in pieces for cell in piece]
    assert len(cells) == len(set(cells)) == 49
    assert all(len(piece) == 2 for piece in pieces[1:]) and len(pieces) == 25
    laid = Counter()
    for (r1, c1), (r2, c2) in pieces[1:]:
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        laid[domino_kind(labels[r1][c1], labels[r2][c2])] += 1
    wanted = Counter(domino_kind((t[1], t[2]), (t[3], t[4])) for t in TILES[12:36])
    assert laid == wanted
    # Every square is one of the kingdoms' real squares, turned by a number of quarter
    # turns, its label with it; a domino's two squares came from one domino of a kingdom,
    # turned alike, and each source square is used once.
    sources = {}
    for kingdom, (pixels, names) in enumerate((first, second)):
        for r in range(5):
            for c in range(5):
                if names[r][c][0] != "castle":
                    sources[kingdom, r, c] = pixels[
                        r * SIDE : (r + 1) * SIDE, c * SIDE : (c + 1) * SIDE
                    ]
    used = set()
    for piece in pieces[1:]:
        found = []
        for r, c in piece:
            square = crop[r * SIDE : (r + 1) * SIDE, c * SIDE : (c + 1) * SIDE]
            match = [
                (key, turn)
                for key, pixels in sources.items()
                for turn in range(4)
                if np.array_equal(np.rot90(pixels, turn), square)
            ]
            assert len(match) == 1
            (kingdom, sr, sc), _ = match[0]
            assert labels[r][c] == (first, second)[kingdom][1][sr][sc]
            found.append(match[0])
            used.add(match[0][0])
        ((k1, r1, c1), t1), ((k2, r2, c2), t2) = found
        assert k1 == k2 and t1 == t2 and abs(r1 - r2) + abs(c1 - c2) == 1
        # A quarter turn (odd) exactly where the slot lies the other way from the source.
        slot_across = piece[0][0] == piece[1][0]
        assert (t1 % 2 == 1) == (slot_across != (r1 == r2))
    assert used == set(sources)


def test_duel_copies_are_seeded() -> None:
    first, second = _kingdom(13, 100), _kingdom(25, 200)
    made = [
        duel_crop([first[0], second[0]], [first[1], second[1]], seed=seed, lines=[LINES, LINES])
        for seed in (7, 7, 8)
    ]
    assert np.array_equal(made[0][0], made[1][0]) and made[0][1:] == made[1][1:]
    assert made[0][1] != made[2][1]


def test_a_loose_duel_copy_photographs_its_pieces() -> None:
    first, second = _kingdom(13, 100), _kingdom(25, 200)
    crop, labels, pieces = duel_crop(
        [first[0], second[0]], [first[1], second[1]], seed=3, lines=[LINES, LINES]
    )
    lattice = ([SIDE * i for i in range(8)], [SIDE * i for i in range(8)])
    jpeg, corners = loose_photo(crop, labels, seed=4, size=(600, 800), pieces=pieces, lines=lattice)
    again = loose_photo(crop, labels, seed=4, size=(600, 800), pieces=pieces, lines=lattice)
    assert jpeg == again[0] and np.array_equal(corners, again[1])
    assert corners.shape == (4, 2)


def test_kingdoms_that_do_not_make_a_duel_copy_are_refused() -> None:
    first = _kingdom(13, 100)
    # The same 12 tiles twice: tile 13 (wheat-forest) is in the set once.
    with pytest.raises(ValueError, match="than the set"):
        duel_crop([first[0], first[0]], [first[1], first[1]], seed=0, lines=[LINES, LINES])
    # A discarded domino: 11 dominoes and two empty squares.
    short = [list(line) for line in first[1]]
    short[4][3] = short[4][4] = ("empty", 0)
    second = _kingdom(25, 200)
    with pytest.raises(ValueError, match="11 dominoes"):
        duel_crop([first[0], second[0]], [short, second[1]], seed=0, lines=[LINES, LINES])
