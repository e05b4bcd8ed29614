"""``referee kingdomino``: score, place, placements, compare (in-process, via ``main``)."""

from __future__ import annotations

import io
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from referee.kingdomino import parse_kingdom, score
from referee_cli.main import main

TWO_WHEAT = "W1 W W . W2/. . . . W/. . C . ."
LONE = ". . . . ./. . . . ./. . C . ./. . . . ./. . . . ."
FULL = "W W W W W/F F F F F1/W W C W W/F F F F F/W W W W W"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["kingdomino", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_score_text_one_line_per_domain(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", TWO_WHEAT)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "wheat: 3 squares x 1 crown = 3",
        "wheat: 2 squares x 2 crowns = 4",
        "score: 7",
        "bonuses: middle kingdom 0, harmony 0",
        "total: 7",
        # Row 1, column 5: E1, as the pages name it (session 10; it was "(0, 4)").
        "warning: E1 is wheat with 2 crowns: no wheat square in the tile set has more than 1",
    ]


def test_score_text_names_squares_as_the_pages_do_and_json_keeps_row_col(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 10: the CLI said "(2, 1)" where the pages and saved results say "B3"
    # (column letter, row from 1).  Castles at row 0 col 0 and row 2 col 1: A1 and B3;
    # the castle at B3 shows a crown it cannot have.
    kingdom = "C W W/W W W/W C1 W"
    status, out, _ = run(capsys, "score", kingdom)
    assert status == 0
    assert [line for line in out.splitlines() if line.startswith("warning:")] == [
        "warning: B3 is the castle with 1 crown: it shows no crowns",
        "warning: 2 castles at A1, B3: a kingdom has one castle",
    ]
    status, out, _ = run(capsys, "score", kingdom, "--json")
    assert json.loads(out)["warnings"] == [
        "(2, 1) is the castle with 1 crown: it shows no crowns",
        "2 castles at (0, 0), (2, 1): a kingdom has one castle",
    ]


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "C F1/. F", "--json")
    assert status == 0
    assert json.loads(out) == {
        "squares": [
            [{"terrain": "castle", "crowns": 0}, {"terrain": "forest", "crowns": 1}],
            [{"terrain": "empty", "crowns": 0}, {"terrain": "forest", "crowns": 0}],
        ],
        "domains": [{"terrain": "forest", "squares": 2, "crowns": 1, "points": 2}],
        "score": 2,
        "bonuses": {"middle_kingdom": 0, "harmony": 0},
        "total": 2,
        "warnings": [],
    }


def test_score_with_both_bonuses(capsys: pytest.CaptureFixture[str]) -> None:
    # forest rows 1 and 3 are separate domains: row 1 has 5 squares and 1 crown
    status, out, _ = run(capsys, "score", FULL, "--bonus", "middle", "--bonus", "harmony", "--json")
    payload = json.loads(out)
    assert status == 0
    assert (payload["score"], payload["bonuses"], payload["total"]) == (
        5,
        {"middle_kingdom": 10, "harmony": 5},
        20,
    )
    status, out, _ = run(capsys, "score", FULL, "--bonus", "harmony")
    assert "bonuses: middle kingdom 0, harmony 5" in out.splitlines()


def test_score_reads_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "kingdom.txt"
    path.write_text(TWO_WHEAT.replace("/", "\n") + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "score", str(path), "--json")
    assert status == 0 and json.loads(out)["score"] == 7


def test_score_a_directory_or_a_file_with_a_byte_order_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "score", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: KINGDOM: {str(tmp_path)!r} is a directory, "
        "not a notation or a file holding one\n"
    )
    argv = ["place", "/dev/null", "--domino", "F L", "--at", "0,0", "--toward", "up"]
    status, out, err = run(capsys, *argv)
    assert status == 2 and err == (
        "referee: error: GRID: '/dev/null' is a device, not a notation or a file holding one\n"
    )
    # A binary file whose name holds a line break: still one line.
    binary = tmp_path / "two\nlines.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    status, out, err = run(capsys, "score", str(binary))
    assert (status, out) == (2, "") and err.count("\n") == 1 and "not a text file" in err
    # A file saved by a Windows editor: byte-order mark and CRLF line ends.
    path = tmp_path / "kingdom.txt"
    path.write_bytes("\ufeffW1 W W . W2\r\n. . . . W\r\n. . C . .\r\n".encode())
    status, out, _ = run(capsys, "score", str(path), "--json")
    assert status == 0 and json.loads(out)["score"] == 7


