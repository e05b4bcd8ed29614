"""Photos through the API: decoded in memory, read by :mod:`vision`, scored by the engines.

The readers are replaced by stand-ins here so that the wiring is tested whatever the
recognition reads; ``test_browser.py`` and the vision tests use real pictures.
"""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.dominoes import Tile
from referee.kingdomino import parse_kingdom
from web import recognition

OVERLAY = "data:image/jpeg;base64,AAAA"


def upload(data: bytes, name: str = "photo.jpg") -> tuple[io.BytesIO, str]:
    return io.BytesIO(data), name


@pytest.fixture
def seen_images(monkeypatch: pytest.MonkeyPatch) -> list[np.ndarray]:
    """Stand-in readers that record the decoded photos they are given."""
    images: list[np.ndarray] = []

    def read_kingdom(
        image: np.ndarray, *, photo_side: int | None = None, label: str | None = None
    ) -> recognition.KingdomPhoto:
        images.append(image)
        kingdom = parse_kingdom("C F1 F/L . .")
        seen = {
            "confidence": [[1.0, 0.9, 0.4], [0.8, 1.0, 1.0]],
            "unsure": [[False, False, True], [False, False, False]],
            "corners": [[0.0, 0.0], [79.0, 0.0], [79.0, 59.0], [0.0, 59.0]],
            "warnings": ["(0, 2): unsure (0.40) of forest, please check"],
        }
        return recognition.KingdomPhoto(kingdom, seen, lambda result: f"{OVERLAY}{result.total}")

    def read_tiles(
        image: np.ndarray,
        *,
        max_pips: int = 6,
        photo_side: int | None = None,
        label: str | None = None,
    ) -> dict[str, Any]:
        images.append(image)
        tiles = [
            {"pips": [6, 4], "corners": [[0, 0]] * 4, "confidence": 0.9},
            {"pips": [0, 1], "corners": [[0, 0]] * 4, "confidence": 0.8},
        ]
        return {
            "tiles": tiles,
            "total": 11,
            "warnings": [],
            "overlay": OVERLAY,
            "hand": [Tile(6, 4), Tile(0, 1)],
        }

    def read_sheet(
        image: np.ndarray, *, first: str = "H", either: bool = False, label: str | None = None
    ) -> dict[str, Any]:
        images.append(image)
        cells = ["HHH", "..."] if image.shape[1] > 70 else ["HH.", "..."]
        seen = {"cells": cells, "confidence": [[0.9] * 3, [1.0] * 3], "overlay": OVERLAY}
        return {**seen, "first": first}

    monkeypatch.setattr(recognition, "read_kingdom", read_kingdom)
    monkeypatch.setattr(recognition, "read_tiles", read_tiles)
    monkeypatch.setattr(recognition, "read_sheet", read_sheet)
    return images


