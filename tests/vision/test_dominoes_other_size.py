"""Session 8: a tile found only at another working size is kept when read surely, its
other outlines read on until one is (a low angle's loose first outline read a legal but
unsure count, and the tile was dropped without its surer outlines being read); and above
double-six a longer outline's reading with more pips wins over a nearly as sure shorter
one of the same tile; and above double-six a bar far off its outline's middle makes a
reading unsure (the outline ran onto a touching tile's pips)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.dominoes.pipeline import (
    OFF_MIDDLE_CONFIDENCE,
    PALE_SURE,
    TileReading,
    _read_candidates,
    _without_overlaps,
    read_tile,
)
from vision.dominoes.strokes import TileCandidate

IVORY = (200, 228, 238)  # BGR
MARBLE = (215, 212, 200)  # a pale bluish grey, BGR
SIX = [(22, 18), (22, 40), (22, 62), (58, 18), (58, 40), (58, 62)]
FOUR = [(22, 18), (58, 18), (22, 62), (58, 62)]


def _photo() -> np.ndarray:
    """A 6-4 tile, 160 x 80 px, lying at (120, 100) on a pale table, raised by a shadow."""
    image = np.full((300, 400, 3), MARBLE, dtype=np.uint8)
    x, y = 120, 100
    cv2.rectangle(image, (x + 4, y + 80), (x + 163, y + 87), (150, 150, 140), -1)
    cv2.rectangle(image, (x, y), (x + 159, y + 79), IVORY, -1)
    cv2.line(image, (x + 80, y + 12), (x + 80, y + 67), (25, 25, 25), 5)
    for half, offsets in enumerate((SIX, FOUR)):
        for dx, dy in offsets:
            cv2.circle(image, (x + 80 * half + dx, y + dy), 7, (40, 40, 200), -1, cv2.LINE_AA)
    return image


def _candidate(score: float, others: tuple[TileCandidate, ...] = ()) -> TileCandidate:
    corners = np.array([[120, 100], [279, 100], [279, 179], [120, 179]], dtype=np.float64)
    return TileCandidate(corners, 80.0, 160.0, score, others)


def test_an_unsure_first_outline_found_at_another_size_gives_way_to_a_sure_one() -> None:
    image = _photo()
    # The first outline's own score (0.6) caps its reading under PALE_SURE: legal, unsure.
    unsure = _candidate(0.6)
    alone, _ = _read_candidates(image, [unsure], 0, 12)
    assert alone == []  # found at another size only, and unsure: no tile
    candidate = _candidate(0.6, (_candidate(0.95),))
    readings, _ = _read_candidates(image, [candidate], 0, 12)
    assert [reading.pips for reading in readings] == [(6, 4)]
    assert readings[0].confidence >= PALE_SURE


def test_at_the_usual_size_the_first_legal_outline_is_kept_as_before() -> None:
    image = _photo()
    candidate = _candidate(0.6, (_candidate(0.95),))
    readings, _ = _read_candidates(image, [candidate], 1, 12)
    assert [reading.pips for reading in readings] == [(6, 4)]
    assert readings[0].confidence <= 0.6  # the first outline's reading, not read on


def _reading(pips: tuple[int, int], confidence: float, length: float) -> TileReading:
    corners = np.array([[0, 0], [length, 0], [length, 60], [0, 60]], dtype=np.float64)
    return TileReading(pips, corners, confidence, True)


def test_a_longer_outline_with_more_pips_in_one_half_wins_above_double_six() -> None:
    # An 11-0 outlined short of its end reads 8-0 a little more surely (0.93) than the
    # whole tile (0.92): above double-six the longer outline's reading is kept.
    short, whole = _reading((8, 0), 0.93, 100.0), _reading((11, 0), 0.92, 130.0)
    assert [t.pips for t in _without_overlaps([short, whole], longer_wins=True)] == [(11, 0)]
    # At double-six (and by default) the surest is kept, as before.
    assert [t.pips for t in _without_overlaps([short, whole])] == [(8, 0)]


def test_the_longer_outline_wins_only_nearly_as_sure_with_a_half_alike_and_more_pips() -> None:
    short = _reading((8, 0), 0.93, 100.0)
    for other in (
        _reading((11, 0), 0.85, 130.0),  # much less sure
        _reading((11, 2), 0.92, 130.0),  # no half alike
        _reading((5, 0), 0.92, 130.0),  # fewer pips
        _reading((11, 0), 0.92, 90.0),  # shorter
    ):
        assert [t.pips for t in _without_overlaps([short, other], longer_wins=True)] == [(8, 0)]
    cut = replace(_reading((11, 0), 0.92, 130.0), cut=True)
    assert [t.pips for t in _without_overlaps([short, cut], longer_wins=True)] == [(8, 0)]


def test_a_bar_far_off_the_outlines_middle_makes_a_double_twelve_reading_unsure() -> None:
    image = _photo()
    whole = _candidate(0.95)
    reading, _ = read_tile(image, whole, max_pips=12)
    assert reading is not None and reading.pips == (6, 4) and reading.confidence >= PALE_SURE
    # The outline run 50 px past the tile's left end (onto the table, where a touching
    # tile's pips would be): the bar lies at 130 / 210 = 0.62 of it, off the middle.
    corners = whole.corners + np.array([[-50, 0], [0, 0], [0, 0], [-50, 0]], dtype=np.float64)
    longer = TileCandidate(corners, 80.0, 210.0, 0.95)
    reading, _ = read_tile(image, longer, max_pips=12)
    assert reading is None or reading.confidence <= OFF_MIDDLE_CONFIDENCE < PALE_SURE
