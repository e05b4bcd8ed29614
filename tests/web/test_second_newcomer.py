"""Session 11, the second newcomer's findings in the API (docs/web.md, "Session 11: the
second newcomer's findings"); the pages' findings are in test_browser_second_newcomer.py."""

from __future__ import annotations

import io
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from web.db import Result, db


def _post_json(client: FlaskClient, url: str, body: str) -> Any:
    """``body`` sent as written: JSON's own ``\\ud800`` escape, a surrogate left alone."""
    return client.post(url, data=body, content_type="application/json")


@pytest.mark.parametrize(
    ("body", "told"),
    [
        (
            '{"game": "kingdomino", "notation": "\\ud800", "answer": "{}"}',
            "field 'notation': a lone surrogate (U+D800) at character 1, which is not text: "
            "send the text as UTF-8",
        ),
        (
            '{"game": "kingdomino", "notation": "WW", "answer": "{}", "title": "ab\\udfff"}',
            "field 'title': a lone surrogate (U+DFFF) at character 3, which is not text: "
            "send the text as UTF-8",
        ),
        (
            '{"game": "kingdomino", "notation": "WW", "answer": {"total": "\\udc00"}}',
            "field 'answer': a lone surrogate (U+DC00), which is not text: send the text as UTF-8",
        ),
    ],
)
def test_a_result_with_a_lone_surrogate_is_400_naming_the_field(
    client: FlaskClient, app: Any, body: str, told: str
) -> None:
    # It was a 500 (UnicodeEncodeError at the commit): SQLite's UTF-8 cannot hold it.
    response = _post_json(client, "/api/results", body)
    assert response.status_code == 400
    assert response.get_json() == {"error": told}
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Result)) == 0


def test_a_pair_of_surrogates_is_the_character_it_stands_for(client: FlaskClient) -> None:
    # "\ud83d\ude00" is one character (U+1F600), text like any other: saved.
    body = '{"game": "kingdomino", "notation": "W", "answer": "{}", "title": "\\ud83d\\ude00"}'
    response = _post_json(client, "/api/results", body)
    assert response.status_code == 201
    shown = client.get(response.get_json()["url"]).get_data(as_text=True)
    assert "\N{GRINNING FACE}" in shown


@pytest.mark.parametrize(
    ("url", "field", "value"),
    [
        ("/api/kingdomino/score", "kingdom", '"\\ud800"'),
        ("/api/kingdomino/compare", "kingdom2", '"\\ud800"'),
        ("/api/domineering/analyze", "position", '"\\ud800"'),
        ("/api/domineering/check", "move", '"\\ud800"'),
        ("/api/dominoes/count", "set", '"\\ud800"'),
        ("/api/kingdomino/score", "bonus", '["harmony", "\\ud800"]'),
        ("/api/cross/round", "hands", '["6-6", "\\ud800"]'),
        ("/api/cross/match", "rounds", '[["\\ud800", ""]]'),
        ("/api/cross/plays", "layout", '"\\ud800"'),
        ("/api/two-step/plays", "hand", '"\\ud800"'),
        ("/api/two-step/analyze", "position", '"\\ud800"'),
        ("/api/two-step/check", "move", '"\\ud800"'),
        ("/api/two-step/match", "rounds", '"\\ud800"'),
    ],
)
def test_every_json_route_names_the_field_holding_a_lone_surrogate(
    client: FlaskClient, url: str, field: str, value: str
) -> None:
    response = _post_json(client, url, f'{{"{field}": {value}}}')
    assert response.status_code == 400
    where = " at character 1" if value.startswith('"') else ""
    assert response.get_json() == {
        "error": f"field '{field}': a lone surrogate (U+D800){where}, which is not text: "
        "send the text as UTF-8"
    }


def test_a_field_name_with_a_lone_surrogate_is_400(client: FlaskClient) -> None:
    response = _post_json(client, "/api/two-step/plays", '{"\\ud800": "1-1"}')
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "a field name holds a lone surrogate (U+D800), which is not text"
    }


@pytest.mark.parametrize(
    ("url", "body", "told"),
    [
        (
            "/api/kingdomino/score",
            {"kingdom": "C X"},
            "field 'kingdom': unknown terrain letter 'X' (expected one of W F L G S M C .) "
            "in row 1 at column 3 of 'C X'",
        ),
        (
            "/api/domineering/analyze",
            {"position": "HHX/....."},
            "field 'position': unknown cell symbol 'X' (a cell is '.', 'H', 'V' or '#') "
            "at column 3 of 'HHX/.....'",
        ),
        (
            "/api/domineering/check",
            {"position": "HHQ/...", "move": "A2-B2"},
            "field 'position': unknown cell symbol 'Q' (a cell is '.', 'H', 'V' or '#') "
            "at column 3 of 'HHQ/...'",
        ),
        (
            "/api/domineering/check",
            {"position": ".../...", "move": "zz"},
            "field 'move': 'zz' is not a move: write two cells joined by '-' (or a space), "
            "like B3-C3",
        ),
    ],
)
def test_a_notation_refused_is_named_by_its_field(
    client: FlaskClient, url: str, body: dict[str, str], told: str
) -> None:
    # The second newcomer: these four lacked the "field '...': " every other route's
    # notation errors have (the compare's "field 'kingdom1': ..." did).
    response = client.post(url, json=body)
    assert response.status_code == 400
    assert response.get_json() == {"error": told}


