"""``POST /api/domineering/analyze`` with ``solve``: who wins with perfect play.

Expected values are worked by hand from ``rules/domineering.txt`` (H claims side-by-side
pairs, V one-above-the-other; the side to move with no pair loses), or published.
"""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from flask.testing import FlaskClient

from web import recognition
from web.games import domineering as page

URL = "/api/domineering/analyze"


def post(client: FlaskClient, **kwargs: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(URL, **kwargs)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


def test_without_solve_no_perfect_play_fields(client: FlaskClient) -> None:
    status, answer = post(client, json={"position": "../.."})
    assert status == 200
    assert "perfect_play" not in answer
    assert "winning_moves" not in answer


@pytest.mark.parametrize(
    ("position", "winner", "winning"),
    [
        # 2x2 empty, H to move: either row (A1-B1 or A2-B2) leaves V no column of two.
        ("../..", "H", ["A1-B1", "A2-B2"]),
        # 3 rows x 2 columns, H to move: A2-B2 cuts both columns, V is blocked; after
        # A1-B1 (or A3-B3 alike) V claims A2-A3 and H has no row of two left.
        ("../../..", "H", ["A2-B2"]),
        # 2x3, H to move: after any H pair V's only pair is the free column, then H
        # claims the other row's remaining two and V is blocked.
        (".../...", "H", ["A1-B1", "B1-C1", "A2-B2", "B2-C2"]),
        # 1x1: H, to move, has no pair at all: V wins, H has no winning pair.
        (".", "V", []),
        # H has claimed the top row of a 2x2: V to move has no column of two: H wins.
        ("HH/..", "H", []),
        # Empty 5x5, H to move: a second-player win (Breuker, Uiterwijk & van den
        # Herik 2000), so V wins and H has no winning pair.
        ("...../...../...../...../.....", "V", []),
    ],
)
def test_solve_hand_worked(
    client: FlaskClient, position: str, winner: str, winning: list[str]
) -> None:
    status, answer = post(client, json={"position": position, "solve": True})
    assert status == 200
    assert answer["perfect_play"] == winner
    assert sorted(answer["winning_moves"]) == sorted(winning)
    assert "solve_note" not in answer
    # The rest of the analysis is still there.
    assert {"to_move", "legal_moves", "blocked", "winner", "cells"} <= set(answer)


def test_solve_from_a_form_field(client: FlaskClient) -> None:
    status, answer = post(client, data={"position": "../..", "solve": "true"})
    assert status == 200
    assert answer["perfect_play"] == "H"


def test_solve_false_is_the_plain_analysis(client: FlaskClient) -> None:
    status, answer = post(client, data={"position": "../..", "solve": "false"})
    assert status == 200
    assert "perfect_play" not in answer


@pytest.mark.parametrize("value", ["maybe", 3, [1, 2]])
def test_bad_solve_value_is_400_naming_the_field(client: FlaskClient, value: Any) -> None:
    status, answer = post(client, json={"position": "../..", "solve": value})
    assert status == 400
    assert "field 'solve'" in answer["error"]


def test_too_large_is_200_with_the_analysis_and_a_note(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "WEB_NODE_LIMIT", 2)
    status, answer = post(client, json={"position": "..../..../..../....", "solve": True})
    assert status == 200
    assert answer["perfect_play"] is None
    assert answer["winning_moves"] is None
    # Session 9 (newcomer): why, in a player's words, then the command to type.
    assert answer["solve_note"] == (
        "too large to solve here: this page gives up after 2 positions so as to answer "
        "within seconds; on a computer with Referee installed, the command referee "
        "domineering solve --node-limit N '..../..../..../.... H' searches longer (N is "
        "600,000 by default: raise it for a larger board)"
    )
    # 4 rows of 3 horizontal pairs each, and the same for V.
    assert len(answer["legal_moves"]["H"]) == 12
    assert len(answer["legal_moves"]["V"]) == 12


def test_empty_6x6_is_solved_within_the_web_limit(client: FlaskClient) -> None:
    # Session 9: the safe-move bounds bring the empty 6x6 board within WEB_NODE_LIMIT
    # (it was the note before). A first-player win, here H: session 8's search (no
    # bounds, 596,652 positions) says the same (docs/domineering.md, "Session 9").
    status, answer = post(client, json={"position": "/".join(["." * 6] * 6), "solve": True})
    assert status == 200
    assert answer["perfect_play"] == "H"
    assert answer["winning_moves"]
    assert "solve_note" not in answer


def test_web_limit_keeps_an_empty_8x8_short(client: FlaskClient) -> None:
    # 8x8 is far beyond the web's limit: the answer is the note, not a long wait.
    status, answer = post(client, json={"position": "/".join(["." * 8] * 8), "solve": True})
    assert status == 200
    assert answer["perfect_play"] is None
    assert "too large" in answer["solve_note"]


def test_solve_from_a_photo(
    client: FlaskClient, jpeg_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    reading = SimpleNamespace(
        cells=("..", "..", ".."),
        confidence=np.full((3, 2), 0.9),
        corners=np.array([[1.0, 2.0], [50.0, 2.0], [50.0, 40.0], [1.0, 40.0]]),
        warnings=(),
        orientation_confidence=0.9,
    )

    def analyze_photo(image: np.ndarray, *, first: str, overlay: bool) -> Any:
        return SimpleNamespace(reading=reading, overlay=np.zeros((30, 40, 3), np.uint8))

    monkeypatch.setattr(recognition, "analyze_photo", analyze_photo)
    response = client.post(
        URL, data={"photo": (io.BytesIO(jpeg_bytes), "sheet.jpg"), "solve": "true"}
    )
    assert response.status_code == 200
    answer = response.get_json()
    # The 3x2 board worked above: only A2-B2 wins for H.
    assert (answer["perfect_play"], answer["winning_moves"]) == ("H", ["A2-B2"])
    assert answer["overlay"].startswith("data:image/jpeg;base64,")
