"""Session 11, the second newcomer's findings on the pages (docs/web.md, "Session 11: the
second newcomer's findings"). The fixtures live_server, browser and page are conftest.py's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.pages import labelled_reading

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "sample_photos"


def _wait_for_held(page: Any, held: list[Any], count: int) -> None:
    for _ in range(200):  # the page's request reaches the route handler
        if len(held) >= count:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{count} photo request(s) expected, {len(held)} held")


def test_cross_round_is_not_added_while_a_photo_is_being_read(page: Any, live_server: str) -> None:
    # The second newcomer: player 1's photo read (hand-dark-7, 46 pips), player 2's chosen
    # (hand-dark-8) and "Add this round to the match" tapped while it said "Reading the
    # tiles…": the page already said "Player 2 scores 46, went out" (an empty hand is the
    # player who went out), the tap added "player 2 +46" and player 2's reading was lost.
    # Rules (rules/cross.txt): the lowest hand, 32 pips, scores 46 - 32 = 14.
    held: list[Any] = []
    readings = {
        "1": labelled_reading("hand-dark-7"),
        "2": labelled_reading("hand-dark-8"),
    }
    page.route("**/api/dominoes/count", lambda route: held.append(route))
    winner = "text => document.getElementById('winner').textContent === text"
    page.goto(live_server + "/cross/")
    page.set_input_files(
        "section.player[data-player='1'] .hand-photo", str(SAMPLES / "hand-dark-7.jpg")
    )
    _wait_for_held(page, held, 1)
    held[0].fulfill(json=readings["1"])
    # Session 14: no winner while player 2's hand is not in (it said "Player 2 scores 46").
    page.wait_for_function(winner, arg="Waiting for player 2's hand")
    page.set_input_files(
        "section.player[data-player='2'] .hand-photo", str(SAMPLES / "hand-dark-8.jpg")
    )
    _wait_for_held(page, held, 2)
    page.wait_for_function(winner, arg="Reading the photo…")
    assert page.is_disabled("#match-add")
    assert page.get_attribute("#match-add", "title") == "Wait for player 2's photo to be read"
    assert page.inner_text("#winner-detail") == (
        "Player 2's photo is being read: the round is scored, and can be added to the match, "
        "once it is read"
    )
    assert page.locator("#match-rounds li").count() == 0
    held[1].fulfill(json=readings["2"])
    page.wait_for_function(winner, arg="Player 2 scores 14")
    assert page.inner_text("#winner-detail") == "lowest pip total in a blocked round"
    assert not page.is_disabled("#match-add")
    page.click("#match-add")
    page.wait_for_selector("#match-rounds li")
    assert page.locator("#match-rounds li").inner_text().split() == [
        "Round",
        "1",
        "player",
        "2",
        "+14",
    ]
    assert page.inner_text("#match-scores") == "Player 1: 0 · Player 2: 14"


# The Cross layout of test_browser.py's plays tests (the 6-6 lead, a 3-3 spinner on the
# north arm), as the CLI's `cross plays` reads it.
CROSS_SPINNER = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"


def test_cross_plays_keeps_table_hand_boneyard_and_variants_after_a_reload(
    page: Any, live_server: str
) -> None:
    # The second newcomer: /cross/plays lost the table and the hand on reload (its script
    # never used Referee.draft, as the other pages do).
    page.goto(live_server + "/cross/plays")
    page.fill("#plays-layout", CROSS_SPINNER)
    for tile in ("3-5", "2-4", "4-5"):
        page.click(f"#picker .tile-button[data-tile='{tile}']")
    page.fill("#plays-boneyard", "4")
    page.check("#plays-only-first-spinner")
    page.click("#plays-ask")
    # By hand, as test_cross_plays_typed_layout_tapped_hand: 2-4 on E (2); with only the
    # first double a spinner the 3-3 has no branches: 3-5 on N only; 4-5 fits no end.
    title = "text => document.getElementById('plays-title').textContent === text"
    page.wait_for_function(title, arg="2 legal plays")
    page.reload()
    page.wait_for_function(title, arg="2 legal plays")
    assert page.input_value("#plays-layout") == CROSS_SPINNER
    assert page.input_value("#plays-hand-text") == "2-4 3-5 4-5"
    assert page.input_value("#plays-boneyard") == "4"
    assert page.is_checked("#plays-only-first-spinner")
    assert not page.is_checked("#plays-last-two-never-drawn")
    hand = page.locator("#plays-hand .tile-button").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)"
    )
    assert hand == ["2-4", "3-5", "4-5"]
    plays = page.locator("#plays-list li").evaluate_all("items => items.map(i => i.dataset.play)")
    assert plays == ["2-4 E", "3-5 N"]


def test_cross_plays_not_asked_is_not_asked_after_a_reload(page: Any, live_server: str) -> None:
    # A table typed but never asked about comes back in its box, with no answer or error.
    page.goto(live_server + "/cross/plays")
    page.fill("#plays-layout", "3-3 | N: 3-")
    page.reload()
    page.wait_for_function("document.getElementById('plays-layout').value === '3-3 | N: 3-'")
    assert page.inner_text("#plays-status") == ""
    assert page.is_hidden("#plays-answer")


def test_domineering_pair_refused_is_said_in_the_pages_words(page: Any, live_server: str) -> None:
    # The API now names the field ("field 'move': ..."); the page says it as its own box,
    # "The pair" (before, the message began with the engine's words alone).
    page.goto(live_server + "/domineering/")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.fill("#dispute-move", "zz")
    page.click("#dispute button[type=submit]")
    page.wait_for_function("document.getElementById('verdict').textContent !== ''")
    assert page.inner_text("#verdict") == (
        "The pair: 'ZZ' is not a move: write two cells joined by '-' (or a space), like B3-C3"
    )


def test_kingdom_typed_on_the_compare_page_refused_without_the_field_name(
    page: Any, live_server: str
) -> None:
    # A kingdom's "Use" asks /api/kingdomino/score, which now names its field
    # ("field 'kingdom': ..."); under that kingdom's own box the page leaves it out.
    page.goto(live_server + "/kingdomino/compare")
    kingdom = page.locator("section.kingdom").nth(1)
    kingdom.locator("details.notation summary").click()
    kingdom.locator(".notation-text").fill("C X")
    kingdom.locator(".use-notation").click()
    status = kingdom.locator(".status.error")
    status.wait_for()
    assert status.first.inner_text() == (
        "unknown terrain letter 'X' (expected one of W F L G S M C .) in row 1 at column 3 of 'C X'"
    )


def test_cross_reading_arriving_after_the_round_was_added_stays_out_of_the_next(
    page: Any, live_server: str
) -> None:
    # A photo chosen while "Add this round" is being answered belongs to the round added:
    # its reading, arriving after the hands were cleared, must not fill the next round.
    held: dict[str, list[Any]] = {"match": [], "photo": []}
    page.route("**/api/cross/match", lambda route: held["match"].append(route))
    page.route("**/api/dominoes/count", lambda route: held["photo"].append(route))
    page.goto(live_server + "/cross/")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.click("section.player[data-player='2'] .choose")
    page.click("#picker .tile-button[data-tile='1-1']")
    # Blocked: 12 pips against 2; player 2 scores 12 - 2 = 10 (rules/cross.txt).
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 2 scores 10'")
    page.click("#match-add")
    _wait_for_held(page, held["match"], 1)
    page.set_input_files(
        "section.player[data-player='1'] .hand-photo", str(SAMPLES / "hand-dark-7.jpg")
    )
    _wait_for_held(page, held["photo"], 1)
    held["match"][0].continue_()
    page.wait_for_selector("#match-rounds li")
    assert page.locator("#match-rounds li").inner_text().split() == [
        "Round",
        "1",
        "player",
        "2",
        "+10",
    ]
    with page.expect_response("**/api/dominoes/count"):
        held["photo"][0].fulfill(json=labelled_reading("hand-dark-7"))
    # Then player 2's hand of the next round is read (hand-dark-8, 32 pips). Had the late
    # reading landed, player 1 would hold 46 pips: "Player 2 scores 14"; it is dropped, so
    # player 1's hand is empty and still to come (session 14); tapped in as gone out
    # ("Went out"): "Player 1 scores 32".
    page.set_input_files(
        "section.player[data-player='2'] .hand-photo", str(SAMPLES / "hand-dark-8.jpg")
    )
    _wait_for_held(page, held["photo"], 2)
    held["photo"][1].fulfill(json=labelled_reading("hand-dark-8"))
    page.wait_for_function(
        "document.getElementById('winner').textContent === \"Waiting for player 1's hand\""
    )
    assert page.inner_text("section.player[data-player='1'] .pips") == "0"
    page.click("section.player[data-player='1'] .went-out")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 1 scores 32'")
    assert page.inner_text("section.player[data-player='1'] .pips") == "0"
    assert page.inner_text("section.player[data-player='1'] .status") == ""
    assert not page.is_disabled("#match-add")
