"""Session 11: "Save this result" on the Cross match, the Two-Step round and the Two-Step
match, in a real headless Chromium at 360 px (fixtures in conftest.py).

Each test fails on the old pages, which had no save button there. Values worked by hand
from ``/work/shared/rules/cross.txt`` and ``two-step.txt`` (see test_saved_matches.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# Rounds 1-3 of test_saved_matches.CROSS_ROUNDS (player 1: 33 + 6, player 2: 18), kept
# for the tab as the page keeps a match; round 4 is tapped in.
KEPT_MATCH = {"rounds": [["", "5-5 5-6 6-6"], ["1-2", "0-4 2-3"], ["3-5 4-6", ""]], "target": 50}


def _saved_lines(page: Any) -> list[str]:
    return [line.strip() for line in page.locator("ul.saved-answer li").all_inner_texts()]


def _results_listed(page: Any, live_server: str) -> int:
    page.goto(live_server + "/results/")
    return page.locator("ul.results li").count()


def test_a_cross_match_is_saved_once_and_shown(page: Any, live_server: str) -> None:
    before = _results_listed(page, live_server)
    page.add_init_script(
        f"sessionStorage.setItem('referee.cross.match', {json.dumps(json.dumps(KEPT_MATCH))})"
    )
    page.goto(live_server + "/cross/")
    page.wait_for_function("document.querySelectorAll('#match-rounds li').length === 3")
    # Round 4: player 1 went out, player 2 holds 4-4 3-6 = 17 pips: 39 + 17 = 56 >= 50.
    page.click("section.player[data-player='1'] .went-out")
    page.click("section.player[data-player='2'] .choose")
    for tile in ("4-4", "3-6"):
        page.click(f"#picker .tile-button[data-tile='{tile}']")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 1 scores 17'")
    page.click("#match-add")
    page.wait_for_function(
        "document.getElementById('match-status').textContent"
        " === 'Player 1 wins the match (reached 50)'"
    )
    button = page.locator("#match .save-button")
    assert button.is_visible()
    assert button.bounding_box()["x"] + button.bounding_box()["width"] <= 360
    button.click()
    page.wait_for_selector("#match .save-status a")
    button.click()  # a second tap keeps the one row
    page.wait_for_function(
        "document.querySelector('#match .save-status').textContent.startsWith('Already saved')"
    )
    page.click("#match .save-status a")
    page.wait_for_url(re.compile(r".*/results/\d+$"))
    # Titled by the server from the answer (session 12: the rounds added tell matches apart).
    assert page.inner_text("h1") == "Cross match to 50: player 1 wins 56 to 18 after 4 rounds"
    # The rounds as `referee cross match` takes them, tiles as the page lists them.
    assert page.inner_text("pre.saved >> nth=0") == (
        "/ 5-5 5-6 6-6\n1-2 / 0-4 2-3\n3-5 4-6 /\n/ 3-6 4-4"
    )
    assert _saved_lines(page) == [
        "Round 1: player 1 +33",
        "Round 2: player 1 +6",
        "Round 3: player 2 +18",
        "Round 4: player 1 +17",
        "Scores: player 1: 56, player 2: 18",
        "Player 1 wins the match (reached 50)",
    ]
    page.click("text=Cross page →")
    page.wait_for_url(re.compile(r".*/cross/$"))
    assert _results_listed(page, live_server) == before + 1


def test_no_cross_match_save_button_before_a_round_is_added(page: Any, live_server: str) -> None:
    page.goto(live_server + "/cross/")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.click("section.player[data-player='2'] .went-out")
    page.wait_for_function("document.getElementById('winner').textContent.startsWith('Player')")
    assert page.locator("#answer .save-button").is_visible()  # the round's own button
    assert page.locator("#match .save-button").is_hidden()


def test_a_two_step_round_is_saved_and_a_refused_table_is_not(page: Any, live_server: str) -> None:
    page.goto(live_server + "/two-step/round")
    assert page.locator("#round-answer .save-button").is_hidden()
    page.click("#round-example")
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    save = page.locator("#round-answer .save-button")
    assert save.is_visible()
    # A table refused: the last one stays in sight (said to be that), but is not saved.
    page.fill("#round-position", "floor 6-6; hand1 1-2; turn 1")
    page.click("#round-analyse")
    page.wait_for_selector("#round-status.error")
    assert save.is_hidden()
    page.click("#round-example")
    page.wait_for_function("!document.querySelector('#round-answer .save-button').hidden")
    save.click()
    page.click("#round-answer .save-status a")
    page.wait_for_url(re.compile(r".*/results/\d+$"))
    # Session 13: the title counts the moves; they are listed in the answer below.
    assert page.inner_text("h1") == "Two-Step round: player 2 to move, 2 legal moves"
    assert page.inner_text("pre.saved >> nth=0").startswith(
        "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0;\ncard1 4-4 4-6 0-1;\n"
    )
    # Ends 3 and 0; player 2's 0-2 and 3-4 fit, 1-2, card top 1-6 and discard 5-6 do not.
    assert _saved_lines(page)[-2:] == [
        "Player 2 to move",
        "Legal moves (2): play 0-2 hand right, play 3-4 hand left",
    ]
    page.click("text=Two-Step round page →")
    page.wait_for_url(re.compile(r".*/two-step/round$"))


def test_a_two_step_match_is_saved_and_refused_rounds_are_not(page: Any, live_server: str) -> None:
    page.goto(live_server + "/two-step/round")
    save = page.locator("#two-step-match .save-button")
    assert save.is_hidden()
    # 1:5 -> 2-0 (with the bonus), feet -> 2-0, 2:3 -> 2-1, 1:2 -> 3-1: player 1 reaches 3.
    page.fill("#match-rounds", "1:5 feet 2:3 1:2")
    page.fill("#match-target", "3")
    page.click("#match-button")
    page.wait_for_function(
        "document.getElementById('match-status').textContent === 'Player 1 wins 3-1'"
    )
    assert save.is_visible()
    page.fill("#match-rounds", "1:5 3:2")
    page.click("#match-button")
    page.wait_for_selector("#match-status.error")
    assert save.is_hidden()
    page.fill("#match-rounds", "1:5  feet 2:3 1:2")
    page.click("#match-button")
    page.wait_for_function("!document.querySelector('#two-step-match .save-button').hidden")
    save.click()
    page.click("#two-step-match .save-status a")
    page.wait_for_url(re.compile(r".*/results/\d+$"))
    assert page.inner_text("h1") == "Two-Step match to 3: player 1 wins 3 to 1 after 4 rounds"
    assert page.inner_text("pre.saved >> nth=0") == "1:5 feet 2:3 1:2"
    assert _saved_lines(page) == [
        "Round 1: player 1 +2 (with the bonus) · 2-0",
        "Round 2: two left feet, replayed · 2-0",
        "Round 3: player 2 +1 · 2-1",
        "Round 4: player 1 +1 · 3-1",
        "Player 1 wins 3-1 (target 3)",
    ]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def test_saved_is_said_only_while_the_answer_is_the_one_saved(page: Any, live_server: str) -> None:
    # A Cross round: player 1 holds 6-6 (12 pips), player 2 went out and scores 12.
    page.goto(live_server + "/cross/")
    page.click("section.player[data-player='2'] .went-out")
    page.click("section.player[data-player='1'] .choose")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 2 scores 12'")
    page.click("#answer .save-button")
    page.wait_for_selector("#answer .save-status a")
    assert page.inner_text("#answer .save-status").startswith("Saved: result ")
    # 0-1 added: 12 + 1 = 13. "Saved" was about the answer before.
    page.click("#picker .tile-button[data-tile='0-1']")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 2 scores 13'")
    assert page.inner_text("#answer .save-status") == ""
    page.click("#answer .save-button")
    page.wait_for_function(
        "document.querySelector('#answer .save-status').textContent.startsWith('Saved: result ')"
    )
    page.click("#answer .save-status a")
    page.wait_for_url(re.compile(r".*/results/\d+$"))
    # Player 1 holds 6-6 0-1: 13 pips; player 2 none (session 12: the pips in the title).
    assert page.inner_text("h1") == "Cross round, 2 players (pips 13, 0): player 2 scores 13"