def test_score_bad_notation_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "W1 W X")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "unknown terrain letter 'X'" in err and "column 6" in err and "row 1" in err


_UNKNOWN_X = "unknown terrain letter 'X' (expected one of W F L G S M C .)"


@pytest.mark.parametrize("how", ["argument", "file", "stdin"])
def test_score_error_on_many_rows_names_the_column_in_the_row_named(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    # Session 12: "in row 1 at column 2 of 'C....\n.....\n..X..\n.....\n.....'": the
    # column counted in the whole text, which was quoted with its line breaks.  Row 3 is
    # "..X..": the X is its third square (the row, typed compact, is read square by square).
    text = "C....\n.....\n..X..\n.....\n....."
    value = text
    if how == "file":
        path = tmp_path / "kingdom.txt"
        path.write_text(text + "\n", encoding="utf-8")
        value = str(path)
    elif how == "stdin":
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        value = "-"
    status, out, err = run(capsys, "score", value)
    assert (status, out) == (2, "")
    assert err == f"referee: error: KINGDOM: {_UNKNOWN_X} in row 3 at column 3 of '..X..'\n"
    # Spaced, on lines or joined by "/": the same row, its column counted within it.
    for joined in ("\n", "/", " / "):
        spaced = joined.join(["C . . . .", ". . . . .", ". . X . .", ". . . . .", ". . . . ."])
        status, out, err = run(capsys, "score", spaced)
        assert (status, out) == (2, "")
        assert err == f"referee: error: KINGDOM: {_UNKNOWN_X} in row 3 at column 5 of '. . X . .'\n"


def test_score_a_kingdom_typed_compact(capsys: pytest.CaptureFixture[str]) -> None:
    # W1WW.W2/....W/..C..: the README's two wheat domains (3 x 1 and 2 x 2 = 7).
    status, out, err = run(capsys, "score", "W1WW.W2\n....W\n..C..", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["score"] == 7


def test_compare_names_the_kingdom_and_the_row(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "compare", "C F1 F", "C L1 L\nW X W")
    assert (status, out) == (2, "")
    assert err == f"referee: error: kingdom 2: {_UNKNOWN_X} in row 2 at column 3 of 'W X W'\n"


def test_score_overlay_needs_a_photo(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "score", TWO_WHEAT, "--overlay", "out.png")
    assert status == 2 and "--overlay needs a photo" in err


def test_score_overlay_with_a_missing_photo_says_no_such_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Session 11: run from a folder without sample_photos/, it said "--overlay needs a
    # photo, not a notation", as if the photo's name were a notation.
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "score", "sample_photos/kingdom-1.jpg", "--overlay", "x.png")
    assert (status, out) == (2, "")
    assert err == "referee: error: KINGDOM: no such file 'sample_photos/kingdom-1.jpg'\n"


def test_photo_goes_to_score_photo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    photo = tmp_path / "kingdom.jpg"
    photo.write_bytes(b"not really a jpeg")
    calls: list[tuple[str, dict[str, Any]]] = []

    def score_photo(path: str, **options: Any) -> Any:
        calls.append((path, options))
        return score(parse_kingdom(FULL), middle_kingdom=options["middle_kingdom"])

    fake = types.ModuleType("vision.kingdomino")
    fake.score_photo = score_photo  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vision.kingdomino", fake)
    overlay = str(tmp_path / "overlay.png")
    status, out, _ = run(
        capsys, "score", str(photo), "--bonus", "middle", "--overlay", overlay, "--json"
    )
    assert status == 0
    options = {"middle_kingdom": True, "harmony": False, "size": None, "overlay": overlay}
    assert calls == [(str(photo), options)]
    assert json.loads(out)["total"] == 15


def test_place_legal_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "place", LONE, "--domino", "F1 L", "--at", "1,2", "--toward", "up", "--json"
    )
    assert status == 0
    assert json.loads(out) == {"legal": True, "reason": "legal: (1, 2) touches the castle"}


