"""``referee cross``: round, plays, match (in-process through ``main``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from PIL import Image

from referee_cli.main import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["cross", *argv, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    payload = json.loads(captured.out)  # exactly one JSON object
    assert isinstance(payload, dict)
    return payload


def test_round_went_out(capsys: pytest.CaptureFixture[str]) -> None:
    # Player 2 went out; 6-6 1-2 = 15 pips and 0-3 = 3 pips are left: 18 points.
    payload = run_json(capsys, "round", "6-6 1-2", "", "0-3")
    assert payload == {
        "winner": 2,
        "points": 18,
        "pips": [15, 0, 3],
        "tied": False,
        "hands": ["6-6 1-2", "", "0-3"],
    }


def test_round_blocked_lowest_wins(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(capsys, "round", "6-6 0-1", "[2|3], 1-4")
    assert payload == {  # 13 - 10
        "winner": 2,
        "points": 3,
        "pips": [13, 10],
        "tied": False,
        "hands": ["6-6 0-1", "2-3 1-4"],
    }


def test_round_blocked_tie_scores_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(capsys, "round", "1-2", "0-3", "6-6", "5-5")
    assert payload == {
        "winner": None,
        "points": 0,
        "pips": [3, 3, 12, 10],
        "tied": True,
        "hands": ["1-2", "0-3", "6-6", "5-5"],
    }


def test_round_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross", "round", "6-6 1-2", "", "0-3"]) == 0
    out = capsys.readouterr().out
    assert "winner: player 2 (went out), 18 - 0 = 18 points" in out


def test_plays_before_the_cross_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(capsys, "plays", "6-6 | N: 6-3", "--hand", "3-4 6-2 3-3")
    assert payload["plays"] == [
        {"tile": "2-6", "end": "E"},
        {"tile": "2-6", "end": "S"},
        {"tile": "2-6", "end": "W"},
    ]
    assert payload["must"] == "play"
    assert payload["open_ends"] == [
        {"end": "E", "pips": 6},
        {"end": "S", "pips": 6},
        {"end": "W", "pips": 6},
    ]
    # The table's tiles, as the web page greys them in its picker (session 11).
    assert payload["table_tiles"] == ["3-6", "6-6"]


def test_plays_on_a_later_spinner_and_variant(capsys: pytest.CaptureFixture[str]) -> None:
    layout = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"
    payload = run_json(capsys, "plays", layout, "--hand", "5-3")
    assert [(p["tile"], p["end"]) for p in payload["plays"]] == [
        ("3-5", "N"),
        ("3-5", "N2L"),
        ("3-5", "N2R"),
    ]
    payload = run_json(capsys, "plays", layout, "--hand", "5-3", "--only-first-spinner")
    assert payload["plays"] == [{"tile": "3-5", "end": "N"}]


def test_plays_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "layout.txt"
    path.write_text("6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0\n", encoding="utf-8")
    payload = run_json(capsys, "plays", str(path), "--hand", "2-4")
    assert payload["plays"] == [{"tile": "2-4", "end": "E"}]


@pytest.mark.parametrize(
    ("extra", "must"),
    [
        ([], "draw"),
        (["--boneyard", "3"], "draw"),
        (["--boneyard", "0"], "pass"),
        (["--boneyard", "2", "--last-two-never-drawn"], "pass"),
        (["--boneyard", "3", "--last-two-never-drawn"], "draw"),
    ],
)
def test_no_play_says_draw_or_pass(
    capsys: pytest.CaptureFixture[str], extra: list[str], must: str
) -> None:
    layout = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"
    payload = run_json(capsys, "plays", layout, "--hand", "4-4 5-5", *extra)
    assert payload["plays"] == [] and payload["must"] == must


def test_lead_sides_closed(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(capsys, "plays", "6-6 | N: 6-3", "--hand", "6-2 3-4", "--lead-sides-closed")
    assert payload["plays"] == [{"tile": "3-4", "end": "N"}]


def test_empty_layout_offers_the_heaviest_double(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(capsys, "plays", "", "--hand", "4-4 5-5 1-2")
    assert payload["plays"] == [{"tile": "5-5", "end": "lead"}]
    payload = run_json(capsys, "plays", "", "--hand", "1-2")
    assert payload["plays"] == [] and payload["must"] == "no lead"


def test_match(capsys: pytest.CaptureFixture[str]) -> None:
    payload = run_json(
        capsys,
        "match",
        "--target",
        "50",
        "6-6 1-2 / / 0-3",  # player 2 out: 15 + 3 = 18
        "/ 1-1 4-5 / 6-6",  # player 1 out: 11 + 12 = 23
        "1-2 / 3-0 / 2-2",  # blocked, 3 and 3 tie: nothing
        "/ 6-6 5-5 4-4 / 0-0",  # player 1 out: 30, reaches 53
    )
    assert payload["scores"] == [53, 18, 0]
    assert payload["winner"] == 1 and payload["target"] == 50


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["round", "1-2 3-4", "3-4"], "tile 3-4 appears more than once: hand 1, hand 2"),
        (["round", "3-4", "1-7"], "hand 2: 7 pips is more than a half of this set can show (6)"),
        (["round", "1-2 3-x", "3-4"], "hand 1: a tile is written a-b"),
        (["round", "", "", "1-2"], "players 1 and 2 both have empty hands"),
        (["round", "1-2"], "2 to 4 players"),
        (["round"], "Missing argument"),
        (["plays", "6-6 | N: 6-4 3-5", "--hand", "1-1"], "column 14"),
        (["plays", "6-6 | N: 6-3", "--hand", "3-6"], "tile 3-6 appears more than once"),
        (["plays", "6-6 | N: 6-3 3-4", "--hand", "1-1"], "extends before the cross is complete"),
        (["plays", "6-6", "--hand", "1-1", "--boneyard", "-1"], "--boneyard"),
        (["match", "1-2 / 3-4", "/ 1-1 / 2-2"], "round 2: a round of 3 players"),
        (["match", "--target", "75", "1-2 / 3-4"], "--target"),
        (["match", "/ 6-6 5-5 4-4 3-3 2-2 1-1 5-6", "/ 2-3", "--target", "50"], "match is over"),
        # Every fault names where it is: the round, the option.
        (["match", "1-2 / 3-4", "1-2 3-4 / 3-4"], "round 2: tile 3-4 appears more than once"),
        (["match", "1-2"], "round 1: Cross is for 2 to 4 players, got 1"),
        (["match", "/ 1-2", "/ /"], "round 2: players 1, 2 and 3 all have empty hands"),
        (["plays", "6-6", "--hand", "1-2 3-x"], "--hand: a tile is written a-b"),
        (["plays", "6-6", "--hand", "1-2 3-x"], "column 7 of '1-2 3-x'"),
        (["plays", "", "--hand", ""], "--hand: an empty hand before the lead"),
    ],
)
def test_bad_input_is_exit_2_on_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    assert main(["cross", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert fragment in captured.err


COMPLETE = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"


def test_boneyard_cannot_hold_more_tiles_than_are_left(capsys: pytest.CaptureFixture[str]) -> None:
    # 28 tiles: 5 on the table, 1 in the hand, and the other player holds at least one
    # (a player with none has gone out): at most 21 can be in the boneyard.
    assert main(["cross", "plays", COMPLETE, "--hand", "4-4", "--boneyard", "22"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "--boneyard: 22 tiles" in captured.err and "at most 21" in captured.err


@pytest.mark.parametrize("layout", [COMPLETE, ""])
def test_boneyard_never_holds_more_than_sixteen(
    capsys: pytest.CaptureFixture[str], layout: str
) -> None:
    # rules/cross.txt: the boneyard is what the deal leaves. 2 players dealt 7 each leave
    # 28 - 14 = 14; with the variant "6 dominoes regardless", 28 - 12 = 16, the most of any
    # deal (3 players: 28 - 18 = 10; 4 players: 28 - 20 = 8); tiles only leave it.
    hand = "4-4" if layout else "4-4 5-5"
    payload = run_json(capsys, "plays", layout, "--hand", hand, "--boneyard", "16")
    assert payload["must"] == ("draw" if layout else "play")
    assert main(["cross", "plays", layout, "--hand", hand, "--boneyard", "17"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "--boneyard: 17 tiles cannot be left" in captured.err
    assert "never holds more than 16" in captured.err


def test_boneyard_bound_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross", "plays", "--help"]) == 0
    assert "(at most 16)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    ("round_", "named"),
    [
        ("sample_photos/hand-1.jpg / 2-2", "'sample_photos/hand-1.jpg'"),
        ("sample_photos / 2-2", "'sample_photos'"),
        ("1-1 / IMG_0042.JPEG", "'IMG_0042.JPEG'"),
    ],
)
def test_match_takes_tile_lists_not_photos(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, round_: str, named: str
) -> None:
    # Newcomer, session 10: the "/" of a path was read as the hands' separator, and the
    # answer ("'sample_photos' is a directory...") named no round.
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    assert main(["cross", "match", "1-2 / 3-4", round_]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert f"round 2: {named} is a photo or a file" in captured.err
    assert "match takes each round's hands as tile lists" in captured.err


def test_match_help_says_tile_lists_not_photos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross", "match", "--help"]) == 0
    assert "tile lists only, not photos" in " ".join(capsys.readouterr().out.split())


def test_an_empty_hand_has_gone_out(capsys: pytest.CaptureFixture[str]) -> None:
    # rules/cross.txt: the round is over once a player has set their last tile; such a
    # player neither draws nor passes.
    payload = run_json(capsys, "plays", COMPLETE, "--hand", "", "--boneyard", "3")
    assert payload["plays"] == [] and payload["must"] == "out"
    assert "round is over" in payload["reason"]


def test_a_directory_is_not_a_layout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["cross", "plays", str(tmp_path), "--hand", "1-2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "LAYOUT: " in captured.err and "is a directory" in captured.err


def test_round_text_one_pip_one_point(capsys: pytest.CaptureFixture[str]) -> None:
    # By hand: blocked, 1 pip against 2; player 1 scores 2 - 1 = 1 point.
    assert main(["cross", "round", "0-1", "0-2"]) == 0
    assert capsys.readouterr().out == (
        "player 1: 1 pip\nplayer 2: 2 pips\nwinner: player 1 (lowest pip total), 2 - 1 = 1 point\n"
    )


def test_round_refuses_a_hand_photo_with_no_tile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An empty hand means "went out" (rules/cross.txt): a photo of a bare table must not
    # score the round as if player 1 had gone out.
    table = tmp_path / "table.png"
    assert cv2.imwrite(str(table), np.full((600, 800, 3), (40, 90, 30), np.uint8))  # felt
    assert main(["cross", "round", str(table), "1-1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("referee: error: hand 1: no domino tile found in the photo")
    assert captured.err.count("\n") == 1


def test_round_a_missing_hand_photo_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A photo name that is no file was read as tiles: "a tile is written a-b ...".
    absent = str(tmp_path / "hand.jpg")
    assert main(["cross", "round", absent, "6-6"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"referee: error: hand 1: no such file {absent!r}\n"


def test_round_a_hand_file_that_is_no_photo_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Session 12 (newcomer): a PDF given for a hand was told "a tile is written a-b ...
    # of '/path/real.pdf'"; a missing .pdf the same.
    pdf = tmp_path / "hand.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%\xe2\xe3\n")
    assert main(["cross", "round", str(pdf), "6-6"]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: hand 1: {str(pdf)!r} is a file but not a photo (JPEG, PNG, WebP, "
        "HEIC, ...): write the hand as tiles, or give a photo of it\n"
    )
    absent = str(tmp_path / "gone.pdf")
    assert main(["cross", "round", "6-6", absent]) == 2
    assert capsys.readouterr().err == f"referee: error: hand 2: no such file {absent!r}\n"


def test_round_a_gif_hand_photo_is_read_as_a_photo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A .gif was not taken for a photo: its name was parsed as tiles.  It is a photo, in a
    # format not read (session 10: JPEG, PNG or WebP), which the photo branch names.
    photo = tmp_path / "hand.gif"
    Image.new("RGB", (200, 100), (30, 90, 40)).save(photo)
    assert main(["cross", "round", str(photo), "6-6"]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: hand 1: {photo}: an image in GIF format, which Referee does not "
        "read: send the photo as JPEG, PNG or WebP\n"
    )


def test_round_a_hand_photo_named_without_an_image_suffix_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A photo saved without a suffix was parsed as tiles: "a tile is written a-b ...".
    samples = Path(__file__).resolve().parents[2] / "sample_photos"
    photo = tmp_path / "IMG_0412"
    photo.write_bytes((samples / "hand-1.jpg").read_bytes())
    expected = json.loads((samples / "hand-1.json").read_text())["total"]
    assert run_json(capsys, "round", str(photo), "6-6")["pips"] == [expected, 12]


def test_round_shows_the_tiles_read_in_a_hand_photo(capsys: pytest.CaptureFixture[str]) -> None:
    # hand-1.jpg holds 3-3 4-6 1-6 0-0 0-4 (its labels beside it): 27 pips against 6-6.
    samples = Path(__file__).resolve().parents[2] / "sample_photos"
    photo = samples / "hand-1.jpg"
    labelled = json.loads((samples / "hand-1.json").read_text())["tiles"]
    payload = run_json(capsys, "round", str(photo), "6-6")
    seen = sorted(
        sorted(int(half) for half in tile.split("-")) for tile in payload["hands"][0].split()
    )
    assert seen == sorted(sorted(tile) for tile in labelled)
    assert payload["hands"][1] == "6-6"
    assert main(["cross", "round", str(photo), "6-6"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("player 1: 27 pips (") and first.endswith(f", read from {photo})")
    assert first[len("player 1: 27 pips (") :].split(", read from")[0] == payload["hands"][0]


def test_round_a_directory_is_not_a_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["cross", "round", str(tmp_path), "6-6"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"referee: error: hand 1: {str(tmp_path)!r} is a directory, not a hand or a photo of one\n"
    )


def test_a_layout_the_rules_cannot_reach_is_a_layout_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 10: said without "LAYOUT:", which the layout's other errors start with.
    assert main(["cross", "plays", "6-6 | N: 6-3 3-4", "--hand", "1-1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "referee: error: LAYOUT: arm N extends before the cross is complete (open sides: E, S, W)\n"
    )


def test_a_huge_boneyard_is_said_too_large(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cross", "plays", "6-6", "--hand", "1-1", "--boneyard", str(10**40)]) == 2
    err = capsys.readouterr().err
    assert "--boneyard: too large (a million tiles or more)" in err
    assert str(10**40) not in err


def test_a_tile_twice_names_what_a_hand_photo_was_read_as(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 11 (newcomer): `cross plays "6-6 | N: 6-3 | E: 6-2 ..." --hand hand-dark-8.jpg`
    # said only "tile 2-6 appears more than once: the layout, the hand": a tile the player
    # never typed. hand-dark-8.jpg holds 1-1 2-1 0-4 4-6 0-5 2-6 (its labels beside it), so
    # 2-6 is on this table and in the photo; the photo's reading is named.
    samples = Path(__file__).resolve().parents[2] / "sample_photos"
    photo = samples / "hand-dark-8.jpg"
    layout = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"
    assert main(["cross", "plays", layout, "--hand", str(photo)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "tile 2-6 appears more than once: the layout, the hand" in err
    assert f"(the hand was read from the photo {photo} as " in err
    read = err.split(" as ", 1)[1].split(":")[0].split()
    assert sorted(sorted(map(int, t.split("-"))) for t in read) == sorted(
        sorted(t) for t in json.loads((samples / "hand-dark-8.json").read_text())["tiles"]
    )
    # A round: hand 1 is the photo, hand 2 typed; 6-6 is in hand-2.jpg (its labels).
    photo2 = samples / "hand-2.jpg"
    assert [6, 6] in json.loads((samples / "hand-2.json").read_text())["tiles"]
    assert main(["cross", "round", str(photo2), "6-6"]) == 2
    err = capsys.readouterr().err
    assert "tile 6-6 appears more than once: hand 1, hand 2 (hand 1 was read from the photo" in err
    assert f"{photo2} as " in err and "hand 2 was read" not in err
    # Typed hands alone: the message as before, nothing added.
    assert main(["cross", "round", "6-6", "6-6"]) == 2
    assert capsys.readouterr().err == (
        "referee: error: tile 6-6 appears more than once: hand 1, hand 2\n"
    )
