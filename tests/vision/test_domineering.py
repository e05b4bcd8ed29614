"""The Domineering sheet reader: each stage on hand-made inputs, then end to end on samples."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import ImpossiblePositionError
from vision.decode import downscale, read_image
from vision.domineering import GridNotFoundError, ImpossibleSheetError, analyze_photo
from vision.domineering.grid import (
    CELL_PX,
    MARGIN,
    SIZE,
    darkest_channel,
    find_grid,
    frame_ink,
    grid_alternatives,
    ink_map,
    rectify,
)
from vision.domineering.marks import (
    CELL_FEATURES,
    EDGE_FEATURES,
    SHEET_FEATURES,
    cell_features,
    edge_features,
    label_ink,
    label_sides,
    paper_spread,
    stroke_contrast,
    with_neighbours,
    with_sheet,
    with_writing,
    writing_similarity,
)
from vision.domineering.pairs import best_matching
from vision.domineering.read import (
    MAX_PAPER_SPREAD,
    MIN_GRID_EVIDENCE,
    orientation,
    read_sheet,
    sheet_evidence,
)

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def _drawn_grid(
    corners: np.ndarray, *, shape: tuple[int, int] = (600, 800), labels: bool = True
) -> np.ndarray:
    """A white photo with a 5x5 grid drawn in dark grey between ``corners`` (tl, tr, br, bl)."""
    image = np.full((*shape, 3), 235, np.uint8)
    square = np.array([[0, 0], [5, 0], [5, 5], [0, 5]], np.float32)
    warp = cv2.getPerspectiveTransform(square, corners.astype(np.float32))

    def to_photo(points: list[tuple[float, float]]) -> np.ndarray:
        return cv2.perspectiveTransform(np.array([points], np.float64), warp)[0]

    for k in range(SIZE + 1):
        for line in (to_photo([(k, 0), (k, 5)]), to_photo([(0, k), (5, k)])):
            cv2.line(
                image,
                tuple(np.round(line[0]).astype(int).tolist()),
                tuple(np.round(line[1]).astype(int).tolist()),
                (60, 60, 60),
                3,
                cv2.LINE_AA,
            )
    if labels:
        for k in range(SIZE):
            for text, where in (("ABCDE"[k], (k + 0.5, -0.5)), ("12345"[k], (-0.5, k + 0.5))):
                p = to_photo([where])[0]
                cv2.putText(
                    image,
                    text,
                    (round(p[0]) - 8, round(p[1]) + 8),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    0.8,
                    (40, 40, 40),
                    2,
                    cv2.LINE_AA,
                )
    return image


CORNERS = np.array([[250, 120], [610, 150], [590, 500], [230, 470]], np.float64)


# --- ink map ---------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_darkest_channel_is_the_smallest_channel(rows: int, cols: int, seed: int) -> None:
    image = np.random.default_rng(seed).integers(0, 256, (rows, cols, 3), dtype=np.uint8)
    before = image.copy()
    dark = darkest_channel(image)
    np.testing.assert_array_equal(image, before)
    assert dark.shape == (rows, cols) and dark.dtype == np.uint8
    for r in range(rows):
        for c in range(cols):
            assert dark[r, c] == min(int(v) for v in image[r, c])


def test_ink_map_marks_strokes_not_paper_and_leaves_input_alone() -> None:
    image = _drawn_grid(CORNERS)
    before = image.copy()
    ink = ink_map(image)
    np.testing.assert_array_equal(image, before)
    assert ink.shape == image.shape[:2] and ink.dtype == np.float32
    assert ink.min() >= 0.0 and ink.max() <= 1.0
    assert ink[20, 20] < 0.02  # plain paper
    # a pixel on the top line, half way between tl and tr: (235 - 60) / 235 dark
    x, y = (CORNERS[0] + CORNERS[1]) / 2
    assert ink[round(y), round(x)] > 0.5


def test_ink_map_ignores_a_shadow_over_the_paper() -> None:
    image = _drawn_grid(CORNERS)
    shaded = image.copy()
    shaded[:, 400:] = np.round(shaded[:, 400:] * 0.5).astype(np.uint8)
    ink, ink_shaded = ink_map(image), ink_map(shaded)
    x, y = (CORNERS[1] + CORNERS[2]) / 2  # right line, in the shadow
    assert abs(ink[round(y), round(x)] - ink_shaded[round(y), round(x)]) < 0.1
    assert ink_shaded[300, 700] < 0.05  # shaded plain paper is still paper


def test_ink_map_refuses_a_grey_image() -> None:
    with pytest.raises(ValueError, match="uint8 BGR"):
        ink_map(np.zeros((10, 10), np.uint8))


# --- grid --------------------------------------------------------------------------------------


def _corner_error(found: np.ndarray, truth: np.ndarray) -> float:
    """Largest corner distance, over the four ways of naming the corners."""
    return min(float(np.abs(np.roll(found, k, axis=0) - truth).max()) for k in range(4))


def test_find_grid_finds_a_tilted_grid_to_two_pixels() -> None:
    ink = ink_map(_drawn_grid(CORNERS))
    before = ink.copy()
    grid = find_grid(ink)
    np.testing.assert_array_equal(ink, before)
    assert grid is not None
    assert _corner_error(grid.corners, CORNERS) < 2.5
    assert grid.score > 0.9
    assert grid.crossings.shape == (SIZE + 1, SIZE + 1, 2)


def test_find_grid_on_blank_paper_finds_nothing() -> None:
    assert find_grid(np.zeros((300, 400), np.float32)) is None
    assert grid_alternatives(np.zeros((300, 400), np.float32)) == []


def test_grid_alternatives_hold_find_grids_reading_and_the_outlines_own() -> None:
    ink = ink_map(_drawn_grid(CORNERS))
    before = ink.copy()
    readings = grid_alternatives(ink)
    np.testing.assert_array_equal(ink, before)
    # three readings per component: searched, only followed, the outline's own frame
    assert readings and len(readings) % 3 == 0
    best = find_grid(ink)
    assert best is not None
    assert any(np.array_equal(r.corners, best.corners) for r in readings)
    for reading in readings:
        assert reading.crossings.shape == (SIZE + 1, SIZE + 1, 2)
        assert 0.0 <= reading.score <= 1.0
    # the outline of the drawn grid (its strokes' hull) is the grid, to the line's width
    assert _corner_error(readings[2].corners, CORNERS) < 4.0
    assert readings[2].score > 0.9


def test_a_drawn_grid_has_far_more_evidence_than_a_sheet_needs() -> None:
    grid = find_grid(ink_map(_drawn_grid(CORNERS)))
    assert grid is not None
    assert grid.evidence > 3 * MIN_GRID_EVIDENCE


def _non_sheets() -> list[tuple[str, np.ndarray]]:
    """Photos with no sheet grid: plain white, noise, domino hands and kingdoms."""
    rng = np.random.default_rng(5)
    photos = [
        ("white", np.full((600, 800, 3), 255, np.uint8)),
        ("noise", rng.integers(0, 256, (600, 800, 3), dtype=np.uint8)),
        ("grey noise", np.repeat(rng.integers(0, 256, (500, 500, 1), dtype=np.uint8), 3, axis=2)),
    ]
    for path in sorted(SAMPLES.glob("hand-*.jpg")) + sorted(SAMPLES.glob("kingdom-*.jpg")):
        photos.append((path.name, read_image(path)))
    return photos


@pytest.mark.parametrize(("name", "photo"), _non_sheets(), ids=lambda value: str(value)[:12])
def test_a_photo_without_a_sheet_is_refused_saying_how_to_photograph_it(
    name: str, photo: np.ndarray
) -> None:
    before = photo.copy()
    with pytest.raises(GridNotFoundError, match="no Domineering grid found") as caught:
        analyze_photo(photo)
    assert "photograph the sheet" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    np.testing.assert_array_equal(photo, before)


@pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="open defect (sessions 9, 12): with no colour, a kingdom passes the grid evidence and "
    "paper_spread; no colour-free test (levels, margins, labels; session 12: the cells' texture) "
    "separates it from the tuning sheets (docs/domineering-vision.md, 'Session 9', 'Session 12')",
)
def test_a_kingdom_sample_made_grey_is_refused() -> None:
    grey = cv2.cvtColor(read_image(SAMPLES / "kingdom-1.jpg"), cv2.COLOR_BGR2GRAY)
    photo = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    try:
        reading = read_sheet(photo)
    except GridNotFoundError:
        return
    raise AssertionError(f"a kingdom read as a sheet: {'/'.join(reading.cells)}")


def test_rectify_puts_the_grid_at_the_margin() -> None:
    image = _drawn_grid(CORNERS)
    ink = ink_map(image)
    grid = find_grid(ink)
    assert grid is not None
    frame = rectify(ink, grid)
    side = round((SIZE + 2 * MARGIN) * CELL_PX)
    assert frame.shape == (side, side) and frame.dtype == np.float32
    colour = rectify(image, grid)
    assert colour.shape == (side, side, 3) and colour.dtype == np.uint8
    lo = round(MARGIN * CELL_PX)
    # the top line runs along row `lo`, cell centres are paper
    assert frame[lo - 2 : lo + 3, lo + CELL_PX // 2].max() > 0.5
    assert frame[lo + CELL_PX // 2, lo + CELL_PX // 2] < 0.05


def test_frame_ink_sees_a_cell_shaded_solid() -> None:
    side = round((SIZE + 2 * MARGIN) * CELL_PX)
    gray = np.full((side, side), 220, np.uint8)
    lo = round(MARGIN * CELL_PX)
    gray[lo + 4 : lo + CELL_PX - 4, lo + 4 : lo + CELL_PX - 4] = 150  # A1 rubbed in grey
    before = gray.copy()
    ink = frame_ink(gray)
    np.testing.assert_array_equal(gray, before)
    assert ink.shape == gray.shape and ink.dtype == np.float32
    centre = lo + CELL_PX // 2
    assert ink[centre, centre] == pytest.approx((220 - 150) / 220, abs=0.01)
    assert ink[centre, centre + CELL_PX] < 0.01  # B1 is paper
    # the photo-wide ink map, with its narrower closing, loses most of the shading
    wide = ink_map(np.dstack([gray] * 3), background_px=15)
    assert wide[centre, centre] < 0.1


# --- orientation from the labels -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("labelled", "turns"), [((3, 0), 0), ((0, 1), 1), ((1, 2), 2), ((2, 3), 3)]
)
def test_orientation_turns_labelled_sides_to_top_and_left(
    labelled: tuple[int, int], turns: int
) -> None:
    sides = np.zeros((4, 5))
    for s in labelled:
        sides[s] = 0.1
    found, confidence = orientation(sides)
    assert found == turns
    assert confidence > 0.99


def test_orientation_is_unsure_without_labels() -> None:
    _, confidence = orientation(np.zeros((4, 5)))
    assert confidence < 0.5


@pytest.mark.parametrize(("flip", "turns"), [(False, 0), (True, 2)])
def test_labels_fix_the_orientation_of_a_drawn_grid(flip: bool, turns: int) -> None:
    image = _drawn_grid(CORNERS)
    if flip:  # the photo upside down: labels bottom and right
        image = np.ascontiguousarray(image[::-1, ::-1])
    grid = find_grid(ink_map(image))
    assert grid is not None
    gray = rectify(image.min(axis=2), grid)
    before = gray.copy()
    strokes = label_ink(gray, grid.crossings)
    np.testing.assert_array_equal(gray, before)
    assert strokes.shape == gray.shape and strokes.dtype == np.float32
    frame = frame_ink(gray)
    sides = label_sides(strokes, grid.crossings, stroke_contrast(frame, grid.crossings))
    assert sides.shape == (4, 5)
    found, confidence = orientation(sides)
    assert found == turns
    assert confidence > 0.9


def test_label_ink_ignores_a_dark_table_beside_the_grid() -> None:
    frame, crossings = _blank_frame()
    gray = np.round(220 - frame * 200).astype(np.uint8)
    gray[:, :30] = 60  # table showing at the left edge of the frame
    gray[5:25:4, :30] = 20  # with grain
    strokes = label_ink(gray, crossings)
    assert strokes[:, :30].max() == 0.0


# --- cells and edges ---------------------------------------------------------------------------


def _blank_frame() -> tuple[np.ndarray, np.ndarray]:
    side = round((SIZE + 2 * MARGIN) * CELL_PX)
    lo = MARGIN * CELL_PX
    frame = np.zeros((side, side), np.float32)
    crossings = np.zeros((SIZE + 1, SIZE + 1, 2))
    for i in range(SIZE + 1):
        for j in range(SIZE + 1):
            crossings[i, j] = (lo + i * CELL_PX, lo + j * CELL_PX)
    for k in range(SIZE + 1):
        p = round(lo + k * CELL_PX)
        frame[p - 1 : p + 2, round(lo) : round(lo + 5 * CELL_PX) + 1] = 0.6
        frame[round(lo) : round(lo + 5 * CELL_PX) + 1, p - 1 : p + 2] = 0.6
    return frame, crossings


def test_edge_features_see_a_stroke_across_the_shared_edge_only_there() -> None:
    frame, crossings = _blank_frame()
    lo = round(MARGIN * CELL_PX)
    # a joining stroke across the line between B2 (1, 1) and C2 (1, 2)
    row = lo + CELL_PX + CELL_PX // 2
    line_col = lo + 2 * CELL_PX
    frame[row - 1 : row + 2, line_col - 12 : line_col + 13] = 0.6
    before = frame.copy()
    edges = edge_features(frame, crossings, stroke_contrast(frame, crossings))
    np.testing.assert_array_equal(frame, before)
    assert edges.shape == (9, 9, 8)
    cross = edges[:, :, 0]
    assert cross[2, 3] > 0.8  # the edge right of (1, 1)
    others = np.delete(cross.ravel(), 2 * 9 + 3)
    assert others.max() < 0.2


def test_edge_features_tell_one_stroke_from_hatching_all_along_the_edge() -> None:
    frame, crossings = _blank_frame()
    lo = round(MARGIN * CELL_PX)
    line_col = lo + 2 * CELL_PX
    top = lo + CELL_PX  # row 2 (B2 | C2)
    single, hatched = frame.copy(), frame.copy()
    middle = top + CELL_PX // 2
    single[middle - 1 : middle + 2, line_col - 12 : line_col + 13] = 0.6
    for row in range(top + 3, top + CELL_PX - 2, 5):  # hatching lines across the edge
        hatched[row : row + 2, line_col - 12 : line_col + 13] = 0.6
    one = edge_features(single, crossings, stroke_contrast(single, crossings))
    many = edge_features(hatched, crossings, stroke_contrast(hatched, crossings))
    typical = EDGE_FEATURES.index("cross_typical")
    assert one[2, 3, 0] > 0.8 and many[2, 3, 0] > 0.8  # both cross the edge somewhere
    assert one[2, 3, typical] < 0.1  # a joining stroke crosses in one place
    assert many[2, 3, typical] > 0.5  # hatching crosses all along


def test_cell_features_see_writing_and_not_an_empty_cell() -> None:
    frame, crossings = _blank_frame()
    lo = round(MARGIN * CELL_PX)
    seven = np.zeros(frame.shape, np.uint8)
    cv2.putText(seven, "7", (lo + 12, lo + 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 255, 2)  # A1
    frame = np.maximum(frame, seven.astype(np.float32) * (0.6 / 255))
    # a grid line wobbling into B2: a stroke along its left side, a fifth of a cell in
    left = round(lo + CELL_PX + 0.2 * CELL_PX)
    frame[round(lo + CELL_PX) + 4 : round(lo + 2 * CELL_PX) - 4, left - 1 : left + 2] = 0.6
    before = frame.copy()
    cells = cell_features(frame, crossings, stroke_contrast(frame, crossings))
    np.testing.assert_array_equal(frame, before)
    assert cells.shape == (5, 5, len(CELL_FEATURES)) == (5, 5, 6)
    assert cells[0, 0, 1] > 0.05  # share of strong ink in A1
    assert cells[0, 1, 1] == 0.0 and cells[4, 4, 1] == 0.0
    centre = CELL_FEATURES.index("centre")
    # the 7 covers A1's middle; the stroke in B2 stays on its rim (inset 0.16-0.3 cell)
    assert cells[0, 0, centre] > 0.1
    assert cells[1, 1, 0] > 0.05 and cells[1, 1, centre] == 0.0


def test_with_sheet_places_each_cell_between_the_sheets_empty_and_written_cells() -> None:
    width = len(CELL_FEATURES)
    # a pale fill: mean ink 0.25 of the line contrast in five cells, 0.05 in the others
    cells = np.zeros((5, 5, 2 * width))
    cells[:, :, width] = 0.05
    for r, c in ((0, 0), (0, 1), (2, 2), (3, 2), (4, 4)):
        cells[r, c, width] = 0.25
    before = cells.copy()
    out = with_sheet(cells)
    np.testing.assert_array_equal(cells, before)
    assert out.shape == (5, 5, 2 * width + len(SHEET_FEATURES))
    np.testing.assert_array_equal(out[:, :, : 2 * width], cells)
    wide = SHEET_FEATURES.index("wide_mean_in_sheet") + 2 * width
    # low = second lowest 0.05, high = third highest 0.25: (0.25 - 0.05) / (0.2 + 0.05)
    assert out[0, 0, wide] == pytest.approx(0.8)
    assert out[1, 1, wide] == pytest.approx(0.0)
    # the narrow mean is 0 everywhere: all alike, 0 (the floor keeps it finite)
    assert np.all(out[:, :, 2 * width] == 0.0)
    with pytest.raises(ValueError, match="cell features"):
        with_sheet(np.zeros((5, 5, width)))


def _cells_frame(colours: list[tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A straightened BGR frame whose 25 cells are painted ``colours`` (cycled), grid lines dark."""
    side = round((SIZE + 2 * MARGIN) * CELL_PX)
    frame = np.full((side, side, 3), 235, np.uint8)
    lo = round(MARGIN * CELL_PX)
    for r in range(SIZE):
        for c in range(SIZE):
            top, left = lo + r * CELL_PX, lo + c * CELL_PX
            frame[top : top + CELL_PX, left : left + CELL_PX] = colours[
                (r * SIZE + c) % len(colours)
            ]
    for k in range(SIZE + 1):
        frame[lo + k * CELL_PX - 1 : lo + k * CELL_PX + 2, lo : lo + SIZE * CELL_PX] = 40
        frame[lo : lo + SIZE * CELL_PX, lo + k * CELL_PX - 1 : lo + k * CELL_PX + 2] = 40
    grid = lo + CELL_PX * np.arange(SIZE + 1, dtype=np.float64)
    crossings = np.stack(np.meshgrid(grid, grid, indexing="ij"), axis=-1)
    return frame, crossings


