"""The JSON API: every route with hand-worked answers, and every error status.

Expected values come from the rules (``rules/*.txt``, ``RULINGS.md``), worked by hand.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from PIL import Image
from werkzeug.datastructures import MultiDict

# Two separate wheat domains: 3 squares with 1 crown (3) and 2 squares with 2 crowns (4);
# the castle in the centre of the 5x5 frame; empty squares elsewhere.
WHEAT_7 = "W1 W W . ./. . . . ./. . C . ./. . . . ./W2 W . . ."


def post(client: FlaskClient, url: str, **kwargs: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(url, **kwargs)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


# --- Kingdomino -----------------------------------------------------------------------------


def test_score_two_wheat_domains_is_7(client: FlaskClient) -> None:
    status, answer = post(client, "/api/kingdomino/score", json={"kingdom": WHEAT_7})
    assert status == 200
    assert answer["score"] == 7
    assert answer["total"] == 7
    assert answer["bonuses"] == {"middle_kingdom": 0, "harmony": 0}
    points = sorted(
        (d["terrain"], d["squares"], d["crowns"], d["points"]) for d in answer["domains"]
    )
    assert points == [("wheat", 2, 2, 4), ("wheat", 3, 1, 3)]
    assert answer["squares"][2][2] == {"terrain": "castle", "crowns": 0}
    assert answer["kingdom"] == WHEAT_7.replace(" /", "/")
    # 2 crowns on a wheat square break the real tile set: flagged, still scored.
    assert any("wheat" in warning for warning in answer["warnings"])


def test_score_domain_squares_follow_domains(client: FlaskClient) -> None:
    _, answer = post(client, "/api/kingdomino/score", json={"kingdom": WHEAT_7})
    by_size = {len(squares): squares for squares in answer["domain_squares"]}
    assert sorted(map(tuple, by_size[3])) == [(0, 0), (0, 1), (0, 2)]
    assert sorted(map(tuple, by_size[2])) == [(4, 0), (4, 1)]


def test_score_bonuses_from_a_form(client: FlaskClient) -> None:
    # Castle at (2, 2) of the 5x5 frame: Middle Kingdom +10; empty squares: no Harmony.
    data = {"kingdom": WHEAT_7, "bonus": ["middle", "harmony"]}
    status, answer = post(client, "/api/kingdomino/score", data=data)
    assert status == 200
    assert answer["bonuses"] == {"middle_kingdom": 10, "harmony": 0}
    assert answer["total"] == 17


def test_score_harmony_on_a_full_kingdom(client: FlaskClient) -> None:
    full = "/".join(["F F F F F", "F F F F F", "F F C F F", "F F F F F", "F F F F1 F"])
    _, answer = post(client, "/api/kingdomino/score", json={"kingdom": full, "bonus": "harmony"})
    assert answer["score"] == 24  # 24 forest squares x 1 crown
    assert answer["bonuses"] == {"middle_kingdom": 0, "harmony": 5}
    assert answer["total"] == 29


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"kingdom": "W X"}, 400, "X"),
        ({"kingdom": "W W/W"}, 400, "row 2"),
        ({}, 400, "kingdom"),
        ({"kingdom": WHEAT_7, "bonus": ["double"]}, 400, "double"),
        ({"kingdom": WHEAT_7, "size": 6}, 400, "size"),
        ({"kingdom": 5}, 400, "text"),
    ],
)
def test_score_bad_input(
    client: FlaskClient, body: dict[str, Any], status: int, words: str
) -> None:
    got, answer = post(client, "/api/kingdomino/score", json=body)
    assert got == status
    assert words in answer["error"]


def test_body_that_is_not_a_json_object_is_400(client: FlaskClient) -> None:
    response = client.post("/api/kingdomino/score", data="[1, 2", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.get_json()["error"]


def test_compare_decided_by_largest_domain(client: FlaskClient) -> None:
    # Both score 3: forest 3 squares x 1 crown; mine 1 square x 3 crowns (wheat 2 x 0).
    # Largest domain: 3 squares against 2: kingdom 1 wins.
    body = {"kingdom1": "C F1 F F", "kingdom2": "C M3 W W"}
    status, answer = post(client, "/api/kingdomino/compare", json=body)
    assert status == 200
    assert (answer["winner"], answer["decided_by"], answer["scores"]) == (
        1,
        "largest_domain",
        [3, 3],
    )
    assert [k["total"] for k in answer["kingdoms"]] == [3, 3]


def test_compare_on_score_and_shared(client: FlaskClient) -> None:
    _, answer = post(
        client, "/api/kingdomino/compare", json={"kingdom1": "C W", "kingdom2": "C L1"}
    )
    assert (answer["winner"], answer["decided_by"], answer["scores"]) == (2, "score", [0, 1])
    _, answer = post(
        client, "/api/kingdomino/compare", json={"kingdom1": "C F1", "kingdom2": "C L1"}
    )
    assert (answer["winner"], answer["decided_by"]) == (None, "shared")


def test_compare_errors_name_the_kingdom(client: FlaskClient) -> None:
    # Session 8 (newcomer): "unknown terrain letter 'X' ... of 'C X'" did not say which of
    # the two kingdoms was at fault (a photo: test_photos.py).
    body = {"kingdom1": "C X", "kingdom2": "C"}
    assert post(client, "/api/kingdomino/compare", json=body) == (
        400,
        {
            "error": "field 'kingdom1': unknown terrain letter 'X' (expected one of "
            "W F L G S M C .) in row 1 at column 3 of 'C X'"
        },
    )


_UNKNOWN_X = "unknown terrain letter 'X' (expected one of W F L G S M C .)"


def test_notation_errors_on_many_rows_name_the_row_and_its_column(client: FlaskClient) -> None:
    # Session 12: a kingdom typed on lines (the pages' notation boxes) was refused "in row 1
    # at column 2 of 'C....\n.....\n..X..'": the column counted in the whole text, quoted
    # with its line breaks.  Now the row named is quoted and the column counts within it;
    # a row typed without spaces is read square by square (row 3's X is its third square).
    lines = "C....\n.....\n..X..\n.....\n....."
    expected = f"field 'kingdom': {_UNKNOWN_X} in row 3 at column 3 of '..X..'"
    assert post(client, "/api/kingdomino/score", json={"kingdom": lines}) == (
        400,
        {"error": expected},
    )
    assert post(client, "/api/kingdomino/score", data={"kingdom": lines}) == (
        400,
        {"error": expected},
    )
    spaced = "C . . . ./. . . . ./. . X . ./. . . . ./. . . . ."
    assert post(client, "/api/kingdomino/score", json={"kingdom": spaced}) == (
        400,
        {"error": f"field 'kingdom': {_UNKNOWN_X} in row 3 at column 5 of '. . X . .'"},
    )
    body = {"kingdom1": "C F1 F", "kingdom2": "C L1 L\nW W\n"}
    assert post(client, "/api/kingdomino/compare", json=body) == (
        400,
        {
            "error": "field 'kingdom2': row 2 has 2 squares but row 1 has 3 (1 missing): the row"
            " ends at column 3 of 'W W'"
        },
    )


def test_a_kingdom_typed_compact_is_scored(client: FlaskClient) -> None:
    # W1WW.W2/....W/..C..: two wheat domains, 3 x 1 and 2 x 2 = 7 (as WHEAT_7 spaced).
    status, answer = post(
        client, "/api/kingdomino/score", json={"kingdom": "W1WW.W2\n....W\n..C.."}
    )
    assert status == 200
    assert (answer["score"], answer["kingdom"]) == (7, "W1 W W . W2/. . . . W/. . C . .")


def test_compare_needs_both(client: FlaskClient) -> None:
    status, answer = post(client, "/api/kingdomino/compare", json={"kingdom1": "C W"})
    assert status == 400
    assert "kingdom2" in answer["error"]


# --- Domineering ----------------------------------------------------------------------------


def test_analyze_after_the_worked_opening(client: FlaskClient) -> None:
    # rules/domineering.txt: H claims B3-C3; V is to move.
    status, answer = post(
        client, "/api/domineering/analyze", json={"position": "...../...../.HH../...../....."}
    )
    assert status == 200
    assert answer["to_move"] == "V"
    assert answer["position"] == "...../...../.HH../...../..... V"
    # 20 pairs each on an empty 5x5; B3 and C3 taken: V loses B2-B3, B3-B4, C2-C3, C3-C4,
    # H loses A3-B3, B3-C3, C3-D3.
    assert len(answer["legal_moves"]["V"]) == 16
    assert len(answer["legal_moves"]["H"]) == 17
    assert "C1-C2" in answer["legal_moves"]["V"]
    assert "C2-C3" not in answer["legal_moves"]["V"]
    assert answer["blocked"] is False
    assert answer["winner"] is None
    assert answer["pairs"] == ["B3-C3"]
    assert answer["cells"][2] == ".HH.."


def test_analyze_blocked_board(client: FlaskClient) -> None:
    # A 1x1 board: H, to move first, has no pair: blocked, V wins.
    _, answer = post(client, "/api/domineering/analyze", data={"position": "."})
    assert (answer["to_move"], answer["blocked"], answer["winner"]) == ("H", True, "V")


def test_analyze_first_v(client: FlaskClient) -> None:
    # V started and has one pair, H none: H to move.
    _, answer = post(client, "/api/domineering/analyze", json={"position": "V./V.", "first": "V"})
    assert answer["to_move"] == "H"
    assert answer["first"] == "V"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"position": "HHH../...../...../...../....."}, 422, "run of 3"),
        ({"position": "HH.../HH.../...../...../....."}, 422, "counts"),
        ({"position": "..X"}, 400, ""),
        ({"position": "...", "first": "Q"}, 400, "first"),
        ({}, 400, "position"),
    ],
)
def test_analyze_bad_input(
    client: FlaskClient, body: dict[str, Any], status: int, words: str
) -> None:
    got, answer = post(client, "/api/domineering/analyze", json=body)
    assert got == status
    assert words in answer["error"]


def test_check_illegal_pair_names_the_cell(client: FlaskClient) -> None:
    body = {"position": "...../...../.HH../...../.....", "move": "C2-C3", "player": "V"}
    status, answer = post(client, "/api/domineering/check", json=body)
    assert status == 200
    assert answer["legal"] is False
    assert "C3" in answer["reason"]
    assert answer["player"] == "V"
    assert len(answer["legal_moves"]) == 16


def test_check_legal_pair_and_default_player(client: FlaskClient) -> None:
    body = {"position": "...../...../.HH../...../.....", "move": "C2-C1"}
    _, answer = post(client, "/api/domineering/check", json=body)
    assert answer["legal"] is True
    assert answer["player"] == "V"  # the side to move


def test_check_wrong_orientation(client: FlaskClient) -> None:
    body = {"position": ".....", "move": "A1-B1", "player": "V"}
    _, answer = post(client, "/api/domineering/check", json=body)
    assert answer["legal"] is False
    assert answer["reason"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"position": ".....", "move": "A1"}, 400),
        ({"position": ".....", "move": "A1-B1", "player": "X"}, 400),
        ({"position": "....."}, 400),
        ({"move": "A1-B1"}, 400),
    ],
)
def test_check_bad_input(client: FlaskClient, body: dict[str, Any], status: int) -> None:
    got, answer = post(client, "/api/domineering/check", json=body)
    assert got == status
    assert answer["error"]


# --- Cross ----------------------------------------------------------------------------------


def test_cross_round_lowest_pips_wins_the_difference(client: FlaskClient) -> None:
    # Blocked: pips 13 and 10; player 2 scores 13 - 10 = 3.
    status, answer = post(client, "/api/cross/round", json={"hands": ["6-6 0-1", "2-3 1-4"]})
    assert status == 200
    assert answer["winner"] == 2
    assert answer["points"] == 3
    assert answer["pips"] == [13, 10]
    assert answer["tied"] is False
    assert answer["hands"] == ["6-6 0-1", "2-3 1-4"]


def test_cross_round_went_out_scores_all_other_pips(client: FlaskClient) -> None:
    body = {"hands": [[], ["6-6", "3-5"], ["0-2"]]}
    _, answer = post(client, "/api/cross/round", json=body)
    assert (answer["winner"], answer["points"], answer["pips"]) == (1, 22, [0, 20, 2])


def test_cross_round_tied_for_lowest_scores_nothing(client: FlaskClient) -> None:
    _, answer = post(client, "/api/cross/round", data={"hand1": "1-2", "hand2": "0-3"})
    assert (answer["winner"], answer["points"], answer["tied"]) == (None, 0, True)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"hands": ["6-6", "6-6"]}, 422, "6-6"),
        ({"hands": ["6-x", "1-1"]}, 400, "column"),
        ({"hands": ["7-7", "1-1"]}, 400, "7"),
        ({"hands": ["1-1"]}, 400, "two hands"),
        ({"hands": ["", ""]}, 422, "empty"),
        ({"hands": "not json"}, 400, "JSON"),
        ({"hands": [1, 2]}, 400, "hand 1"),
    ],
)
def test_cross_round_bad_input(
    client: FlaskClient, body: dict[str, Any], status: int, words: str
) -> None:
    got, answer = post(client, "/api/cross/round", json=body)
    assert got == status
    assert words in answer["error"]


def test_cross_match_adds_rounds_to_the_target(client: FlaskClient) -> None:
    # rules/cross.txt, worked by hand: round 1 player 2 went out, scoring 6-6 1-2 and 0-3
    # (15 + 3 = 18); round 2 player 1 went out, scoring 5-5 and 6-6 (10 + 12 = 22);
    # round 3 blocked, pips 1 / 9 / 12: player 1 scores (9 + 12) - 1 = 20, 22 + 20 = 42.
    rounds = [["6-6 1-2", "", "0-3"], [[], ["5-5"], ["6-6"]], ["0-1", "4-5", "6-6"]]
    status, answer = post(client, "/api/cross/match", json={"rounds": rounds, "target": 50})
    assert status == 200
    assert [r["winner"] for r in answer["rounds"]] == [2, 1, 1]
    assert [r["points"] for r in answer["rounds"]] == [18, 22, 20]
    assert answer["scores"] == [42, 18, 0]
    assert (answer["target"], answer["winner"]) == (50, None)
    assert answer["hands"][1] == ["", "5-5", "6-6"]
    # A fourth round taking player 1 from 42 past 50 wins the match (3-3 2-2 and 1-1:
    # 10 + 2 = 12, 54); at the default target, 100, nobody has won yet.
    rounds.append(["", "3-3 2-2", "1-1"])
    _, answer = post(client, "/api/cross/match", json={"rounds": rounds, "target": 50})
    assert (answer["scores"], answer["winner"]) == ([54, 18, 0], 1)
    _, answer = post(client, "/api/cross/match", json={"rounds": rounds})
    assert (answer["target"], answer["winner"]) == (100, None)


def test_cross_match_rounds_as_json_text_in_a_form(client: FlaskClient) -> None:
    data = {"rounds": '[["6-6", ""]]', "target": "50"}
    status, answer = post(client, "/api/cross/match", data=data)
    assert status == 200
    assert (answer["scores"], answer["winner"]) == ([0, 12], None)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        # 57 pips at once win a match to 50; no round may be added after (rules/cross.txt).
        (
            {"rounds": [["", "6-6 5-5 4-4 3-3 6-5 6-4"], ["", "1-1"]], "target": 50},
            422,
            "round 2: the match is over: player 1 reached 50",
        ),
        (
            {"rounds": [["", "1-1", "2-2"], ["", "1-1"]]},
            422,
            "round 2: a round of 2 players in a 3-player match",
        ),
        ({"rounds": [["6-6", "6-6"]]}, 422, "round 1: "),
        ({"rounds": [["1-1", "6-x"]]}, 400, "field 'rounds': round 1, hand 2: "),
        ({"rounds": [["1-1", ""]], "target": 70}, 400, "field 'target': must be 50, 100"),
        ({"rounds": "not json"}, 400, "field 'rounds': must be a JSON list of rounds"),
        ({"target": 50}, 400, "field 'rounds': missing"),
    ],
)
def test_cross_match_bad_input(
    client: FlaskClient, body: dict[str, Any], status: int, words: str
) -> None:
    got, answer = post(client, "/api/cross/match", json=body)
    assert got == status
    assert words in answer["error"]


# --- Two-Step -------------------------------------------------------------------------------


#: docs/two-step.md's round (Notation): ends 3 and 0, player 2 to move holding 1-2 0-2 3-4.
ROUND = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)
#: Ends 5 and 6 with nothing to draw; no hand, dance card top or discard top shows a 5
#: or a 6 (0-2, 0-1, 1-3, 1-2, 2-3): two left feet (rules/two-step.txt).
FEET = (
    "floor 5-6 6-6; card1 0-1 5-5; card2 1-2 0-5; hand1 0-2; hand2 1-3; discards1 -; "
    "discards2 0-0 0-3 0-4 0-6 1-1 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 2-3; "
    "draw -; turn 1"
)


def test_two_step_round_whose_turn_and_legal_moves(client: FlaskClient) -> None:
    # Player 2's 0-2 goes on the 0 (right end), 3-4 on the 3 (left); plays are compulsory.
    status, answer = post(client, "/api/two-step/analyze", json={"position": ROUND})
    assert status == 200
    assert answer["to_move"] == 2
    assert answer["legal_moves"] == ["play 0-2 hand right", "play 3-4 hand left"]
    assert answer["result"] is None
    assert answer["summary"][-1] == "player 2 to move"
    assert answer["table"]["players"][1]["hand"] == ["1-2", "0-2", "3-4"]
    # With optional plays (a house rule) each tile of the hand may be discarded instead.
    _, answer = post(
        client, "/api/two-step/analyze", data={"position": ROUND, "optional_plays": "true"}
    )
    assert answer["legal_moves"][2:] == ["discard 0-2", "discard 1-2", "discard 3-4"]


def test_two_step_round_two_left_feet(client: FlaskClient) -> None:
    _, answer = post(client, "/api/two-step/analyze", json={"position": FEET})
    assert answer["to_move"] is None
    assert answer["legal_moves"] == []
    assert answer["result"]["winner"] is None
    assert answer["result"]["reason"] == "two left feet"
    assert answer["result"]["points"] == [0, 0]


@pytest.mark.parametrize(
    ("move", "legal", "reason"),
    [
        ("play 3-4 hand left", True, "legal"),
        ("play 3-4 hand right", False, "3-4 does not match the right end (0 pips)"),
        ("discard 1-2", False, "player 2 must play while a play is left"),
    ],
)
def test_two_step_check_a_move(client: FlaskClient, move: str, legal: bool, reason: str) -> None:
    status, answer = post(client, "/api/two-step/check", json={"position": ROUND, "move": move})
    assert status == 200
    assert answer["legal"] is legal
    assert answer["reason"].startswith(reason)


def test_two_step_match_with_the_lemonade_line(client: FlaskClient) -> None:
    # rules/two-step.txt: 1 point a round, +1 with all 5 left on the other's card; the
    # first to 10 wins; 11-1 is the lemonade score.
    body = {"rounds": "1:5 1:5 1:5 1:5 2:3 1:4 1:5"}
    status, answer = post(client, "/api/two-step/match", json=body)
    assert status == 200
    assert [r["scores"] for r in answer["rounds"]][-3:] == [[8, 1], [9, 1], [11, 1]]
    assert (answer["scores"], answer["winner"], answer["target"]) == ([11, 1], 1, 10)
    assert answer["lemonade"] == "Player 2 owes player 1 a glass of lemonade."
    _, answer = post(client, "/api/two-step/match", json={"rounds": "2:5 feet", "target": 3})
    assert answer["rounds"][1]["reason"] == "two left feet"
    assert (answer["scores"], answer["winner"]) == ([0, 2], None)


@pytest.mark.parametrize(
    ("url", "body", "status", "words"),
    [
        ("/api/two-step/analyze", {}, 400, "field 'position': missing"),
        ("/api/two-step/analyze", {"position": "floor 1-2"}, 400, "field 'position': no 'turn'"),
        ("/api/two-step/check", {"position": ROUND}, 400, "field 'move': missing"),
        (
            "/api/two-step/check",
            {"position": ROUND, "move": "play 3-4 hand up"},
            400,
            "field 'move': an end is left or right, not 'up'",
        ),
        ("/api/two-step/match", {"rounds": "1:5 3:1"}, 400, "field 'rounds': a round is"),
        # Session 8: a fault far along a position was quoted from the position's start.
        (
            "/api/two-step/analyze",
            {"position": ROUND.replace("draw 1-5 0-4", "draw 1-5 0-x")},
            400,
            "field 'position': draw: a tile is written a-b, a|b or [a|b] with a and b whole"
            " numbers of pips at column 161 of '...discards1 4-5 2-2 0-0; discards2 2-5 5-6;"
            " draw 1-5 0-x 2-6 3-3 1-1; turn 2'",
        ),
        ("/api/two-step/match", {"rounds": "1:5", "target": 0}, 400, "field 'target': must be"),
        ("/api/two-step/match", {"rounds": "1:5 1:5", "target": 2}, 422, "round 2"),
        # newcomer: these said marshmallow's "Not a valid integer." / "Not a valid boolean."
        (
            "/api/two-step/match",
            {"rounds": "1:5", "target": "ten"},
            400,
            "field 'target': must be a whole number, got 'ten'",
        ),
        (
            "/api/two-step/match",
            {"rounds": "1:5", "target": True},
            400,
            "field 'target': must be a whole number, got True",
        ),
        (
            "/api/two-step/analyze",
            {"position": ROUND, "optional_plays": "maybe"},
            400,
            "field 'optional_plays': must be true or false, got 'maybe'",
        ),
    ],
)
def test_two_step_round_and_match_bad_input(
    client: FlaskClient, url: str, body: dict[str, Any], status: int, words: str
) -> None:
    got, answer = post(client, url, json=body)
    assert got == status
    assert words in answer["error"]


def test_two_step_match_of_too_many_rounds_is_400(client: FlaskClient) -> None:
    # Session 8 (newcomer): "feet" a million times (a 5 MB body) was answered with a
    # 100 MB JSON of a million rounds, after 11 s. A thousand rounds are still added up.
    status, answer = post(client, "/api/two-step/match", json={"rounds": "feet " * 1000})
    assert status == 200
    assert len(answer["rounds"]) == 1000
    assert answer["scores"] == [0, 0]
    status, answer = post(client, "/api/two-step/match", json={"rounds": "feet," * 1001})
    assert (status, answer) == (
        400,
        {"error": "field 'rounds': at most 1000 rounds are added up, got 1001"},
    )


def test_two_step_plays_from_each_source(client: FlaskClient) -> None:
    body = {"ends": "3,5", "hand": "3-4 5-5 1-2", "card_top": "0-3", "discard_top": "2-6"}
    status, answer = post(client, "/api/two-step/plays", json=body)
    assert status == 200
    assert answer["plays"] == [
        {"tile": "3-4", "source": "hand", "end": "left"},
        {"tile": "5-5", "source": "hand", "end": "right"},
        {"tile": "0-3", "source": "card", "end": "left"},
    ]
    assert answer["must"] == "play"


def test_two_step_empty_floor_opens_with_the_highest_double(client: FlaskClient) -> None:
    body = {"hand": "2-2 5-5 1-4", "card_top": "6-6"}
    _, answer = post(client, "/api/two-step/plays", data=body)
    assert answer["plays"] == [{"tile": "5-5", "source": "hand", "end": "right"}]
    assert answer["ends"] is None
    # rules/two-step.txt: a double in either hand opens before one on a dance card; the
    # opponent's hand is unseen, so the answer says when the opponent opens instead.
    assert answer["reason"] == (
        "the highest double opens the dance floor: 5-5 from the hand, unless the "
        "opponent holds a higher double than 5-5 in hand (rules/two-step.txt)"
    )


def test_two_step_no_play(client: FlaskClient) -> None:
    _, answer = post(client, "/api/two-step/plays", json={"ends": [0, 0], "hand": "1-2"})
    assert (answer["plays"], answer["must"]) == ([], "discard")
    assert "discard" in answer["reason"]
    _, answer = post(client, "/api/two-step/plays", json={"ends": "0,0", "hand": ""})
    assert (answer["plays"], answer["must"]) == ([], "end turn")
    # An empty dance floor and no double to open with.
    _, answer = post(client, "/api/two-step/plays", json={"hand": "1-2 3-4"})
    assert (answer["plays"], answer["must"]) == ([], "no lead")


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"ends": "3", "hand": "1-2"}, 400),
        ({"ends": "3,x", "hand": "1-2"}, 400),
        # As the CLI's --ends and a tile's half: 9 pips is malformed on a double-six set
        # (session 8: it was 422, without the field's name).
        ({"ends": "3,9", "hand": "1-2"}, 400),
        ({"ends": "3,5", "hand": "1-2 1-2"}, 422),
        ({"ends": "3,5", "hand": "1-"}, 400),
        ({"hand": "1-2", "discard_top": "3-3"}, 422),
        ({"ends": "3,5", "hand": "1-2 1-3 1-4 1-5"}, 422),
    ],
)
def test_two_step_bad_input(client: FlaskClient, body: dict[str, Any], status: int) -> None:
    got, answer = post(client, "/api/two-step/plays", json=body)
    assert got == status
    assert answer["error"]


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"ends": "3,9", "hand": "1-2"}, 400, "field 'ends': an end shows 0 to 6 pips, got 9"),
        (
            {"ends": "3,5", "hand": "1-2 1-3 1-4 1-5"},
            422,
            "field 'hand': a hand holds at most 3 tiles, got 4 (1-2 1-3 1-4 1-5)",
        ),
        (
            {"ends": "3,5", "card_top": "1-2 2-3"},
            400,
            "field 'card_top': one tile is written here, not 2 at column 5 of '1-2 2-3'",
        ),
    ],
)
def test_two_step_plays_errors_name_the_field(
    client: FlaskClient, body: dict[str, Any], status: int, error: str
) -> None:
    # Session 8 (newcomer): "the right end must show 0 to 6 pips, got 9" and "a hand
    # holds at most 3 tiles, got 4" named no field; two tiles as a card top were "a tile
    # is written a-b ...".
    assert post(client, "/api/two-step/plays", json=body) == (status, {"error": error})


# --- Uploads: 413, 415, 422 ------------------------------------------------------------------

PHOTO_ROUTES = [
    ("/api/kingdomino/score", "photo", {}),
    ("/api/kingdomino/compare", "photo1", {"kingdom2": "C"}),
    ("/api/domineering/analyze", "photo", {}),
    ("/api/dominoes/count", "photo", {}),
    ("/api/cross/round", "photo1", {"hand2": "1-1"}),
    ("/api/two-step/plays", "photo", {"ends": "1,1"}),
]


@pytest.mark.parametrize(("url", "field", "extra"), PHOTO_ROUTES)
def test_upload_not_an_image_is_415(
    client: FlaskClient, url: str, field: str, extra: dict[str, str]
) -> None:
    data = {field: (io.BytesIO(b"W W W\nnot a photo"), "kingdom.txt"), **extra}
    status, answer = post(client, url, data=data)
    assert status == 415
    assert "not an image" in answer["error"]


def _sample_kingdom_as(fmt: str, *, palette: bool = False) -> bytes:
    """``sample_photos/kingdom-1.jpg`` at 320x240, re-saved in memory as ``fmt`` (256 colours
    if ``palette``).  Small: a request body over 500 kB is spooled to a temporary file left
    open (a ResourceWarning, an error here), whatever the answer."""
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg"
    buffer = io.BytesIO()
    with Image.open(photo) as opened:
        small = opened.resize((320, 240))
    (small.quantize(256) if palette else small).save(buffer, format=fmt)
    return buffer.getvalue()


@pytest.mark.parametrize(("url", "field", "extra"), PHOTO_ROUTES)
def test_upload_gif_is_415_naming_it_and_the_formats_read(
    client: FlaskClient, url: str, field: str, extra: dict[str, str]
) -> None:
    # Session 10: a 256-colour GIF of kingdom-1 scored 15 for 27 without a word, and the
    # 415 for a non-image did not list what is read.  The CLI says the same (exit 2).
    data = {field: (io.BytesIO(_sample_kingdom_as("GIF")), "kingdom.gif"), **extra}
    status, answer = post(client, url, data=data)
    assert status == 415
    error = answer["error"]
    assert error.endswith(
        "kingdom.gif: an image in GIF format, which Referee does not read: "
        "send the photo as JPEG, PNG or WebP"
    )
    assert "Traceback" not in error


@pytest.mark.parametrize(("fmt", "name"), [("BMP", "BMP"), ("TIFF", "TIFF")])
def test_upload_other_formats_are_415_naming_them(client: FlaskClient, fmt: str, name: str) -> None:
    data = {"photo": (io.BytesIO(_sample_kingdom_as(fmt)), "kingdom.img")}
    assert post(client, "/api/kingdomino/score", data=data) == (
        415,
        {
            "error": f"kingdom.img: an image in {name} format, which Referee does not read: "
            "send the photo as JPEG, PNG or WebP"
        },
    )


def test_upload_palette_png_is_415_too_few_colours(client: FlaskClient) -> None:
    # The same 256 colours in a PNG: refused too, rather than read wrong.
    data = {"photo": (io.BytesIO(_sample_kingdom_as("PNG", palette=True)), "k.png")}
    assert post(client, "/api/kingdomino/score", data=data) == (
        415,
        {
            "error": "k.png: a PNG picture of at most 256 colours: too few colours to read "
            "crowns, terrain or pens; send the photo as taken, in full colour "
            "(JPEG, PNG or WebP)"
        },
    )


def test_upload_not_an_image_names_the_formats_read(client: FlaskClient) -> None:
    data = {"photo": (io.BytesIO(b"W W W\nnot a photo"), "kingdom.txt")}
    assert post(client, "/api/kingdomino/score", data=data) == (
        415,
        {"error": "kingdom.txt: not an image (send a JPEG, PNG or WebP photo)"},
    )


@pytest.mark.parametrize(("url", "field", "extra"), PHOTO_ROUTES)
def test_upload_truncated_image_is_422(
    client: FlaskClient, jpeg_bytes: bytes, url: str, field: str, extra: dict[str, str]
) -> None:
    data = {field: (io.BytesIO(jpeg_bytes[:200]), "cut.jpg"), **extra}
    status, answer = post(client, url, data=data)
    assert status == 422
    assert "cut.jpg" in answer["error"]


def test_upload_too_many_pixels_is_422(client: FlaskClient, app: Any, jpeg_bytes: bytes) -> None:
    app.config["MAX_PHOTO_PIXELS"] = 1000  # the photo is 60 x 80 = 4800 pixels
    data = {"photo": (io.BytesIO(jpeg_bytes), "big.jpg")}
    status, answer = post(client, "/api/kingdomino/score", data=data)
    assert status == 422
    assert "megapixels" in answer["error"]


def test_upload_too_large_is_413_json(client: FlaskClient, app: Any, jpeg_bytes: bytes) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 1024
    data = {"photo": (io.BytesIO(b"\xff\xd8" + bytes(4000)), "huge.jpg")}
    status, answer = post(client, "/api/kingdomino/score", data=data)
    assert status == 413
    assert "0.001 MB" in answer["error"] or "MB" in answer["error"]


def test_upload_too_large_is_413_page_for_a_browser_form(client: FlaskClient, app: Any) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 1024
    response = client.post(
        "/api/kingdomino/score",
        data={"photo": (io.BytesIO(bytes(4000)), "huge.jpg")},
        headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
    )
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "too large" in page
    assert "Traceback" not in page


def test_count_bad_set_is_400(client: FlaskClient, jpeg_bytes: bytes) -> None:
    data = {"photo": (io.BytesIO(jpeg_bytes), "p.jpg"), "set": "7"}
    status, answer = post(client, "/api/dominoes/count", data=data)
    assert status == 400
    assert "set" in answer["error"]


def test_count_without_photo_is_400(client: FlaskClient) -> None:
    status, answer = post(client, "/api/dominoes/count", data={})
    assert status == 400
    assert "photo" in answer["error"]


def test_unexpected_error_is_500_json_without_traceback(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from web.games import kingdomino

    def broken(data: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(kingdomino, "score_answer", broken)
    status, answer = post(client, "/api/kingdomino/score", json={"kingdom": "C"})
    assert status == 500
    assert "secret" not in answer["error"]


def test_api_get_is_405_json(client: FlaskClient) -> None:
    response = client.get("/api/kingdomino/score")
    assert response.status_code == 405
    assert response.is_json


def test_compare_frame_size_decides_the_middle_kingdom(client: FlaskClient) -> None:
    # "C W W W": 3 squares right of the castle. A 5x5 frame reaches 2 squares each side
    # of its centre, so the castle cannot be its centre; a 7x7 frame reaches 3, so it can.
    # "C L1" fits centred in both: 10 + lake 1 x 1 = 11.
    body = {"kingdom1": "C W W W", "kingdom2": "C L1", "bonus": "middle", "size": 5}
    _, answer = post(client, "/api/kingdomino/compare", json=body)
    assert (answer["winner"], answer["scores"]) == (2, [0, 11])
    _, answer = post(client, "/api/kingdomino/compare", json={**body, "size": 7})
    assert (answer["winner"], answer["scores"]) == (2, [10, 11])


# --- Validation: each field at fault is named -----------------------------------------------


@pytest.mark.parametrize(
    ("url", "body", "named"),
    [
        ("/api/kingdomino/score", {"kingdom": 5, "size": 6}, ["field 'kingdom'", "field 'size'"]),
        ("/api/kingdomino/score", {"kingdom": "C", "bonus": "fast"}, ["field 'bonus'", "fast"]),
        ("/api/domineering/analyze", {"position": ".", "first": "Q"}, ["field 'first'", "'Q'"]),
        ("/api/domineering/check", {"move": "A1-B1"}, ["field 'position'"]),
        (
            "/api/domineering/check",
            {"position": ".....", "move": "A1-B1", "player": "X"},
            ["field 'player'"],
        ),
        ("/api/two-step/plays", {"ends": "3,x", "hand": "1-2"}, ["field 'ends'", "'x'"]),
        ("/api/two-step/plays", {"ends": [3, -1], "hand": "1-2"}, ["field 'ends'", "-1"]),
        ("/api/two-step/plays", {"ends": "3,5", "card_top": 7}, ["field 'card_top'", "text"]),
        ("/api/cross/round", {"hands": [["1-1"], [5]]}, ["field 'hands'", "hand 2"]),
        ("/api/dominoes/count", {"set": "nine"}, ["field 'set'", "'nine'"]),
    ],
)
def test_bad_field_is_400_naming_it(
    client: FlaskClient, url: str, body: dict[str, Any], named: list[str]
) -> None:
    status, answer = post(client, url, json=body)
    assert status == 400
    for words in named:
        assert words in answer["error"]


def test_side_and_set_are_read_from_a_form_in_any_case(client: FlaskClient) -> None:
    # V started and has one pair, H none: H to move (as test_analyze_first_v).
    _, answer = post(client, "/api/domineering/analyze", data={"position": "V./V.", "first": "v"})
    assert (answer["first"], answer["to_move"]) == ("V", "H")


def test_blank_form_fields_count_as_not_sent(client: FlaskClient) -> None:
    # size "" and no bonus: inferred size, no bonus; forest 2 squares x 1 crown = 2.
    data = {"kingdom": "C F1 F", "size": "", "bonus": ""}
    status, answer = post(client, "/api/kingdomino/score", data=data)
    assert status == 200
    assert (answer["total"], answer["bonuses"]) == (2, {"middle_kingdom": 0, "harmony": 0})


def test_cross_empty_hand_field_is_the_player_who_went_out(client: FlaskClient) -> None:
    # hand1 "" went out and scores the other hand's pips: 2 + 3 = 5.
    _, answer = post(client, "/api/cross/round", data={"hand1": "", "hand2": "2-3"})
    assert (answer["winner"], answer["points"], answer["pips"]) == (1, 5, [0, 5])


def test_cross_hands_as_json_text_in_a_form(client: FlaskClient) -> None:
    data = {"hands": '["6-6 0-1", ["2-3", "1-4"]]'}
    status, answer = post(client, "/api/cross/round", data=data)
    assert status == 200
    assert (answer["winner"], answer["points"]) == (2, 3)


def test_two_step_ends_in_a_form_with_a_bar(client: FlaskClient) -> None:
    _, answer = post(client, "/api/two-step/plays", data={"ends": "3|5", "hand": "1-5"})
    assert answer["ends"] == [3, 5]
    assert answer["plays"] == [{"tile": "1-5", "source": "hand", "end": "right"}]


def test_bonus_names_in_any_case(client: FlaskClient) -> None:
    # Castle centred in the 5x5 frame: Middle Kingdom +10 on a score of 2 (forest 2 x 1).
    body = {"kingdom": "C F1 F", "bonus": [" Middle", "HARMONY"]}
    _, answer = post(client, "/api/kingdomino/score", json=body)
    assert (answer["total"], answer["bonuses"]["middle_kingdom"]) == (12, 10)


@pytest.mark.parametrize(
    ("data", "status", "error"),
    [
        # Five seats by field: the fifth was dropped and the round scored for four.
        (
            {"hand1": "6-6", "hand2": "1-1", "hand3": "2-2", "hand4": "3-3", "hand5": "4-4"},
            422,
            # Session 11: which fields a seat takes is said (it was "..., got hand5").
            "Cross is for 2 to 4 players, so hand5 is a seat too many: a seat is hand1 to "
            "hand4 (its tiles) or photo1 to photo4 (its photo), or send 'hands', one tile "
            "list per player",
        ),
        # A gap: seat 2 was taken as the end of the table, and only one hand remained.
        (
            {"hand1": "6-6", "hand3": "1-1"},
            400,
            "seat 2 is missing: send hand2 (its tiles, or an empty text for the player "
            "who went out) or photo2",
        ),
        # Both ways at once: the seat fields were ignored without a word.
        (
            {"hands": '["6-6", "1-1"]', "hand3": "2-2"},
            400,
            "send the hands either as 'hands' or as hand1, hand2, ... (and photo1, "
            "photo2, ...), not both",
        ),
    ],
)
def test_cross_seat_fields_are_all_used_or_refused(
    client: FlaskClient, data: dict[str, str], status: int, error: str
) -> None:
    got, answer = post(client, "/api/cross/round", data=data)
    assert (got, answer) == (status, {"error": error})


def test_cross_a_fifth_photo_is_refused_too(client: FlaskClient, jpeg_bytes: bytes) -> None:
    data: dict[str, Any] = {f"hand{n}": f"{n}-{n}" for n in range(1, 5)}
    data["photo5"] = (io.BytesIO(jpeg_bytes), "five.jpg")
    got, answer = post(client, "/api/cross/round", data=data)
    assert (got, answer) == (
        422,
        {
            "error": "Cross is for 2 to 4 players, so photo5 is a seat too many: a seat is "
            "hand1 to hand4 (its tiles) or photo1 to photo4 (its photo), or send 'hands', one "
            "tile list per player"
        },
    )


@pytest.mark.parametrize("seat", [1, 3])
def test_cross_hands_with_a_seat_photo_is_refused(
    client: FlaskClient, jpeg_bytes: bytes, seat: int
) -> None:
    # `hands` names every seat: a photo1 silently replaced seat 1's "1-1" by the tiles
    # read, and a photo3 past the list was dropped without a word (a 2-player round).
    data: dict[str, Any] = {"hands": '["1-1", "6-6 5-5"]'}
    data[f"photo{seat}"] = (io.BytesIO(jpeg_bytes), "hand.jpg")
    got, answer = post(client, "/api/cross/round", data=data)
    assert (got, answer) == (
        400,
        {
            "error": "send the hands either as 'hands' or as hand1, hand2, ... (and photo1, "
            "photo2, ...), not both"
        },
    )


@pytest.mark.parametrize("ends", ["-1,3", "3,-2", "-3-5"])
def test_two_step_negative_ends_are_refused_not_read_as_positive(
    client: FlaskClient, ends: str
) -> None:
    # "-1,3" was split on the minus sign and answered as the ends 1 and 3.
    got, answer = post(client, "/api/two-step/plays", data={"ends": ends, "hand": "1-3"})
    assert got == 400
    assert answer["error"].startswith("field 'ends': must be two pip counts such as \"3,5\"")


@pytest.mark.parametrize(
    ("url", "body", "error"),
    [
        # Each was ignored, and the answer given as if the field had not been sent.
        (
            "/api/two-step/plays",
            {"ends": "3,5", "hand": "1-2", "cardTop": "0-3"},
            "unknown field 'cardTop' (the fields here: ends, hand, card_top, discard_top, photo)",
        ),
        (
            "/api/kingdomino/score",
            {"kingdom": "C F1", "bonuses": "middle"},
            "unknown field 'bonuses' (the fields here: bonus, size, kingdom, photo)",
        ),
        (
            "/api/domineering/check",
            {"position": ".....", "move": "A1-B1", "side": "V"},
            "unknown field 'side' (the fields here: position, move, player, first)",
        ),
        (
            "/api/cross/round",
            {"hands": ["1-1", "2-2"], "players": 2},
            "unknown field 'players' (the fields here: hands, hand1, hand2, hand3, hand4, "
            "photo1, photo2, photo3, photo4)",
        ),
    ],
)
def test_a_misspelt_field_is_400_naming_it_and_the_fields_taken(
    client: FlaskClient, url: str, body: dict[str, Any], error: str
) -> None:
    status, answer = post(client, url, json=body)
    assert (status, answer) == (400, {"error": error})


@pytest.mark.parametrize(
    ("url", "body", "error"),
    [
        # Each was cut to a whole number (5, 3) and answered.
        (
            "/api/kingdomino/score",
            {"kingdom": "C F", "size": 5.5},
            "field 'size': must be 5 or 7, got 5.5",
        ),
        (
            "/api/two-step/plays",
            {"ends": [3.7, 4], "hand": "3-1"},
            "field 'ends': must be two pip counts such as \"3,5\", got 3.7",
        ),
    ],
)
def test_a_fraction_is_not_cut_to_a_whole_number(
    client: FlaskClient, url: str, body: dict[str, Any], error: str
) -> None:
    status, answer = post(client, url, json=body)
    assert (status, answer) == (400, {"error": error})


def test_json_nested_too_deep_is_400_not_500(client: FlaskClient) -> None:
    # 100 000 nested lists: Python's JSON parser gives up with RecursionError (was 500).
    body = '{"hands": ' + "[" * 100_000 + "]" * 100_000 + "}"
    status, answer = post(client, "/api/cross/round", data=body, content_type="application/json")
    # Session 9: it said "not a JSON object", which it is (newcomer).
    error = "the request body is nested too deeply to read: send a JSON object of fields"
    assert (status, answer) == (400, {"error": error})


@pytest.mark.parametrize(
    ("url", "fields", "error"),
    [
        (
            "/api/kingdomino/score",
            {"photo": "k.jpg", "kingdom": "C F1"},
            "send either a photo 'photo' or a kingdom notation 'kingdom', not both",
        ),
        (
            "/api/kingdomino/compare",
            {"photo1": "k.jpg", "kingdom1": "C F1", "kingdom2": "C"},
            "send either a photo 'photo1' or a kingdom notation 'kingdom1', not both",
        ),
        (
            "/api/domineering/analyze",
            {"photo": "s.jpg", "position": "HH/.."},
            "send either a photo 'photo' or a position notation 'position', not both",
        ),
        (
            "/api/two-step/plays",
            {"photo": "h.jpg", "hand": "1-1", "ends": "6,3"},
            "send either a photo 'photo' or a hand 'hand', not both",
        ),
    ],
)
def test_a_photo_with_a_notation_for_the_same_thing_is_refused(
    client: FlaskClient, jpeg_bytes: bytes, url: str, fields: dict[str, str], error: str
) -> None:
    # The photo was read and the notation beside it dropped without a word (the
    # kingdom "C F1" scored as the photo's kingdom), as `hands` with hand1... was.
    data: dict[str, Any] = {
        name: (io.BytesIO(jpeg_bytes), value) if name.startswith("photo") else value
        for name, value in fields.items()
    }
    got, answer = post(client, url, data=data)
    assert (got, answer) == (400, {"error": error})


@pytest.mark.parametrize(
    ("files", "error"),
    [
        # A misspelt file field beside the right one was dropped without a word.
        (
            [("photo", "a.jpg"), ("Photo", "b.jpg")],
            "unknown field 'Photo' (the fields here: set, photo)",
        ),
        # Two files under one name: the first was read, the second dropped.
        ([("photo", "a.jpg"), ("photo", "b.jpg")], "send one file as 'photo', not 2"),
        # A file under a field read as text (the set) was dropped without a word.
        ([("set", "a.jpg")], "field 'set' takes text, not a file: send a photo as 'photo'"),
    ],
)
def test_every_file_sent_is_read_or_refused(
    client: FlaskClient, jpeg_bytes: bytes, files: list[tuple[str, str]], error: str
) -> None:
    data = MultiDict([(name, (io.BytesIO(jpeg_bytes), file)) for name, file in files])
    got, answer = post(client, "/api/dominoes/count", data=data)
    assert (got, answer) == (400, {"error": error})


@pytest.mark.parametrize(
    ("url", "field", "error"),
    [
        (
            "/api/kingdomino/score",
            "kingdom",
            "field 'kingdom' takes text, not a file: send a photo as 'photo'",
        ),
        (
            "/api/domineering/analyze",
            "position",
            "field 'position' takes text, not a file: send a photo as 'photo'",
        ),
        (
            "/api/cross/round",
            "hand1",
            "field 'hand1' takes text, not a file: send a photo as "
            "'photo1' or 'photo2' or 'photo3' or 'photo4'",
        ),
    ],
)
def test_a_photo_under_a_notation_field_is_refused(
    client: FlaskClient, jpeg_bytes: bytes, url: str, field: str, error: str
) -> None:
    # The newcomer's photo sent as 'kingdom' was ignored: "send a photo or a notation".
    data = {field: (io.BytesIO(jpeg_bytes), "kingdom.jpg")}
    got, answer = post(client, url, data=data)
    assert (got, answer) == (400, {"error": error})


@pytest.mark.parametrize(
    ("url", "body", "start"),
    [
        # Several fields hold tiles: a tile that does not parse names its field, as the
        # CLI names its option ("--card-top: ..."), not just "... of '9-9'".
        ("/api/two-step/plays", {"ends": "3,5", "hand": "1-2", "card_top": "9-9"}, "card_top"),
        ("/api/two-step/plays", {"ends": "3,5", "discard_top": "1-2 3-4"}, "discard_top"),
        ("/api/two-step/plays", {"ends": "3,5", "hand": "1-2 x"}, "hand"),
        ("/api/cross/round", {"hand1": "1-1", "hand2": "6-9"}, "hand2"),
    ],
)
def test_a_tile_notation_error_names_its_field(
    client: FlaskClient, url: str, body: dict[str, Any], start: str
) -> None:
    for sent in ({"json": body}, {"data": body}):
        status, answer = post(client, url, **sent)
        assert status == 400
        assert answer["error"].startswith(f"field {start!r}: ")
        # The engine's own words and place are kept after the field's name.
        assert " of '" in answer["error"]


def test_a_tile_notation_error_in_hands_names_the_hand(client: FlaskClient) -> None:
    status, answer = post(client, "/api/cross/round", json={"hands": ["1-1", "0-2 6-9"]})
    assert status == 400
    assert answer["error"] == (
        "field 'hands': hand 2: 9 pips is more than a half of this set can show (6) "
        "at column 7 of '0-2 6-9'"
    )


@pytest.mark.parametrize(
    ("url", "form", "name"),
    [
        ("/api/kingdomino/score", [("kingdom", "C F1"), ("kingdom", "C W")], "kingdom"),
        ("/api/domineering/analyze", [("position", ".."), ("first", "H"), ("first", "V")], "first"),
        ("/api/two-step/plays", [("ends", "3,5"), ("hand", "1-3"), ("hand", "2-5")], "hand"),
    ],
)
def test_a_text_field_sent_twice_says_so(
    client: FlaskClient, url: str, form: list[tuple[str, str]], name: str
) -> None:
    # A form field sent twice was answered "must be text", which it was, twice.
    status, answer = post(client, url, data=MultiDict(form))
    assert status == 400
    assert answer["error"] == f"field {name!r}: sent 2 times: send it once"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"position": "x" * 100_000}, "position"),
        ({"position": ROUND, "move": "play 3-4 hand left " + "z" * 100_000}, "move"),
    ],
)
def test_a_huge_mistake_is_not_echoed_whole(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    # newcomer: a 100 kB word was quoted back whole (a 100 kB error, shown on the page).
    url = "/api/two-step/check" if "move" in body else "/api/two-step/analyze"
    status, answer = post(client, url, json=body)
    assert status == 400
    assert answer["error"].startswith(f"field '{field}': ")
    assert len(answer["error"]) < 400


@pytest.mark.parametrize(
    ("url", "body", "error"),
    [
        (
            "/api/domineering/analyze",
            {"position": "..", "first": "H" * 100_000},
            "field 'first': must be H or V, got '" + "H" * 39 + "...'",
        ),
        (
            "/api/domineering/analyze",
            {"position": "..", "solve": "q" * 100_000},
            "field 'solve': must be true or false, got '" + "q" * 39 + "...'",
        ),
        (
            "/api/dominoes/count",
            {"set": list(range(100_000))},
            "field 'set': must be 6, 9 or 12, got [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1...",
        ),
        (
            "/api/kingdomino/score",
            {"kingdom": "C", "size": "7" * 100_000},
            "field 'size': must be 5 or 7, got '" + "7" * 39 + "...'",
        ),
        (
            "/api/results",
            {"game": "g" * 100_000, "notation": "C", "answer": {}},
            "field 'game': unknown game '" + "g" * 39 + "...'; known: kingdomino, "
            "domineering, cross, two-step",
        ),
    ],
)
def test_a_huge_value_is_quoted_cut_as_a_notation_is(
    client: FlaskClient, url: str, body: dict[str, Any], error: str
) -> None:
    # newcomer, session 9: the value was quoted whole ({input!r}): 100 kB sent, 100 kB back
    # (a 1.5 MB answer for `set`). Cut as NotationError cuts a quoted word: its first 40.
    status, answer = post(client, url, json=body)
    assert (status, answer) == (400, {"error": error})


def test_the_same_message_for_many_items_is_given_once_with_its_count(
    client: FlaskClient,
) -> None:
    # newcomer, session 9: 200,000 rounds that are not lists were answered with the same
    # message 200,000 times (a 12 MB error).
    status, answer = post(client, "/api/cross/match", json={"rounds": [5] * 1000})
    assert (status, answer) == (
        400,
        {"error": "field 'rounds': must be a list with one tile list per player (x1000)"},
    )


def test_at_most_five_different_messages_are_given_for_a_field(client: FlaskClient) -> None:
    bonus = ["a", "b", "c", "d", "e", "f", "g", "middle"]
    status, answer = post(client, "/api/kingdomino/score", json={"kingdom": "C", "bonus": bonus})
    named = "; ".join(
        f"field 'bonus': unknown bonus '{name}': use 'middle' or 'harmony'" for name in "abcde"
    )
    assert (status, answer) == (400, {"error": f"{named}; field 'bonus': and 2 more"})


def test_cross_match_rounds_not_a_list_is_said_in_words(client: FlaskClient) -> None:
    # It was marshmallow's "Not a valid list."
    status, answer = post(client, "/api/cross/match", json={"rounds": 5})
    assert (status, answer) == (
        400,
        {"error": "field 'rounds': must be a list of rounds, each a list of tile lists"},
    )


def test_a_field_named_before_a_message_with_an_apostrophe_keeps_it_whole(
    client: FlaskClient,
) -> None:
    # newcomer, session 9: "field 'rounds': ... the opponent's ..." read the quote closing
    # 'rounds' and the apostrophe of opponent's as one quoted word over 60 characters and
    # cut it: "(player 1 or 2,...'s dance card)" on the round page.
    status, answer = post(client, "/api/two-step/match", json={"rounds": "1:5 x:3"})
    assert (status, answer) == (
        400,
        {
            "error": "field 'rounds': a round is WINNER:CARD (player 1 or 2, tiles left in "
            "the opponent's dance card) or 'feet' for two left feet at column 5 of '1:5 x:3'"
        },
    )


@pytest.mark.parametrize(
    ("sent", "error"),
    [
        ([], "field 'answer': must be a JSON object"),
        ("", "field 'answer': must be a JSON object"),
        ([1, 2], "field 'answer': must be a JSON object"),
        (None, "field 'answer': missing"),
    ],
)
def test_a_saved_answer_that_is_no_object_says_so(
    client: FlaskClient, sent: Any, error: str
) -> None:
    # Session 12 (newcomer): "answer": [] was answered "field 'answer': missing".
    status, answer = post(
        client, "/api/results", json={"game": "kingdomino", "notation": "C", "answer": sent}
    )
    assert (status, answer) == (400, {"error": error})
