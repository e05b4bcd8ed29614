"""``referee domineering``: analyze, check, solve (in-process, via main())."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from referee_cli.main import main

OPENED = "...../...../.HH../...../....."


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = main(["domineering", *args, "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object
    return status, json.loads(out)


def test_analyze_json_after_the_worked_opening(capsys: pytest.CaptureFixture[str]) -> None:
    status, payload = run_json(capsys, "analyze", OPENED)
    assert status == 0
    assert payload["position"] == OPENED + " V"
    assert payload["to_move"] == "V"
    # 5x5 has 20 pairs per side; B3-C3 removes 3 H pairs (A3-B3, B3-C3, C3-D3)
    # and 4 V pairs (B2-B3, B3-B4, C2-C3, C3-C4).
    assert len(payload["legal_moves"]["H"]) == 17
    assert len(payload["legal_moves"]["V"]) == 16
    assert "C1-C2" in payload["legal_moves"]["V"]
    assert "C2-C3" not in payload["legal_moves"]["V"]
    assert (payload["blocked"], payload["winner"]) == (False, None)
    assert set(payload) == {"position", "to_move", "legal_moves", "blocked", "winner"}


def test_analyze_text_shows_board_side_pairs_and_blocked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["domineering", "analyze", "HH/.."]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "   A B",
        " 1 H H",
        " 2 . .",
        "position: HH/.. V",
        "to move: V",
        "H legal pairs (1): A2-B2",
        "V legal pairs (0): none",
        "blocked: V has no legal pair and loses; H wins",
    ]


def test_analyze_solve_adds_perfect_play(capsys: pytest.CaptureFixture[str]) -> None:
    # 2x2 empty: the first player wins (takes a row or a column, the other is blocked).
    status, payload = run_json(capsys, "analyze", "../..", "--solve")
    assert status == 0
    assert payload["perfect_play"] == "H"
    status, payload = run_json(capsys, "analyze", "../..", "--first", "V", "--solve")
    assert (payload["to_move"], payload["perfect_play"]) == ("V", "V")


def test_analyze_reads_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "game.txt"
    sheet.write_text(OPENED + " V\n", encoding="utf-8")
    status, payload = run_json(capsys, "analyze", str(sheet))
    assert status == 0 and payload["to_move"] == "V"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "HHH../....."], "row 1: A1 B1 C1 is a run of 3 H cells"),
        (["analyze", "HH/.. H"], "the position says H to move"),
        (["analyze", "V./V."], "0 H pairs and 1 V pair; with H starting"),
        (["analyze", "..x/..."], "at column 3 of '..x/...'"),
        (["analyze", OPENED, "--first", "X"], "'X' is not H or V"),
        (["analyze", OPENED, "--overlay", "out.png"], "--overlay needs a photo"),
        # Session 11: a photo's name that is no file said "--overlay needs a photo".
        (["analyze", "no-such-sheet.jpg", "--overlay", "out.png"], "POSITION: no such file"),
        (
            ["check", OPENED, "B3C3", "--player", "H"],
            "'B3C3' is not a move: write two cells joined by '-'",
        ),
        (["check", OPENED, "A1-B1", "--player", "X"], "'X' is not H or V"),
        (
            ["solve", "......../" * 7 + "........", "--node-limit", "10"],
            "no answer within 10 positions; try a smaller board or a later position, "
            "or raise --node-limit",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["domineering", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


def test_bad_input_names_the_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["domineering", "check", "../..", "A1-A2-A3", "--player", "V"]) == 2
    assert capsys.readouterr().err == (
        "referee: error: MOVE: 'A1-A2-A3' is not a move: "
        "write two cells joined by '-' (or a space), like B3-C3\n"
    )
    assert main(["domineering", "check", "..x", "A1-B1", "--player", "H"]) == 2
    assert capsys.readouterr().err.startswith("referee: error: POSITION: unknown cell symbol 'x'")
    # A directory is neither a notation nor a file holding one.
    assert main(["domineering", "analyze", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: POSITION: {str(tmp_path)!r} is a directory, "
        "not a notation or a file holding one\n"
    )
    # ... but a notation that happens to name a directory is a notation: './.' is 2x1.
    status, payload = run_json(capsys, "analyze", "./.")
    assert status == 0 and payload["legal_moves"] == {"H": [], "V": ["A1-A2"]}


def test_a_file_with_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "game.txt"
    sheet.write_bytes("\ufeffHH/.. V\r\n".encode())
    status, payload = run_json(capsys, "analyze", str(sheet))
    assert status == 0 and (payload["to_move"], payload["winner"]) == ("V", "H")


# The worked opening (H has B3-C3): every pair each side may claim, worked by hand.
# V: columns A, D, E keep all 4 pairs; B and C keep only rows 1-2 and 4-5.  16.
OPENED_V = [
    "A1-A2",
    "B1-B2",
    "C1-C2",
    "D1-D2",
    "E1-E2",
    "A2-A3",
    "D2-D3",
    "E2-E3",
    "A3-A4",
    "D3-D4",
    "E3-E4",
    "A4-A5",
    "B4-B5",
    "C4-C5",
    "D4-D5",
    "E4-E5",
]
# H: rows 1, 2, 4, 5 keep all 4 pairs; row 3 keeps only D3-E3.  17.
OPENED_H = (
    [f"{a}{row}-{b}{row}" for row in (1, 2) for a, b in ("AB", "BC", "CD", "DE")]
    + ["D3-E3"]
    + [f"{a}{row}-{b}{row}" for row in (4, 5) for a, b in ("AB", "BC", "CD", "DE")]
)


def test_check_legal_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, payload = run_json(capsys, "check", OPENED, "C2-C1", "--player", "V")
    assert status == 0
    assert payload == {
        "legal": True,
        "reason": "V may claim C1-C2",
        "player": "V",
        "legal_moves": OPENED_V,
    }


@pytest.mark.parametrize(
    ("move", "player", "reason"),
    [
        ("C2-C3", "V", "C3 is occupied (claimed by H)"),
        ("E1-F1", "H", "F1 is off the board (columns A-E, rows 1-5)"),
        ("A1-A2", "H", "A1-A2 is a vertical pair; H claims horizontal pairs"),
        ("A1-C1", "H", "A1 and C1 are not adjacent cells"),
    ],
)
def test_check_illegal_exits_1_with_the_reason_and_the_legal_pairs(
    move: str, player: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # RULINGS.md, dispute check: the reason, and every legal pair for the player named.
    pairs = OPENED_V if player == "V" else OPENED_H
    status, payload = run_json(capsys, "check", OPENED, move, "--player", player)
    assert status == 1
    assert payload == {"legal": False, "reason": reason, "player": player, "legal_moves": pairs}
    assert main(["domineering", "check", OPENED, move, "--player", player]) == 1
    assert capsys.readouterr().out == (
        f"illegal: {reason}\n{player} legal pairs ({len(pairs)}): {' '.join(pairs)}\n"
    )


@pytest.mark.parametrize(
    ("position", "first", "move", "side", "legal", "reason"),
    [
        # H started; 1 H pair, 0 V pairs: V to move (RULINGS.md), and C1-C2 is V's.
        (OPENED, None, "C1-C2", "V", True, "V may claim C1-C2"),
        # Empty 2x2, H starts: H to move, and A1-A2 is a vertical pair.
        ("../..", None, "A1-A2", "H", False, "A1-A2 is a vertical pair; H claims horizontal pairs"),
        # The same board with V starting (--first V, or the suffix " V"): V to move.
        ("../..", "V", "A1-A2", "V", True, "V may claim A1-A2"),
        ("../.. V", None, "A1-A2", "V", True, "V may claim A1-A2"),
        # H started; 1 H pair, 1 V pair: H to move again.
        ("HH./..V/..V", None, "A2-B2", "H", True, "H may claim A2-B2"),
    ],
)
def test_check_without_player_answers_for_the_side_to_move(
    position: str,
    first: str | None,
    move: str,
    side: str,
    legal: bool,
    reason: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Session 10 (newcomers, sessions 8-9): --player was required, while the API's
    # player defaults to the side to move.  Now both default alike (engine.claimant).
    given = ["--first", first] if first else []
    status, payload = run_json(capsys, "check", position, move, *given)
    assert status == (0 if legal else 1)
    assert (payload["player"], payload["legal"], payload["reason"]) == (side, legal, reason)
    # The same answer as naming that side, in text too.
    assert main(["domineering", "check", position, move, *given]) == status
    text = capsys.readouterr().out
    assert main(["domineering", "check", position, move, *given, "--player", side]) == status
    assert capsys.readouterr().out == text
    assert text.startswith(f"{'legal' if legal else 'illegal'}: {reason}\n{side} legal pairs")


def test_check_without_player_on_an_impossible_position_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # No side to move on an impossible sheet: the position is reported, as with --player.
    assert main(["domineering", "check", "V./V.", "A1-B1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: error: POSITION: ") and "0 H pairs and 1 V pair" in err


def test_check_when_the_player_has_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    # "I have no move": V on HH/.. has none, and says so.
    assert main(["domineering", "check", "HH/..", "A1-A2", "--player", "V"]) == 1
    assert capsys.readouterr().out == (
        "illegal: A1 is occupied (claimed by H)\nV legal pairs (0): none\n"
    )


def test_solve_names_the_winner_and_winning_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    # 2x3, H to move: any H pair wins (V then has one column left, H the other row).
    status, payload = run_json(capsys, "solve", ".../...")
    assert status == 0
    assert payload == {
        "position": ".../... H",
        "to_move": "H",
        "perfect_play": "H",
        "winning_moves": ["A1-B1", "B1-C1", "A2-B2", "B2-C2"],
    }
    # 5x5 empty is a second-player win (published result): H has no winning pair.
    status, payload = run_json(capsys, "solve", "...../...../...../...../.....")
    assert (payload["perfect_play"], payload["winning_moves"]) == ("V", [])


def test_photo_goes_to_the_reader_with_first_and_overlay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(b"fake")
    calls: list[tuple[str, Any, Any]] = []
    answer = {
        "position": "HH/.. V",
        "to_move": "V",
        "legal_moves": {"H": ["A2-B2"], "V": []},
        "blocked": True,
        "winner": "H",
        "confidence": [[0.9, 0.9], [0.8, 0.8]],
    }

    def reader(path: str, *, first: Any, overlay: Any) -> dict[str, Any]:
        calls.append((path, first, overlay))
        return answer

    monkeypatch.setattr("vision.domineering.analyze_photo", reader)
    out = str(tmp_path / "overlay.png")
    status, payload = run_json(capsys, "analyze", str(photo), "--first", "V", "--overlay", out)
    assert status == 0 and payload == answer
    assert calls == [(str(photo), "V", True)]  # the reader draws, the CLI writes `out`


@pytest.mark.parametrize("size", [(300, 200), (10, 10)])
def test_analyze_takes_a_gif_for_a_photo_and_names_its_format(
    size: tuple[int, int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A .gif was read as a notation file: "not a text file holding a notation".  It is a
    # photo, in a format not read (session 10: JPEG, PNG or WebP), said before its size,
    # as the web app says it.
    photo = tmp_path / "sheet.gif"
    Image.new("RGB", size, (235, 235, 230)).save(photo)
    assert main(["domineering", "analyze", str(photo)]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: {photo}: an image in GIF format, which Referee does not read: "
        "send the photo as JPEG, PNG or WebP\n"
    )


def test_a_sheet_impossible_with_h_starting_names_first_v(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # sample_photos/sheet-3.jpg is a game V started (sheet-3.json: "first": "V"); read with
    # H starting its counts are impossible and the line said so without naming --first V.
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "sheet-3.jpg"
    cells = json.loads(photo.with_suffix(".json").read_text())["position"].split()[0]
    assert main(["domineering", "analyze", str(photo)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    # The photo named first, as every refused photo is (session 14).
    assert captured.err.startswith(
        f"referee: error: {photo}: the photo shows an impossible position {cells}"
    )
    assert captured.err.rstrip().endswith("give --first V")
    # Told V started, the same photo reads with no error.
    assert main(["domineering", "analyze", str(photo), "--first", "V"]) == 0


@pytest.mark.parametrize(("cols", "rows", "what"), [(1, 1, "too small"), (2200, 200, "too narrow")])
def test_a_photo_too_small_or_narrow_for_a_sheet_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cols: int, rows: int, what: str
) -> None:
    # A 1x1 photo was answered "no Domineering grid found ...: photograph the sheet from
    # above"; the web app refuses it as too small (vision.decode: 32 pixels, 10 times).
    photo = tmp_path / "sheet.png"
    Image.new("RGB", (cols, rows), (235, 235, 230)).save(photo)
    assert main(["domineering", "analyze", str(photo)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"referee: error: {photo}: the photo is {cols}x{rows} pixels: ")
    assert what in captured.err and captured.err.count("\n") == 1


def test_side_options_take_either_case(capsys: pytest.CaptureFixture[str]) -> None:
    # The API takes first=v and player=h (any case), and the CLI takes the move a1-b1:
    # "--first v" and "--player h" were refused ("'v' is not H or V").
    # V started and claimed A1-A2: H to move (with H starting it would be impossible).
    status, payload = run_json(capsys, "analyze", "V.../V...", "--first", "v")
    assert (status, payload["to_move"]) == (0, "H")
    # H to move on an empty 2x2 board: A1-B1 is H's to claim.
    status, payload = run_json(capsys, "check", "../..", "a1-b1", "--player", "h")
    assert (status, payload["legal"]) == (0, True)


def test_analyze_a_photo_with_solve_adds_perfect_play(capsys: pytest.CaptureFixture[str]) -> None:
    # newcomer, session 9: `analyze PHOTO --solve` left the perfect play out (text and JSON
    # alike) while a typed position got it. sheet-1.jpg is HH..V/HH..V/.HHVV/HH.VV/..... V
    # (sheet-1.json); its 13 empty cells searched exhaustively by a /tmp script (every
    # pair, both sides): V to move loses, so H wins with perfect play.
    photo = Path(__file__).resolve().parents[2] / "sample_photos" / "sheet-1.jpg"
    status, payload = run_json(capsys, "analyze", str(photo), "--solve")
    assert status == 0
    assert payload["position"] == "HH..V/HH..V/.HHVV/HH.VV/..... V"
    assert payload["perfect_play"] == "H"
    assert main(["domineering", "analyze", str(photo), "--solve"]) == 0
    assert "perfect play: H wins" in capsys.readouterr().out.splitlines()
    # Without --solve the key stays out, as for a typed position.
    status, payload = run_json(capsys, "analyze", str(photo))
    assert "perfect_play" not in payload


def test_a_sheet_photo_too_small_to_read_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Session 11: an 80x60 photo of sample_photos/sheet-1 was read as an empty sheet.
    photo = tmp_path / "small.png"
    Image.new("RGB", (80, 60), "white").save(photo)
    assert main(["domineering", "analyze", str(photo)]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: {photo}: the photo is 80x60 pixels: too small to read a "
        "Domineering sheet from (at least 160 pixels a side)\n"
    )