def test_place_illegal_exits_1_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "place", LONE, "--domino", "F1 L", "--at", "0,4", "--toward", "right"
    )
    assert (status, err) == (1, "")
    # (0, 4) and (0, 5): beyond the typed 5x5 but inside a 5x5 frame (columns 2..5);
    # neither touches the castle at (2, 2) (session 12: "outside the grid" before).
    assert out == "illegal: no side touches the castle or a matching terrain\n"
    status, out, _ = run(
        capsys, "place", LONE, "--domino", "F1 L", "--at", "0,6", "--toward", "right"
    )
    assert (status, out) == (
        1,
        "illegal: the kingdom would span 6 columns, more than the 5x5 frame\n",
    )
    status, out, _ = run(
        capsys, "place", LONE, "--domino", "F1 L", "--at", "0,0", "--toward", "down", "--json"
    )
    assert status == 1
    assert json.loads(out) == {
        "legal": False,
        "reason": "no side touches the castle or a matching terrain",
    }


def test_place_frame_size_option(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "C W W W . . ."
    argv = ["place", grid, "--domino", "W W", "--at", "0,4", "--toward", "right"]
    status, out, _ = run(capsys, *argv)  # columns 0..5: 6
    assert (status, out) == (
        1,
        "illegal: the kingdom would span 6 columns, more than the 5x5 frame\n",
    )
    status, out, _ = run(capsys, *argv, "--size", "7")
    assert (status, out) == (0, "legal: (0, 4) touches wheat at (0, 3)\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--domino", "F1 L", "--at", "2", "--toward", "up"], "--at: expected a square"),
        (["--domino", "F1", "--at", "1,2", "--toward", "up"], "--domino: a domino is two squares"),
        (["--domino", "C L", "--at", "1,2", "--toward", "up"], "--domino: a domino square is a"),
        (["--domino", "F1 L!", "--at", "1,2", "--toward", "up"], "--domino: bad square 'L!'"),
        (["--domino", "F L", "--at", "1,2", "--toward", "up", "--size", "6"], "6"),
        (["--domino", "F L", "--at", "1,2", "--toward", "sideways"], "sideways"),
    ],
)
def test_place_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, "place", LONE, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and words in err


# The forms --at accepts, both said whenever a value is refused (session 11).
AT_FORMS = (
    "expected a square as the board names it, such as A3 (column letter, row from 1), or "
    "ROW,COL from 0, such as 2,0 (the same square)"
)


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        # On LONE (castle at row 2, column 2, i.e. C3), by hand: C2 is the square above
        # the castle, row 1 column 2; the domino's second square goes up, to C1.
        ("C2", "legal: C2 touches the castle"),
        ("c2", "legal: C2 touches the castle"),
        (" C2 ", "legal: C2 touches the castle"),
        ("1,2", "legal: (1, 2) touches the castle"),
        # E1 is row 0, column 4: up from it is beyond the typed grid, in the frame (rows
        # -1..2); F2 is column 5, beyond it too. Nothing there touches the castle (session
        # 12: these said "outside the grid", which the rules do not know).
        ("E1", "illegal: no side touches the castle or a matching terrain"),
        ("A1", "illegal: no side touches the castle or a matching terrain"),
        ("0,4", "illegal: no side touches the castle or a matching terrain"),
        ("F2", "illegal: no side touches the castle or a matching terrain"),
        # C1 up reaches row -1: the kingdom would span rows -1..2, 4 rows: in the frame.
        ("C1", "illegal: no side touches the castle or a matching terrain"),
        ("-1,2", "illegal: no side touches the castle or a matching terrain"),
        # -2,2 up reaches row -3: rows -3..2 are 6.
        ("-2,2", "illegal: the kingdom would span 6 rows, more than the 5x5 frame"),
    ],
)
def test_place_at_a_square_named_as_on_the_board(
    capsys: pytest.CaptureFixture[str], at: str, expected: str
) -> None:
    status, out, err = run(capsys, "place", LONE, "--domino", "F1 L", "--at", at, "--toward", "up")
    assert (status, out, err) == (0 if expected.startswith("legal") else 1, expected + "\n", "")