def test_paper_spread_is_small_for_one_paper_and_one_pen_and_large_for_a_kingdom() -> None:
    paper, crossings = _cells_frame([(225, 235, 240)])
    # blue hatching and a blue number over some cells: strokes, not the paper's colour
    lo = round(MARGIN * CELL_PX)
    for k in range(0, 2 * CELL_PX, 6):
        cv2.line(paper, (lo + k, lo), (lo, lo + k), (160, 60, 30), 1)
    cv2.putText(
        paper,
        "7",
        (lo + 3 * CELL_PX + 10, lo + 30),
        cv2.FONT_HERSHEY_SIMPLEX,
        0.8,
        (160, 60, 30),
        2,
    )
    before = paper.copy()
    spread = paper_spread(paper, crossings)
    np.testing.assert_array_equal(paper, before)
    assert isinstance(spread, float)
    assert spread < 1.0
    # half the cells filled solid in one pen: paper and pen, colours on one line
    filled, crossings = _cells_frame([(225, 235, 240), (200, 120, 90)])
    assert paper_spread(filled, crossings) < 1.0
    # terrains: wheat, forest, lake, grassland, swamp, mine (BGR)
    kingdom, crossings = _cells_frame(
        [
            (60, 200, 230),
            (40, 110, 30),
            (190, 120, 40),
            (70, 190, 110),
            (90, 120, 130),
            (30, 40, 60),
        ]
    )
    assert paper_spread(kingdom, crossings) > 2 * MAX_PAPER_SPREAD
    with pytest.raises(ValueError, match="uint8 frame"):
        paper_spread(paper[:, :, 0], crossings)


