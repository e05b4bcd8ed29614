"""Session 15, the newcomer pass's findings on the pages (docs/web.md, "Session 15: the
newcomer pass's findings"). The fixtures live_server, browser and page are conftest.py's;
the values are worked by hand from the rules (rules/domineering.txt: H claims two cells
side by side, V two one above the other, H starts)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _to_move(page: Any, text: str) -> None:
    page.wait_for_function(f"document.getElementById('to-move').textContent === {text!r}")


def test_a_new_board_size_keeps_the_pairs_that_fit_and_names_the_others(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/domineering/")
    _to_move(page, "H to move")
    page.click("rect.cell[data-cell='A1']")
    page.click("rect.cell[data-cell='B1']")
    _to_move(page, "V to move")
    page.click("rect.cell[data-cell='E4']")
    page.click("rect.cell[data-cell='E5']")
    _to_move(page, "H to move")
    # 6 columns: both pairs fit, one empty column F is added on the right.
    page.select_option("#cols", "6")
    page.wait_for_function("document.getElementById('notation').value.startsWith('HH..../')")
    assert page.input_value("#notation") == "HH..../....../....../....V./....V. H"
    assert page.text_content("#status") == ""
    # 4 columns: E4-E5 lies in column E, off the board; A1-B1 stays. One H pair, no V
    # pair, H started: V is to move.
    page.select_option("#cols", "4")
    _to_move(page, "V to move")
    assert page.input_value("#notation") == "HH../..../..../..../.... V"
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    assert page.text_content("#status") == "Pair E4-E5 is off the 5 × 4 board: dropped."
    # 2 rows: A1-B1 in row 1 still fits.
    page.select_option("#rows", "2")
    page.wait_for_function("document.getElementById('notation').value === 'HH../.... V'")
    assert page.text_content("#status") == ""
