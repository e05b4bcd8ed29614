"""Session 13, six small defects left by session 12, on the pages (docs/web.md, "Session 13:
six small defects"). The fixtures live_server, browser and page are conftest.py's; the
values are worked by hand from the rules."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.pages import labelled_reading

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"
_UNKNOWN = "unknown cell symbol 'X' (a cell is '.', 'H', 'V' or '#')"


def test_compare_page_says_the_winners_score_first(page: Any, live_server: str) -> None:
    # Kingdom 1: forest 2 squares x 1 crown = 2; kingdom 2: forest 3 x 1 = 3.
    page.goto(live_server + "/kingdomino/compare")
    kingdoms = page.locator("section.kingdom")
    for index, text in enumerate(["C F1 F", "C F1 F F"]):
        kingdoms.nth(index).locator("details.notation summary").click()
        kingdoms.nth(index).locator(".notation-text").fill(text)
        kingdoms.nth(index).locator(".use-notation").click()
    page.wait_for_function("document.getElementById('verdict').textContent === 'Kingdom 2 wins'")
    page.wait_for_function(
        "document.getElementById('verdict-detail').textContent === '3 to 2, on points'"
    )


def test_a_saved_two_step_round_keeps_the_move_checked(page: Any, live_server: str) -> None:
    # The example table: the left end is 3 (3-0), so 0-2 may not go there.
    page.goto(live_server + "/two-step/round")
    page.click("#round-example")
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    page.fill("#check-move", "play 0-2 hand left")
    page.click("#check-button")
    page.wait_for_function(
        "document.getElementById('check-status').textContent === "
        "'Not legal: 0-2 does not match the left end (3 pips)'"
    )
    page.click("#round-answer .save-button")
    page.click("#round-answer .save-status a")
    page.wait_for_selector("ul.saved-answer")
    lines = page.locator("ul.saved-answer li").all_inner_texts()
    assert lines[-1] == (
        "Move checked: play 0-2 hand left: not legal: 0-2 does not match the left end (3 pips)"
    )
    assert page.inner_text("h1").endswith("; checked play 0-2 hand left: not legal")
    # Another table refereed drops the check: the saved table is saved without it.
    page.go_back()
    page.wait_for_selector("#round-answer:not([hidden])")
    page.fill("#round-position", page.input_value("#round-position").replace("turn 2", "turn 1"))
    page.click("#round-analyse")
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 1 to move'"
    )
    page.click("#round-answer .save-button")
    page.click("#round-answer .save-status a")
    page.wait_for_selector("ul.saved-answer")
    assert not any(
        "checked" in line for line in page.locator("ul.saved-answer li").all_inner_texts()
    )


def test_a_saved_sheet_opens_the_domineering_page_with_its_position(
    page: Any, live_server: str
) -> None:
    # Saved from another tab (the list of results is opened later, in a fresh tab whose
    # sheet kept is none): H holds A1-B1, V holds A2-A3, V started, so V is to move.
    answer = page.request.post(
        live_server + "/api/domineering/analyze",
        data={"position": "HH../V.../V...", "first": "V"},
    ).json()
    saved = page.request.post(
        live_server + "/api/results",
        data={"game": "domineering", "notation": answer["position"], "answer": answer},
    ).json()
    page.goto(live_server + saved["url"])
    page.click("text=Domineering page →")
    page.wait_for_url(re.compile(r"/domineering/"))  # the saved page is left first
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    assert page.input_value("#first") == "V"
    assert page.input_value("#notation") == "HH../V.../V... V"
    assert page.locator("#sheet rect.cell").count() == 12  # 3 rows x 4 columns
    assert page.get_attribute("[data-cell='A1']", "aria-label") == "A1 H"
    assert page.get_attribute("[data-cell='A3']", "aria-label") == "A3 V"
    assert page.get_attribute("[data-cell='B2']", "aria-label") == "B2 empty"
    assert page.evaluate("window.location.search") == ""  # a reload keeps what is changed
    # V's legal pairs by hand: B2-B3, C1-C2, C2-C3, D1-D2, D2-D3.
    assert page.inner_text("#to-move-detail") == "V has 5 legal pairs"
    # V claims C1-C2; a reload keeps the change (the tab's sheet), not the saved one.
    page.click("[data-cell='C1']")
    page.click("[data-cell='C2']")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.reload()
    page.wait_for_function("document.getElementById('notation').value === 'HHV./V.V./V... H'")


def test_a_position_in_the_address_that_is_refused_stays_typed(page: Any, live_server: str) -> None:
    page.goto(live_server + "/domineering/?position=HH/X.")
    page.wait_for_function("document.getElementById('notation-status').textContent !== ''")
    assert page.input_value("#notation") == "HH/X."
    # Said under the box, opened to show it, and on top.
    assert page.inner_text("#notation-status") == f"{_UNKNOWN} at column 4 of 'HH/X.'"
    assert page.inner_text("#status").startswith("The position typed is refused: unknown cell")


def test_a_cross_seats_reading_follows_its_hand(page: Any, live_server: str) -> None:
    # hand-5 as labelled: 2-6 3-5 1-6 3-3 2-2 0-0, 6 tiles, 33 pips.
    reading = labelled_reading("hand-5")
    page.route("**/api/dominoes/count", lambda route: route.fulfill(json=reading))
    page.goto(live_server + "/cross/")
    seat = "section.player[data-player='1']"
    page.set_input_files(f"{seat} .hand-photo", str(SAMPLES / "hand-5.jpg"))
    read = "Read 6 tiles (33 pips). Tap a tile to take it out."
    page.wait_for_function(
        "([seat, text]) => document.querySelector(seat + ' .status').textContent === text",
        arg=[seat, read],
    )
    # 2-6 taken out: 5 tiles, 33 - 8 = 25 pips.
    page.click(f"{seat} .hand-tiles [data-tile='2-6']")
    changed = (
        "Read 6 tiles (33 pips) from the photo; changed since: the hand now holds 5 tiles "
        "(25 pips)."
    )
    page.wait_for_function(
        "([seat, text]) => document.querySelector(seat + ' .status').textContent === text",
        arg=[seat, changed],
    )
    assert page.inner_text(f"{seat} .pips") == "25"
    # 2-6 put back from the picker: the hand is as read again, and so is what is said.
    page.click("#picker [data-tile='2-6']")
    page.wait_for_function(
        "([seat, text]) => document.querySelector(seat + ' .status').textContent === text",
        arg=[seat, read],
    )
    # Another seat's hand changed: this seat's reading is still its hand's.
    page.click("section.player[data-player='2'] .choose")
    page.click("#picker [data-tile='4-4']")
    page.wait_for_function(
        "document.querySelector(\"section.player[data-player='2'] .pips\").textContent === '8'"
    )
    assert page.inner_text(f"{seat} .status") == read


def test_a_position_on_lines_in_the_address_is_typed_on_one_line(
    page: Any, live_server: str
) -> None:
    # The notation box holds one line: rows on lines come in joined by '/', and the error
    # counts in what the box shows.
    page.goto(live_server + "/domineering/?position=..%0A.X")
    page.wait_for_function("document.getElementById('notation-status').textContent !== ''")
    assert page.input_value("#notation") == "../.X"
    assert page.inner_text("#notation-status") == f"{_UNKNOWN} at column 5 of '../.X'"


def test_a_move_checked_on_a_table_refused_since_does_not_bring_the_save_back(
    page: Any, live_server: str
) -> None:
    # Review of session 13: the check showed "Save this result" again under the last
    # table refereed, kept in sight (and marked so) after another table was refused.
    page.goto(live_server + "/two-step/round")
    page.click("#round-example")
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    page.fill("#round-position", "nonsense table")
    page.click("#round-analyse")
    page.wait_for_selector("#round-answer.stale")
    assert page.is_hidden("#round-answer .save-button")
    # The example's left end is 3 (3-0): 0-2 may not go there.
    page.fill("#check-move", "play 0-2 hand left")
    page.click("#check-button")
    page.wait_for_function(
        "document.getElementById('check-status').textContent === "
        "'Not legal: 0-2 does not match the left end (3 pips)'"
    )
    assert page.is_hidden("#round-answer .save-button")
    # The table written again and refereed: saved with the move checked on it.
    page.click("#round-example")
    page.wait_for_selector("#round-answer:not(.stale)")
    page.click("#check-button")
    page.wait_for_function(
        "document.getElementById('check-status').textContent === "
        "'Not legal: 0-2 does not match the left end (3 pips)'"
    )
    assert page.is_visible("#round-answer .save-button")
