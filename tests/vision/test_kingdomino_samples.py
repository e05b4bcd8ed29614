"""End to end on sample_photos/: kingdoms the project drew itself, photographed on a table.

Each ``kingdom-*.jpg`` has its expected notation (first line) and base score
(second line) in ``kingdom-*.txt`` beside it, written from the drawing's own
kingdom (``python -m vision.kingdomino.render sample_photos``).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from referee.kingdomino import format_kingdom, parse_kingdom, score
from referee.kingdomino.tiles import tile_set_warnings
from referee_cli.main import main
from vision.datasets import PROJECT_ROOT
from vision.kingdomino import score_photo
from vision.kingdomino.dominoes import splits_into_dominoes
from vision.kingdomino.render import SAMPLES as RENDERED
from vision.kingdomino.render import deal_kingdom

SAMPLES = sorted((PROJECT_ROOT / "sample_photos").glob("kingdom-*.jpg"))


def _expected(photo: Path) -> tuple[str, int]:
    notation, points = photo.with_suffix(".txt").read_text(encoding="utf-8").splitlines()[:2]
    return notation, int(points.split()[-1])


def test_sample_kingdoms_are_dealt_by_the_rules() -> None:
    for notation, seed, _ in RENDERED.values():
        kingdom = parse_kingdom(notation)
        assert format_kingdom(deal_kingdom(seed)) == notation
        assert tile_set_warnings(kingdom) == []
        assert splits_into_dominoes(kingdom.squares) is True


def test_there_are_samples() -> None:
    assert len(SAMPLES) >= 3
    assert all(p.stat().st_size < 200_000 for p in SAMPLES)


@pytest.mark.parametrize("photo", SAMPLES, ids=lambda p: p.name)
def test_sample_read_exactly(photo: Path) -> None:
    notation, points = _expected(photo)
    assert score(parse_kingdom(notation)).score == points  # the .txt agrees with itself
    result = score_photo(photo)
    assert format_kingdom(result.result.kingdom) == notation
    assert result.score == points


def test_cli_scores_a_sample_photo_with_overlay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = SAMPLES[0]
    notation, points = _expected(photo)
    overlay = tmp_path / "overlay.png"
    status = main(["kingdomino", "score", str(photo), "--json", "--overlay", str(overlay)])
    assert status == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["score"] == points
    assert len(payload["squares"]) == 5 and len(payload["squares"][0]) == 5
    assert all(0.0 <= s["confidence"] <= 1.0 for line in payload["squares"] for s in line)
    letters = parse_kingdom(notation)
    assert payload["squares"][2][2] == {
        "terrain": letters[2, 2].terrain.value,
        "crowns": letters[2, 2].crowns,
        "confidence": payload["squares"][2][2]["confidence"],
        "unsure": payload["squares"][2][2]["unsure"],  # session 9: the warnings' rule
    }
    assert all(isinstance(s["unsure"], bool) for line in payload["squares"] for s in line)
    corners = payload["corners"]
    assert len(corners) == 4 and all(len(c) == 2 for c in corners)
    (tlx, tly), (trx, _), (_, bry), (_, bly) = corners
    assert tlx < trx and tly < bly and bry > tly  # tl, tr, br, bl in the photo's frame
    picture = cv2.imread(str(overlay))
    assert picture is not None and picture.shape == cv2.imread(str(photo)).shape


def test_cli_refuses_a_file_that_is_not_an_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "kingdom.jpg"
    fake.write_text("not a photo", encoding="utf-8")
    assert main(["kingdomino", "score", str(fake)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "kingdom.jpg" in err[0] and "not an image" in err[0]