def test_place_says_the_second_square_from_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    # Session 11: "square F1 ...", where F1 is also the domino's half (a field with a
    # crown). The castle at E1 (row 0, column 4); F2 is beyond the typed row, and the
    # square above it, F1, touches the castle (session 12: beyond the grid counts).
    status, out, err = run(
        capsys, "place", ". . . . C", "--domino", "F1 L", "--at", "F2", "--toward", "up"
    )
    assert (status, out, err) == (0, "legal: the square above F2 (F1) touches the castle\n", "")


def test_place_at_names_squares_as_given_and_json_keeps_row_col(
    capsys: pytest.CaptureFixture[str],
) -> None:
    grid = ". . ./. C F/. . ."  # the castle at B2, the forest at C2 (row 1, column 2)
    status, out, _ = run(capsys, "place", grid, "--domino", "F L", "--at", "C3", "--toward", "up")
    assert (status, out) == (1, "illegal: C2 is already taken by forest\n")
    status, out, _ = run(capsys, "place", grid, "--domino", "F L", "--at", "C3", "--toward", "left")
    assert (status, out) == (0, "legal: C3 touches forest at C2\n")
    # The same placement as ROW,COL, and --json of either: the engine's (row, col).
    status, out, _ = run(
        capsys, "place", grid, "--domino", "F L", "--at", "2,2", "--toward", "left"
    )
    assert (status, out) == (0, "legal: (2, 2) touches forest at (1, 2)\n")
    for at in ("C3", "2,2"):
        status, out, _ = run(
            capsys, "place", grid, "--domino", "F L", "--at", at, "--toward", "left", "--json"
        )
        assert json.loads(out) == {
            "legal": True,
            "reason": "legal: (2, 2) touches forest at (1, 2)",
        }


@pytest.mark.parametrize(
    ("at", "said"),
    [
        ("x", f"{AT_FORMS}; got 'x'"),
        ("", f"{AT_FORMS}; got ''"),
        ("2", f"{AT_FORMS}; got '2'"),
        ("3A", f"{AT_FORMS}; got '3A'"),
        ("1,2,3", f"{AT_FORMS}; got '1,2,3'"),
        ("A3,1", f"{AT_FORMS}; got 'A3,1'"),
        ("J1", f"'J1' is not a square: a kingdom's columns are A to I; {AT_FORMS}"),
        ("A0", f"'A0' is not a square: a kingdom's rows are 1 to 9; {AT_FORMS}"),
        ("A10", f"'A10' is not a square: a kingdom's rows are 1 to 9; {AT_FORMS}"),
    ],
)
def test_place_at_refused_names_the_value_and_both_forms(
    capsys: pytest.CaptureFixture[str], at: str, said: str
) -> None:
    status, out, err = run(capsys, "place", LONE, "--domino", "F L", "--at", at, "--toward", "up")
    assert (status, out) == (2, "")
    assert err == f"referee: error: --at: {said}\n"


def test_place_help_says_both_forms_of_at(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kingdomino", "place", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "A3 as the board names it (column letter, row from 1), or ROW,COL from 0" in text


def test_place_without_toward_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # click words a missing choice option over several lines; bad input is one line.
    status, out, err = run(capsys, "place", LONE, "--domino", "F L", "--at", "1,2")
    assert (status, out) == (2, "")
    assert err == (
        "referee: error: Missing option '--toward'. Choose from: right, down, left, up\n"
    )


def test_place_bad_grid_names_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys, "place", "C ./.", "--domino", "F L", "--at", "0,1", "--toward", "down"
    )
    assert status == 2
    assert err.startswith("referee: error: GRID: row 2 has 1 square but row 1 has 2")


def test_placements_around_a_lone_castle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "placements", LONE, "--domino", "F1 L", "--json")
    payload = json.loads(out)
    assert status == 0
    assert (payload["domino"], payload["count"], len(payload["placements"])) == ("F1 L", 24, 24)
    assert payload["placements"][0] == {"at": [0, 2], "toward": "down"}
    assert (payload["beyond_grid"], payload["grown"]) == (0, {"grid": LONE, "origin": [0, 0]})
    # By hand (session 12): the castle's 4 free neighbours, 3 doubles each = 12 (the 3x3
    # as typed held 8); the 4 reaching row -1, row 3, column -1 or 3 lie beyond it.
    status, out, _ = run(capsys, "placements", ". . ./. C ./. . .", "--domino", "W W")
    assert out.splitlines() == [
        "-1,1 down",
        "0,0 right",
        "0,0 down",
        "0,1 right",
        "0,2 down",
        "1,-1 right",
        "1,0 down",
        "1,2 right",
        "1,2 down",
        "2,0 right",
        "2,1 right",
        "2,1 down",
        "4 of 12 beyond the grid as typed (row -1 is above it, column -1 left of it); the grid "
        "grown to hold them (the typed 0,0 is its 1,1): "
        ". . . . ./. . . . ./. . C . ./. . . . ./. . . . .",
    ]