def test_kingdom_photo_is_decoded_in_memory_and_scored(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    response = client.post("/api/kingdomino/score", data={"photo": upload(jpeg_bytes)})
    assert response.status_code == 200
    answer = response.get_json()
    assert seen_images[0].shape == (60, 80, 3)
    assert seen_images[0].dtype == np.uint8
    assert answer["kingdom"] == "C F1 F/L . ."
    assert answer["total"] == 2  # forest: 2 squares x 1 crown
    assert answer["overlay"] == f"{OVERLAY}2"  # drawn for the score as sent
    assert answer["confidence"][0][2] == 0.4
    assert answer["corners"][2] == [79.0, 59.0]
    assert answer["warnings"][0].startswith("(0, 2): unsure")


def test_kingdom_photo_bonuses_apply(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    data = {"photo": upload(jpeg_bytes), "bonus": "harmony"}
    answer = client.post("/api/kingdomino/score", data=data).get_json()
    assert answer["bonuses"]["harmony"] == 0  # empty squares: never Harmony


def test_compare_a_photo_with_a_notation(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    data = {"photo1": upload(jpeg_bytes), "kingdom2": "C L1 L L"}
    answer = client.post("/api/kingdomino/compare", data=data).get_json()
    assert (answer["winner"], answer["decided_by"], answer["scores"]) == (2, "score", [2, 3])
    assert answer["kingdoms"][0]["overlay"] == f"{OVERLAY}2"
    assert "overlay" not in answer["kingdoms"][1]


def test_tiles_photo_count(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    answer = client.post("/api/dominoes/count", data={"photo": upload(jpeg_bytes)}).get_json()
    assert answer["total"] == 11
    assert answer["hand"] == "4-6 0-1"
    assert [tile["pips"] for tile in answer["tiles"]] == [[6, 4], [0, 1]]


def test_cross_round_from_a_photo_and_a_list(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    # Photo: 4-6 0-1 (11 pips); player 2 holds 2-2 (4 pips) and wins 11 - 4 = 7.
    data = {"photo1": upload(jpeg_bytes), "hand2": "2-2"}
    answer = client.post("/api/cross/round", data=data).get_json()
    assert (answer["winner"], answer["points"], answer["pips"]) == (2, 7, [11, 4])
    assert answer["hands"] == ["4-6 0-1", "2-2"]
    assert answer["readings"]["1"]["overlay"] == OVERLAY


def test_cross_round_a_tile_in_two_hands_is_422(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    data = {"photo1": upload(jpeg_bytes), "hand2": "6-4"}
    response = client.post("/api/cross/round", data=data)
    assert response.status_code == 422
    assert "4-6" in response.get_json()["error"]


def test_two_step_hand_from_a_photo(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    data = {"photo": upload(jpeg_bytes), "ends": "6,2"}
    answer = client.post("/api/two-step/plays", data=data).get_json()
    assert answer["plays"] == [{"tile": "4-6", "source": "hand", "end": "left"}]
    assert answer["hand"] == "4-6 0-1"


def test_two_step_photo_of_more_tiles_than_a_hand_names_them(
    client: FlaskClient, jpeg_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Session 8 (newcomer): a photo of 7 tiles was "a hand holds at most 3 tiles, got 7",
    # as if the player had typed them; now the tiles read and what to do.
    def read_tiles(
        image: np.ndarray,
        *,
        max_pips: int = 6,
        photo_side: int | None = None,
        label: str | None = None,
    ) -> dict[str, Any]:
        hand = [Tile(6, 6), Tile(0, 5), Tile(1, 1), Tile(0, 2)]
        return {"tiles": [], "total": 20, "warnings": [], "overlay": OVERLAY, "hand": hand}

    monkeypatch.setattr(recognition, "read_tiles", read_tiles)
    data = {"photo": upload(jpeg_bytes), "ends": "6,2"}
    response = client.post("/api/two-step/plays", data=data)
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "the photo shows 4 tiles (6-6 0-5 1-1 0-2): a hand holds at most 3; "
        "photograph only the tiles in your hand",
        "overlay": OVERLAY,
    }


def test_sheet_photo_analysed(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    small = cv2.imencode(".png", np.zeros((40, 60, 3), np.uint8))[1].tobytes()
    response = client.post("/api/domineering/analyze", data={"photo": upload(small, "s.png")})
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["to_move"] == "V"
    assert answer["overlay"] == OVERLAY
    assert answer["confidence"][1] == [1.0, 1.0, 1.0]


def test_impossible_sheet_photo_is_422_with_what_was_seen(
    client: FlaskClient, jpeg_bytes: bytes, seen_images: list[np.ndarray]
) -> None:
    response = client.post("/api/domineering/analyze", data={"photo": upload(jpeg_bytes)})
    assert response.status_code == 422
    answer = response.get_json()
    assert "run of 3" in answer["error"]
    assert answer["cells"] == ["HHH", "..."]
    assert answer["overlay"] == OVERLAY


def test_overlay_url_is_a_small_jpeg(app: Flask) -> None:
    app.config["OVERLAY_MAX_SIDE"] = 50
    image = np.zeros((100, 200, 3), np.uint8)
    image[:, 100:] = (0, 0, 255)
    with app.app_context():
        url = recognition.overlay_url(image)
    assert url.startswith("data:image/jpeg;base64,")
    decoded = cv2.imdecode(np.frombuffer(base64.b64decode(url.split(",", 1)[1]), np.uint8), 1)
    assert decoded.shape == (25, 50, 3)
    assert decoded[12, 40, 2] > 200 and decoded[12, 5, 2] < 50  # red on the right half


@pytest.mark.data
def test_a_real_kingdom_photo_end_to_end(client: FlaskClient, shared_data: Any) -> None:
    """A labelled top-down photo (read in place, never copied) through the real reader."""
    from vision.datasets import read_csv

    folder = shared_data / "kingdomino"
    labels = [row for row in read_csv(folder / "labels.csv") if row["image"] == "1.jpg"]
    photo = (folder / "photos" / "1.jpg").read_bytes()
    response = client.post("/api/kingdomino/score", data={"photo": upload(photo, "1.jpg")})
    assert response.status_code == 200
    answer = response.get_json()
    assert len(answer["squares"]) == 5 and all(len(row) == 5 for row in answer["squares"])
    assert answer["overlay"].startswith("data:image/jpeg;base64,")
    assert len(answer["confidence"]) == 5 and len(answer["corners"]) == 4
    right = sum(
        answer["squares"][int(row["row"])][int(row["col"])]["terrain"] == row["terrain"]
        for row in labels
    )
    assert len(labels) == 25
    assert right >= 20, f"only {right} of 25 terrains read right"


class _Reading:
    """What a sheet reader reports having seen (the shape of ``vision.domineering``'s)."""

    cells = ("HHH..", ".....", ".....", ".....", ".....")
    confidence = np.full((5, 5), 0.9)
    corners = np.array([[1.0, 2.0], [50.0, 2.0], [50.0, 40.0], [1.0, 40.0]])
    warnings = ("row 1 looks faint",)
    orientation_confidence = 0.75


class _ImpossibleSheet(ValueError):
    def __init__(self) -> None:
        super().__init__("the photo shows an impossible position HHH..")
        self.reading = _Reading()
        self.overlay = np.zeros((30, 40, 3), np.uint8)


def test_impossible_sheet_from_the_reader_is_422_with_what_was_seen(
    client: FlaskClient, jpeg_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    def analyze_photo(image: np.ndarray, *, first: str, overlay: bool) -> Any:
        raise _ImpossibleSheet()

    monkeypatch.setattr(recognition, "analyze_photo", analyze_photo)
    response = client.post("/api/domineering/analyze", data={"photo": upload(jpeg_bytes)})
    assert response.status_code == 422
    answer = response.get_json()
    # Led by the file's name as every other refusal of a photo (session 12, second newcomer).
    assert answer["error"] == "photo.jpg: the photo shows an impossible position HHH.."
    assert answer["cells"][0] == "HHH.."
    assert answer["confidence"][4][4] == 0.9
    assert answer["warnings"] == ["row 1 looks faint"]
    assert answer["orientation_confidence"] == 0.75
    assert answer["overlay"].startswith("data:image/jpeg;base64,")


def test_sheet_without_a_grid_is_422(
    client: FlaskClient, jpeg_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    def analyze_photo(image: np.ndarray, *, first: str, overlay: bool) -> Any:
        raise ValueError("no 5x5 grid found")

    monkeypatch.setattr(recognition, "analyze_photo", analyze_photo)
    response = client.post("/api/domineering/analyze", data={"photo": upload(jpeg_bytes)})
    assert response.status_code == 422
    assert "no 5x5 grid found" in response.get_json()["error"]


def _sample(name: str) -> Path:
    from vision.datasets import PROJECT_ROOT

    return PROJECT_ROOT / "sample_photos" / name


def test_sample_hand_photo_counted_and_scored(client: FlaskClient) -> None:
    photo = _sample("hand-1.jpg")
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    tiles = sorted(tuple(sorted(pips)) for pips in expected["tiles"])
    answer = client.post("/api/dominoes/count", data={"photo": upload(photo.read_bytes())})
    assert answer.status_code == 200
    counted = answer.get_json()
    assert counted["total"] == expected["total"] == 27
    assert sorted(tuple(sorted(tile["pips"])) for tile in counted["tiles"]) == tiles
    # The same photo as player 1's hand; player 2 holds 2-2 (4 pips): blocked, the
    # lowest total wins the difference, 27 - 4 = 23.
    data = {"photo1": upload(photo.read_bytes()), "hand2": "2-2"}
    round_ = client.post("/api/cross/round", data=data).get_json()
    assert (round_["winner"], round_["points"], round_["pips"]) == (2, 23, [27, 4])


def test_a_large_hand_photo_is_read_smaller_with_corners_in_its_own_pixels(
    client: FlaskClient,
) -> None:
    # hand-2 enlarged 11/3 times (4400 x 3300): read from a half-size decode (2200 x
    # 1650), yet the corners are pixels of the photo sent, as the CLI gives them: the
    # drawn corners times 11/3.
    photo = _sample("hand-2.jpg")
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    big = cv2.resize(cv2.imread(str(photo)), (4400, 3300), interpolation=cv2.INTER_CUBIC)
    # Quality 60 keeps the upload under 500 KB, which Werkzeug holds in memory.
    ok, data = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    answer = client.post("/api/dominoes/count", data={"photo": upload(data.tobytes())})
    assert answer.status_code == 200
    counted = answer.get_json()
    assert counted["total"] == expected["total"]
    drawn = [np.mean(corners, axis=0) * 11 / 3 for corners in expected["corners"]]
    for tile in counted["tiles"]:
        centre = np.mean(tile["corners"], axis=0)
        assert min(float(np.linalg.norm(centre - other)) for other in drawn) < 40.0


def test_a_kingdom_photo_answer_marks_the_squares_the_warnings_call_unsure(
    client: FlaskClient,
) -> None:
    # Session 9: ``unsure`` (rows x cols, beside ``confidence``) is what the page outlines:
    # the squares the reader's "unsure" warnings name, as the CLI's JSON gives them, some
    # over 0.5 confidence (the lead over the next reading is under 0.5).
    photo = _sample("kingdom-1.jpg")
    answer = client.post("/api/kingdomino/score", data={"photo": upload(photo.read_bytes())})
    assert answer.status_code == 200
    seen = answer.get_json()
    notation = photo.with_suffix(".txt").read_text().splitlines()[0]
    assert seen["kingdom"] == notation  # the sample read as labelled
    assert len(seen["unsure"]) == 5 and all(len(line) == 5 for line in seen["unsure"])
    named = {(int(w[1]), int(w[4])) for w in seen["warnings"] if re.match(r"\(\d, \d\): unsure", w)}
    marked = {(r, c) for r, line in enumerate(seen["unsure"]) for c, v in enumerate(line) if v}
    assert marked == named and named
    assert any(seen["confidence"][r][c] >= 0.5 for r, c in marked)
    assert all(
        seen["confidence"][r][c] >= 0.5 for r in range(5) for c in range(5) if (r, c) not in marked
    )


def test_a_large_kingdom_photo_gives_its_corners_in_its_own_pixels(client: FlaskClient) -> None:
    # kingdom-1 (1200 x 900) enlarged 2.5 times (3000 x 2250) is read at 1600 px, yet its
    # corners are pixels of the photo sent: the corners found in the sample, times 2.5
    # (they were given in the 1600 px frame read: 4/3 times, not 2.5).
    photo = _sample("kingdom-1.jpg")
    small = client.post("/api/kingdomino/score", data={"photo": upload(photo.read_bytes())})
    assert small.status_code == 200
    big = cv2.resize(cv2.imread(str(photo)), (3000, 2250), interpolation=cv2.INTER_CUBIC)
    ok, data = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    large = client.post("/api/kingdomino/score", data={"photo": upload(data.tobytes())})
    assert large.status_code == 200
    assert large.get_json()["total"] == small.get_json()["total"]
    expected = np.array(small.get_json()["corners"]) * 2.5
    got = np.array(large.get_json()["corners"])
    assert np.abs(got - expected).max() < 25.0, (got, expected)


@pytest.mark.parametrize("name", ["sheet-1.jpg", "sheet-3.jpg"])
def test_sample_sheet_photo_analysed(client: FlaskClient, name: str) -> None:
    from vision.datasets import PROJECT_ROOT

    photo = PROJECT_ROOT / "sample_photos" / name
    expected = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    data = {"photo": upload(photo.read_bytes(), name), "first": expected["first"]}
    response = client.post("/api/domineering/analyze", data=data)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["position"] == expected["position"]
    assert answer["blocked"] is expected["blocked"]
    assert answer["overlay"].startswith("data:image/jpeg;base64,")
    assert len(answer["confidence"]) == 5
    # The same reading as `referee domineering analyze PHOTO --json` (CLI and web agree).
    assert 0.5 < answer["orientation_confidence"] <= 1.0
    cli = _cli_json(["domineering", "analyze", str(photo), "--first", expected["first"]])
    assert answer["corners"] == cli["corners"]
    assert answer["orientation_confidence"] == cli["orientation_confidence"]


def _cli_json(args: list[str]) -> dict[str, object]:
    import contextlib
    import io

    from referee_cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*args, "--json"]) == 0
    answer: dict[str, object] = json.loads(out.getvalue())
    return answer


def _png_of(rows: int, cols: int) -> bytes:
    ok, encoded = cv2.imencode(".png", np.full((rows, cols, 3), 200, dtype=np.uint8))
    assert ok
    return encoded.tobytes()


PHOTO_ROUTES = [
    ("/api/kingdomino/score", "photo", {}),
    ("/api/kingdomino/compare", "photo1", {"kingdom2": "C F"}),
    ("/api/domineering/analyze", "photo", {}),
    ("/api/dominoes/count", "photo", {}),
    ("/api/cross/round", "photo1", {"hand2": "2-2"}),
    ("/api/two-step/plays", "photo", {"ends": "3,5"}),
]


@pytest.mark.parametrize(("route", "field", "extra"), PHOTO_ROUTES)
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4000), (20, 3000)])
def test_a_photo_too_small_to_show_a_board_is_422_naming_its_size(
    client: FlaskClient, route: str, field: str, extra: dict[str, str], rows: int, cols: int
) -> None:
    # The real readers: a 1-pixel-high picture once crashed the kingdom reader (500).
    data: dict[str, Any] = {field: upload(_png_of(rows, cols), "dot.png"), **extra}
    response = client.post(route, data=data)
    assert response.status_code == 422, response.get_json()
    # Routes taking several photos name whose it is first (phones name them all image.jpg).
    seat = {
        "/api/kingdomino/compare": "kingdom 1's photo: ",
        "/api/cross/round": "player 1's photo: ",
    }
    assert response.get_json() == {
        "error": f"{seat.get(route, '')}dot.png: the photo is {cols}x{rows} pixels, too small "
        "or too narrow to show the game (at least 32 pixels a side, at most 10 times as long "
        "as wide); send the photo as taken"
    }


@pytest.mark.parametrize(
    ("route", "first", "whose"),
    [
        ("/api/kingdomino/compare", {"kingdom1": "C F1"}, "kingdom 2's photo"),
        ("/api/cross/round", {"hand1": "1-2"}, "player 2's photo"),
    ],
)
def test_an_unreadable_photo_names_its_seat_not_only_its_file_name(
    client: FlaskClient, route: str, first: dict[str, str], whose: str
) -> None:
    # Session 8 (newcomer): a phone sends every camera photo as "image.jpg", so the error
    # "image.jpg: the file is empty, not a photo" did not say whose photo it was.
    data: dict[str, Any] = {"photo2": upload(b"", "image.jpg"), **first}
    response = client.post(route, data=data)
    assert response.status_code == 415
    assert response.get_json() == {"error": f"{whose}: image.jpg: the file is empty, not a photo"}
    data = {"photo2": upload(b"W W", "image.jpg"), **first}
    response = client.post(route, data=data)
    assert response.status_code == 415
    assert response.get_json() == {
        "error": f"{whose}: image.jpg: not an image (send a JPEG, PNG or WebP photo)"
    }


def test_compare_a_photo_with_no_kingdom_names_the_kingdom(client: FlaskClient) -> None:
    # Session 8 (newcomer): "no kingdom found in the photo" did not say which of the two.
    # The real reader: a plain grey picture holds no kingdom (it says why; the route, whose;
    # session 12: and which file, as for a file that cannot be decoded).
    data = {"kingdom1": "C", "photo2": upload(_png_of(300, 300), "grey.png")}
    response = client.post("/api/kingdomino/compare", data=data)
    assert response.status_code == 422
    assert response.get_json()["error"].startswith(
        "kingdom 2's photo: grey.png: no kingdom found in the photo: "
    )


def test_a_long_panorama_within_the_limits_is_still_read(client: FlaskClient) -> None:
    # 320 x 32 pixels: exactly 10 times as long as wide and 32 pixels high: not refused.
    response = client.post("/api/dominoes/count", data={"photo": upload(_png_of(32, 320))})
    assert "too small or too narrow" not in response.get_data(as_text=True)


NO_TILES = (
    "no domino tile found in the photo: lay the tiles face up, apart, and photograph them "
    "from above"
)


@pytest.mark.parametrize(
    ("route", "field", "extra", "prefix"),
    [
        ("/api/dominoes/count", "photo", {}, ""),
        ("/api/cross/round", "photo1", {"hand2": "2-2"}, "player 1's photo: "),
        ("/api/cross/round", "photo2", {"hand1": "2-2"}, "player 2's photo: "),
        ("/api/two-step/plays", "photo", {"ends": "3,5"}, ""),
    ],
)
def test_a_photo_with_no_tile_is_422_not_an_empty_hand(
    client: FlaskClient, route: str, field: str, extra: dict[str, str], prefix: str
) -> None:
    # A plain grey picture, through the real reader: it holds no tile.  Counted as an
    # empty hand, Cross would have made that player the one who went out.  Session 12: led
    # by the file's name, as a file that cannot be decoded is (the Cross round page reads
    # each seat's photo on its own: "no domino tile found" did not say which).
    data: dict[str, Any] = {field: upload(_png_of(300, 400), "grey.png"), **extra}
    response = client.post(route, data=data)
    assert response.status_code == 422, response.get_json()
    answer = response.get_json()
    assert answer["error"] == prefix + "grey.png: " + NO_TILES
    assert answer["overlay"].startswith("data:image/jpeg;base64,")


def test_an_iphone_heic_photo_is_415_saying_how_to_send_it(client: FlaskClient) -> None:
    # The start of an HEIC file (an ISO box "ftyp", brand "heic"): a photo, but in a
    # format we cannot decode; "not an image" would puzzle its owner.
    heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200)
    data = {"photo": upload(heic, "IMG_0001.HEIC")}
    response = client.post("/api/kingdomino/score", data=data)
    assert response.status_code == 415
    assert response.get_json() == {
        "error": "IMG_0001.HEIC: an HEIC photo, which Referee cannot read: send it as "
        "JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible)"
    }


def test_a_photo_without_a_sheet_grid_says_so_once(client: FlaskClient) -> None:
    # The reader's own message names what is missing and how to take the photo; the web
    # app answered it behind a second prefix ("no Domineering grid could be read from the
    # photo: no Domineering grid found in the photo: ...").
    response = client.post(
        "/api/domineering/analyze", data={"photo": upload(_png_of(240, 320), "blank.png")}
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error.startswith(
        "blank.png: no Domineering grid found in the photo: photograph the sheet"
    )
    assert error.count("no Domineering grid") == 1
