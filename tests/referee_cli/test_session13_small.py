"""Session 13, small defects in the CLI's words (docs/kingdomino.md, docs/domineering.md,
"Session 13: ..."). The values are worked by hand from the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee_cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("a", "b", "text"),
    [
        # Forest 2 squares x 1 crown = 2 against forest 3 x 1 = 3: kingdom 2 wins, its 3 first.
        ("C F1 F", "C F1 F F", "kingdom 2 wins on score: 3 to 2"),
        ("C F1 F F", "C F1 F", "kingdom 1 wins on score: 3 to 2"),
        # Both 2 points (mine 1 x 2; forest 2 x 1): kingdom 2's forest, 2 squares, is the
        # largest domain against kingdom 1's 1 (mine, wheat, lake: 1 square each).
        ("C M2 W L", "C F1 F W", "kingdom 2 wins on the largest domain (2 squares to 1): 2 to 2"),
        # Both 2 points, largest domains 2 squares each (W W; F F or W W): kingdom 2's
        # 2 crowns against kingdom 1's 1.
        ("C F1 F W W", "C G2 W W L", "kingdom 2 wins on crowns (2 to 1): 2 to 2"),
    ],
)
def test_compare_says_the_winners_numbers_first(
    capsys: pytest.CaptureFixture[str], a: str, b: str, text: str
) -> None:
    status, out, err = run(capsys, "kingdomino", "compare", a, b)
    assert (status, err) == (0, "")
    assert out == text + "\n"


def test_a_position_file_is_refused_naming_the_line_and_its_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Line 2 of the file, '.X.': the X is its column 2 (it was column 6 of '.../.X./...').
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("...\n.X.\n...\n", encoding="utf-8")
    status, out, err = run(capsys, "domineering", "analyze", str(sheet))
    assert (status, out) == (2, "")
    assert err == (
        "referee: error: POSITION: unknown cell symbol 'X' (a cell is '.', 'H', 'V' or '#') "
        "at column 2 of line 2, '.X.'\n"
    )


def test_a_short_kingdom_row_says_where_it_ends(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "kingdomino", "score", "C F F\nW W")
    assert (status, out) == (2, "")
    assert err == (
        "referee: error: KINGDOM: row 2 has 2 squares but row 1 has 3 (1 missing): the row ends "
        "at column 3 of 'W W'\n"
    )
