"""The API answers with the CLI's JSON keys and values (issue #6: "with the CLI's JSON keys").

The same position goes to ``referee ... --json`` and to the API; every key the CLI prints
must be in the API's answer with the same value (the API may add keys the pages need).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee_cli.main import main

#: docs/two-step.md's round (Notation).
ROUND = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)

CASES = [
    (
        ["kingdomino", "score", "C F1 F/W W2 W", "--bonus", "middle"],
        "/api/kingdomino/score",
        {"kingdom": "C F1 F/W W2 W", "bonus": ["middle"]},
    ),
    (
        ["kingdomino", "compare", "C F1 F F", "C M3 W W"],
        "/api/kingdomino/compare",
        {"kingdom1": "C F1 F F", "kingdom2": "C M3 W W"},
    ),
    (
        ["kingdomino", "placements", "C F1 F F", "--domino", "F L"],
        "/api/kingdomino/placements",
        {"kingdom": "C F1 F F", "domino": "F L"},
    ),
    (
        ["kingdomino", "placements", ". . ./. C ./. . .", "--domino", "W W", "--size", "7"],
        "/api/kingdomino/placements",
        {"kingdom": ". . ./. C ./. . .", "domino": "W W", "size": 7},
    ),
    (
        ["kingdomino", "place", "C F1 F F", "--domino", "W W", "--at=-1,0", "--toward", "right"],
        "/api/kingdomino/placements",
        {"kingdom": "C F1 F F", "domino": "W W", "at": "-1,0", "toward": "right"},
    ),
    (
        ["kingdomino", "place", "C F1 F F", "--domino", "W W", "--at", "B1", "--toward", "up"],
        "/api/kingdomino/placements",
        {"kingdom": "C F1 F F", "domino": "W W", "at": "B1", "toward": "up"},
    ),
    (
        ["domineering", "analyze", "...../...../.HH../...../....."],
        "/api/domineering/analyze",
        {"position": "...../...../.HH../...../....."},
    ),
    (
        ["domineering", "check", "...../...../.HH../...../.....", "C2-C3", "--player", "V"],
        "/api/domineering/check",
        {"position": "...../...../.HH../...../.....", "move": "C2-C3", "player": "V"},
    ),
    (
        ["cross", "round", "6-6 0-1", "2-3 1-4", "4-4"],
        "/api/cross/round",
        {"hands": ["6-6 0-1", "2-3 1-4", "4-4"]},
    ),
    (
        ["cross", "match", "6-6 0-1 / 2-3 1-4", "/ 6-6 5-5 4-4 3-3 5-6 4-6", "--target", "50"],
        "/api/cross/match",
        {"rounds": [["6-6 0-1", "2-3 1-4"], ["", "6-6 5-5 4-4 3-3 5-6 4-6"]], "target": 50},
    ),
    (
        [
            "two-step",
            "plays",
            "--ends",
            "3,5",
            "--hand",
            "3-4 5-5 1-2",
            "--card-top",
            "0-3",
            "--discard-top",
            "2-6",
        ],
        "/api/two-step/plays",
        {"ends": "3,5", "hand": "3-4 5-5 1-2", "card_top": "0-3", "discard_top": "2-6"},
    ),
    (
        ["two-step", "plays", "--ends", "1,1", "--hand", "2-3"],
        "/api/two-step/plays",
        {"ends": "1,1", "hand": "2-3"},
    ),
    (
        ["two-step", "analyze", ROUND, "--optional-plays"],
        "/api/two-step/analyze",
        {"position": ROUND, "optional_plays": True},
    ),
    (
        ["two-step", "check", ROUND, "discard 1-2"],
        "/api/two-step/check",
        {"position": ROUND, "move": "discard 1-2"},
    ),
    (
        ["two-step", "match", "1:5 feet 2:3 1:5", "--target", "4"],
        "/api/two-step/match",
        {"rounds": "1:5 feet 2:3 1:5", "target": 4},
    ),
]


def _holds(answer: Any, expected: Any, where: str) -> None:
    """``answer`` has every key of ``expected`` with the same value, in nested objects and
    lists too (the API's placements add ``squares`` and ``name`` to the CLI's)."""
    if isinstance(expected, dict):
        assert isinstance(answer, dict), where
        for key, value in expected.items():
            assert key in answer, f"the API has no {key!r} in {where}"
            _holds(answer[key], value, f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(answer, list) and len(answer) == len(expected), where
        for number, (got, value) in enumerate(zip(answer, expected, strict=True)):
            _holds(got, value, f"{where}[{number}]")
    else:
        assert answer == expected, where


@pytest.mark.parametrize(("argv", "url", "body"), CASES, ids=[case[1] for case in CASES])
def test_api_answers_as_the_cli(
    client: FlaskClient,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    url: str,
    body: dict[str, Any],
) -> None:
    status = main([*argv, "--json"])
    printed = capsys.readouterr().out
    assert status in (0, 1), printed  # 1: "illegal" for check
    expected = json.loads(printed)
    answer = client.post(url, json=body).get_json()
    _holds(answer, expected, "the answer")
