"""The domino reader under a colour cast (issue #4, session 5: warm indoor light).

The felt samples given a warm cast (red x1.12, blue x0.78, as tungsten light) read one
tile (0-0 or 0-1) of five to seven, total 0, with no warning, before
:mod:`vision.dominoes.balance`; blue x0.85 alone broke hand-1.  Cast copies are built
here from the project's own samples, never stored.
"""

from __future__ import annotations

import json
from collections import Counter

import cv2
import numpy as np
import pytest

import vision.dominoes.pipeline as pipeline
from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.dominoes import read_dominoes
from vision.dominoes.balance import CAST_LIMIT, cast_gains, white_balanced
from vision.dominoes.unsure import unread_faces, unsure_warnings

SAMPLES = PROJECT_ROOT / "sample_photos"

#: Channel gains (B, G, R) of a colour cast.
CASTS = {
    "warm": (0.78, 1.0, 1.12),  # tungsten: the cast
    "blue down": (0.85, 1.0, 1.0),  # broke hand-1 alone
    "strong warm": (0.7, 1.0, 1.2),
    "cool": (1.12, 1.0, 0.85),  # shade, daylight bulbs
    "green": (0.9, 1.12, 0.9),  # fluorescent tubes
}


def cast(image: np.ndarray, gains: tuple[float, float, float]) -> np.ndarray:
    """``image`` (BGR uint8) with each channel times its gain, rounded and clipped."""
    scaled = image.astype(np.float64) * np.array(gains)
    return np.clip(np.rint(scaled), 0, 255).astype(np.uint8)


def answer(name: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads(
        (SAMPLES / name).with_suffix(".json").read_text(encoding="utf-8")
    )
    return loaded


def white_cast(image: np.ndarray) -> float:
    """|a| + |b| (Lab codes off 128) of the median of the palest 2 % of ``image``."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    palest = lab[:, :, 0] >= np.percentile(lab[:, :, 0], 98)
    return float(
        abs(np.median(lab[:, :, 1][palest]) - 128) + abs(np.median(lab[:, :, 2][palest]) - 128)
    )


@pytest.mark.parametrize("kind", sorted(CASTS))
@pytest.mark.parametrize("name", [f"hand-{n}.jpg" for n in range(1, 7)])
def test_samples_under_a_colour_cast_read_exactly(name: str, kind: str) -> None:
    expected = answer(name)
    image = cast(read_image(SAMPLES / name), CASTS[kind])
    reading = read_dominoes(image)
    tiles = Counter(tuple(sorted(tile.pips)) for tile in reading.tiles)
    wanted = Counter(tuple(sorted(pair)) for pair in expected["tiles"])  # type: ignore[attr-defined]
    assert tiles == wanted
    assert reading.total == expected["total"]
    assert reading.warnings == ()


def test_a_warm_cast_is_undone_to_grey() -> None:
    image = cast(read_image(SAMPLES / "hand-1.jpg"), CASTS["warm"])
    assert white_cast(image) > 30  # the tile faces turned yellow-orange
    before = image.copy()
    balanced = white_balanced(image)
    assert np.array_equal(image, before)  # input untouched
    assert balanced.shape == image.shape and balanced.dtype == np.uint8
    assert balanced is not image
    assert white_cast(balanced) < CAST_LIMIT
    gains = cast_gains(image)
    assert gains is not None
    # Red was the strongest (kept); blue, cut to 0.78, is raised most.
    assert gains[2] == 1.0 and gains[0] > gains[1] >= 1.0


def test_a_photo_near_grey_is_left_as_it_is() -> None:
    image = read_image(SAMPLES / "hand-1.jpg")  # ivory faces under neutral light
    assert cast_gains(image) is None
    assert white_balanced(image) is image
    grey = np.full((60, 80, 3), 200, dtype=np.uint8)
    assert white_balanced(grey) is grey


def test_a_coloured_photo_is_no_white_under_a_coloured_light() -> None:
    # The kingdom samples' palest pixels are yellow fields, not tile faces under a cast:
    # undoing them (blue x1.6) made a false tile of kingdom-3.
    for name in ("kingdom-1.jpg", "kingdom-2.jpg", "kingdom-3.jpg"):
        image = read_image(SAMPLES / name)
        assert white_cast(image) > 60
        assert cast_gains(image) is None


def test_tile_faces_left_unread_are_counted() -> None:
    expected = answer("hand-3.jpg")
    image = read_image(SAMPLES / "hand-3.jpg")
    outlines = [np.array(corners, dtype=np.float64) for corners in expected["corners"]]  # type: ignore[attr-defined]
    assert len(outlines) == 7
    assert unread_faces(image, outlines) == 0
    assert unread_faces(image, outlines[:4]) == 3
    assert unread_faces(image, []) == 0  # no tile read: no size to compare with


def test_a_reading_that_missed_most_tiles_says_it_is_unsure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without the cast undone, the warm hand-1 reads one tile of five: now with a warning.
    monkeypatch.setattr(pipeline, "white_balanced", lambda image: image)
    image = cast(read_image(SAMPLES / "hand-1.jpg"), CASTS["warm"])
    reading = read_dominoes(image)
    assert len(reading.tiles) == 1
    unsure = [warning for warning in reading.warnings if "unsure" in warning]
    assert len(unsure) == 1 and unsure[0].startswith("4 pale patches the size of a tile")


def test_few_tiles_with_low_confidence_are_called_unsure() -> None:
    image = np.full((200, 300, 3), 40, dtype=np.uint8)  # a dark table, nothing pale
    outline = np.array([[10.0, 10.0], [90.0, 10.0], [90.0, 50.0], [10.0, 50.0]])
    found = unsure_warnings(image, [outline], [0.4], low_confidence=0.6)
    assert found == [
        "only 1 tile read, all with low confidence: the reading is unsure; check the photo"
    ]
    assert unsure_warnings(image, [outline] * 2, [0.4] * 2, low_confidence=0.6) == [
        "only 2 tiles read, all with low confidence: the reading is unsure; check the photo"
    ]
    assert unsure_warnings(image, [outline], [0.9], low_confidence=0.6) == []
    assert unsure_warnings(image, [outline] * 3, [0.4] * 3, low_confidence=0.6) == []
    assert unsure_warnings(image, [], [], low_confidence=0.6) == []
