"""Session 13, small defects in the notation errors (docs/kingdomino.md and
docs/domineering.md, "Session 13: ..."): a too-short kingdom row is placed at its last
character and says so; a Domineering position written on several lines places a fault in
its line. The columns are counted by hand (from 1)."""

from __future__ import annotations

import pytest

from referee.domineering import parse_position
from referee.errors import NotationError
from referee.kingdomino import parse_kingdom

_UNKNOWN = "unknown cell symbol 'X' (a cell is '.', 'H', 'V' or '#')"


@pytest.mark.parametrize(
    ("text", "message", "index"),
    [
        # 'W W': 2 squares of 3; its last character, the second W, is column 3.
        ("C F F/W W", "row 2 has 2 squares but row 1 has 3 (1 missing): the row ends", 2),
        ("C F F\nW W\n", "row 2 has 2 squares but row 1 has 3 (1 missing): the row ends", 2),
        # Compact: 'WW' is 2 squares, its end column 2; 'W1' 1 square ending at column 2.
        ("CFF/WW", "row 2 has 2 squares but row 1 has 3 (1 missing): the row ends", 1),
        ("C F F/W1", "row 2 has 1 square but row 1 has 3 (2 missing): the row ends", 1),
        # Row 3 of 3 short; the spaces around the row are not part of it.
        ("C F/W W/  L ", "row 3 has 1 square but row 1 has 2 (1 missing): the row ends", 0),
    ],
)
def test_a_short_kingdom_row_is_placed_at_its_end_and_says_so(
    text: str, message: str, index: int
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom(text)
    row = caught.value.text
    assert caught.value.reason == message
    assert caught.value.index == index and index == len(row) - 1  # the row's last character
    assert str(caught.value) == f"{message} at column {index + 1} of {row!r}"


def test_a_kingdom_row_too_long_still_points_at_its_first_square_too_many() -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom("C F/W W W")
    assert str(caught.value) == "row 2 has 3 squares but row 1 has 2 at column 5 of 'W W W'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("..\n.X", f"{_UNKNOWN} at column 2 of line 2, '.X'"),
        ("HH.\n...\n..X V", f"{_UNKNOWN} at column 3 of line 3, '..X V'"),
        # Leading spaces and blank lines count as typed: line 4, column 5.
        ("..\n..\n\n   .X\n", f"{_UNKNOWN} at column 5 of line 4, '   .X'"),
        ("..\r\n.X\r\n", f"{_UNKNOWN} at column 2 of line 2, '.X'"),
        # Rows joined by ' / ' on a line of their own, under another line.
        ("../..\n.. / .X", f"{_UNKNOWN} at column 7 of line 2, '.. / .X'"),
        ("...\n..", "row 2 has 2 cells but row 1 has 3 at column 1 of line 2, '..'"),
        ("...\n... Q", "the side to move is H or V, not 'Q' at column 5 of line 2, '... Q'"),
    ],
)
def test_a_domineering_position_on_lines_places_a_fault_in_its_line(
    text: str, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_a_domineering_position_on_one_line_is_placed_as_before() -> None:
    with pytest.raises(NotationError) as caught:
        parse_position("../.X")
    assert str(caught.value) == f"{_UNKNOWN} at column 5 of '../.X'"
    assert caught.value.line is None
    # Several lines that parse are read as the rows joined by '/'.
    assert parse_position("HH\n.. V\n") == parse_position("HH/.. V")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Review of session 13: an empty last row was placed one column past the text's
        # end (column 9 of 8 characters); now at the '/' before it, column 8.
        (".../.../", "row 3 is empty at column 8 of '.../.../'"),
        (".../", "row 2 is empty at column 4 of '.../'"),
        # An empty row inside is placed at the '/' that ends it, as before: column 4.
        ("...//...", "row 2 is empty at column 5 of '...//...'"),
        # One row a line, a line ending in '/': its '/' (column 4 of '.../'), not column 5.
        (".../\n.X.", "row 2 is empty at column 4 of line 1, '.../'"),
        ("...\n.../\n", "row 3 is empty at column 4 of line 2, '.../'"),
        ("...\n/...", "row 2 is empty at column 1 of line 2, '/...'"),
    ],
)
def test_an_empty_domineering_row_is_placed_on_a_slash(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert str(caught.value) == message
    assert caught.value.index is not None
    assert caught.value.text[caught.value.index] == "/"
