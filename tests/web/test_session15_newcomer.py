"""Session 15, the newcomer pass's findings on the pages (docs/web.md, "Session 15: the
newcomer pass's findings"). The fixtures live_server, browser and page are conftest.py's;
the values are worked by hand from the rules each test names (rules/domineering.txt: H
claims two cells side by side, V two one above the other, H starts)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.pages import SAMPLES, labelled_reading

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


def test_a_fresh_answer_after_a_refusal_has_no_stale_note(page: Any, live_server: str) -> None:
    # rules/cross.txt: tiles go on all four sides of the first double before any other
    # play. Table 6-6 | N: 6-3 with 3-4 6-2 3-3: only 6-2 plays, on E, S or W: 3 plays.
    page.goto(live_server + "/cross/plays")
    page.fill("#plays-layout", "6-6 | N: 6-3")
    page.fill("#plays-hand-text", "3-4 6-2 3-3")
    page.click("#plays-ask")
    page.wait_for_function("document.getElementById('plays-title').textContent === '3 legal plays'")
    # 6-2 on the table and in the hand: refused, the last answer kept and said to be that.
    page.fill("#plays-layout", "6-6 | N: 6-3 | E: 6-2 | S: 6-1 | W: 6-0")
    page.click("#plays-ask")
    page.wait_for_selector("#plays-status.error")
    assert page.is_visible("#plays-note")
    # The cross is formed; 4-4 5-5 matches no open end (3, 2, 1, 0): no play, and with
    # the boneyard unknown the player draws.
    page.fill("#plays-hand-text", "4-4 5-5")
    page.click("#plays-ask")
    page.wait_for_function(
        "document.getElementById('plays-title').textContent === 'No play: draw'"
        " && document.getElementById('plays-status').textContent === ''"
    )
    assert not page.is_visible("#plays-note")
    assert page.inner_text("#plays-note") == ""
    assert "stale" not in (page.get_attribute("#plays-answer", "class") or "")


def _places(page: Any, text: str) -> None:
    page.wait_for_function(f"document.getElementById('place-verdict').textContent === {text!r}")


def test_a_refused_kingdom_keeps_the_last_places_said_to_be_that(
    page: Any, live_server: str
) -> None:
    # rules/kingdomino.txt: a domino touches the castle or a square of its terrain, and the
    # kingdom fits 5x5. C F1 F F (one row, 4 wide), W W: wheat touches only the castle.
    # Counted by hand: a half above C, its other half up, left or right (3); below C, the
    # same (3); left of C, the other half up or down (2; further left is 6 wide): 8 places.
    page.goto(live_server + "/kingdomino/place")
    page.fill("#place-kingdom", "C F1 F F")
    for half in (0, 1):
        page.select_option(f"#place-terrain-{half}", "W")
        page.select_option(f"#place-crowns-{half}", "0")
    page.click("#place-go")
    _places(page, "8 places")
    assert not page.is_visible("#place-note")
    page.fill("#place-kingdom", "C X")
    page.click("#place-go")
    page.wait_for_selector("#place-status.error")
    said = page.text_content("#place-status")
    assert said.startswith("The kingdom: unknown terrain letter 'X'")
    assert said.endswith(
        ". The places shown below are still the last good answer (8 places for W W)."
    )
    assert page.is_visible("#answer")
    assert page.text_content("#place-verdict") == "8 places"
    assert page.text_content("#place-note") == (
        "These places are for the last kingdom and domino asked about (8 places for W W), "
        "not the ones above."
    )
    assert "stale" in (page.get_attribute("#answer", "class") or "")
    # Mended: C F1 F F F is 5 wide, so only above and below C, each 2 ways (up, or
    # sideways to the right): 4 places, and the note goes.
    page.fill("#place-kingdom", "C F1 F F F")
    page.click("#place-go")
    _places(page, "4 places")
    assert not page.is_visible("#place-note")
    assert "stale" not in (page.get_attribute("#answer", "class") or "")
    assert page.text_content("#place-status") == ""


def test_the_page_says_the_first_to_give_as_its_started_control(
    page: Any, live_server: str
) -> None:
    # The API's "give 'first': 'V'" (a position only V starting makes possible) is said
    # as the page's control is named.
    page.goto(live_server + "/domineering/")
    _to_move(page, "H to move")
    said = page.evaluate(
        "Referee.plainError(\"field 'position': impossible counts: 0 H pairs and 1 V pair; "
        "with V starting the position is possible: if V started this game, give 'first': 'V'\")"
    )
    assert said == (
        "impossible counts: 0 H pairs and 1 V pair; with V starting the position is possible: "
        'if V started this game, set "Started" to V'
    )


def test_an_odd_bonus_in_a_comparison_link_is_said(page: Any, live_server: str) -> None:
    # rules/kingdomino-2p.txt: C F1 scores 1 square x 1 crown = 1, C W scores 0.
    page.goto(live_server + "/kingdomino/compare?kingdom1=C%20F1&kingdom2=C%20W&bonus=zzz")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('Kingdom 1 wins')"
    )
    page.wait_for_selector("#compare-status.error")
    assert page.text_content("#compare-status") == (
        "The bonus in the address is refused (Bonuses: unknown bonus 'zzz': use 'middle' or "
        "'harmony'): the kingdoms are compared without it."
    )
    assert page.locator("input[name=bonus]:checked").count() == 0


def test_an_odd_target_in_a_cross_match_link_is_said(page: Any, live_server: str) -> None:
    # The targets are 50, 100, 150, 200 and 250 (rules/cross.txt, RULINGS.md).
    page.goto(live_server + "/cross/?match=6-6%20/%201-1&target=55")
    page.wait_for_selector("#match-status.error")
    assert page.text_content("#match-status").startswith(
        "The target in the address is refused (play to: must be 50, 100, 150, 200 or 250, "
        "got 55): the match is played to 100."
    )
    assert page.input_value("#match-target") == "100"


def test_an_odd_target_in_a_two_step_match_link_is_said(page: Any, live_server: str) -> None:
    # rules/two-step.txt: clearing the card scores 1, +1 with the opponent's card still
    # full (1:5): 2-0; the target is 10 unless another is given.
    page.goto(live_server + "/two-step/round?rounds=1:5&target=-3")
    page.wait_for_selector("#match-status.error")
    assert page.text_content("#match-status") == (
        "The target in the address is refused (the points to play to: must be 1 or more, "
        "got -3): the match is played to 10. No winner yet: 2-0 (target 10)"
    )


def test_a_kingdom_of_one_point_says_point(page: Any, live_server: str) -> None:
    # C F1: 1 forest square x 1 crown = 1 point (rules/kingdomino-2p.txt, Scoring).
    page.goto(live_server + "/kingdomino/compare?kingdom1=C%20F1&kingdom2=C%20W")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('Kingdom 1 wins')"
    )
    totals = page.locator(".kingdom-total")
    assert totals.nth(0).text_content() == "· 1 point"
    assert totals.nth(1).text_content() == "· 0 points"


def test_the_place_page_says_a_square_beyond_the_tile_set(page: Any, live_server: str) -> None:
    # RULINGS.md, the real tile set: a wheat square shows at most 1 crown. W2 W on C F1 F F
    # lies where W W does (8, worked above), each way round as its squares differ: 16.
    page.goto(live_server + "/kingdomino/place")
    page.fill("#place-kingdom", "C F1 F F")
    for half in (0, 1):
        page.select_option(f"#place-terrain-{half}", "W")
    page.select_option("#place-crowns-0", "2")
    page.select_option("#place-crowns-1", "0")
    page.click("#place-go")
    _places(page, "16 places")
    assert page.text_content("#place-status") == (
        "Check the domino: the domino's first square W2 is wheat with 2 crowns: no wheat "
        "square in the tile set has more than 1."
    )


def test_a_seat_photo_refused_says_the_hand_kept(page: Any, live_server: str) -> None:
    # The readings are the samples' labels (hand-1: 27 pips, hand-dark-7: 46), then a
    # refusal for player 2's next photo. rules/cross.txt: a blocked round, the lowest
    # total wins the others' pips less its own: 46 - 27 = 19.
    answers = [
        {"json": labelled_reading("hand-1")},
        {"json": labelled_reading("hand-dark-7")},
        {"status": 415, "json": {"error": "the photo is a GIF: send a JPEG or PNG photo"}},
    ]
    page.route("**/api/dominoes/count", lambda route: route.fulfill(**answers.pop(0)))
    page.goto(live_server + "/cross/")
    for seat, name in (("1", "hand-1.jpg"), ("2", "hand-dark-7.jpg"), ("2", "hand-2.jpg")):
        page.set_input_files(
            f"section.player[data-player='{seat}'] .hand-photo", str(SAMPLES / name)
        )
        if seat == "2" and answers:
            page.wait_for_function(
                "document.getElementById('winner').textContent === 'Player 1 scores 19'"
            )
    status = "section.player[data-player='2'] .status"
    page.wait_for_function(f"document.querySelector(\"{status}\").textContent.includes('GIF')")
    assert page.text_content(status) == (
        "the photo is a GIF: send a JPEG or PNG photo. The hand below is still the one from "
        "before (7 tiles, 46 pips), not this photo."
    )
    # The round is scored again with the hand kept once the refusal is in (under load the
    # refusal is said before that answer comes).
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 1 scores 19'")
