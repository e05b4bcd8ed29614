"""The domino reader at the photo's frame: a hand photo pasted on a larger plain canvas
(a square patch of felt or wood is no printed board), and tiles cut by the frame
(corners clamped to the photo, the tile flagged)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.dominoes import find_play_area, read_dominoes
from vision.dominoes.find import TUNED_TILE_WIDTH
from vision.dominoes.pipeline import _board_candidates, _has_grid, _off_photo

SAMPLES = PROJECT_ROOT / "sample_photos"


def sample(number: int) -> tuple[np.ndarray, dict[str, list[list[int]]]]:
    path = SAMPLES / f"hand-{number}.jpg"
    answer = json.loads(Path(path).with_suffix(".json").read_text(encoding="utf-8"))
    return read_image(path), answer


def as_tiles(pips: list[list[int]]) -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(pair)) for pair in pips)


def pasted(image: np.ndarray, *, times: int, colour: tuple[int, int, int]) -> np.ndarray:
    rows, cols = image.shape[:2]
    canvas = np.full((rows * times, cols * times, 3), colour, dtype=np.uint8)
    top, left = (rows * times - rows) // 2, (cols * times - cols) // 2
    canvas[top : top + rows, left : left + cols] = image
    return canvas


@pytest.mark.parametrize(
    ("number", "colour"), [(1, (255, 255, 255)), (2, (128, 128, 128)), (4, (0, 0, 0))]
)
def test_a_hand_photo_pasted_on_a_larger_plain_canvas_is_read(
    number: int, colour: tuple[int, int, int]
) -> None:
    # Twice the photo's size: the felt or wood, a square patch of one saturated colour
    # wholly inside the canvas, was taken for a board's play area and no tile was found.
    image, answer = sample(number)
    canvas = pasted(image, times=2, colour=colour)
    assert find_play_area(canvas) is not None  # looks like a play area ...
    reading = read_dominoes(canvas)
    # ... but is read as the hand it is, where it is.
    assert as_tiles([list(tile.pips) for tile in reading.tiles]) == as_tiles(answer["tiles"])
    rows, cols = image.shape[:2]
    offset = np.array([cols // 2, rows // 2])
    for tile in reading.tiles:
        centre = tile.corners.mean(axis=0) - offset
        nearest = min(
            float(np.linalg.norm(np.mean(corners, axis=0) - centre))
            for corners in answer["corners"]
        )
        assert nearest < 10


def test_a_felt_patch_shows_no_grid_and_a_drawn_board_does() -> None:
    # The felt of hand-1 pasted on a canvas, warped as a play area: no printed lines.
    image, _ = sample(1)
    canvas = pasted(image, times=2, colour=(255, 255, 255))
    area = find_play_area(canvas)
    assert area is not None
    _, _, board = _board_candidates(canvas, area)
    assert not _has_grid(board, cell=TUNED_TILE_WIDTH)
    # A teal play area of 15 x 15 cells with dark lines between the cells.
    cell = TUNED_TILE_WIDTH
    size = round(cell * 17)
    drawn = np.full((size, size, 3), (150, 140, 20), dtype=np.uint8)
    for line in range(16):
        at = round(cell * (1 + line))
        cv2.line(drawn, (at, round(cell)), (at, round(cell * 16)), (40, 40, 40), 2)
        cv2.line(drawn, (round(cell), at), (round(cell * 16), at), (40, 40, 40), 2)
    assert _has_grid(drawn, cell=cell)
    # Lines in one direction only (a striped cloth) are no grid.
    striped = np.full((size, size, 3), (150, 140, 20), dtype=np.uint8)
    for line in range(16):
        at = round(cell * (1 + line))
        cv2.line(striped, (at, 0), (at, size - 1), (40, 40, 40), 2)
    assert not _has_grid(striped, cell=cell)


@pytest.mark.parametrize(("number", "side"), [(1, "top"), (2, "top"), (4, "left"), (3, "bottom")])
def test_a_tile_cut_by_the_frame_keeps_its_corners_in_the_photo_and_is_flagged(
    number: int, side: str
) -> None:
    # The outermost tile on one side cut through 15 % of its extent by the frame.
    image, answer = sample(number)
    corners = [np.array(tile, dtype=np.float64) for tile in answer["corners"]]
    if side == "top":
        index = min(range(len(corners)), key=lambda i: corners[i][:, 1].min())
        ys = corners[index][:, 1]
        cut = int(ys.min() + 0.15 * (ys.max() - ys.min()))
        photo = np.ascontiguousarray(image[cut:])
    elif side == "bottom":
        index = max(range(len(corners)), key=lambda i: corners[i][:, 1].max())
        ys = corners[index][:, 1]
        cut = int(ys.max() - 0.15 * (ys.max() - ys.min()))
        photo = np.ascontiguousarray(image[:cut])
    else:
        index = min(range(len(corners)), key=lambda i: corners[i][:, 0].min())
        xs = corners[index][:, 0]
        cut = int(xs.min() + 0.15 * (xs.max() - xs.min()))
        photo = np.ascontiguousarray(image[:, cut:])
    reading = read_dominoes(photo)
    rows, cols = photo.shape[:2]
    assert as_tiles([list(tile.pips) for tile in reading.tiles]) == as_tiles(answer["tiles"])
    for tile in reading.tiles:
        assert tile.corners.min() >= 0
        assert tile.corners[:, 0].max() <= cols - 1
        assert tile.corners[:, 1].max() <= rows - 1
    a, b = answer["tiles"][index]
    flagged = [warning for warning in reading.warnings if "cut by the photo's edge" in warning]
    assert any(f"({a}-{b})" in warning or f"({b}-{a})" in warning for warning in flagged)
    # The JSON's corners are the clamped ones.
    for tile in reading.to_json()["tiles"]:  # type: ignore[attr-defined]
        assert all(0 <= x <= cols - 1 and 0 <= y <= rows - 1 for x, y in tile["corners"])


def test_off_photo_allows_a_tenth_of_the_tile_s_width() -> None:
    # A lying tile 100 x 50 pixels in a 200 x 300 photo (rows, cols).
    tile = np.array([[10.0, 20.0], [110.0, 20.0], [110.0, 70.0], [10.0, 70.0]])
    assert not _off_photo(tile, rows=200, cols=300)
    assert not _off_photo(tile - np.array([0.0, 24.0]), rows=200, cols=300)  # 4 px past: 0.08 width
    assert _off_photo(tile - np.array([0.0, 26.0]), rows=200, cols=300)  # 6 px past the top
    assert _off_photo(tile + np.array([196.0, 0.0]), rows=200, cols=300)  # 7 px past the right
    assert not _off_photo(tile + np.array([193.0, 0.0]), rows=200, cols=300)