def test_with_neighbours_compares_the_stroke_with_the_weaker_cell() -> None:
    cells = np.zeros((5, 5, 5))
    cells[0, 0, 2] = 0.9  # peak ink of A1
    cells[0, 1, 2] = 0.3  # B1, written faintly
    edges = np.zeros((9, 9, 7))
    edges[0, 1, 0] = 0.2  # a stroke across the A1|B1 edge
    out = with_neighbours(cells, edges)
    assert out.shape == (9, 9, 11)
    np.testing.assert_array_equal(out[:, :, :7], edges)
    assert out[0, 1, 8] == pytest.approx(0.3)  # the weaker cell's peak
    assert out[0, 1, 7] == pytest.approx(0.2 / (0.3 + 0.1))
    assert out[0, 0, 7] == 0.0  # a cell place, not an edge


def test_with_neighbours_weighs_each_edge_against_its_rivals() -> None:
    # a 2x2 block A1 B1 / A2 B2: strokes across A1|A2 and B1|B2 (two V pairs), and
    # the digits touch the A1|B1 edge a little
    cells = np.zeros((5, 5, 5))
    edges = np.zeros((9, 9, 7))
    edges[1, 0, 0] = 0.6  # A1-A2
    edges[1, 2, 0] = 0.5  # B1-B2
    edges[0, 1, 0] = 0.3  # A1-B1, not a join
    out = with_neighbours(cells, edges)
    # A1-B1's rivals are the edges of A1 and B1: the strongest is A1-A2 (0.6)
    assert out[0, 1, 10] == pytest.approx(0.6)
    assert out[0, 1, 9] == pytest.approx(0.3 / 0.7)
    # A1-A2's rivals: A1-B1 (0.3), A2-B2 and A2-A3 (0): the strongest 0.3
    assert out[1, 0, 10] == pytest.approx(0.3)
    assert out[1, 0, 9] == pytest.approx(0.6 / 0.4)
    # an edge with no crossing anywhere near: 0 over 0.1
    assert out[8, 7, 9] == 0.0 and out[8, 7, 10] == 0.0


