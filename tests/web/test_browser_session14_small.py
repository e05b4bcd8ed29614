"""Session 14, the newcomer pass's small points on the pages (docs/web.md, "Session 14:
small points"). The fixtures live_server, browser and page are conftest.py's; the values
are worked by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_two_cells_not_next_to_each_other_say_so(page: Any, live_server: str) -> None:
    page.goto(live_server + "/domineering/")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.click("rect.cell[data-cell='A1']")
    page.click("rect.cell[data-cell='C5']")
    page.wait_for_selector("#status.error")
    assert page.text_content("#status") == (
        "No pair: A1 and C5 are not next to each other (a pair is two cells side by side "
        "for H, one above the other for V). C5 is picked now: tap a cell next to it."
    )
    # C5 was picked: D5 beside it makes an H pair (C5-D5), and V is to move.
    page.click("rect.cell[data-cell='D5']")
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    assert page.text_content("#status") == ""


def test_a_two_step_match_says_the_winners_score_first(page: Any, live_server: str) -> None:
    # rules/two-step.txt: clearing the card scores 1, +1 when the opponent's card is still
    # full (5 tiles). 2:3 three times: player 2 +1 each round, 0-3; the target is 3.
    page.goto(live_server + "/two-step/round")
    page.fill("#match-rounds", "2:3 2:3 2:3")
    page.fill("#match-target", "3")
    page.click("#match-button")
    page.wait_for_function(
        "document.getElementById('match-status').textContent === 'Player 2 wins 3-0'"
    )


def _typed_on_a_phone(page: Any, live_server: str, rows: list[str]) -> None:
    """The kingdom ``rows`` typed and scored on the Kingdomino page at 360 x 740."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + "/kingdomino/")
    page.click("details.notation summary")
    page.fill("#notation", "/".join(rows))
    page.click("#use-notation")


def test_the_kingdom_total_bar_shows_only_while_the_answer_is_out_of_sight(
    page: Any, live_server: str
) -> None:
    # A 5x5 kingdom: forest 5 squares x 1 crown = 5 in row 1, the rest wheat without a
    # crown (0). At 360 x 740 the answer lies under the 5x5 board.
    rows = ["F1 F F F F", "W W W W W", "W W C W W", "W W W W W", "W W W W W"]
    _typed_on_a_phone(page, live_server, rows)
    page.wait_for_function("document.getElementById('total').textContent === '5'")
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_selector("#total-bar", state="visible")
    assert page.inner_text("#total-bar-value") == "5"
    # Scrolled to the total: the bar would only cover a row of the answer, so it goes.
    page.locator(".total-card").scroll_into_view_if_needed()
    page.wait_for_selector("#total-bar", state="hidden")


def test_a_cell_picked_after_a_refused_pair_and_tapped_again_clears_the_message(
    page: Any, live_server: str
) -> None:
    # Session 14 review: A1 then C5 picks C5 and says so; C5 tapped again unpicks it, and
    # the status went on saying "C5 is picked now" with no cell picked.
    page.goto(live_server + "/domineering/")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.click("rect.cell[data-cell='A1']")
    page.click("rect.cell[data-cell='C5']")
    page.wait_for_selector("#status.error")
    page.click("rect.cell[data-cell='C5']")
    assert page.locator("rect.cell.picked").count() == 0
    assert page.text_content("#status") == ""


def test_the_kingdom_total_bar_comes_back_below_a_long_answer(page: Any, live_server: str) -> None:
    # A 7x7 checkerboard of wheat and forest (castle in the middle): every square a domain
    # of its own, 48 domains listed, no crown: 0 points. Scrolled to the last domain, the
    # total card is far above: the bar shows the total again (review of 29b909a).
    rows = [" ".join("WF"[(r + c) % 2] for c in range(7)) for r in range(7)]
    rows[3] = "F W F C F W F"
    _typed_on_a_phone(page, live_server, rows)
    page.wait_for_function("document.querySelectorAll('#domains li').length > 20")
    page.locator("#domains li").last.scroll_into_view_if_needed()
    page.wait_for_selector("#total-bar", state="visible")
    assert " ".join(page.inner_text("#total-bar").split()) == "Total 0 to the answer"