def test_cross_fifth_seat_says_which_fields_a_seat_takes(client: FlaskClient) -> None:
    body = {"hand1": "6-6", "hand2": "1-1", "hand5": "2-2"}
    response = client.post("/api/cross/round", data=body)
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Cross is for 2 to 4 players, so hand5 is a seat too many: a seat is hand1 "
        "to hand4 (its tiles) or photo1 to photo4 (its photo), or send 'hands', one tile list "
        "per player"
    }


@pytest.mark.parametrize(
    ("url", "content_type", "sent"),
    [
        ("/api/two-step/plays", "text/plain", "sent as text/plain"),
        ("/api/kingdomino/score", "text/plain", "sent as text/plain"),
        ("/api/cross/plays", "application/xml", "sent as application/xml"),
        ("/api/results", "", "sent without a Content-Type"),
    ],
)
def test_a_body_neither_json_nor_a_form_is_400_on_every_route(
    client: FlaskClient, url: str, content_type: str, sent: str
) -> None:
    # /api/two-step/plays read text/plain as no fields and answered 200 "no lead"; routes
    # with a required field answered 400 "missing". One rule for all now.
    response = client.post(url, data="hand=6-6", content_type=content_type)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": f"the request body, {sent}, is neither JSON nor a form: send a JSON object "
        "(Content-Type: application/json) or form fields"
    }


def test_a_form_and_an_empty_post_are_still_read(client: FlaskClient) -> None:
    # No body at all: no fields (two-step plays with nothing known: no lead yet).
    assert client.post("/api/two-step/plays").get_json()["must"] == "no lead"
    # A form: the hand 6-6 with no tile down opens with the double (rules/two-step.txt).
    answer = client.post("/api/two-step/plays", data={"hand": "6-6"}).get_json()
    assert answer["must"] == "play"
    assert [(play["tile"], play["source"]) for play in answer["plays"]] == [("6-6", "hand")]


@pytest.mark.parametrize(
    ("data", "name", "url"),
    [
        (b"\x89PNG\r\n\x1a\n", "PNG", "/api/domineering/analyze"),
        (b"\xff\xd8\xff\xe0\x00", "JPEG", "/api/kingdomino/score"),
        (b"\xff\xd8\xff", "JPEG", "/api/dominoes/count"),
    ],
)
def test_a_photo_cut_short_in_its_header_gets_the_decoders_message(
    client: FlaskClient, data: bytes, name: str, url: str
) -> None:
    # The web said "the image cannot be read (damaged file?)" where vision.decode says
    # the file is cut short (c088dd4).
    response = client.post(url, data={"photo": (io.BytesIO(data), "cut.bin")})
    assert response.status_code == 422
    assert response.get_json() == {
        "error": f"cut.bin: cannot decode image: the {name} file is cut short (truncated) or "
        "damaged before its picture begins: send the whole photo"
    }


def _small_jpeg(cols: int, rows: int) -> bytes:
    """A grey JPEG of ``cols`` x ``rows`` pixels (made here: no sample photo is kept)."""
    ok, encoded = cv2.imencode(".jpg", np.full((rows, cols, 3), 200, dtype=np.uint8))
    assert ok
    return encoded.tobytes()


@pytest.mark.parametrize(
    ("url", "cols", "rows", "told"),
    [
        (
            "/api/domineering/analyze",
            112,
            150,
            "small.jpg: the photo is 112x150 pixels: too small to read a Domineering sheet "
            "from (at least 160 pixels a side)",
        ),
        (
            "/api/kingdomino/score",
            36,
            36,
            "small.jpg: the photo is 36x36 pixels: too small to read a kingdom from "
            "(at least 40 pixels a side)",
        ),
    ],
)
def test_a_photo_too_small_for_its_reader_is_named_by_its_file(
    client: FlaskClient, url: str, cols: int, rows: int, told: str
) -> None:
    # The second newcomer: a 150 px sheet's refusal lacked the file name every other
    # refusal of a photo has ("small.jpg: the photo is 20x20 pixels, too small ...").
    photo = (io.BytesIO(_small_jpeg(cols, rows)), "small.jpg")
    response = client.post(url, data={"photo": photo})
    assert response.status_code == 422
    assert response.get_json() == {"error": told}