def _write(
    frame: np.ndarray, cell: tuple[int, int], text: str, *, dx: int = 0, scale: float = 0.8
) -> None:
    """Write ``text`` in ``cell`` of a :func:`_blank_frame` (``dx`` pixels right of centre)."""
    lo = round(MARGIN * CELL_PX)
    mask = np.zeros(frame.shape, np.uint8)
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
    x = lo + cell[1] * CELL_PX + (CELL_PX - w) // 2 + dx
    y = lo + cell[0] * CELL_PX + (CELL_PX + h) // 2
    cv2.putText(mask, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, 255, 2, cv2.LINE_AA)
    np.maximum(frame, mask.astype(np.float32) * (0.6 / 255), out=frame)


def test_writing_similarity_pairs_the_cells_with_the_same_number() -> None:
    # a 2x2 block B2 C2 / B3 C3 written as two H pairs: 3 3 / 7 7, the numbers a
    # little off-centre and of different sizes in each cell, a joining stroke in each pair
    frame, crossings = _blank_frame()
    _write(frame, (1, 1), "3", dx=-3)
    _write(frame, (1, 2), "3", dx=2, scale=0.7)
    _write(frame, (2, 1), "7", dx=2)
    _write(frame, (2, 2), "7", dx=-2, scale=0.9)
    lo = round(MARGIN * CELL_PX)
    for row in (lo + CELL_PX + 20, lo + 2 * CELL_PX + 20):
        frame[row - 1 : row + 1, lo + 2 * CELL_PX - 8 : lo + 2 * CELL_PX + 9] = 0.6
    before = frame.copy()
    same = writing_similarity(frame, crossings)
    np.testing.assert_array_equal(frame, before)
    assert same.shape == (9, 9) and same.dtype == np.float64
    h_pairs = same[2, 3] + same[4, 3]  # B2|C2 and B3|C3
    v_pairs = same[3, 2] + same[3, 4]  # B2|B3 and C2|C3
    assert same[2, 3] > 0.8 and same[4, 3] > 0.8
    assert h_pairs > v_pairs + 0.3
    assert same[0, 1] == 0.0  # A1|B1: both empty
    assert same[2, 2] == 0.0  # a cell place


