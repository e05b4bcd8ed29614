"""Session 13: a Domineering side to move written as a row of its own (after a trailing
'/', or on a line of its own in a file) is said so, with where it goes (docs/domineering.md,
"Session 13: the side to move as a row"). Messages and columns worked by hand (from 1)."""

from __future__ import annotations

import pytest

from referee.domineering import parse_position
from referee.errors import NotationError
from referee_cli.main import main

_WHERE = "; the side to move goes after the last row, on its line: '.../... V'"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # The V after '/ ' is the 10th character.
        (".../.../ V", " at column 10 of '.../.../ V'"),
        (".../.../V", " at column 9 of '.../.../V'"),
        # Lower case is read as upper: the hint shows the side as the engine reads it.
        (".../.../v", " at column 9 of '.../.../v'"),
        # A file: the V is line 3's first character.
        ("...\n...\nV\n", " at column 1 of line 3, 'V'"),
    ],
)
def test_a_side_written_as_a_row_is_said_so(text: str, where: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert str(caught.value) == f"row 3 has 1 cell but row 1 has 3{_WHERE}{where}"


def test_a_short_row_that_is_no_side_gets_no_hint() -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(".../.../.")
    assert str(caught.value) == "row 3 has 1 cell but row 1 has 3 at column 9 of '.../.../.'"
    # A side letter as a short row that is not the last is a short row.
    with pytest.raises(NotationError) as caught:
        parse_position(".../V/...")
    assert str(caught.value) == "row 2 has 1 cell but row 1 has 3 at column 5 of '.../V/...'"


def test_the_cli_says_where_the_side_goes(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["domineering", "analyze", ".../.../ V"])
    assert status != 0
    assert capsys.readouterr().err.strip() == (
        f"referee: error: POSITION: row 3 has 1 cell but row 1 has 3{_WHERE}"
        " at column 10 of '.../.../ V'"
    )
