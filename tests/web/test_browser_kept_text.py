"""Session 12: what the player typed or tapped is kept (360 px, conftest.py's fixtures).

The newcomer's pass found text lost: the Cross round page emptied player 3's hand when the
count went 3 -> 2 -> 3; a reload emptied the Domineering dispute and the Two-Step round's
"Check a move"; a reload lost a Kingdomino notation refused, and put the last good
Domineering position in place of one refused. Each test fails on the pages before.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.pages import wait_text

pytestmark = pytest.mark.browser


def _pips(page: Any, player: int, value: str) -> None:
    page.wait_for_function(
        "([player, value]) => { const p = document.querySelector("
        "`section.player[data-player='${player}'] .pips`); return p && p.textContent === value; }",
        arg=[player, value],
    )


def _winner(page: Any, said: str) -> None:
    wait_text(page, "winner", said)


def test_cross_a_hidden_seat_keeps_its_tiles_until_the_round_is_added(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/cross/")
    page.click("#player-count button[data-count='3']")
    page.click("section.player[data-player='3'] .choose")
    for tile in ("5-6", "0-2"):  # 11 + 2 = 13 pips
        page.click(f"#picker .tile-button[data-tile='{tile}']")
    _pips(page, 3, "13")
    page.click("#player-count button[data-count='2']")
    page.wait_for_function("document.querySelectorAll('section.player').length === 2")
    # Player 1 takes 0-2 while player 3 is hidden: it stays player 1's.
    page.click("section.player[data-player='1'] .choose")
    page.click("#picker .tile-button[data-tile='0-2']")
    page.reload()  # the hidden seat is kept through a reload too
    page.wait_for_function("document.querySelectorAll('section.player').length === 2")
    page.click("#player-count button[data-count='3']")
    _pips(page, 3, "11")
    _pips(page, 1, "2")
    # A round added to the match: every hand starts empty, the hidden one too.
    # Player 1 0-2 (2 pips), player 2 1-1 (2), player 3 5-6 (11), blocked: players 1 and
    # 2 tie for the lowest total, nobody scores (rules/cross.txt).
    page.click("section.player[data-player='2'] .choose")
    page.click("#picker .tile-button[data-tile='1-1']")
    _winner(page, "Nobody scores")
    page.click("#player-count button[data-count='2']")
    # Players 1 and 2 alone: 2 and 2, a tie again.
    _winner(page, "Nobody scores")
    page.click("#match-add")
    page.wait_for_function("document.querySelectorAll('#match-rounds li').length === 1")
    page.click("#player-count button[data-count='3']")
    _pips(page, 3, "0")
    assert page.locator("section.player[data-player='3'] .hand-tiles .tile-button").count() == 0


def test_domineering_dispute_survives_a_reload(page: Any, live_server: str) -> None:
    page.goto(live_server + "/domineering/")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.select_option("#dispute-player", "V")
    page.fill("#dispute-move", "b3-b4")
    page.reload()
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.wait_for_function("document.getElementById('dispute-player').value === 'V'")
    assert page.input_value("#dispute-move") == "b3-b4"
    # Still asked as typed: V may claim B3-B4 on an empty 5x5.
    page.click("#dispute button[type=submit]")
    page.wait_for_function(
        "document.getElementById('verdict').textContent === 'Legal: V may claim B3-B4.'"
    )


def test_domineering_position_refused_is_back_after_a_reload(page: Any, live_server: str) -> None:
    page.goto(live_server + "/domineering/")
    page.click("details.notation summary")
    page.fill("#notation", "hh../....")
    page.click("#use-notation")
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    page.fill("#notation", "hh../..x.")
    page.click("#use-notation")
    page.wait_for_selector("#notation-status.error")
    error = page.inner_text("#notation-status")
    page.reload()
    page.wait_for_selector("#notation-status.error")
    assert page.input_value("#notation") == "hh../..x."
    assert page.inner_text("#notation-status") == error
    # The board is the last good position, said to be so.
    assert page.locator("rect.pair[data-pair='A1-B1']").count() == 1
    assert page.inner_text("#to-move") == "V to move"
    assert page.inner_text("#status").startswith("The position typed is refused: ")


def test_kingdom_notation_refused_is_back_after_a_reload(page: Any, live_server: str) -> None:
    page.goto(live_server + "/kingdomino/")
    page.click("details.notation summary")
    # Forest 2 squares x 1 crown = 2 (by hand), then a typo.
    page.fill("#notation", "C F1 F")
    page.click("#use-notation")
    page.wait_for_function("document.getElementById('total').textContent === '2'")
    page.fill("#notation", "C F1 X")
    page.click("#use-notation")
    page.wait_for_selector("#notation-status.error")
    page.reload()
    page.wait_for_selector("#notation-status.error")
    assert page.input_value("#notation") == "C F1 X"
    assert "unknown terrain letter 'X'" in page.inner_text("#notation-status")
    assert page.inner_text("#total") == "2"  # the last good kingdom's score stays
    # A refused text with no good kingdom before is kept as well.
    page.evaluate("sessionStorage.clear()")
    page.reload()
    page.click("details.notation summary")
    page.fill("#notation", "C Q")
    page.click("#use-notation")
    page.wait_for_selector("#notation-status.error")
    page.reload()
    page.wait_for_selector("#notation-status.error")
    assert page.input_value("#notation") == "C Q"


def test_two_step_check_a_move_survives_a_reload(page: Any, live_server: str) -> None:
    page.goto(live_server + "/two-step/round")
    # docs/two-step.md's round: player 2 to move, may play 0-2 or 3-4, not discard.
    page.click("#round-example")
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    page.fill("#check-move", "discard 1-2")
    page.click("#check-button")
    page.wait_for_function(
        "document.getElementById('check-status').textContent"
        ".startsWith('Not legal: player 2 must play')"
    )
    said = page.inner_text("#check-status")
    page.reload()
    page.wait_for_function(
        "text => document.getElementById('check-status').textContent === text", arg=said
    )
    assert page.input_value("#check-move") == "discard 1-2"
    # Typed and not checked: kept, not checked on its own.
    page.fill("#check-move", "play 3-4 hand left")
    page.reload()
    page.wait_for_function(
        "document.getElementById('round-title').textContent === 'Player 2 to move'"
    )
    assert page.input_value("#check-move") == "play 3-4 hand left"
    assert page.inner_text("#check-status") == ""