def test_with_writing_weighs_each_edge_against_its_rivals() -> None:
    edges = np.zeros((9, 9, 12))
    edges[0, 1, 0] = 0.5
    same = np.zeros((9, 9))
    same[0, 1] = 0.9  # A1|B1: the same number
    same[1, 0] = 0.4  # A1|A2
    same[1, 2] = 0.2  # B1|B2
    out = with_writing(edges, same)
    assert out.shape == (9, 9, 14)
    np.testing.assert_array_equal(out[:, :, :12], edges)
    assert out[0, 1, 12] == pytest.approx(0.9)
    assert out[0, 1, 13] == pytest.approx(0.9 - 0.4)  # the strongest rival: A1|A2
    assert out[1, 0, 13] == pytest.approx(0.4 - 0.9)  # A1|A2 against A1|B1
    assert out[0, 0, 12] == 0.0 and out[0, 0, 13] == 0.0  # a cell place


def test_labels_fainter_than_a_heavy_grid_still_fix_the_orientation() -> None:
    # the grid drawn in heavy black pen, the labels in pale pencil, the photo upside down
    image = np.full((600, 800, 3), 235, np.uint8)
    square = np.array([[0, 0], [5, 0], [5, 5], [0, 5]], np.float32)
    warp = cv2.getPerspectiveTransform(square, CORNERS.astype(np.float32))

    def to_photo(x: float, y: float) -> tuple[int, int]:
        p = cv2.perspectiveTransform(np.array([[[x, y]]], np.float64), warp)[0, 0]
        return round(p[0]), round(p[1])

    for k in range(SIZE + 1):
        cv2.line(image, to_photo(k, 0), to_photo(k, 5), (10, 10, 10), 6, cv2.LINE_AA)
        cv2.line(image, to_photo(0, k), to_photo(5, k), (10, 10, 10), 6, cv2.LINE_AA)
    for k in range(SIZE):
        for text, (x, y) in (("ABCDE"[k], (k + 0.5, -0.5)), ("12345"[k], (-0.5, k + 0.5))):
            px, py = to_photo(x, y)
            cv2.putText(
                image, text, (px - 7, py + 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (150, 150, 150), 1
            )
    image = np.ascontiguousarray(image[::-1, ::-1])
    ink = ink_map(image)
    grid = find_grid(ink)
    assert grid is not None
    # at the usual level the pale labels are not seen at all
    gray = rectify(darkest_channel(image), grid)
    contrast = stroke_contrast(rectify(ink, grid), grid.crossings)
    sides = label_sides(label_ink(gray, grid.crossings), grid.crossings, contrast)
    first_look = orientation(sides)[1]
    assert first_look < 0.2
    evidence = sheet_evidence(image, ink, grid)
    assert evidence.turns == 2
    assert evidence.turn_confidence > first_look + 0.25


# --- best matching -----------------------------------------------------------------------------


def _brute_force(cell: np.ndarray, edge: np.ndarray) -> float:
    rows, cols = cell.shape
    edges = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    best = 0.0
    for k in range(1, len(edges) + 1):
        for chosen in itertools.combinations(edges, k):
            used = [cell for pair in chosen for cell in pair]
            if len(set(used)) < len(used):
                continue
            total = 0.0
            for a, b in chosen:
                e = edge[a[0] + b[0], a[1] + b[1]]
                total += e + cell[a] + cell[b]
            best = max(best, total)
    return best


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 3),
    st.integers(2, 3),
    st.lists(st.floats(-4, 4, allow_nan=False), min_size=50, max_size=50),
)
def test_best_matching_is_the_best_total(rows: int, cols: int, values: list[float]) -> None:
    cell = np.array(values[: rows * cols]).reshape(rows, cols)
    edge = np.array(values[:] * 2)[: (2 * rows - 1) * (2 * cols - 1)].reshape(
        2 * rows - 1, 2 * cols - 1
    )
    edge = edge[::-1, ::-1].copy()
    pairs, confidence = best_matching(cell, edge)
    total = sum(edge[a[0] + b[0], a[1] + b[1]] + cell[a] + cell[b] for a, b in pairs)
    assert total == pytest.approx(_brute_force(cell, edge), abs=1e-6)
    used = [c for p in pairs for c in p]
    assert len(set(used)) == len(used)
    assert np.all((confidence >= 0.5) & (confidence <= 1.0))


