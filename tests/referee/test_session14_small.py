"""Session 14: a Domineering position with every cell spaced apart says how cells are
written (the newcomer pass typed 'h h . . . / v . . . .' and was told only "a third
word"; docs/domineering.md, "Session 14")."""

from __future__ import annotations

import pytest

from referee import domineering
from referee.errors import NotationError

SPACED = "; a row's cells are written together, without spaces: 'HH...' not 'H H . . .'"


@pytest.mark.parametrize("text", ["h h . . . / v . . . .", "h h . . .", ". . / . ."])
def test_cells_spaced_apart_are_told_to_be_written_together(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        domineering.parse_position(text)
    assert SPACED in str(caught.value)


@pytest.mark.parametrize("text", ["..... ..... .....", ".../... V X", "HH.. V ."])
def test_other_third_words_are_not_told_so(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        domineering.parse_position(text)
    assert SPACED not in str(caught.value)
