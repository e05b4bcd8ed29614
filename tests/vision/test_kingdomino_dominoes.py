"""vision.kingdomino.dominoes: readings that split into official dominoes, and the repair."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from referee.kingdomino import Kingdom, Square, Terrain, parse_kingdom
from vision.kingdomino.classify import CROWN_COUNTS, read_squares
from vision.kingdomino.dominoes import domino_kinds, splits_into_dominoes
from vision.kingdomino.render import deal_kingdom

TERRAINS = list(Terrain)


def test_domino_kinds_count_the_48_dominoes() -> None:
    kinds = domino_kinds()
    assert sum(kinds.values()) == 48
    assert kinds[(("wheat", 0), ("wheat", 0))] == 2  # dominoes 1 and 2
    assert kinds[frozenset({("wheat", 0), ("mine", 3)})] == 1  # domino 48


def test_splits_into_dominoes() -> None:
    assert splits_into_dominoes(parse_kingdom("C W W").squares) is True
    assert splits_into_dominoes(parse_kingdom("C W1 W").squares) is False  # no such domino
    assert splits_into_dominoes(parse_kingdom("C W W W").squares) is False  # odd
    # Three wheat-wheat dominoes: the set has only two.
    assert splits_into_dominoes(parse_kingdom("W W W/W W W").squares) is False
    assert splits_into_dominoes(parse_kingdom("W . W/W C W").squares) is True


def test_splits_into_dominoes_with_the_kinds_given_leaves_them_alone() -> None:
    kinds = domino_kinds()
    before = kinds.copy()
    # Two wheat-wheat dominoes fit the set; three do not, with the kinds given too.
    assert splits_into_dominoes(parse_kingdom("W W C/W W .").squares, kinds=kinds) is True
    assert splits_into_dominoes(parse_kingdom("W W W/W W W").squares, kinds=kinds) is False
    assert kinds == before
    del kinds[(("wheat", 0), ("wheat", 0))]
    assert splits_into_dominoes(parse_kingdom("C W W").squares, kinds=kinds) is False


def test_dealt_kingdoms_split() -> None:
    for seed in range(4):
        assert splits_into_dominoes(deal_kingdom(seed).squares) is True


def _breaking_square() -> tuple[int, int]:
    """(seed, index) of a crowned square whose missed crown stops the kingdom splitting."""
    for seed in range(1, 20):
        truth = deal_kingdom(seed)
        for index in range(25):
            square = truth[index // 5, index % 5]
            if square.crowns == 0:
                continue
            broken = [list(line) for line in truth.squares]
            broken[index // 5][index % 5] = type(square)(square.terrain, square.crowns - 1)
            if splits_into_dominoes(broken) is False:
                return seed, index
    raise AssertionError("no square to test with")


def test_read_squares_prefers_a_reading_that_splits() -> None:
    seed, index = _breaking_square()
    truth = deal_kingdom(seed)
    flat = [truth[r, c] for r in range(5) for c in range(5)]
    terrain = np.full((25, len(TERRAINS)), 0.1 / (len(TERRAINS) - 1))
    crowns = np.full((25, len(CROWN_COUNTS)), 0.1 / 3)
    for i, s in enumerate(flat):
        terrain[i, TERRAINS.index(s.terrain)] = 0.9
        crowns[i, s.crowns] = 0.9
    right = flat[index].crowns
    crowns[index] = 0.02
    crowns[index, right - 1], crowns[index, right] = 0.5, 0.44  # one crown missed, narrowly
    squares, warnings = read_squares(terrain, crowns, 5)
    assert squares[index // 5][index % 5].crowns == right
    assert any("official dominoes" in w and str((index // 5, index % 5)) in w for w in warnings)


def test_read_squares_moves_the_castle_when_only_that_splits() -> None:
    # The castle read as a swamp-like square and that square read as the castle:
    # neither reading splits into dominoes, the castle moved back does.
    truth = deal_kingdom(1)
    flat = [truth[r, c] for r in range(5) for c in range(5)]
    castle_at = next(i for i, s in enumerate(flat) if s.terrain is Terrain.CASTLE)
    terrain = np.full((25, len(TERRAINS)), 0.1 / (len(TERRAINS) - 1))
    crowns = np.full((25, len(CROWN_COUNTS)), 0.1 / 3)
    for i, s in enumerate(flat):
        terrain[i, TERRAINS.index(s.terrain)] = 0.9
        crowns[i, s.crowns] = 0.9
    other = next(
        i
        for i, s in enumerate(flat)
        if s.terrain is not Terrain.CASTLE and s.crowns == 0 and abs(i - castle_at) > 1
    )
    wrong = flat[other].terrain
    swapped = [list(line) for line in truth.squares]
    swapped[castle_at // 5][castle_at % 5] = type(flat[other])(wrong, 0)
    swapped[other // 5][other % 5] = type(flat[other])(Terrain.CASTLE, 0)
    assert splits_into_dominoes(swapped) is False
    terrain[castle_at] = 0.01
    terrain[castle_at, TERRAINS.index(Terrain.CASTLE)] = 0.45
    terrain[castle_at, TERRAINS.index(wrong)] = 0.5
    terrain[other] = 0.01
    terrain[other, TERRAINS.index(Terrain.CASTLE)] = 0.5
    terrain[other, TERRAINS.index(wrong)] = 0.45
    squares, warnings = read_squares(terrain, crowns, 5)
    read = [squares[r][c] for r in range(5) for c in range(5)]
    assert read[castle_at].terrain is Terrain.CASTLE
    assert (read[other].terrain, read[other].crowns) == (wrong, 0)
    assert any(str((castle_at // 5, castle_at % 5)) in w and "only castle" in w for w in warnings)


def _missing(truth: Kingdom, indices: tuple[int, ...]) -> list[list[Square]]:
    rows = [list(line) for line in truth.squares]
    for index in indices:
        square = rows[index // 5][index % 5]
        rows[index // 5][index % 5] = Square(square.terrain, square.crowns - 1)
    return rows


def _three_misses() -> tuple[Kingdom, tuple[int, int, int]]:
    """A dealt kingdom and three crowned squares: with any one, two or all three of
    their crowns missed by one, the kingdom does not split into dominoes."""
    for seed in range(1, 40):
        truth = deal_kingdom(seed)
        crowned = [i for i in range(25) if truth[i // 5, i % 5].crowns > 0]
        for triple in combinations(crowned, 3):
            if all(
                splits_into_dominoes(_missing(truth, some)) is False
                for count in (1, 2, 3)
                for some in combinations(triple, count)
            ):
                return truth, (triple[0], triple[1], triple[2])
    raise AssertionError("no kingdom to test with")


def test_read_squares_tries_three_changes_only_when_two_do_not_split() -> None:
    # Three crowns missed narrowly: no reading within two changes splits into
    # dominoes, the three put back do.
    truth, missed = _three_misses()
    flat = [truth[r, c] for r in range(5) for c in range(5)]
    # Every other square sure (no second reading): only the three are doubtful.
    terrain = np.zeros((25, len(TERRAINS)))
    crowns = np.zeros((25, len(CROWN_COUNTS)))
    for i, s in enumerate(flat):
        terrain[i, TERRAINS.index(s.terrain)] = 1.0
        crowns[i, s.crowns] = 1.0
    for index in missed:
        right = flat[index].crowns
        crowns[index] = 0.02
        crowns[index, right - 1], crowns[index, right] = 0.5, 0.44
    squares, warnings = read_squares(terrain, crowns, 5)
    assert [[(s.terrain, s.crowns) for s in line] for line in squares] == [
        [(s.terrain, s.crowns) for s in line] for line in truth.squares
    ]
    for index in missed:
        assert any("official dominoes" in w and str((index // 5, index % 5)) in w for w in warnings)
    assert not any("does not split" in w for w in warnings)
