"""``POST /api/cross/round``: a seat sent both as typed tiles and as a photo (session 10)."""

from __future__ import annotations

import io
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient


def _jpeg() -> io.BytesIO:
    ok, encoded = cv2.imencode(".jpg", np.full((60, 80, 3), 128, dtype=np.uint8))
    assert ok
    return io.BytesIO(encoded.tobytes())


@pytest.mark.parametrize("typed", ["6-6", ""])
def test_a_seat_sent_as_tiles_and_as_a_photo_is_refused(client: FlaskClient, typed: str) -> None:
    # Session 10 (newcomer): hand1="6-6" with photo1 (sample_photos/hand-1.jpg, 27 pips)
    # and hand2="1-1" was scored 27 - 2 = 25 for player 2: the 6-6 typed for seat 1 was
    # dropped without a word (12 - 2 = 10 if it was meant). "" (went out) too.
    data: dict[str, Any] = {"hand1": typed, "photo1": (_jpeg(), "hand.jpg"), "hand2": "1-1"}
    response = client.post("/api/cross/round", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "seat 1 is sent twice: send either a photo 'photo1' or the tiles 'hand1', not both"
    }


def test_a_photo_for_one_seat_and_tiles_for_another_are_still_taken(client: FlaskClient) -> None:
    # The grey picture holds no tile: refused as a photo (422, naming the seat), so the
    # seats were taken one as a photo and one as tiles, as before.
    data: dict[str, Any] = {"photo1": (_jpeg(), "hand.jpg"), "hand2": "1-1"}
    response = client.post("/api/cross/round", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    assert response.get_json()["error"].startswith("player 1's photo: ")