def test_placements_beyond_a_full_row(capsys: pytest.CaptureFixture[str]) -> None:
    # The session 12 newcomer: "C F1 F F" --domino "W W" said "fits nowhere: it is
    # discarded". By hand: W W touches the castle's free neighbours (-1, 0), (1, 0) and
    # (0, -1); 3 + 3 + 2 places ((0, -2) would make 6 columns).
    status, out, _ = run(capsys, "placements", "C F1 F F", "--domino", "W W")
    assert status == 0
    assert out.splitlines()[:-1] == [
        "-2,0 down",
        "-1,-1 right",
        "-1,-1 down",
        "-1,0 right",
        "0,-1 down",
        "1,-1 right",
        "1,0 right",
        "1,0 down",
    ]
    status, out, _ = run(capsys, "placements", "C F1 F F", "--domino", "F L", "--json")
    payload = json.loads(out)
    assert (payload["count"], payload["beyond_grid"]) == (34, 34)  # worked in tests/referee
    # a square beyond the typed grid is given to place as ROW,COL with a minus
    status, out, _ = run(
        capsys, "place", "C F1 F F", "--domino", "W W", "--at=-1,0", "--toward", "up"
    )
    assert (status, out) == (0, "legal: (-1, 0) touches the castle\n")
    status, out, _ = run(
        capsys, "place", "C F1 F F", "--domino", "W W", "--at", "-1,0", "--toward", "up"
    )
    assert (status, out) == (0, "legal: (-1, 0) touches the castle\n")


def test_placements_when_nothing_fits(capsys: pytest.CaptureFixture[str]) -> None:
    # A full 5x5 kingdom fills its frame: F L is discarded. In a 7x7 frame it goes beside
    # a forest at an end of rows 2 or 4, 3 ways each: 12.
    status, out, _ = run(capsys, "placements", FULL, "--domino", "F L")
    assert status == 0 and out == "F L fits nowhere in the 5x5 frame: it is discarded\n"
    status, out, _ = run(capsys, "placements", FULL, "--domino", "F L", "--size", "7", "--json")
    assert (json.loads(out)["count"], json.loads(out)["beyond_grid"]) == (12, 12)


@pytest.mark.parametrize(
    ("a", "b", "expected", "text"),
    [
        ("C F1 F", "C L1 W", [1, "score", [2, 1]], "kingdom 1 wins on score: 2 to 1"),
        (
            "C F1 F W",
            "C M2 W L",
            [1, "largest_domain", [2, 2]],
            "kingdom 1 wins on the largest domain (2 squares to 1): 2 to 2",
        ),
        (
            "C F1 F W W",
            "C G2 W W L",
            [2, "crowns", [2, 2]],
            "kingdom 2 wins on crowns (2 to 1): 2 to 2",
        ),
        (
            "C F1 F",
            "C L1 L",
            [None, "shared", [2, 2]],
            "shared win: 2 to 2, same largest domain and crowns",
        ),
    ],
)
def test_compare(
    capsys: pytest.CaptureFixture[str], a: str, b: str, expected: list[Any], text: str
) -> None:
    status, out, _ = run(capsys, "compare", a, b, "--json")
    assert status == 0
    assert json.loads(out) == dict(zip(["winner", "decided_by", "scores"], expected, strict=True))
    status, out, _ = run(capsys, "compare", a, b)
    assert out == text + "\n"


def test_compare_with_bonus_and_bad_second_kingdom(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "compare", FULL, FULL.replace("C", "W", 1), "--bonus", "middle")
    assert status == 0 and out.startswith("kingdom 1 wins on score")
    status, _, err = run(capsys, "compare", FULL, "C Q")
    assert status == 2 and err.startswith("referee: error: kingdom 2: unknown terrain letter 'Q'")


