"""``referee domineering analyze PHOTO`` end to end, in process."""

from __future__ import annotations

import io
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee_cli.main import main

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def test_analyze_photo_json_gives_the_position_and_confidences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    photo = SAMPLES / "sheet-2.jpg"  # upside down
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    status = main(["domineering", "analyze", str(photo), "--first", expected["first"], "--json"])
    out = capsys.readouterr().out
    assert status == 0
    payload = json.loads(out)
    assert payload["position"] == expected["position"]
    assert set(payload) >= {"position", "to_move", "legal_moves", "blocked", "winner", "confidence"}
    assert len(payload["corners"]) == 4


def test_analyze_photo_writes_the_overlay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "overlay.png"
    status = main(
        ["domineering", "analyze", str(SAMPLES / "sheet-1.jpg"), "--overlay", str(out_file)]
    )
    text = capsys.readouterr().out
    assert status == 0
    assert "to move: V" in text
    picture = cv2.imread(str(out_file))
    assert picture is not None and picture.ndim == 3


def test_analyze_photo_of_an_impossible_position_exits_2_with_what_was_seen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = SAMPLES / "sheet-1.jpg"
    board = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))["position"]
    out_file = tmp_path / "overlay.png"
    status = main(
        ["domineering", "analyze", str(photo), "--first", "V", "--overlay", str(out_file)]
    )
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.strip().splitlines()) == 1
    assert board.split()[0] in err and "impossible" in err
    assert out_file.is_file()  # the player still sees what was read


def test_analyze_a_file_that_is_not_a_photo_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "sheet.jpg"
    fake.write_bytes(b"not a jpeg")
    assert main(["domineering", "analyze", str(fake)]) == 2
    assert "not an image" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["hand-1.jpg", "kingdom-3.jpg"])
def test_analyze_a_photo_without_a_sheet_exits_2_in_one_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["domineering", "analyze", str(SAMPLES / name)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no Domineering grid found" in err and "photograph the sheet" in err


def test_web_answers_422_to_noise_sent_as_a_sheet(tmp_path: Path) -> None:
    from web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite")})
    noise = np.random.default_rng(7).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    ok, jpeg = cv2.imencode(".jpg", noise)
    assert ok
    response = app.test_client().post(
        "/api/domineering/analyze", data={"photo": (io.BytesIO(jpeg.tobytes()), "noise.jpg")}
    )
    assert response.status_code == 422
    assert "no Domineering grid found" in response.get_json()["error"]
