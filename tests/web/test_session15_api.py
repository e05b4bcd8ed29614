"""Session 15, the newcomer pass's findings in the API (docs/web.md, "Session 15: the
newcomer pass's findings"). Values worked by hand from the rules."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


def test_a_position_possible_only_with_v_starting_names_first(client: FlaskClient) -> None:
    # rules/domineering.txt and RULINGS.md: H starts unless agreed otherwise; one V pair
    # and no H pair is reached only in a game V started.
    answer = client.post("/api/domineering/analyze", json={"position": "....V/....V"})
    assert answer.status_code == 422
    assert answer.get_json()["error"] == (
        "impossible counts: 0 H pairs and 1 V pair; with H starting, H has as many pairs "
        "as V (H to move) or one more (V to move); with V starting the position is "
        "possible: if V started this game (RULINGS.md: V starts the second game of a "
        "match), give 'first': 'V'"
    )
    answer = client.post("/api/domineering/analyze", json={"position": "....V/....V", "first": "V"})
    assert answer.status_code == 200
    assert answer.get_json()["to_move"] == "H"
    # Two H pairs, no V pair: no starter mends it, so no hint.
    answer = client.post("/api/domineering/analyze", json={"position": "HH../HH.."})
    assert answer.status_code == 422
    assert "'first'" not in answer.get_json()["error"]


def test_placements_on_a_kingdom_with_no_castle_are_refused(client: FlaskClient) -> None:
    # rules/kingdomino-2p.txt "Setup": every kingdom starts from its starting tile, the
    # castle; F1 F F was answered "discarded" (count 0) for W W.
    answer = client.post("/api/kingdomino/placements", json={"kingdom": "F1 F F", "domino": "W W"})
    assert answer.status_code == 422
    assert answer.get_json()["error"] == (
        "the kingdom as typed has no castle: every kingdom starts from its castle "
        "(type C where it stands)"
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            b"{bad json",
            "the request body is not valid JSON: Expecting property name enclosed in double "
            "quotes at line 1, column 2",
        ),
        (
            b'{"kingdom": "C F1",\n}',
            "the request body is not valid JSON: Expecting property name enclosed in double "
            "quotes at line 2, column 1",
        ),
        (b"", "the request body is empty: send a JSON object of fields"),
        (b"[1]", "the request body is not a JSON object"),
    ],
)
def test_a_json_body_that_does_not_parse_says_where(
    client: FlaskClient, body: bytes, error: str
) -> None:
    answer = client.post("/api/kingdomino/score", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json() == {"error": error}


def test_placements_warn_of_crowns_beyond_the_tile_set(client: FlaskClient) -> None:
    # RULINGS.md, the real tile set: a wheat square shows at most 1 crown.
    answer = client.post(
        "/api/kingdomino/placements", json={"kingdom": "C F1 F F", "domino": "W W3"}
    )
    assert answer.status_code == 200
    assert answer.get_json()["warnings"] == [
        "the domino's second square W3 is wheat with 3 crowns: no wheat square in the tile "
        "set has more than 1"
    ]
