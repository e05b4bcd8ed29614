"""Legal layouts of 10-12 pips: the double-twelve sets' three rows of four.

The layouts are the set's in the tuned marble scenes (``phone-d12/20210227_190410.jpg``:
its 12-9, 11-10, 12-5 and 8-12; ``20210227_202645.jpg``: its 11-0) and the renders': along
the half, two outer rows of four evenly spaced pips; between them the two ends (10), the
ends and the middle (11), or a row of four (12).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dominoes import count_pips, legal_layout

Centres = tuple[tuple[float, float], ...]

# The lattice of a 12, (row, col) as fractions of a half: rows across the tile, the four
# along it (the half's cols), as the tuned scenes' tiles and the renders lay them.
ROWS = (0.2, 0.5, 0.8)
COLS = (0.17, 0.39, 0.61, 0.83)
OUTER = tuple((row, col) for row in (ROWS[0], ROWS[2]) for col in COLS)
BIG = {
    10: (*OUTER, (0.5, COLS[0]), (0.5, COLS[3])),
    11: (*OUTER, (0.5, COLS[0]), (0.5, 0.5), (0.5, COLS[3])),
    12: (*OUTER, *((0.5, col) for col in COLS)),
}


def turned(centres: Centres) -> Centres:
    """The half turned a quarter (rows and cols swapped)."""
    return tuple((col, row) for row, col in centres)


def without(centres: Centres, *lost: tuple[float, float]) -> Centres:
    return tuple(centre for centre in centres if centre not in lost)


@pytest.mark.parametrize("pips", [10, 11, 12])
def test_the_sets_layouts_are_legal(pips: int) -> None:
    assert legal_layout(BIG[pips])
    assert legal_layout(turned(BIG[pips]))
    assert legal_layout(tuple(reversed(BIG[pips])))  # order does not matter


@pytest.mark.parametrize("pips", [10, 11, 12])
def test_a_loose_outline_keeps_the_layout_legal(pips: int) -> None:
    # A loose outline: the pips off the half's middle, squashed to 0.6 of the rows, 0.7
    # of the cols, and sheared (each row shifted along by 0.1 of its height) ...
    loose = tuple((0.05 + 0.6 * row, 0.2 + 0.7 * col + 0.1 * row) for row, col in BIG[pips])
    assert legal_layout(loose)
    # ... or slanted across the tile (the rows 0.15 lower at their far end), as an
    # outline walked askew reads a 12 (the tuned scenes' low copies).
    slanted = tuple((row + 0.15 * col, col) for row, col in BIG[pips])
    assert legal_layout(slanted)


@pytest.mark.parametrize(
    ("name", "centres"),
    [
        # a 12 that lost one pip is no 11: an 11's middle pip sits half-way along
        ("12 less a middle pip", without(BIG[12], (0.5, COLS[1]))),
        ("12 less a corner", without(BIG[12], (ROWS[0], COLS[0]))),
        ("12 less an outer pip", without(BIG[12], (ROWS[2], COLS[2]))),
        # ... nor, losing two, a 10 (unless both were the middle row's inner pips)
        ("12 less two outer pips", without(BIG[12], (ROWS[0], COLS[1]), (ROWS[2], COLS[2]))),
        ("12 less an end's two", without(BIG[12], (ROWS[0], COLS[3]), (0.5, COLS[3]))),
        ("12 less a middle and a corner", without(BIG[12], (0.5, COLS[1]), (ROWS[2], COLS[3]))),
        ("11 less a corner", without(BIG[11], (ROWS[0], COLS[0]))),
        ("11 with its middle pip off-centre", (*BIG[10], (0.5, COLS[1]))),
        ("a 9's grid and a stray pip", (*((r, c) for r in ROWS for c in ROWS), (0.5, 0.95))),
        ("two rows of six", tuple((r, 0.1 + 0.16 * c) for r in (0.3, 0.7) for c in range(6))),
        ("13 pips", (*BIG[12], (0.35, 0.5))),
    ],
)
def test_counts_off_the_sets_layouts_are_not_legal(name: str, centres: Centres) -> None:
    assert not legal_layout(centres), name
    assert not legal_layout(turned(centres)), name


def test_a_12_less_its_middle_rows_inner_pips_is_a_legal_10() -> None:
    # The one loss a layout cannot show: exactly a 10.
    assert legal_layout(without(BIG[12], (0.5, COLS[1]), (0.5, COLS[2])))


def draw_big_half(centres: Centres, *, side: int = 70) -> np.ndarray:
    """A pale square half with small red pips (BGR) at ``centres``."""
    half = np.full((side, side, 3), (225, 235, 240), dtype=np.uint8)
    for row, col in centres:
        cv2.circle(half, (round(col * side), round(row * side)), 5, (40, 40, 200), -1, cv2.LINE_AA)
    return half


@pytest.mark.parametrize("pips", [10, 11, 12])
def test_count_pips_reads_the_sets_layouts_as_legal(pips: int) -> None:
    result = count_pips(draw_big_half(BIG[pips]))
    assert result.pips == pips
    assert result.legal
    assert result.confidence > 0.8


def test_count_pips_marks_a_12_that_lost_a_pip_unsure() -> None:
    # 11 pips where a 12's are, one missing (a pip lost in shade): counted, not legal,
    # confidence at most 0.3 (so the tile is read on other outlines, or flagged).
    result = count_pips(draw_big_half(without(BIG[12], (ROWS[2], COLS[1]))))
    assert result.pips == 11
    assert not result.legal
    assert result.confidence <= 0.3
