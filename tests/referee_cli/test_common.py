"""What every command shares (referee_cli/common.py): reading a notation, naming the fault."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from referee_cli.main import main
from vision.datasets import PROJECT_ROOT

LAYOUT = "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0"


def test_dash_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(LAYOUT + "\n"))
    assert main(["cross", "plays", "-", "--hand", "2-4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["plays"] == [{"tile": "2-4", "end": "E"}]


@pytest.mark.parametrize("stdin", ["", "  \n"])
@pytest.mark.parametrize(
    "argv",
    [["cross", "plays", "-", "--hand", "1-2"], ["two-step", "match", "-"]],
)
def test_dash_with_empty_standard_input_is_bad_input(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str,
    argv: list[str],
) -> None:
    # An empty pipe is a mistake upstream, not the empty table nor a match of no rounds.
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "standard input is empty" in captured.err


def test_an_empty_file_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "rounds.txt"
    path.write_text("\n", encoding="utf-8")
    assert main(["two-step", "match", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert f"{path}: the file is empty" in captured.err


def test_a_binary_file_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "layout.bin"
    path.write_bytes(b"\xff\xfe\x00\x81" * 10)
    assert main(["cross", "plays", str(path), "--hand", "1-2"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "not a text file" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["kingdomino", "score", ""], "KINGDOM: empty kingdom"),
        (["kingdomino", "compare", "C F1", ""], "kingdom 2: empty kingdom"),
        (["domineering", "analyze", ""], "POSITION: a position is rows"),
        (["two-step", "analyze", ""], "POSITION: "),
    ],
)
def test_an_empty_notation_is_not_the_current_directory(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    # Path("") is Path("."), a directory; '' is an empty notation, never a folder.
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert message in captured.err
    assert "directory" not in captured.err


def test_standard_input_that_is_not_utf8_is_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"C F1\xff\xfe")))
    assert main(["kingdomino", "score", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "referee: error: -: standard input is not UTF-8 text holding a notation\n"
    )


def test_standard_input_with_a_byte_order_mark(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # By hand: forest (0, 1)-(1, 1), 2 squares x 1 crown = 2.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfC F1\n. F\n")))
    assert main(["kingdomino", "score", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 2


def test_standard_input_is_read_for_one_argument_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The second '-' would read an exhausted stream: say so, not "standard input is empty".
    monkeypatch.setattr("sys.stdin", io.StringIO("C F1\n"))
    assert main(["kingdomino", "compare", "-", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "already read for another argument: give only one '-'" in captured.err


@pytest.mark.parametrize(
    ("argv", "label"),
    [
        (["kingdomino", "score", "photos/kingdom-9.jpg"], "KINGDOM"),
        (["domineering", "analyze", "sheet.png"], "POSITION"),
        (["two-step", "match", "rounds.txt"], "ROUNDS"),
        (["cross", "plays", "layout.txt", "--hand", "1-1"], "LAYOUT"),
    ],
)
def test_a_missing_file_is_named_as_one(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    label: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err == f"referee: error: {label}: no such file {argv[2]!r}\n"


@pytest.mark.parametrize(
    ("argv", "sample"),
    [
        (["kingdomino", "score"], "kingdom-1.jpg"),
        (["dominoes", "count"], "hand-3.jpg"),
        (["domineering", "analyze"], "sheet-1.jpg"),
    ],
)
def test_an_overlay_onto_the_photo_itself_is_refused_and_the_photo_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], sample: str
) -> None:
    # `--overlay` naming the photo silently replaced the player's photo by the overlay.
    photo = tmp_path / sample
    original = (PROJECT_ROOT / "sample_photos" / sample).read_bytes()
    photo.write_bytes(original)
    overlay = str(tmp_path / "." / sample)  # another spelling of the same file
    assert main([*argv, str(photo), "--overlay", overlay]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"referee: error: --overlay: {overlay!r} is the photo being read: "
        "write the overlay to another file\n"
    )
    assert photo.read_bytes() == original


@pytest.mark.parametrize(
    ("argv", "sample", "name", "key"),
    [
        (["kingdomino", "score"], "kingdom-1", "IMG_0412", "total"),
        (["domineering", "analyze"], "sheet-1", "sheet.jfif", "position"),
    ],
)
def test_a_photo_named_without_an_image_suffix_is_read_as_a_photo(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    sample: str,
    name: str,
    key: str,
) -> None:
    # A phone's photo saved without a suffix (or as .jfif) was read as a notation file:
    # "IMG_0412: not a text file holding a notation".
    photo = tmp_path / name
    photo.write_bytes((PROJECT_ROOT / "sample_photos" / f"{sample}.jpg").read_bytes())
    answers = PROJECT_ROOT / "sample_photos"
    if key == "total":  # kingdom-1.txt: the notation, then "score 27"
        expected: object = int((answers / f"{sample}.txt").read_text().split()[-1])
    else:
        expected = json.loads((answers / f"{sample}.json").read_text())["position"]
    assert main([*argv, str(photo), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[key] == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["kingdomino", "placements", "{kingdom}", "--domino", "W W"],
        ["kingdomino", "place", "{kingdom}", "--domino", "W W", "--at", "0,0", "--toward", "up"],
        ["domineering", "check", "{sheet}", "C1-D1", "--player", "H"],
    ],
)
def test_a_photo_where_only_a_notation_is_read_is_named_as_a_photo(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # `referee kingdomino placements kingdom-1.jpg ...` said only "not a text file holding a
    # notation": the player is told it is a photo and which commands read photos (compare
    # reads photos itself since session 7).
    samples = PROJECT_ROOT / "sample_photos"
    args = [
        a.format(kingdom=samples / "kingdom-1.jpg", sheet=samples / "sheet-1.jpg") for a in argv
    ]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert ": a photo, but this argument takes a notation" in err
    assert "`referee kingdomino score`" in err and "`referee domineering analyze`" in err
    # Session 11 (newcomer): the --hand of `cross plays` and `two-step plays` reads a photo
    # too, and the message left both out.
    assert "the --hand of `referee cross plays` and `referee two-step plays`" in err
