"""A photo that shows no kingdom is answered 422 with the reader's own message.

The real reader (:mod:`vision.kingdomino`) runs here, on pictures made in the test
or drawn by the project (``sample_photos/``), never on a stand-in.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from vision.datasets import PROJECT_ROOT

SAMPLES = PROJECT_ROOT / "sample_photos"
HOW = "photograph the whole kingdom from above, in colour, filling most of the frame"


def _jpeg(image: np.ndarray) -> bytes:
    ok, encoded = cv2.imencode(".jpg", image)
    assert ok
    return encoded.tobytes()


def _score(client: FlaskClient, data: bytes) -> tuple[int, dict[str, object]]:
    response = client.post("/api/kingdomino/score", data={"photo": (io.BytesIO(data), "p.jpg")})
    return response.status_code, response.get_json()


def test_a_white_photo_is_422_no_kingdom(client: FlaskClient) -> None:
    status, answer = _score(client, _jpeg(np.full((600, 800, 3), 255, dtype=np.uint8)))
    assert status == 422
    error = str(answer["error"])
    # Led by the file's name (session 12), as a photo that cannot be decoded is.
    assert error.startswith("p.jpg: no kingdom found in the photo: ") and error.endswith(HOW)
    assert "kingdom" not in answer


def test_a_photo_of_domino_tiles_is_422_no_kingdom(client: FlaskClient) -> None:
    status, answer = _score(client, (SAMPLES / "hand-1.jpg").read_bytes())
    assert status == 422
    assert str(answer["error"]).startswith("p.jpg: no kingdom found in the photo: ")


def test_a_greyscale_kingdom_photo_is_422_no_colour(client: FlaskClient) -> None:
    photo = cv2.imread(str(SAMPLES / "kingdom-1.jpg"), cv2.IMREAD_GRAYSCALE)
    assert photo is not None
    status, answer = _score(client, _jpeg(photo))
    assert status == 422
    assert str(answer["error"]).startswith("p.jpg: the photo has no colour")


def test_the_same_kingdom_in_colour_is_read(client: FlaskClient) -> None:
    status, answer = _score(client, (SAMPLES / "kingdom-1.jpg").read_bytes())
    notation = (SAMPLES / "kingdom-1.txt").read_text(encoding="utf-8").splitlines()[0]
    assert status == 200
    assert answer["kingdom"] == notation


def test_a_sheet_only_v_starting_reaches_is_answered_for_v_from_one_read(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # sample_photos/sheet-4 (its label: ".HH../..V../HHV../V..V./V..V. H", V started):
    # 2 H pairs and 3 V pairs, which only V starting reaches. With "Started: H" the page
    # sent the photo twice (a 422, then first=V); with either_first it is read once.
    import json

    import vision.domineering as sheets

    truth = json.loads((SAMPLES / "sheet-4.json").read_text(encoding="utf-8"))
    reads: list[int] = []
    real = sheets.read_sheet

    def counted(image: np.ndarray, **options: object) -> object:
        reads.append(1)
        return real(image, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(sheets, "read_sheet", counted)
    photo = (SAMPLES / "sheet-4.jpg").read_bytes()
    response = client.post(
        "/api/domineering/analyze",
        data={"photo": (io.BytesIO(photo), "sheet-4.jpg"), "first": "H", "either_first": "true"},
    )
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert (answer["first"], f"{answer['position']}") == ("V", truth["position"])
    assert answer["overlay"].startswith("data:image/jpeg;base64,")
    assert len(reads) == 1
    # Without either_first, "H started" is taken at its word: impossible, 422.
    response = client.post(
        "/api/domineering/analyze",
        data={"photo": (io.BytesIO(photo), "sheet-4.jpg"), "first": "H"},
    )
    assert response.status_code == 422
    assert "with H starting" in response.get_json()["error"]


def test_a_sheet_photo_too_small_to_read_is_422_naming_the_sizes(client: FlaskClient) -> None:
    # Session 11: sheet-1 at 80x60 (here 60x80: it is upright) was answered "H to move,
    # 20 legal pairs", an empty sheet.
    image = cv2.imread(str(SAMPLES / "sheet-1.jpg"))
    small = cv2.resize(image, (60, 80), interpolation=cv2.INTER_AREA)
    response = client.post(
        "/api/domineering/analyze", data={"photo": (io.BytesIO(_jpeg(small)), "s.jpg")}
    )
    assert response.status_code == 422
    # Session 11 (second newcomer): led by the file's name, as web.inputs' refusals are.
    assert response.get_json()["error"] == (
        "s.jpg: the photo is 60x80 pixels: too small to read a Domineering sheet from "
        "(at least 160 pixels a side)"
    )
