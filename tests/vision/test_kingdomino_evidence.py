"""A photo with no kingdom in it is refused, never read as a made-up kingdom.

Non-kingdoms are made here (a white page, noise) or are the project's own drawings
of other games (``sample_photos/hand-*.jpg``: domino tiles, ``sheet-*.jpg``:
Domineering sheets); greyscale photos are the project's kingdom samples without
their colour.  That every real kingdom is still read is checked on
``../shared/data`` in ``test_kingdomino_data.py``.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from referee.kingdomino import parse_kingdom
from referee_cli.main import main
from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.kingdomino import ColourlessPhotoError, NoKingdomError, read_kingdom
from vision.kingdomino.evidence import (
    KingdomEvidence,
    check_kingdom,
    colour_spread,
    coloured_squares,
    grey_contrast,
)
from vision.kingdomino.pipeline import WORK_SIDE, find_squares
from vision.kingdomino.render import draw_kingdom, photograph

SAMPLES = PROJECT_ROOT / "sample_photos"
OTHER_GAMES = sorted(SAMPLES.glob("hand-*.jpg")) + sorted(SAMPLES.glob("sheet-*.jpg"))
KINGDOMS = sorted(SAMPLES.glob("kingdom-*.jpg"))
HOW = "photograph the whole kingdom from above, in colour, filling most of the frame"


def _grey(image: np.ndarray) -> np.ndarray:
    """The photo as a greyscale camera gives it: three equal channels."""
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _evidence(**values: float) -> KingdomEvidence:
    """A kingdom's evidence (strong grid, 24 of 25 squares coloured), some values changed."""
    base = {
        "grid_confidence": 1.0,
        "coloured": 24,
        "squares": 25,
        "colour_spread": 150.0,
        "contrast": 40.0,
    }
    base.update(values)
    return KingdomEvidence(
        grid_confidence=float(base["grid_confidence"]),
        coloured=int(base["coloured"]),
        squares=int(base["squares"]),
        colour_spread=float(base["colour_spread"]),
        contrast=float(base["contrast"]),
    )


# --- The stage functions ---------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(image=arrays(np.uint8, st.tuples(st.integers(1, 40), st.integers(1, 40), st.just(3))))
def test_measures_leave_the_image_untouched(image: np.ndarray) -> None:
    before = image.copy()
    spread = colour_spread(image)
    contrast = grey_contrast(image)
    flags = coloured_squares([image, image])
    assert np.array_equal(image, before)
    assert 0.0 <= spread <= 255.0 and 0.0 <= contrast <= 255.0
    assert flags.shape == (2,) and flags.dtype == np.bool_


def test_coloured_squares_tells_terrain_colours_from_grey() -> None:
    def square(bgr: tuple[int, int, int]) -> np.ndarray:
        return np.full((100, 100, 3), bgr, dtype=np.uint8)

    # Forest green, wheat yellow, lake blue, a dark mine brown: coloured; a grey
    # castle, white paper and a dark grey: not.  A green square framed by a grey
    # border (the grid line, a neighbour) is judged by its inner part.
    framed = square((128, 128, 128))
    framed[15:85, 15:85] = (40, 120, 30)
    squares = [
        square((40, 120, 30)),
        square((40, 200, 220)),
        square((180, 110, 30)),
        square((20, 40, 60)),
        framed,
        square((128, 128, 128)),
        square((245, 245, 240)),
        square((40, 42, 45)),
    ]
    assert coloured_squares(squares).tolist() == [True] * 5 + [False] * 3


def test_colour_spread_and_contrast_of_known_images() -> None:
    grey = np.zeros((40, 40, 3), dtype=np.uint8)
    grey[:, 20:] = 200  # half black, half light grey: no colour, strong contrast
    assert colour_spread(grey) == 0.0
    assert grey_contrast(grey) == pytest.approx(100.0, abs=1.0)
    red = grey.copy()
    red[:, 20:] = (0, 0, 255)
    assert colour_spread(red) == 255.0
    assert grey_contrast(np.full((40, 40, 3), 255, dtype=np.uint8)) == 0.0


# --- The decision ----------------------------------------------------------------------------


def test_a_kingdoms_evidence_passes() -> None:
    check_kingdom(_evidence())
    # The weakest real kingdom in ../shared/data: grid 0.62, 23 of 25 squares coloured.
    check_kingdom(_evidence(grid_confidence=0.62, coloured=23))


