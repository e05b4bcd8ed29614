"""What every command shares (referee_cli/common.py): reading a notation, naming the fault."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from referee_cli.main import main

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
