"""``POST /api/kingdomino/placements``: where a domino may go (session 12).

Expected values worked by hand from ``rules/kingdomino-2p.txt`` (Connection Rules: a
domino touches the castle or a square of its terrain; "all your dominoes must fit within
a 5x5 space"); the grid typed is the kingdom so far, so a domino may lie beyond it
(``docs/kingdomino.md``, "Session 12: placements beyond the grid as typed").
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

URL = "/api/kingdomino/placements"
#: The castle and three forests in one row: the castle at (0, 0).
ROW = "C F1 F F"
BESIDE_CASTLE = "legal: (1, 0) touches the castle"


def post(client: FlaskClient, **kwargs: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(URL, **kwargs)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


def _laid(answer: dict[str, Any]) -> set[frozenset[tuple[int, int]]]:
    return {frozenset(tuple(cell) for cell in p["squares"]) for p in answer["placements"]}


def test_wheat_pair_beside_a_row_goes_only_around_the_castle(client: FlaskClient) -> None:
    # W W touches nothing of its terrain, so it touches the castle: one square on a free
    # neighbour of (0, 0), (-1, 0), (1, 0) or (0, -1), the other on a free neighbour of
    # that: 3 + 3 + 2 ((0, -2) would make the kingdom 6 columns wide). All beyond the grid.
    status, answer = post(client, json={"kingdom": ROW, "domino": "W W"})
    assert status == 200
    assert answer["count"] == 8
    assert answer["beyond_grid"] == 8
    assert answer["discarded"] is False
    assert answer["domino"] == "W W"
    assert answer["grid_shape"] == [1, 4]
    expected = [
        {(-2, 0), (-1, 0)},
        {(-1, -1), (-1, 0)},
        {(-1, 0), (-1, 1)},
        {(1, 0), (2, 0)},
        {(1, -1), (1, 0)},
        {(1, 0), (1, 1)},
        {(-1, -1), (0, -1)},
        {(0, -1), (1, -1)},
    ]
    assert _laid(answer) == {frozenset(cells) for cells in expected}
    assert all(p["name"] is None for p in answer["placements"])  # none starts on the grid
    # Grown to rows -2..2 (the lowest, (2, 0)) and columns -1..3: the typed 0,0 at 2,1.
    assert answer["grown"] == {
        "grid": ". . . . ./. . . . ./. C F1 F F/. . . . ./. . . . .",
        "origin": [2, 1],
    }


def test_wheat_pair_beside_a_lone_castle_on_a_3x3(client: FlaskClient) -> None:
    # The castle's 4 free neighbours have 3 other free neighbours each, none shared: 12;
    # the 4 reaching out of the 3x3 (row -1, row 3, column -1, column 3) lie beyond it.
    status, answer = post(client, data={"kingdom": ". . ./. C ./. . .", "domino": "W W"})
    assert status == 200
    assert (answer["count"], answer["beyond_grid"]) == (12, 4)
    names = {
        (tuple(p["squares"][0]), tuple(p["squares"][1])): p["name"] for p in answer["placements"]
    }
    # (0, 1) is B1 on the board; the pair above the castle going up starts off the grid.
    assert names[((0, 1), (0, 2))] == "B1"
    assert names[((0, 0), (0, 1))] == "A1"
    assert names[((-1, 1), (0, 1))] is None


def test_forest_lake_beside_a_row_has_34_places(client: FlaskClient) -> None:
    # F on a square touching the castle or a forest: (-1, 0..3), (1, 0..3) with 3 free
    # neighbours each, (0, -1) and (0, 4) with 2: 28; else L beside the castle, F touching
    # nothing: 6 (docs/kingdomino.md, counted by hand).
    _, answer = post(client, json={"kingdom": ROW, "domino": "F L"})
    assert answer["count"] == 34


def test_a_full_kingdom_discards_the_domino(client: FlaskClient) -> None:
    # Every square of the 5x5 frame is taken: anywhere else makes 6 rows or columns.
    full = "/".join(["C W W W W", *["W W W W W"] * 4])
    status, answer = post(client, json={"kingdom": full, "domino": "W W"})
    assert status == 200
    assert answer["placements"] == []
    assert (answer["count"], answer["discarded"]) == (0, True)


@pytest.mark.parametrize(
    ("body", "legal", "reason"),
    [
        # A2 = (1, 0): F there; its right is (1, 1), its up (0, 0) the castle.
        ({"at": "A2", "toward": "right", "domino": "F L"}, True, BESIDE_CASTLE),
        ({"at": "1,0", "toward": "RIGHT", "domino": "F L"}, True, BESIDE_CASTLE),
        # Above the forests: W touches forest only.
        (
            {"at": "-1,2", "toward": "right", "domino": "W W"},
            False,
            "no side touches the castle or a matching terrain",
        ),
        ({"at": "B1", "toward": "up", "domino": "W W"}, False, "(0, 1) is already taken by forest"),
        # (0, 4), (0, 5) beside F at (0, 3): 6 columns in a 5x5 frame, 6 fit in 7x7.
        (
            {"at": "0,4", "toward": "right", "domino": "F L"},
            False,
            "the kingdom would span 6 columns, more than the 5x5 frame",
        ),
        (
            {"at": "0,4", "toward": "right", "domino": "F L", "size": 7},
            True,
            "legal: (0, 4) touches forest at (0, 3)",
        ),
    ],
)
def test_one_placement_is_judged_with_the_engines_reason(
    client: FlaskClient, body: dict[str, Any], legal: bool, reason: str
) -> None:
    status, answer = post(client, json={"kingdom": ROW, **body})
    assert status == 200
    assert answer == {"legal": legal, "reason": reason}


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"domino": "W W"}, "field 'kingdom': missing"),
        ({"kingdom": ROW}, "field 'domino': missing"),
        ({"kingdom": ROW, "domino": "W"}, "field 'domino': a domino is two squares"),
        ({"kingdom": ROW, "domino": "C W"}, "field 'domino': a domino square is a landscape"),
        ({"kingdom": "C X", "domino": "W W"}, "field 'kingdom': unknown terrain letter 'X'"),
        ({"kingdom": ROW, "domino": "W W", "size": 6}, "field 'size': must be 5 or 7, got 6"),
        ({"kingdom": ROW, "domino": "W W", "at": "A1"}, "field 'toward': missing"),
        ({"kingdom": ROW, "domino": "W W", "toward": "up"}, "field 'at': missing"),
        (
            {"kingdom": ROW, "domino": "W W", "at": "A1", "toward": "north"},
            "field 'toward': must be right, down, left or up, got 'north'",
        ),
        ({"kingdom": ROW, "domino": "W W", "at": "J1", "toward": "up"}, "field 'at': 'J1'"),
        ({"kingdom": ROW, "domino": "W W", "at": "top", "toward": "up"}, "field 'at': expected"),
        ({"kingdom": ROW, "domino": "W W", "colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_bad_input_is_400_naming_the_field(
    client: FlaskClient, body: dict[str, Any], error: str
) -> None:
    status, answer = post(client, json=body)
    assert status == 400
    assert answer["error"].startswith(error), answer["error"]