def test_best_matching_hand_worked() -> None:
    cell = np.full((5, 5), -3.0)
    edge = np.full((9, 9), -3.0)
    cell[0, 0] = cell[0, 1] = 2.0
    edge[0, 1] = 4.0  # A1-B1 joined
    cell[1, 0] = cell[2, 0] = 2.0
    edge[3, 0] = 3.0  # A2-A3 joined
    cell[4, 4] = 1.0  # written in but joined to nothing: stays empty, less sure
    pairs, confidence = best_matching(cell, edge)
    assert sorted(pairs) == [((0, 0), (0, 1)), ((1, 0), (2, 0))]
    # E5 alone: best pairing costs -3 + 1 - 3 = -5 against 0, so margin 5
    assert confidence[4, 4] == pytest.approx(1 / (1 + np.exp(-5.0)))


def test_a_2x2_block_is_read_by_the_sum_of_its_edges_not_its_strongest_edge() -> None:
    # B2, C2, B3, C3 all written in: two H pairs (B2-C2, B3-C3) or two V pairs (B2-B3, C2-C3)
    cell = np.full((5, 5), -3.0)
    edge = np.full((9, 9), -3.0)
    cell[1:3, 1:3] = 2.0
    edge[2, 3] = 5.0  # B2-C2: the strongest single stroke
    edge[4, 3] = -3.0  # B3-C3: nothing across it
    edge[3, 2] = edge[3, 4] = 2.0  # B2-B3 and C2-C3: two fair strokes
    # greedy (strongest edge first) would take B2-C2 then B3-C3: 5 - 3 = 2; jointly V V: 4
    pairs, confidence = best_matching(cell, edge)
    assert sorted(pairs) == [((1, 1), (2, 1)), ((1, 2), (2, 2))]
    # each cell's best other reading is the H H tiling (or a pair left out): margin 2
    assert confidence[1, 1] == pytest.approx(1 / (1 + np.exp(-2.0)))


