"""Session 13: a saved Kingdomino kingdom, Two-Step round or Cross round reopens its page
with what was saved, as a saved Domineering sheet does (docs/web.md, "Session 13: saved
results reopen their page"). The fixtures live_server, browser and page are conftest.py's
(360 px); the values are worked by hand from the rules."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# The Two-Step round page's example table (web/games/two_step.py _EXAMPLE).
_TABLE = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)


def _save(page: Any, live_server: str, game: str, notation: str, answer: Any) -> str:
    """Saves ``answer`` as another tab would and opens its saved page (in this fresh tab,
    which keeps no draft of its own)."""
    saved = page.request.post(
        live_server + "/api/results", data={"game": game, "notation": notation, "answer": answer}
    ).json()
    page.goto(live_server + saved["url"])
    return str(saved["url"])


def test_a_saved_kingdom_reopens_the_kingdomino_page_with_it(page: Any, live_server: str) -> None:
    # Forest: 1 square x 1 crown = 1; water: 2 squares x 2 crowns = 4; total 5.
    answer = page.request.post(
        live_server + "/api/kingdomino/score", data={"kingdom": "C F1/W2 W"}
    ).json()
    _save(page, live_server, "kingdomino", answer["kingdom"], answer)
    page.click("text=Kingdomino page →")
    page.wait_for_url(re.compile(r"/kingdomino/"))  # the saved page is left first
    page.wait_for_function("document.getElementById('total').textContent === '5'")
    assert page.input_value("#notation") == "C F1\nW2 W"
    assert page.evaluate("window.location.search") == ""  # a reload keeps what is changed


def test_a_saved_comparison_or_an_old_row_opens_the_empty_kingdom_page(
    page: Any, live_server: str
) -> None:
    # A row without the kingdom (a comparison's answer has two) links to the page as it starts.
    _save(page, live_server, "kingdomino", "C F1", {"total": 1})
    assert page.get_attribute("text=Kingdomino page →", "href") == "/kingdomino/"


def test_a_saved_round_reopens_the_two_step_round_page_with_its_table(
    page: Any, live_server: str
) -> None:
    answer = page.request.post(
        live_server + "/api/two-step/analyze", data={"position": _TABLE}
    ).json()
    _save(page, live_server, "two-step", answer["position"], answer)
    page.click("text=Two-Step round page →")
    page.wait_for_url(re.compile(r"/two-step/round"))  # the saved page is left first
    # turn 2: player 2 to move.
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    assert page.input_value("#round-position") == answer["position"]
    assert page.evaluate("window.location.search") == ""
    assert not page.is_checked("#optional-plays")
    # Refereed with plays optional (the page saves the house rule with the answer): the
    # round page opens with it ticked.
    _save(page, live_server, "two-step", answer["position"], {**answer, "optional_plays": True})
    page.click("text=Two-Step round page →")
    page.wait_for_url(re.compile(r"/two-step/round"))  # the saved page is left first
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    assert page.is_checked("#optional-plays")


def test_a_saved_cross_round_reopens_the_cross_page_with_its_hands(
    page: Any, live_server: str
) -> None:
    # Player 1: 0-0 1-2 = 3 pips; player 2: 3-4 = 7 pips. Nobody went out: the lowest
    # total wins, 7 - 3 = 4 points.
    answer = page.request.post(
        live_server + "/api/cross/round", data={"hands": ["0-0 1-2", "3-4"]}
    ).json()
    _save(page, live_server, "cross", "0-0 1-2\n3-4", answer)
    page.click("text=Cross page →")
    page.wait_for_url(re.compile(r"/cross/"))  # the saved page is left first
    page.wait_for_selector("#answer:not([hidden])")
    assert page.locator("#players section[data-player]").count() == 2
    assert page.inner_text("#pips").split("\n") == [
        "Player 1",
        "2 tiles, pips:",
        "3",
        "Player 2",
        "1 tile, pips:",
        "7",
    ]
    assert page.inner_text("#winner") == "Player 1 scores 4"
    assert page.inner_text("#winner-detail") == "lowest pip total in a blocked round"
    assert page.evaluate("window.location.search") == ""


def test_a_domineering_error_quotes_the_position_as_typed(page: Any, live_server: str) -> None:
    # 'x' is no cell symbol; it is the 6th character of what was typed, in lower case.
    page.goto(live_server + "/domineering/")
    page.click("details.notation summary")
    page.fill("#notation", "hh../x...")
    page.click("#use-notation")
    page.wait_for_function("document.getElementById('notation-status').textContent !== ''")
    assert page.inner_text("#notation-status") == (
        "unknown cell symbol 'x' (a cell is '.', 'H', 'V' or '#') at column 6 of 'hh../x...'"
    )
    assert page.input_value("#notation") == "hh../x..."
    # Lower case that is a position is read as one (h and v are H and V): H's pair A1-B1,
    # V's pair A2-A3, H started (the default), one pair each, so H is to move.
    page.fill("#notation", "hh../v.../v...")
    page.click("#use-notation")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")


def test_a_cross_link_s_hands_are_checked_as_typed(page: Any, live_server: str) -> None:
    # Dashes other than '-' read as the API reads them: player 1 holds 1-2 (3 pips), player 2
    # 3-4 (7 pips); blocked, the lowest total wins 7 - 3 = 4 (rules/cross.txt). The page
    # dropped both tiles unsaid and showed two empty hands.
    page.goto(live_server + "/cross/?hands=1%E2%80%932+/+3%E2%80%944")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 1 scores 4'")
    # What is no tile is said, nothing runs, nothing is filled in or saveable.
    page.goto(live_server + "/cross/?hands=%3Cb%3Ehi%3C%2Fb%3E+0-0+%2F+1-1")
    page.wait_for_function("document.getElementById('winner').textContent === 'Check the hands'")
    assert page.inner_text("#winner-detail") == (
        "The hands in the address are refused: '<b>hi<' is not a tile "
        "(a tile is written 3-5, hands are split by /)"
    )
    assert page.locator("#winner-detail b").count() == 0
    assert not page.is_visible("text=Save this result")
    assert page.evaluate("window.location.search") == ""
    page.goto(live_server + "/cross/?hands=0-0+/+1-1+/+2-2+/+3-3+/+4-4")
    page.wait_for_function("document.getElementById('winner').textContent === 'Check the hands'")
    assert page.inner_text("#winner-detail") == (
        "The hands in the address are refused: 5 hands, but a round has 2 to 4 players"
    )
    # A word of 100 letters: quoted in part, and the page stays 360 px wide.
    page.goto(live_server + "/cross/?hands=" + "x" * 100)
    page.wait_for_function("document.getElementById('winner').textContent === 'Check the hands'")
    assert page.inner_text("#winner-detail").startswith(
        "The hands in the address are refused: '" + "x" * 40 + "…' is not a tile"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # 5,000 letters, longer than any legal round's hands (113 characters, session 14): the
    # server refuses the address, in words, 360 px wide.
    response = page.goto(live_server + "/cross/?hands=" + "x" * 5000)
    assert response.status == 400
    assert page.inner_text("p.error") == (
        "the hands in the address are 5,000 characters long, longer than any legal Cross "
        "round's hands (113 at most): check the link"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