def test_a_finished_kingdom_with_discarded_dominoes_passes() -> None:
    # A player who had to discard three dominoes (rules/kingdomino-2p.txt) leaves six squares
    # of table, plus the grey castle: 18 of 25 squares coloured (72 %), still a kingdom.
    check_kingdom(_evidence(coloured=18))
    # Castle and nine empty squares: 15 of 25, the least a 5x5 kingdom is read with.
    check_kingdom(_evidence(coloured=15))
    with pytest.raises(NoKingdomError, match="only 14 of 25 squares are coloured"):
        check_kingdom(_evidence(coloured=14))


def test_no_grid_is_no_kingdom() -> None:
    with pytest.raises(NoKingdomError, match="no kingdom found in the photo") as caught:
        check_kingdom(_evidence(grid_confidence=0.06))
    assert not isinstance(caught.value, ColourlessPhotoError)
    assert "grid" in str(caught.value) and str(caught.value).endswith(HOW)


def test_too_few_coloured_squares_is_no_kingdom() -> None:
    with pytest.raises(NoKingdomError, match="only 13 of 25 squares are coloured") as caught:
        check_kingdom(_evidence(coloured=13))
    assert str(caught.value).endswith(HOW)
    with pytest.raises(NoKingdomError, match="none of its 49 squares is coloured"):
        check_kingdom(_evidence(coloured=0, squares=49))


def test_no_colour_is_refused_as_such() -> None:
    with pytest.raises(ColourlessPhotoError, match="the photo has no colour") as caught:
        check_kingdom(_evidence(colour_spread=0.0))
    assert isinstance(caught.value, NoKingdomError) and isinstance(caught.value, ValueError)


def test_a_blank_photo_is_no_kingdom_rather_than_greyscale() -> None:
    with pytest.raises(NoKingdomError) as caught:
        check_kingdom(_evidence(grid_confidence=0.0, coloured=0, colour_spread=0, contrast=0))
    assert not isinstance(caught.value, ColourlessPhotoError)


# --- End to end on pictures that are no kingdom ----------------------------------------------


def test_the_other_games_samples_are_there() -> None:
    assert len(OTHER_GAMES) >= 8


@pytest.mark.parametrize(
    "image",
    [
        np.full((1200, 1600, 3), 255, dtype=np.uint8),
        np.full((500, 500, 3), 255, dtype=np.uint8),
        np.random.default_rng(0).integers(0, 256, (1200, 1600, 3), dtype=np.uint8),
        np.random.default_rng(1).integers(0, 256, (800, 800, 3), dtype=np.uint8),
    ],
    ids=["white", "white-square", "noise", "noise-square"],
)
def test_blank_and_noise_are_refused(image: np.ndarray) -> None:
    before = image.copy()
    with pytest.raises(NoKingdomError, match=r"^no kingdom found in the photo: ") as caught:
        read_kingdom(image)
    assert not isinstance(caught.value, ColourlessPhotoError)
    assert str(caught.value).endswith(HOW)
    assert np.array_equal(image, before)


@pytest.mark.parametrize("photo", OTHER_GAMES, ids=lambda p: p.name)
def test_photos_of_other_games_are_refused(photo: Path) -> None:
    image = read_image(photo, max_side=WORK_SIDE)
    with pytest.raises(NoKingdomError, match=r"^no kingdom found in the photo: "):
        read_kingdom(image)


@pytest.mark.parametrize("photo", KINGDOMS, ids=lambda p: p.name)
def test_a_greyscale_kingdom_photo_is_refused_for_its_lack_of_colour(photo: Path) -> None:
    image = read_image(photo, max_side=WORK_SIDE)
    with pytest.raises(ColourlessPhotoError, match=r"^the photo has no colour"):
        read_kingdom(_grey(image))


def test_a_kingdom_drawn_small_in_the_frame_is_still_read() -> None:
    # Not every kingdom fills the frame: one covering 1/13 of the photo's area is read.
    kingdom = parse_kingdom("W W1 F F L/G W F1 F L1/G2 G C L L/S S1 M2 W W/S G M W F")
    photo, _ = photograph(draw_kingdom(kingdom, seed=4), seed=4, tilt=8.0)
    small = cv2.copyMakeBorder(photo, 400, 400, 500, 500, cv2.BORDER_REPLICATE)
    _, _, grid, evidence = find_squares(small)
    check_kingdom(evidence)
    assert grid.size == 5 and evidence.coloured >= 23


# --- The CLI: exit 2, one line ---------------------------------------------------------------


def test_cli_refuses_a_photo_of_domino_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["kingdomino", "score", str(SAMPLES / "hand-1.jpg"), "--json"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert "no kingdom found in the photo" in err and HOW in err


def test_cli_refuses_a_greyscale_photo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grey = tmp_path / "grey.jpg"
    cv2.imwrite(str(grey), _grey(read_image(KINGDOMS[0])))
    status = main(["kingdomino", "score", str(grey)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "the photo has no colour" in err
