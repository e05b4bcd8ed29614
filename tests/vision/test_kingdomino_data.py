"""Accuracy floors on the real labelled photos (``../shared/data``; skipped where absent).

Two kinds of check, said plainly:

* real-phone/ is never trained on: the committed model's reading of those photos
  is a genuine held-out measure, with a floor a little under what
  ``benchmarks/kingdomino_accuracy.py`` measures;
* photos/ and phone/ ARE the training data of the committed model, so the check
  on a few of them is a regression test (the pipeline still reads what it was
  fitted on), not an accuracy claim: the honest figures come from the
  benchmark's grouped cross-validation.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from referee.kingdomino import score
from vision.datasets import PROJECT_ROOT
from vision.decode import read_image
from vision.kingdomino.evidence import NoKingdomError, check_kingdom
from vision.kingdomino.pipeline import WORK_SIDE, find_squares, read_kingdom
from vision.kingdomino.training import LabelledPhoto, labelled_photos

pytestmark = pytest.mark.data

#: Held-out real-phone/ floors (benchmark: see docs/kingdomino-vision.md; session 6,
#: second round, with the pale crown forest: 97.56 % terrain, 95.93 % crowns).
REAL_TERRAIN_FLOOR = 0.96
REAL_CROWNS_FLOOR = 0.94

#: Regression floors on training photos.
SEEN_SQUARES_FLOOR = 0.98


def _accuracy(photo: LabelledPhoto) -> tuple[int, int, int, bool]:
    image = read_image(photo.path, max_side=WORK_SIDE)
    reading = read_kingdom(image)
    labels = photo.labels
    size = len(labels)
    if reading.kingdom.rows != size:
        return size * size, 0, 0, False
    best = (0, 0)
    for turn in range(4):
        squares = np.rot90(np.array(reading.kingdom.squares, dtype=object), turn)
        terrain = sum(
            squares[r, c].terrain.value == labels[r][c][0] for r in range(size) for c in range(size)
        )
        crowns = sum(
            squares[r, c].crowns == labels[r][c][1] for r in range(size) for c in range(size)
        )
        best = max(best, (terrain, crowns), key=sum)
    exact = score(reading.kingdom).score == photo.base_score
    return size * size, best[0], best[1], exact


@pytest.fixture(scope="module")
def photos(shared_data: Path) -> list[LabelledPhoto]:
    return labelled_photos(shared_data)


def test_real_phone_photos_held_out(photos: list[LabelledPhoto]) -> None:
    real = [p for p in photos if p.group == "real-phone"]
    assert len(real) == 3
    results = [_accuracy(p) for p in real]
    squares = sum(r[0] for r in results)
    assert sum(r[1] for r in results) / squares >= REAL_TERRAIN_FLOOR
    assert sum(r[2] for r in results) / squares >= REAL_CROWNS_FLOOR
    # test1.jpg (5x5, real-phone/scores.csv) is read square for square, its mine with
    # two crowns included (its crowns unseen: the mine's own crown shares decide).
    test1 = results[[p.path.name for p in real].index("test1.jpg")]
    assert test1[:3] == (25, 25, 25) and test1[3]


def test_grid_size_found_on_real_phone_photos(photos: list[LabelledPhoto]) -> None:
    # Two 7x7 Mighty Duel kingdoms and one 5x5 (real-phone/scores.csv "size").
    sizes = {
        p.path.name: read_kingdom(read_image(p.path, max_side=WORK_SIDE)).kingdom.rows
        for p in photos
        if p.group == "real-phone"
    }
    assert sizes == {"game1.jpg": 7, "game5.jpg": 7, "test1.jpg": 5}


@pytest.mark.parametrize("name", ["1.jpg", "24.jpg", "40.jpg", "62.jpg"])
def test_training_photos_still_read(photos: list[LabelledPhoto], name: str) -> None:
    for group in ("photos", "phone"):
        photo = next(
            p for p in photos if p.group == group and p.path.stem.split("_")[0] == Path(name).stem
        )
        squares, terrain, crowns, _ = _accuracy(photo)
        assert terrain / squares >= SEEN_SQUARES_FLOOR, photo.path.name
        assert crowns / squares >= SEEN_SQUARES_FLOOR - 0.02, photo.path.name


def test_every_real_kingdom_is_taken_for_a_kingdom_with_room_to_spare(
    photos: list[LabelledPhoto],
) -> None:
    # Every kingdom photographed in ../shared/data, and the project's own samples,
    # passes the no-kingdom check (vision.kingdomino.evidence), and would still pass
    # with every threshold much stricter: grid confidence 0.5 (refused under 0.3),
    # 85 % of the squares coloured like terrain (under 75 %), a colour spread four
    # times the greyscale limit (16).
    paths = [p.path for p in photos] + sorted((PROJECT_ROOT / "sample_photos").glob("kingdom-*"))
    paths = [p for p in paths if p.suffix == ".jpg"]
    assert len(paths) == 52 + 52 + 3 + 3
    for path in paths:
        _, _, _, evidence = find_squares(read_image(path, max_side=WORK_SIDE))
        check_kingdom(evidence)
        check_kingdom(evidence, min_grid=0.5, min_coloured=0.85)
        assert evidence.colour_spread >= 4 * 16, path.name


def test_real_photos_of_domino_tiles_are_mostly_refused(shared_data: Path) -> None:
    # Real photos of domino tiles (../shared/data/dominoes), looked at but not used to
    # set the thresholds.  Measured: 24 of 34 refused; the other ten are brightly
    # coloured and lined up in rows (a printed teal board, coloured pips on marble):
    # see docs/kingdomino-vision.md.
    paths = sorted((shared_data / "dominoes").glob("*/*.jpg"))
    assert len(paths) == 34
    refused = 0
    for path in paths:
        _, _, _, evidence = find_squares(read_image(path, max_side=WORK_SIDE))
        try:
            check_kingdom(evidence)
        except NoKingdomError:
            refused += 1
    assert refused >= 22
