"""``POST /api/cross/plays``: "may I play this here?" on the web (session 10).

The answer is the CLI's ``referee cross plays --json`` (one engine call,
``referee.cross.advise``); expected plays are worked by hand from ``rules/cross.txt``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee_cli.main import main

URL = "/api/cross/plays"
#: The cross complete: open ends N 3, E 2, S 1, W 0.
COMPLETE = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"
#: As COMPLETE with the 3-3 spinner on the north arm: N, N2L, N2R show 3.
SPINNER = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def post(client: FlaskClient, **fields: Any) -> tuple[int, dict[str, Any]]:
    response = client.post(URL, json=fields)
    return response.status_code, response.get_json()


def test_plays_worked_by_hand(client: FlaskClient) -> None:
    # 0-0 fits W (0), 1-1 S (1), 2-4 E (2), 3-5 the three 3s of the spinner; 4-5 nothing.
    status, answer = post(client, layout=SPINNER, hand="4-5 3-5 2-4 1-1 0-0")
    assert status == 200
    assert [(p["tile"], p["end"]) for p in answer["plays"]] == [
        ("0-0", "W"),
        ("1-1", "S"),
        ("2-4", "E"),
        ("3-5", "N"),
        ("3-5", "N2L"),
        ("3-5", "N2R"),
    ]
    assert answer["must"] == "play"
    assert answer["hand"] == "4-5 3-5 2-4 1-1 0-0"
    assert [e["end"] for e in answer["open_ends"]] == ["N", "N2L", "N2R", "E", "S", "W"]


def test_variants_are_switches(client: FlaskClient) -> None:
    # Only the first double a spinner: the 3-3 opens no branch.
    _, answer = post(client, layout=SPINNER, hand="3-5", only_first_spinner=True)
    assert [(p["tile"], p["end"]) for p in answer["plays"]] == [("3-5", "N")]
    # The closing variant in effect: 5-5 led, 5-1 on E, the empty sides closed.
    _, answer = post(client, layout="5-5 | E: 5-1", hand="1-2 0-5", lead_sides_closed="true")
    assert [(p["tile"], p["end"]) for p in answer["plays"]] == [("1-2", "E")]
    _, answer = post(client, layout="5-5 | E: 5-1", hand="1-2 0-5")
    assert [(p["tile"], p["end"]) for p in answer["plays"]] == [
        ("0-5", "N"),
        ("0-5", "S"),
        ("0-5", "W"),
    ]


@pytest.mark.parametrize(
    ("extra", "must"),
    [
        ({}, "draw"),
        ({"boneyard": 1}, "draw"),
        ({"boneyard": 0}, "pass"),
        ({"boneyard": 2, "last_two_never_drawn": True}, "pass"),
        ({"boneyard": "3", "last_two_never_drawn": "yes"}, "draw"),
    ],
)
def test_no_play_is_draw_or_pass_by_the_boneyard(
    client: FlaskClient, extra: dict[str, Any], must: str
) -> None:
    status, answer = post(client, layout=COMPLETE, hand="4-4 5-5", **extra)
    assert status == 200
    assert answer["plays"] == [] and answer["must"] == must


def test_empty_table_and_an_empty_hand(client: FlaskClient) -> None:
    _, answer = post(client, layout="", hand="4-4 5-5 1-2")
    assert answer["plays"] == [{"tile": "5-5", "end": "lead"}]
    _, answer = post(client, layout="", hand="1-2")
    assert answer["must"] == "no lead"
    _, answer = post(client, layout=COMPLETE, hand="")
    assert answer["must"] == "out"
    # A form sends the same (the empty table as an empty field).
    response = client.post(URL, data={"layout": "", "hand": "4-4"})
    assert response.status_code == 200
    assert response.get_json()["plays"] == [{"tile": "4-4", "end": "lead"}]


@pytest.mark.parametrize(
    ("fields", "status", "error"),
    [
        ({"hand": "1-1"}, 400, "field 'layout': missing"),
        ({"layout": "6-6"}, 400, "field 'hand': missing"),
        (
            {"layout": "6-6 | N: 6-4 3-5", "hand": "1-1"},
            400,
            "field 'layout': 3-5 does not match the 4 it is played on at column 14 of "
            "'6-6 | N: 6-4 3-5'",
        ),
        ({"layout": "6-6", "hand": "1-2 3-x"}, 400, "field 'hand': a tile is written"),
        ({"layout": "6-6", "hand": "1-7"}, 400, "field 'hand': 7 pips is more than"),
        ({"layout": "6-6", "hand": "1-1", "boneyard": -1}, 400, "field 'boneyard': must be 0"),
        ({"layout": "6-6", "hand": "1-1", "boneyard": "x"}, 400, "must be a whole number"),
        (
            {"layout": "6-6", "hand": "1-1", "only_first_spinner": "maybe"},
            400,
            "field 'only_first_spinner': must be true or false, got 'maybe'",
        ),
        ({"layout": "6-6", "hand": "1-1", "bonyard": 3}, 400, "unknown field 'bonyard'"),
        # Impossible positions: a tile both in the hand and on the table, a tile twice in
        # the hand, an arm extended before the cross is complete, too large a boneyard.
        ({"layout": "6-6 | N: 6-3", "hand": "3-6"}, 422, "tile 3-6 appears more than once"),
        ({"layout": "6-6", "hand": "1-1 1-1"}, 422, "tile 1-1 appears more than once"),
        (
            {"layout": "6-6 | N: 6-3 3-4", "hand": "1-1"},
            422,
            "arm N extends before the cross is complete",
        ),
        (
            {"layout": COMPLETE, "hand": "4-4", "boneyard": 17},
            422,
            "field 'boneyard': 17 tiles cannot be left: a Cross boneyard never holds more than 16",
        ),
        (
            {"layout": COMPLETE, "hand": "4-4", "boneyard": 22},
            422,
            "field 'boneyard': 22 tiles cannot be left: 5 on the table, 1 in the hand and at "
            "least 1 in another hand leave at most 21 unseen, and a Cross boneyard never "
            "holds more than 16",
        ),
        ({"layout": "", "hand": ""}, 422, "field 'hand': an empty hand before the lead"),
    ],
)
def test_errors_name_the_field(
    client: FlaskClient, fields: dict[str, Any], status: int, error: str
) -> None:
    got, answer = post(client, **fields)
    assert got == status
    assert error in answer["error"]


def test_boneyard_error_says_the_real_bound(client: FlaskClient) -> None:
    # Session 10 newcomer: the lead alone on the table and one tile in the hand leave 26
    # tiles unseen, 25 once another hand holds one; but no deal leaves more than 16 in the
    # boneyard (2 players dealt 6 each, rules/cross.txt). 26 was refused saying "the
    # boneyard holds at most 25", a bound that 17 already broke.
    status, answer = post(client, layout="6-6", hand="1-1", boneyard=26)
    assert status == 422
    assert "the boneyard holds at most 25" not in answer["error"]
    assert answer["error"].startswith("field 'boneyard': 26 tiles cannot be left: ")
    assert "a Cross boneyard never holds more than 16" in answer["error"]
    # Late in a round the tiles seen bound it more tightly, and that bound is said:
    # 14 on the table, 6 in the hand, 1 in another hand: 28 - 21 = 7.
    late = "6-6 | N: 6-5 5-5[L: 5-4 | R: 5-3] 5-2 | E: 6-4 4-4 4-3 | S: 6-3 3-3 3-2 2-2 | W: 6-2"
    status, answer = post(client, layout=late, hand="0-0 0-1 1-1 0-2 1-2 0-3", boneyard=8)
    assert status == 422 and answer["error"].endswith("the boneyard holds at most 7")


@pytest.mark.parametrize(
    ("layout", "hand", "error"),
    [
        # Before the lead nobody has drawn: 2 players are dealt 7 each, the most of any deal.
        (
            "",
            "0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1",
            "the hand holds 8 tiles before the lead, when nobody has drawn yet: a deal gives "
            "at most 7",
        ),
        # Every tile of the set in one hand, before the lead: was "6-6 as the lead".
        (
            "",
            " ".join(f"{a}-{b}" for a in range(7) for b in range(a, 7)),
            "the hand holds 28 tiles before the lead",
        ),
        # After the lead: 6 dealt (the variant) and all 16 of the boneyard drawn is 22.
        (
            "6-6",
            " ".join(f"{a}-{b}" for a in range(7) for b in range(a, 7))[: 23 * 4 - 1],
            "the hand holds 23 tiles: a Cross hand never holds more than 22",
        ),
        # 14 on the table and 14 in the hand leave none for the other player.
        (
            "6-6 | N: 6-5 5-5[L: 5-4 | R: 5-3] 5-2 | E: 6-4 4-4 4-3 | S: 6-3 3-3 3-2 2-2 | W: 6-2",
            "0-0 0-1 1-1 0-2 1-2 0-3 1-3 0-4 1-4 0-5 1-5 0-6 1-6 2-4",
            "the hand holds 14 tiles and the table 14: with the 28 tiles of the set, another "
            "player must hold at least 1",
        ),
    ],
)
def test_a_hand_no_round_gives_is_impossible(
    client: FlaskClient, layout: str, hand: str, error: str
) -> None:
    # rules/cross.txt: 2 players draw 7 each, 3 draw 6, 4 draw 5 (variant: 6 each), the
    # rest is the boneyard; a hand grows only by drawing from it, once the lead is set.
    status, answer = post(client, layout=layout, hand=hand)
    assert status == 422
    assert answer["error"].startswith(error)


def test_the_largest_hands_a_round_gives_are_answered(client: FlaskClient) -> None:
    # 7 dealt, before the lead; 22 after it (6 dealt, 16 drawn): answered, not refused.
    status, answer = post(client, layout="", hand="0-0 0-1 0-2 0-3 0-4 0-5 0-6")
    assert status == 200 and answer["plays"] == [{"tile": "0-0", "end": "lead"}]
    hand = " ".join(f"{a}-{b}" for a in range(6) for b in range(a, 6))[: 21 * 4 - 1]
    status, answer = post(client, layout="6-6", hand=hand + " 0-6")
    assert status == 200 and len(answer["hand"].split()) == 22
    assert [p["tile"] for p in answer["plays"]] == ["0-6"] * 4


def test_boneyard_of_sixteen_is_taken(client: FlaskClient) -> None:
    # 2 players dealt 6 each (the variant) leave 28 - 12 = 16: the largest boneyard.
    status, answer = post(client, layout=COMPLETE, hand="4-4", boneyard=16)
    assert status == 200 and answer["must"] == "draw"


@pytest.mark.parametrize(
    "argv",
    [
        [SPINNER, "--hand", "4-5 3-5 2-4 1-1 0-0"],
        [SPINNER, "--hand", "3-5", "--only-first-spinner"],
        [COMPLETE, "--hand", "4-4 5-5", "--boneyard", "2", "--last-two-never-drawn"],
        ["5-5 | E: 5-1", "--hand", "1-2 0-5", "--lead-sides-closed"],
        ["", "--hand", "1-2"],
        [COMPLETE, "--hand", ""],
    ],
)
def test_same_answer_as_the_cli(
    client: FlaskClient, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(["cross", "plays", *argv, "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    fields: dict[str, Any] = {"layout": argv[0], "hand": argv[2]}
    flags = argv[3:]
    if "--boneyard" in flags:
        fields["boneyard"] = int(flags[flags.index("--boneyard") + 1])
    for flag in ("--only-first-spinner", "--last-two-never-drawn", "--lead-sides-closed"):
        fields[flag[2:].replace("-", "_")] = flag in flags
    status, answer = post(client, **fields)
    assert status == 200
    assert answer == cli


def test_a_hand_photo(client: FlaskClient) -> None:
    # sample_photos/hand-1.json labels the rendered hand: 3-3 4-6 1-6 0-0 0-4 (27 pips).
    # On the lead 6-6 alone, 4-6 and 1-6 go on each of the four sides (worked by hand).
    label = json.loads((SAMPLES / "hand-1.json").read_text(encoding="utf-8"))
    tiles = sorted(f"{min(a, b)}-{max(a, b)}" for a, b in label["tiles"])
    assert tiles == ["0-0", "0-4", "1-6", "3-3", "4-6"]
    with (SAMPLES / "hand-1.jpg").open("rb") as photo:
        data = {"layout": "6-6", "photo": (photo, "hand.jpg")}
        response = client.post(URL, data=data, content_type="multipart/form-data")
    assert response.status_code == 200
    answer = response.get_json()
    assert sorted(answer["hand"].split()) == tiles
    assert [(p["tile"], p["end"]) for p in answer["plays"]] == [
        (tile, end) for tile in ("1-6", "4-6") for end in "NESW"
    ]
    assert answer["reading"]["total"] == label["total"] and answer["reading"]["overlay"]


def test_a_photo_with_the_hand_typed_is_400(client: FlaskClient, jpeg_bytes: bytes) -> None:
    data = {"layout": "6-6", "hand": "1-1", "photo": (io.BytesIO(jpeg_bytes), "hand.jpg")}
    response = client.post(URL, data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    assert response.get_json()["error"] == (
        "send either a photo 'photo' or a hand 'hand', not both"
    )


def test_a_photo_of_no_tile_is_422(client: FlaskClient, jpeg_bytes: bytes) -> None:
    # A grey picture: no tile. An empty hand would say "you went out": refused instead.
    data = {"layout": "6-6", "photo": (io.BytesIO(jpeg_bytes), "hand.jpg")}
    response = client.post(URL, data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    assert response.get_json()["error"] == (
        "hand.jpg: no domino tile found in the photo: lay the tiles face up, apart, and "
        "photograph them from above"
    )


def test_a_file_not_an_image_is_415(client: FlaskClient) -> None:
    data = {"layout": "6-6", "photo": (io.BytesIO(b"6-6 1-1\nnot a photo"), "hand.txt")}
    response = client.post(URL, data=data, content_type="multipart/form-data")
    assert response.status_code == 415
    assert "not an image" in response.get_json()["error"]


def test_a_long_layout_is_413(client: FlaskClient, app: Flask) -> None:
    app.config["MAX_FORM_MEMORY_SIZE"] = 1000
    data = {"layout": "6-6 " * 500, "hand": "1-1"}
    response = client.post(URL, data=data, content_type="multipart/form-data")
    assert response.status_code == 413
    assert response.get_json()["error"].startswith("a text field is larger than the 1 kB")


def test_a_table_the_rules_cannot_reach_is_named_as_the_table(client: FlaskClient) -> None:
    # Session 10: "arm N extends before the cross is complete" came without the field,
    # so the page could not say "The table: ..." as it does for the layout's other faults.
    # rules/cross.txt: the lead's four sides are taken before any arm goes on.
    status, answer = post(client, layout="6-6 | N: 6-3 3-4", hand="1-1")
    assert status == 422
    assert answer["error"] == (
        "field 'layout': arm N extends before the cross is complete (open sides: E, S, W)"
    )
    status, answer = post(
        client, layout="6-6 | N: 6-3 3-3[L: 3-1]", hand="1-1", only_first_spinner=True
    )
    assert status == 422
    assert answer["error"].startswith("field 'layout': arm N has branches")


@pytest.mark.parametrize(
    ("sent", "status", "error"),
    [
        # JSON 1e308 is a whole number of 309 digits: it was written out in full.
        (
            1e308,
            422,
            "field 'boneyard': too large (a million tiles or more): a Cross "
            "boneyard never holds more than 16 (rules/cross.txt)",
        ),
        (10**400, 422, "field 'boneyard': too large (a million tiles or more)"),
        (-1e308, 400, "field 'boneyard': must be 0 or more, got a negative number too large"),
        # Short numbers are still said as sent.
        (-3, 400, "field 'boneyard': must be 0 or more, got -3"),
        (999_999, 422, "field 'boneyard': 999999 tiles cannot be left"),
    ],
    ids=["1e308", "10**400", "-1e308", "-3", "999999"],
)
def test_a_huge_boneyard_is_said_too_large(
    client: FlaskClient, sent: float, status: int, error: str
) -> None:
    got, answer = post(client, layout="6-6", hand="1-1", boneyard=sent)
    assert got == status
    assert answer["error"].startswith(error)
    assert "0000000" not in answer["error"]  # no 309 digits


def test_a_draw_on_a_table_no_tile_can_fit_says_the_round_will_block(
    client: FlaskClient,
) -> None:
    # Worked by hand: the open ends show 3 and 6, and all seven tiles with a 3 and all
    # seven with a 6 are on the table: nobody can ever play, so after the draws the round
    # is blocked (rules/cross.txt). Still "draw": the rules require it.
    dead = "6-6 | N: 6-2 2-3 3-3 | E: 6-0 0-3 | S: 6-5 5-3 3-1 1-6 | W: 6-4 4-3 3-6"
    status, answer = post(client, layout=dead, hand="0-0 1-2 4-5", boneyard=4)
    assert status == 200
    assert answer["must"] == "draw" and answer["plays"] == []
    assert answer["reason"] == (
        "no play: draw one tile (4 may be drawn); no tile can ever fit an open end (every "
        "tile with a 3 or a 6 is on the table), so the round will be blocked once nothing "
        "may be drawn"
    )


def test_the_tables_tiles_come_back_for_the_picker(client: FlaskClient) -> None:
    # Session 11: the page greys the table's tiles in its picker from the referee's own
    # reading of the table, never a second parser. SPINNER holds, by hand: the lead 6-6,
    # 6-3 and 3-3 north, 6-2 east, 6-1 south, 6-0 west.
    on_table = ["0-6", "1-6", "2-6", "3-3", "3-6", "6-6"]
    status, answer = post(client, layout=SPINNER, hand="3-5")
    assert status == 200
    assert answer["table_tiles"] == on_table
    _, answer = post(client, layout="", hand="4-4")
    assert answer["table_tiles"] == []
    # A refusal once the table is read carries them too: the tile in both is named and
    # the page can show it on the table.
    status, answer = post(client, layout=SPINNER, hand="3-5 2-6")
    assert status == 422
    assert answer["error"] == "tile 2-6 appears more than once: the layout, the hand"
    assert answer["table_tiles"] == on_table
    status, answer = post(client, layout=SPINNER, hand="3-x")
    assert status == 400 and answer["table_tiles"] == on_table
    status, answer = post(client, layout=SPINNER, hand="3-5", boneyard=17)
    assert status == 422 and answer["table_tiles"] == on_table
    # A table that does not read has no tiles to give.
    status, answer = post(client, layout="6-6 | N: 6-4 3-5", hand="1-1")
    assert status == 400 and "table_tiles" not in answer