DUEL = "/".join(["W W W W W W W"] * 3 + ["W W W C W W W"] + ["W W W W W W W"] * 3)


def test_compare_scores_both_kingdoms_in_one_frame(capsys: pytest.CaptureFixture[str]) -> None:
    # DUEL fills a 7x7 frame: one uncrowned wheat domain of 48 squares, score 0, Harmony 5.
    # FULL fills 5x5 and scores 5 (its forest row of 5 squares has 1 crown); in the same
    # Mighty Duel it is incomplete: no Harmony.  5 to 5; largest domain 48 to 5.
    status, out, _ = run(capsys, "compare", DUEL, FULL, "--bonus", "harmony", "--json")
    assert status == 0
    assert json.loads(out) == {"winner": 1, "decided_by": "largest_domain", "scores": [5, 5]}
    # Told the frame is 5x5: DUEL is too big for it (no bonus), FULL complete: 0 to 10.
    argv = ["compare", DUEL, FULL, "--bonus", "harmony", "--size", "5", "--json"]
    status, out, _ = run(capsys, *argv)
    assert json.loads(out) == {"winner": 2, "decided_by": "score", "scores": [0, 10]}
    status, _, err = run(capsys, "compare", FULL, FULL, "--size", "6")
    assert status == 2 and err.count("\n") == 1 and "'6' is not one of '5', '7'" in err


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 3), (39, 39), (30, 100), (100, 39)])
def test_a_photo_too_small_for_a_kingdom_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rows: int, cols: int
) -> None:
    # A 1x1 photo crashed the grid search (cv2.kmeans) and a 3x3 one was "read" as a
    # kingdom: 40 pixels a side is 5 pixels a square of a 7x7 kingdom, the least accepted.
    # The message names the file, as the dominoes and Domineering readers' do; a 100x30
    # photo is too small, not "more than 40 times as long as wide".
    import cv2
    import numpy as np

    photo = tmp_path / "tiny.png"
    cv2.imwrite(str(photo), np.full((rows, cols, 3), (40, 160, 200), np.uint8))
    status, out, err = run(capsys, "score", str(photo), "--json")
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: the photo is {cols}x{rows} pixels: too small to read a "
        "kingdom from (at least 40 pixels a side)\n"
    )


def test_a_strip_photo_is_too_narrow_not_its_working_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A 4000x60 strip, brought to 1600 pixels long, is 1600x24: the message named that
    # working size ("the photo is 1600x24 pixels") as if it were the photo's own.
    import cv2
    import numpy as np

    photo = tmp_path / "strip.png"
    cv2.imwrite(str(photo), np.full((60, 4000, 3), (40, 160, 200), np.uint8))
    status, out, err = run(capsys, "score", str(photo))
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: the photo is too narrow to read a kingdom from: "
        "more than 40 times as long as wide\n"
    )


