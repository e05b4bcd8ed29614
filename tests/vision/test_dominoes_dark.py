"""Black tiles with white pips (session 11): read from the photo's negative."""

from __future__ import annotations

import json
from collections import Counter

import cv2
import numpy as np
import pytest

from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.dominoes import read_dominoes
from vision.dominoes.dark import LEAST_LIGHT_PIPS, evenly_lit, light_pips_on_dark, negative
from vision.dominoes.render import _dark_look, render_hand

SAMPLES = PROJECT_ROOT / "sample_photos"


def as_tiles(pairs: object) -> Counter[tuple[int, ...]]:
    assert isinstance(pairs, (list, tuple))
    return Counter(tuple(sorted(pair)) for pair in pairs)


def _inside(corners: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Pixels well inside a tile's outline ((x, y) corners): the middle of its face."""
    mask = np.zeros(shape[:2], dtype=np.uint8)
    centre = corners.mean(axis=0)
    shrunk = centre + 0.8 * (corners - centre)
    cv2.fillPoly(mask, [np.rint(shrunk).astype(np.int32)], 1)
    return mask > 0


def test_a_dark_render_draws_the_same_hand_in_black_tiles() -> None:
    pale, dark = render_hand(4), render_hand(4, dark=True)
    assert pale.tiles == dark.tiles
    for a, b in zip(pale.corners, dark.corners, strict=True):
        assert np.allclose(a, b)
    look = _dark_look(np.random.default_rng([4, 3]))
    assert 20 <= float(look.face.mean()) <= 45
    for corners in dark.corners:
        face = dark.image[_inside(corners, dark.image.shape)]
        # The face's median: black (pips are a small share of it), well under a white tile's.
        assert float(np.median(face)) < 70
        assert float(np.median(pale.image[_inside(corners, pale.image.shape)])) > 180
    # Off by default: the very same photo as before the option.
    assert np.array_equal(render_hand(4, dark=False).image, pale.image)


def test_light_pips_are_seen_on_black_tiles_only() -> None:
    dark = render_hand(3, dark=True)
    before = dark.image.copy()
    found = light_pips_on_dark(dark.image)
    assert np.array_equal(dark.image, before)
    assert found.count >= LEAST_LIGHT_PIPS
    # The render's pips are 0.17 of a tile's width across.
    width = float(np.linalg.norm(dark.corners[0][3] - dark.corners[0][0]))
    assert 0.1 * width < found.size < 0.25 * width
    assert found.face < 60
    assert light_pips_on_dark(render_hand(3).image).count == 0
    for name in ("kingdom-1.jpg", "kingdom-2.jpg", "kingdom-3.jpg"):
        assert light_pips_on_dark(read_image(SAMPLES / name)).count < LEAST_LIGHT_PIPS


def test_the_negative_of_a_plain_photo_is_255_minus_it() -> None:
    image = np.random.default_rng(0).integers(0, 256, (40, 60, 3), dtype=np.uint8)
    before = image.copy()
    assert np.array_equal(negative(image), 255 - image)
    assert np.array_equal(image, before)


def test_a_groove_darker_than_the_face_is_dark_in_the_negative() -> None:
    face = np.full((60, 120, 3), 30, dtype=np.uint8)
    face[28:32, 20:100] = 12  # a groove across the face, 18 codes darker
    face[10:18, 10:18] = 230  # a white pip
    flipped = negative(face, face=30.0, pip_size=9.0)
    assert int(flipped[40, 60, 0]) == 225  # the face: white
    assert int(flipped[14, 14, 0]) < 40  # the pip: dark
    assert int(flipped[30, 60, 0]) < 225 - 40  # the groove: ink, darker than the face


def test_a_shadow_across_the_table_is_lifted_and_black_tiles_are_left_black() -> None:
    # A pale table (L about 200) with a shadow band at half its light down the middle,
    # a black tile (BGR 30) in the lit part and one in the band, each with a white pip.
    table = np.full((400, 600, 3), 200, dtype=np.uint8)
    table[:, 250:400] = 100  # the shadow: half the light
    table[150:250, 60:160] = 30  # a black tile in the light
    table[150:250, 280:380] = 15  # a black tile in the shadow (half as light)
    table[195:205, 105:115] = 240  # a white pip
    table[195:205, 325:335] = 120  # a white pip in the shadow
    before = table.copy()
    lifted = evenly_lit(table, pip_size=10.0, face=30.0)
    assert np.array_equal(table, before)
    assert lifted.shape == table.shape and lifted.dtype == np.uint8
    # Lit table and the tile in the light: unchanged.
    assert int(lifted[50, 100, 0]) == 200
    assert int(lifted[200, 80, 0]) == 30
    # In the band, away from its edges: the table and the face doubled, the pip near it
    # (the light under a tile is taken from the table round it, lit table included).
    assert 185 <= int(lifted[50, 325, 0]) <= 200
    assert 26 <= int(lifted[170, 330, 0]) <= 31
    assert 200 <= int(lifted[200, 330, 0]) <= 240  # 120 before
    # Light falling off across the table (200 to 170, the renders' uneven light): no
    # shadow, left as it is.
    ramp = np.repeat(np.linspace(200, 170, 600)[None, :, None], 400, axis=0)
    falling = np.repeat(np.rint(ramp).astype(np.uint8), 3, axis=2)
    falling[150:250, 60:160] = 30
    assert np.array_equal(evenly_lit(falling, pip_size=10.0, face=30.0), falling)
    # A table as dark as the tiles: nothing to measure the light by, left as it is.
    dark = np.full((400, 600, 3), 35, dtype=np.uint8)
    dark[:, 250:400] = 18
    assert np.array_equal(evenly_lit(dark, pip_size=10.0, face=30.0), dark)


# Hands drawn with black tiles that read exactly (seeds chosen among 1-12 at the
# defaults: both bar looks, wood, felt and a pale table); main read none of them.
@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (3, {}),
        (4, {}),
        (8, {}),
        (7, {"texture": "marble"}),
        (4, {"low_angle": 0.6}),
        # Second round (touching, in shade): main read these with tiles missing.
        (4, {"touching": True}),
        (6, {"touching": True}),
        (4, {"shade": True}),
        (7, {"shade": True}),
        (9, {"shade": True}),
    ],
)
def test_black_tiles_with_white_pips_are_read(seed: int, options: dict[str, object]) -> None:
    hand = render_hand(seed, dark=True, **options)  # type: ignore[arg-type]
    before = hand.image.copy()
    reading = read_dominoes(hand.image)
    assert np.array_equal(hand.image, before)
    assert as_tiles([tile.pips for tile in reading.tiles]) == as_tiles(hand.tiles)
    assert reading.total == hand.total
    for tile in reading.tiles:
        centre = tile.corners.mean(axis=0)
        assert min(float(np.linalg.norm(c.mean(axis=0) - centre)) for c in hand.corners) < 20


def test_white_tiles_are_still_read_and_a_kingdom_gives_no_tile() -> None:
    hand = render_hand(5)
    reading = read_dominoes(hand.image)
    assert as_tiles([tile.pips for tile in reading.tiles]) == as_tiles(hand.tiles)
    kingdom = read_dominoes(read_image(SAMPLES / "kingdom-3.jpg"))
    assert (kingdom.tiles, kingdom.total) == ((), 0)


@pytest.mark.parametrize("name", ["hand-dark-7", "hand-dark-8"])
def test_the_dark_sample_photos_read_as_written(name: str) -> None:
    answer = json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    reading = read_dominoes(read_image(SAMPLES / f"{name}.jpg"))
    assert as_tiles([tile.pips for tile in reading.tiles]) == as_tiles(answer["tiles"])
    assert reading.total == answer["total"]
    assert reading.warnings == ()
    assert (SAMPLES / f"{name}.jpg").stat().st_size < 300_000