# --- end to end on the sample photos -----------------------------------------------------------


def _samples() -> list[Path]:
    return sorted(SAMPLES.glob("sheet-*.jpg"))


@pytest.mark.parametrize("photo", _samples(), ids=lambda p: p.stem)
def test_sample_photos_read_exactly(photo: Path) -> None:
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    result = analyze_photo(photo, first=expected["first"]).to_json()
    assert result["position"] == expected["position"]
    assert result["blocked"] == expected["blocked"]
    assert len(result["confidence"]) == 5 and all(len(row) == 5 for row in result["confidence"])
    assert all(0.0 <= v <= 1.0 for row in result["confidence"] for v in row)


def test_samples_include_upside_down_and_blocked() -> None:
    specs = [json.loads(p.with_suffix(".json").read_text(encoding="utf-8")) for p in _samples()]
    assert len(specs) >= 4
    assert any(s["options"].get("rotation", 0) % 360 == pytest.approx(180, abs=10) for s in specs)
    assert any(s["blocked"] for s in specs)


def test_blocked_sample_names_the_winner() -> None:
    photo = SAMPLES / "sheet-3.jpg"
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    result = analyze_photo(photo, first=expected["first"]).to_json()
    assert result["blocked"] is True
    to_move = expected["position"].split()[1]
    assert result["to_move"] == to_move
    assert result["winner"] == ("V" if to_move == "H" else "H")
    assert result["legal_moves"][to_move] == []


