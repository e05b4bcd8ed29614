"""Session 14: on a phone, /cross/'s answer stays in sight while tiles are picked (docs/web.md,
"Session 14: the Cross round's bar"). The fixtures live_server, browser and page are
conftest.py's; values are worked by hand from ``rules/cross.txt``: a blocked round goes to the
lowest pip total, who scores the other hands' pips less their own."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

#: The newcomer check's phone: 360 x 740 (conftest.py gives the width).
PAGE_HEIGHT = 740

#: Screenshots for a person to look at, when REFEREE_SHOTS names a folder (not kept).
_SHOTS = os.environ.get("REFEREE_SHOTS")

_WINNER = "text => document.getElementById('winner').textContent === text"
_BAR = "#verdict-bar"


def _card_out_of_sight(page: Any) -> bool:
    """Whether the answer's card lies wholly above or below the screen."""
    return bool(
        page.evaluate(
            """() => {
              const box = document.querySelector('#answer .total-card').getBoundingClientRect();
              return box.bottom <= 0 || box.top >= window.innerHeight;
            }"""
        )
    )


def _shot(page: Any, name: str) -> None:
    if _SHOTS:
        Path(_SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(_SHOTS) / f"{name}-360.png"))


def _bar_says(page: Any) -> str:
    return " ".join(page.inner_text(_BAR).split())


def test_the_cross_bar_says_the_verdict_while_the_answer_is_out_of_sight(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/cross/")
    # No answer yet: no bar, wherever the page is scrolled.
    page.locator("#picker .tile-button[data-tile='6-6']").scroll_into_view_if_needed()
    assert not page.is_visible(_BAR)
    # Player 1 picks 6-6 and 5-6 (23 pips) with the picker, below the answer.
    page.click("#picker .tile-button[data-tile='6-6']")
    page.click("#picker .tile-button[data-tile='5-6']")
    page.wait_for_function(_WINNER, arg="Waiting for player 2's hand")
    assert _card_out_of_sight(page)
    page.wait_for_selector(_BAR, state="visible")
    assert _bar_says(page) == "Waiting for player 2's hand to the answer"
    _shot(page, "s14-cross-bar-waiting")
    # Player 2 picks 4-6 and 5-5 (20 pips): blocked, player 2 has the lowest total and
    # scores 23 - 20 = 3.
    page.click("section.player[data-player='2'] .choose")
    page.click("#picker .tile-button[data-tile='4-6']")
    page.click("#picker .tile-button[data-tile='5-5']")
    page.wait_for_function(_WINNER, arg="Player 2 scores 3")
    assert _card_out_of_sight(page)
    page.wait_for_selector(_BAR, state="visible")
    assert page.inner_text("#verdict-bar-value") == page.inner_text("#winner")
    assert _bar_says(page) == "Player 2 scores 3 to the answer"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Scrolled to the bottom, the footer keeps room: the bar covers neither the picker's
    # last row nor the footer's link.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar_top = page.locator(_BAR).bounding_box()["y"]
    last_tile = page.locator("#picker .tile-button").last.bounding_box()
    footer_link = page.locator("footer a").bounding_box()
    assert last_tile["y"] + last_tile["height"] <= bar_top
    assert footer_link["y"] + footer_link["height"] <= bar_top
    _shot(page, "s14-cross-bar-bottom")
    # The bar's link brings the answer into sight; the bar then goes (it would cover it).
    page.click(_BAR)
    page.wait_for_selector(_BAR, state="hidden")
    assert not _card_out_of_sight(page)
    # Scrolled away from the card again, the bar is back.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_selector(_BAR, state="visible")
    assert _bar_says(page) == "Player 2 scores 3 to the answer"
    # Scrolled to the card: hidden.
    page.locator("#answer .total-card").scroll_into_view_if_needed()
    page.wait_for_selector(_BAR, state="hidden")


def test_the_cross_bar_says_nobody_scores_and_is_not_shown_on_a_wide_screen(
    page: Any, live_server: str
) -> None:
    # Blocked, 6-6 against 5-6 1-0 (12 pips each): a tie for the lowest total, nobody scores.
    page.goto(live_server + "/cross/")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.click("section.player[data-player='2'] .choose")
    page.click("#picker .tile-button[data-tile='5-6']")
    page.click("#picker .tile-button[data-tile='0-1']")
    page.wait_for_function(_WINNER, arg="Nobody scores")
    page.locator("#picker .tile-button").last.scroll_into_view_if_needed()
    assert _card_out_of_sight(page)
    page.wait_for_selector(_BAR, state="visible")
    assert page.inner_text("#verdict-bar-value") == "Nobody scores"
    # From 48rem (768 px) the answer sits beside the pickers: no bar.
    page.set_viewport_size({"width": 800, "height": 740})
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert not page.is_visible(_BAR)


def test_the_cross_bar_s_longest_words_fit_a_phone_and_the_footer_keeps_room(
    page: Any, live_server: str
) -> None:
    # Four players, only player 1's 6-6 picked: the longest verdict the page says.
    page.goto(live_server + "/cross/")
    page.click("#player-count button[data-count='4']")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.wait_for_function(_WINNER, arg="Waiting for the hands of players 2, 3 and 4")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_selector(_BAR, state="visible")
    assert page.inner_text("#verdict-bar-value") == "Waiting for the hands of players 2, 3 and 4"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    bar = page.locator(_BAR).bounding_box()
    assert bar["width"] <= 360
    footer_link = page.locator("footer a").bounding_box()
    assert footer_link["y"] + footer_link["height"] <= bar["y"]
    _shot(page, "s14-cross-bar-four")