@pytest.mark.parametrize("fmt", ["GIF", "BMP"])
def test_a_photo_in_another_format_is_refused_naming_it(
    fmt: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Session 10: a GIF of kingdom-1 (labelled 27) scored 15 without a word: its 256
    # colours lose the crowns.  JPEG, PNG and WebP are read; the rest is named, exit 2,
    # with the API's 415 words after the file name.
    photo = tmp_path / f"kingdom-1.{fmt.lower()}"
    with Image.open(Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg") as k:
        k.save(photo, format=fmt)
    status, out, err = run(capsys, "score", str(photo))
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: an image in {fmt} format, which Referee does not read: "
        "send the photo as JPEG, PNG or WebP\n"
    )


def test_a_palette_png_is_refused_not_scored_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    photo = tmp_path / "kingdom-1.png"
    with Image.open(Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg") as k:
        k.quantize(256).save(photo)
    status, out, err = run(capsys, "score", str(photo), "--json")
    assert (status, out) == (2, "")
    assert err == (
        f"referee: error: {photo}: a PNG picture of at most 256 colours: too few colours to "
        "read crowns, terrain or pens; send the photo as taken, in full colour "
        "(JPEG, PNG or WebP)\n"
    )


def test_a_photo_is_scored_in_the_frame_given_by_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --size was silently dropped for a photo: the 5x5 sample kingdom (every square filled,
    # castle in the middle) scored with "--size 7" still got Harmony, which needs every square
    # of the 7x7 frame filled (RULINGS.md); a 7x7 frame centred on its castle holds it all,
    # so the Middle Kingdom stays.
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg"
    notation, points = photo.with_suffix(".txt").read_text().splitlines()[:2]
    base = int(points.split()[-1])  # "score 27"
    bonus = ["--bonus", "harmony", "--bonus", "middle", "--json"]
    status, out, _ = run(capsys, "score", str(photo), "--size", "5", *bonus)
    assert status == 0 and json.loads(out)["total"] == base + 5 + 10
    status, out, _ = run(capsys, "score", str(photo), "--size", "7", *bonus)
    payload = json.loads(out)
    assert status == 0
    assert payload["bonuses"] == {"middle_kingdom": 10, "harmony": 0}
    assert (payload["score"], payload["total"]) == (base, base + 10)
    assert len(payload["corners"]) == 4 and "confidence" in payload["squares"][0][0]
    expected = score(parse_kingdom(notation), middle_kingdom=True, harmony=True, size=7)
    assert payload["bonuses"] == expected.bonuses


def test_the_overlay_caption_shows_the_total_printed_in_the_frame_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The caption showed the total before --size: the 5x5 sample (score 27 by its label,
    # castle in the middle) with both bonuses is 27 + 10 + 5 = 42 in its own 5x5 frame,
    # but in a 7x7 frame 24 of 49 squares are empty: no Harmony (RULINGS.md), 37 printed.
    import cv2

    from vision.kingdomino import overlay as drawing

    captions: list[str] = []
    made = drawing.caption

    def caption(result: Any) -> str:
        captions.append(made(result))
        return captions[-1]

    monkeypatch.setattr(drawing, "caption", caption)
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg"
    picture = tmp_path / "overlay.png"
    bonus = ["--bonus", "harmony", "--bonus", "middle", "--overlay", str(picture)]
    status, out, _ = run(capsys, "score", str(photo), "--size", "7", *bonus)
    assert status == 0 and "total: 37" in out.splitlines()
    assert captions == ["score 27  total 37"]
    drawn = cv2.imread(str(picture))
    assert drawn is not None and drawn.shape == cv2.imread(str(photo)).shape
    captions.clear()
    status, out, _ = run(capsys, "score", str(photo), "--size", "5", *bonus)
    assert status == 0 and "total: 42" in out.splitlines()
    assert captions == ["score 27  total 42"]


def test_a_photo_s_corners_are_given_in_its_own_pixels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A 3000 x 2250 photo is read at 1600 px; the corners were given in that frame. The
    # sample (1200 x 900) enlarged 2.5 times must give the sample's corners times 2.5.
    import cv2
    import numpy as np

    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg"
    big = tmp_path / "big.png"
    image = cv2.imread(str(photo))
    assert image.shape[:2] == (900, 1200)
    cv2.imwrite(str(big), cv2.resize(image, (3000, 2250), interpolation=cv2.INTER_CUBIC))
    status, out, _ = run(capsys, "score", str(photo), "--json")
    assert status == 0
    small = json.loads(out)
    status, out, _ = run(capsys, "score", str(big), "--json")
    assert status == 0
    large = json.loads(out)
    assert large["total"] == small["total"]
    got, expected = np.array(large["corners"]), np.array(small["corners"]) * 2.5
    assert np.abs(got - expected).max() < 25.0, (got, expected)


def test_choice_options_take_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    # The notation takes 'c f1' and the API 'bonus=Middle': "--bonus MIDDLE" and
    # "--toward Right" were refused.
    status, out, err = run(capsys, "score", "C F1", "--bonus", "MIDDLE", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["bonuses"]["middle_kingdom"] == 10
    status, out, err = run(
        capsys, "place", "C . .", "--domino", "F1 L", "--at", "0,1", "--toward", "Right", "--json"
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["legal"] is True


def test_compare_takes_photos_as_the_web_page_does(capsys: pytest.CaptureFixture[str]) -> None:
    # The samples' labels (kingdom-N.txt): kingdom 1 scores 27, kingdom 2 scores 19, so
    # kingdom 1 wins on score; a photo is read and its kingdom shown beside the verdict.
    samples = Path(__file__).resolve().parents[2] / "sample_photos"
    first, second = samples / "kingdom-1.jpg", samples / "kingdom-2.jpg"
    second_notation = second.with_suffix(".txt").read_text().splitlines()[0]
    status, out, _ = run(capsys, "compare", str(first), second_notation, "--json")
    payload = json.loads(out)
    assert status == 0
    assert (payload["winner"], payload["decided_by"], payload["scores"]) == (1, "score", [27, 19])
    expected = first.with_suffix(".txt").read_text().splitlines()[0]
    assert payload["readings"]["1"]["kingdom"] == expected
    assert "2" not in payload["readings"]
    status, out, _ = run(capsys, "compare", str(first), str(second))
    assert status == 0
    assert out.splitlines()[0] == f"kingdom 1 as read from {first}: {expected}"
    assert out.splitlines()[-1] == "kingdom 1 wins on score: 27 to 19"
    # The reader's warnings name squares as the pages do ("A3"), never "(2, 0)".
    warnings = payload["readings"]["1"]["warnings"]  # JSON: "(row, col)", as the engine's
    checks = out.splitlines()[1 : 1 + len(warnings)]
    assert all(line.startswith("  check: ") for line in checks)
    assert not any(re.search(r"\(\d, \d\)", line) for line in checks)


def test_compare_names_the_kingdom_whose_photo_cannot_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a photo")
    status, _, err = run(capsys, "compare", "C F1", str(broken))
    assert status == 2
    assert err.startswith(f"referee: error: kingdom 2: {broken}: ")
    assert err.count("\n") == 1


def test_a_photo_json_marks_the_squares_the_warnings_call_unsure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 9: each square's ``unsure`` is the rule of the "unsure" warnings (the lead
    # over the next possible reading under 0.5), not confidence under 0.5. The sample's
    # reading is its label (checked square by square against kingdom-1.txt by hand).
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "kingdom-1.jpg"
    notation, points = photo.with_suffix(".txt").read_text().splitlines()[:2]
    status, out, _ = run(capsys, "score", str(photo), "--json")
    payload = json.loads(out)
    assert status == 0 and payload["score"] == int(points.split()[-1])
    read = [[(s["terrain"], s["crowns"]) for s in line] for line in payload["squares"]]
    expected = parse_kingdom(notation)
    assert read == [
        [(expected[r, c].terrain.value, expected[r, c].crowns) for c in range(5)] for r in range(5)
    ]
    named = {
        (int(w[1]), int(w[4])) for w in payload["warnings"] if re.match(r"\(\d, \d\): unsure", w)
    }
    marked = {
        (r, c)
        for r, line in enumerate(payload["squares"])
        for c, s in enumerate(line)
        if s["unsure"]
    }
    assert marked == named and named
    # Every square under 0.5 is unsure; some unsure squares are over 0.5 (the new rule).
    for r, line in enumerate(payload["squares"]):
        for c, square in enumerate(line):
            assert isinstance(square["unsure"], bool)
            if square["confidence"] < 0.5:
                assert (r, c) in marked
    assert any(payload["squares"][r][c]["confidence"] >= 0.5 for r, c in marked)


def test_score_a_missing_pdf_is_no_such_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Session 12 (newcomer): a missing '/x/kingdom.pdf' was read as a notation whose rows
    # are split at '/': "row 1 is empty".
    absent = str(tmp_path / "kingdom.pdf")
    status, out, err = run(capsys, "score", absent)
    assert (status, out) == (2, "")
    assert err == f"referee: error: KINGDOM: no such file {absent!r}\n"


def test_score_a_pdf_is_said_to_be_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Session 12 (second newcomer): a small PDF was read as a notation, "unknown terrain
    # letter '%' ... of '%PDF-1.4'".
    pdf = tmp_path / "kingdom.pdf"
    pdf.write_bytes(b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
    status, out, err = run(capsys, "score", str(pdf))
    assert (status, out) == (2, "")
    assert err == f"referee: error: {pdf}: a PDF, not a photo or a text file holding a notation\n"