def test_overlay_is_a_new_colour_image() -> None:
    photo = SAMPLES / "sheet-1.jpg"
    image = cv2.imread(str(photo))
    before = image.copy()
    result = analyze_photo(image, overlay=True)
    np.testing.assert_array_equal(image, before)
    assert result.overlay is not None
    assert result.overlay.dtype == np.uint8 and result.overlay.ndim == 3
    assert not np.array_equal(result.overlay, image)


def test_impossible_reading_is_reported_with_what_was_seen() -> None:
    # sheet-1 has H one pair ahead (V to move) with H starting; read as if V had
    # started, the counts are impossible and must be reported, not repaired.
    photo = SAMPLES / "sheet-1.jpg"
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    board, side = expected["position"].split()
    assert side == "V"
    with pytest.raises(ImpossibleSheetError) as caught:
        analyze_photo(photo, first="V")
    assert isinstance(caught.value, ImpossiblePositionError)
    assert board in str(caught.value)
    assert "impossible counts" in str(caught.value)


def test_real_kingdom_photos_are_refused_with_room_to_spare(shared_data: Path) -> None:
    # top-down kingdoms whose squares' gaps look like a drawn grid: their cells'
    # colours (terrains) are far apart, a sheet's paper is one colour
    folder = shared_data / "kingdomino"
    photos = sorted((folder / "photos").glob("*.jpg"))[::8]
    photos += sorted((folder / "phone").glob("*.jpg"))[::8]
    photos += sorted((folder / "real-phone").glob("*.jpg"))
    assert len(photos) > 12
    for path in photos:
        image = read_image(path)
        work = downscale(image, 1000)
        grid = find_grid(ink_map(work))
        if grid is not None and grid.evidence >= MIN_GRID_EVIDENCE:
            assert paper_spread(rectify(work, grid), grid.crossings) > 1.25 * MAX_PAPER_SPREAD, (
                path.name
            )
        with pytest.raises(GridNotFoundError):
            analyze_photo(image)


def _shrunk(photo: Path, shorter: int) -> np.ndarray:
    image = read_image(photo)
    rows, cols = image.shape[:2]
    scale = shorter / min(rows, cols)
    size = (round(cols * scale), round(rows * scale))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


def test_a_photo_too_small_to_read_is_refused_naming_both_sizes() -> None:
    # Session 11: sheet-1 shrunk to 60x80 was read as an empty sheet, "H to move", with
    # only "grid lines hard to follow (score 0.20)".
    small = _shrunk(SAMPLES / "sheet-1.jpg", 60)
    with pytest.raises(GridNotFoundError) as caught:
        analyze_photo(small)
    assert str(caught.value) == (
        "the photo is 60x80 pixels: too small to read a Domineering sheet from "
        "(at least 160 pixels a side)"
    )


@pytest.mark.parametrize("photo", _samples(), ids=lambda p: p.stem)
def test_samples_at_the_least_size_are_still_read_exactly(photo: Path) -> None:
    # The least size (MIN_SHEET_SIDE, 160 pixels on the shorter side) is where every
    # sample was still read right (docs/domineering-vision.md, "Session 11").
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    result = analyze_photo(_shrunk(photo, 160), first=expected["first"]).to_json()
    assert result["position"] == expected["position"]
