"""Session 14: tiles seen low and turned, their faces in shade beside a paler lit side wall.

Seen from low with the tiles turned 30-60 degrees, each face is a sheared, foreshortened
parallelogram in relative shade, its pips small ellipses, and the tile's lit side wall
beside it is as wide as the face and paler (the marble scene 190416, spent in session
14).  The pip-first source's first search (a 45-pixel ink kernel at 1280) then takes much
of a narrow face for ink and misjudges its pips' size.  Where nothing was read surely,
the pips are now looked for again as small pips: on a larger copy, with a kernel fitted
to them and marks up to three times as long as wide
(``vision.dominoes.pipfirst.pip_first_tiles(small_pips=True)``).

The photo is drawn here (not a crop of any real photo): four double-twelve faces drawn
flat by the renderer's own tile drawing, then sheared and squashed into the photo, each
with a lit side wall below it.  Expected values are the tiles as drawn.  In that search
a half also keeps to its layout's rows (``pipfirst._in_rows``): the pips of a tile
touching its end, reached across the crack, are a neighbour's; the expected values there
are worked by hand.
"""

from __future__ import annotations

import math
from collections import Counter

import cv2
import numpy as np

from vision.dominoes import read_dominoes
from vision.dominoes.pipfirst import _half_pips
from vision.dominoes.render import _draw_tile
from vision.dominoes.strokes import _Stroke

#: (pips, centre (x, y) in the photo, angle of the long sides in degrees).
TILES = [
    ((2, 7), (500, 900), 60.0),
    ((1, 10), (1300, 1300), 60.0),
    ((3, 4), (600, 2300), 60.0),
    ((8, 10), (1300, 2900), 55.0),
]


def _flat_face(pips: tuple[int, int], short: float) -> tuple[np.ndarray, np.ndarray, list]:
    """A face drawn flat (float32 BGR), its mask and its corners (x, y)."""
    rows, cols = int(1.2 * short), int(2.2 * short)
    canvas = np.zeros((rows, cols, 3), np.float32)
    shadow = np.zeros((rows, cols), np.float32)
    corners = _draw_tile(
        canvas,
        shadow,
        pips,
        np.array([cols / 2, rows / 2]),
        0.0,
        short,
        np.array([28, 26, 24], np.float32),
        np.ones(3, np.float32),
        coloured=True,
    )
    mask = np.zeros((rows, cols), np.uint8)
    cv2.fillPoly(mask, [np.rint(corners).astype(np.int32)], 255)
    return canvas, mask, list(corners)


def _seen_low_and_turned(
    *, short: float = 280.0, squash: float = 0.45, shear: float = 40.0, seed: int = 0
) -> np.ndarray:
    """A 1960 x 4032 portrait photo of :data:`TILES` on a pale grey-green table: each
    face ``short`` pixels wide before foreshortening, squashed across to ``squash`` and
    its short sides turned ``shear`` degrees from square to the long ones, lit at 0.72
    (in shade); its lower long edge swept down by ``short`` makes a lit side wall
    paler than the table."""
    rng = np.random.default_rng(seed)
    rows, cols = 4032, 1960
    photo = np.empty((rows, cols, 3), np.float32)
    photo[:] = (196, 206, 198)
    grain = cv2.GaussianBlur(rng.normal(0, 6, (rows, cols)).astype(np.float32), (0, 0), 3)
    photo += grain[:, :, None]
    for pips, centre, angle in TILES:
        face, mask, corners = _flat_face(pips, 2 * short)
        a = math.radians(angle)
        b = a + math.radians(90 - shear)
        along = np.array([math.cos(a), math.sin(a)])
        across = np.array([math.cos(b), math.sin(b)]) * squash
        linear = np.stack([along, across], axis=1) / 2.0  # flat pixels -> photo pixels
        middle = np.array([face.shape[1] / 2, face.shape[0] / 2])
        offset = np.array(centre) - linear @ middle
        matrix = np.hstack([linear, offset[:, None]]).astype(np.float32)
        placed = [linear @ corner + offset for corner in corners]
        edge = max(
            [(placed[0], placed[1]), (placed[3], placed[2])],
            key=lambda ends: float((ends[0] + ends[1]).sum()),
        )
        down = np.array([0.0, short])
        wall = np.array([edge[0], edge[1], edge[1] + down, edge[0] + down], np.float32)
        hull = np.rint(cv2.convexHull(wall)).astype(np.int32)
        cv2.fillConvexPoly(photo, hull, (228, 236, 240), cv2.LINE_AA)
        warped = cv2.warpAffine(face, matrix, (cols, rows), flags=cv2.INTER_AREA)
        weight = cv2.warpAffine(mask, matrix, (cols, rows), flags=cv2.INTER_AREA)
        weight = weight.astype(np.float32)[:, :, None] / 255
        photo = photo * (1 - weight) + warped * 0.72 * weight
    photo = cv2.GaussianBlur(photo, (0, 0), 0.8) + rng.normal(0, 2, photo.shape)
    return np.clip(photo, 0, 255).astype(np.uint8)


def test_faces_in_shade_seen_low_and_turned_are_read() -> None:
    photo = _seen_low_and_turned()
    reading = read_dominoes(photo, max_pips=12)
    drawn = Counter(tuple(sorted(pips)) for pips, _, _ in TILES)
    read = Counter(tuple(sorted(tile.pips)) for tile in reading.tiles)
    # The old code read three of the four (the 3-4 not), nothing else.
    assert read == drawn


def test_a_half_of_small_pips_does_not_take_in_the_next_tiles_row() -> None:
    # A bar along x, 60 px long (the tile 80 px wide); below it a 10 of the double-twelve
    # layout (rows of 3, 2, 2 and 3 pips, 14 px apart, the nearest 12 px from the bar);
    # a tile touching this one's end shows a row of 3 pips 30 px past the last row
    # (more than twice the pitch).  Pips 8 px across, one colour, no ink between.
    bar = _Stroke(np.array([100.0, 100.0]), np.array([1.0, 0.0]), 60.0, 3.0, 1)
    width = bar.length / 0.75
    rows = [(112.0, (-20, 0, 20)), (126.0, (-10, 10)), (140.0, (-10, 10)), (154.0, (-20, 0, 20))]
    ten = [(100.0 + du, v) for v, dus in rows for du in dus]
    neighbour = [(80.0, 184.0), (100.0, 184.0), (120.0, 184.0)]
    centres = np.array(ten + neighbour)
    diameters = np.full(len(centres), 8.0)
    colours = np.zeros((len(centres), 2))
    ink = np.zeros((240, 240), dtype=np.uint8)
    (ahead, back), counts = _half_pips(
        bar,
        np.array([0.0, 1.0]),
        width,
        np.arange(10),
        (centres, diameters, colours),
        ink,
        60,
        in_rows=True,
    )
    # Taken in, the neighbour's row made 13 pips reaching 84 px.
    assert counts == (10, 0)
    assert (ahead, back) == (54.0, 0.0)
