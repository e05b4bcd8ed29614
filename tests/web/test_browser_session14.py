"""Session 14: the small product defects session 13 left, at 360 px (docs/web.md,
"Session 14: the small product defects"). The fixtures live_server, browser and page are
conftest.py's; values are worked by hand from the rules (``rules/*.txt``)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.pages import SAMPLES, labelled_reading

pytestmark = pytest.mark.browser

#: Screenshots for a person to look at, when REFEREE_SHOTS names a folder (not kept).
_SHOTS = os.environ.get("REFEREE_SHOTS")


def _shot(page: Any, name: str) -> None:
    if _SHOTS:
        Path(_SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(_SHOTS) / f"{name}-360.png"), full_page=True)


def _not_wider(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# 2. Every page is one tap from the home page.


def test_the_home_page_lists_each_game_s_other_pages(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    links = page.locator(".game-more a")
    assert links.all_inner_texts() == [
        "Compare two kingdoms →",
        "May I place this domino here? →",
        "May I play this here? →",
        "Referee the round →",
    ]
    heights = links.evaluate_all("links => links.map(a => a.getBoundingClientRect().height)")
    assert min(heights) >= 44  # a tap target, as session 13 made every button
    _not_wider(page)
    _shot(page, "s14-home")
    page.click("text=May I play this here? →")
    page.wait_for_url("**/cross/plays")
    page.go_back()
    page.click("text=Referee the round →")
    page.wait_for_url("**/two-step/round")


# 1. /cross/: no winner until every seat's hand is in.

_WINNER = "text => document.getElementById('winner').textContent === text"


def _photo_of(page: Any, seat: int, sample: str) -> None:
    """Seat ``seat``'s hand photographed: the reading stubbed with the sample's label (the
    page's handling is tested, not the recognition)."""
    page.route("**/api/dominoes/count", lambda route: route.fulfill(json=labelled_reading(sample)))
    page.set_input_files(
        f"section.player[data-player='{seat}'] .hand-photo", str(SAMPLES / f"{sample}.jpg")
    )
    page.wait_for_function(
        f"document.querySelector(\"section.player[data-player='{seat}'] .pips\").textContent"
        " !== '0'"
    )
    page.unroute("**/api/dominoes/count")


def test_cross_names_no_winner_until_every_hand_is_in(page: Any, live_server: str) -> None:
    # rules/cross.txt: the round's winner is the player who went out or holds the lowest
    # pip total, so every hand is needed. Player 1's photo (hand-dark-7, 46 pips) alone
    # said "Player 2 scores 46": player 2's untouched empty hand taken as gone out.
    page.goto(live_server + "/cross/")
    _photo_of(page, 1, "hand-dark-7")
    assert page.inner_text("section.player[data-player='1'] .pips") == "46"
    page.wait_for_function(_WINNER, arg="Waiting for player 2's hand")
    assert page.inner_text("#winner-detail") == (
        "The round is scored once every hand is in: photograph each hand left or pick its "
        "tiles (a player who went out: tap Went out)"
    )
    assert page.locator("#pips li").count() == 0
    assert not page.is_visible("#answer .save-button")
    assert not page.locator("section.player.winner").count()
    page.click("#match-add")
    assert page.inner_text("#match-status") == (
        "Score a round first: the hands above do not make one yet"
    )
    _not_wider(page)
    _shot(page, "s14-cross-waiting")
    # Player 2's hand read (hand-dark-8, 32 pips): blocked, the lowest total scores the
    # difference, 46 - 32 = 14.
    _photo_of(page, 2, "hand-dark-8")
    page.wait_for_function(_WINNER, arg="Player 2 scores 14")
    assert page.is_visible("#answer .save-button")


def test_cross_says_every_hand_missing_and_takes_a_player_who_went_out(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/cross/")
    page.click("#player-count button[data-count='3']")
    page.click("#picker .tile-button[data-tile='6-6']")  # player 1: 12 pips
    page.wait_for_function(_WINNER, arg="Waiting for the hands of players 2 and 3")
    # Player 3 holds 1-2 (3 pips); player 2 still missing.
    page.click("section.player[data-player='3'] .choose")
    page.click("#picker .tile-button[data-tile='1-2']")
    page.wait_for_function(_WINNER, arg="Waiting for player 2's hand")
    # Player 2 went out ("Went out"): scores 12 + 3 = 15.
    page.click("section.player[data-player='2'] .went-out")
    page.wait_for_function(_WINNER, arg="Player 2 scores 15")
    assert page.inner_text("#winner-detail") == "went out (played the last tile)"
    # A reload keeps every hand in, the empty one as gone out.
    page.reload()
    page.wait_for_function(_WINNER, arg="Player 2 scores 15")
    # The round added, the next round's hands are all to come.
    page.click("#match-add")
    page.wait_for_function("document.querySelectorAll('#match-rounds li').length === 1")
    page.click("#picker .tile-button[data-tile='0-1']")
    page.wait_for_function(_WINNER, arg="Waiting for the hands of players 2 and 3")
    _not_wider(page)


# Session 14 review: "Went out" is its own control; "Add tiles here" only chooses the seat.

_SEAT = "section.player[data-player='{}']"


def test_cross_add_tiles_here_only_chooses_the_seat_and_went_out_enters_it(
    page: Any, live_server: str
) -> None:
    # The review's repro at 360 px: 6-6 picked for player 1, then player 2's "Add tiles
    # here" (to pick player 2's tiles) at once said "Player 2 scores 12 — went out".
    rounds: list[str] = []
    page.on(
        "request",
        lambda request: rounds.append(request.url) if "/api/cross/round" in request.url else None,
    )
    page.goto(live_server + "/cross/")
    page.click("#picker .tile-button[data-tile='6-6']")
    page.wait_for_function(_WINNER, arg="Waiting for player 2's hand")
    assert not rounds  # no round asked while a hand is missing
    page.click(_SEAT.format(2) + " .choose")
    page.wait_for_timeout(400)  # the old page asked /api/cross/round at once here
    assert page.inner_text("#winner") == "Waiting for player 2's hand"
    assert not page.is_visible("#answer .save-button")
    assert not rounds
    # The seat is chosen for the picker, and nothing else.
    assert page.inner_text("#picker-target") == "player 2"
    assert page.locator(_SEAT.format(2) + ".active").count() == 1
    assert page.get_attribute(_SEAT.format(2) + " .went-out", "aria-pressed") == "false"
    # "Went out", 44 px tall beside "Add tiles here": player 2 played the last tile and
    # scores the others' pips less their own (rules/cross.txt): 12 - 0 = 12.
    box = page.locator(_SEAT.format(2) + " .went-out").bounding_box()
    assert box is not None and box["height"] >= 44
    page.click(_SEAT.format(2) + " .went-out")
    page.wait_for_function(_WINNER, arg="Player 2 scores 12")
    assert page.inner_text("#winner-detail") == "went out (played the last tile)"
    assert page.is_visible("#answer .save-button")
    assert page.get_attribute(_SEAT.format(2) + " .went-out", "aria-pressed") == "true"
    _not_wider(page)
    _shot(page, "s14-cross-went-out")
    # Tapped again, "Went out" is taken back (the newcomer check: it stayed pressed): player
    # 2's hand is to come again, and nothing is scored.
    page.click(_SEAT.format(2) + " .went-out")
    page.wait_for_function(_WINNER, arg="Waiting for player 2's hand")
    assert page.get_attribute(_SEAT.format(2) + " .went-out", "aria-pressed") == "false"
    assert page.inner_text(_SEAT.format(2) + " .status") == (
        "Went out taken back: pick this hand's tiles or take its photo."
    )
    assert not page.is_visible("#answer .save-button")


def test_cross_went_out_on_a_hand_with_tiles_empties_it_and_says_so(
    page: Any, live_server: str
) -> None:
    # Player 1 6-6 0-1 (13 pips), player 2 2-3 1-4 (10): blocked, player 2 scores 13 - 10
    # = 3 (rules/cross.txt).
    page.goto(live_server + "/cross/")
    for tile in ("6-6", "0-1"):
        page.click(f"#picker .tile-button[data-tile='{tile}']")
    page.click(_SEAT.format(2) + " .choose")
    for tile in ("2-3", "1-4"):
        page.click(f"#picker .tile-button[data-tile='{tile}']")
    page.wait_for_function(_WINNER, arg="Player 2 scores 3")
    # Player 1 in fact went out: the hand is emptied, the tiles taken out are named, and
    # player 1 scores player 2's 10 pips.
    page.click(_SEAT.format(1) + " .went-out")
    page.wait_for_function(_WINNER, arg="Player 1 scores 10")
    assert page.inner_text("#winner-detail") == "went out (played the last tile)"
    assert page.inner_text(_SEAT.format(1) + " .pips") == "0"
    assert page.inner_text(_SEAT.format(1) + " .status") == (
        "Went out: 0-1 and 6-6 taken out of this hand"
    )
    assert page.inner_text("#picker-target") == "player 1"
    # A tile picked back (1-1, 2 pips): blocked, 10 - 2 = 8 to player 1; the note goes.
    page.click("#picker .tile-button[data-tile='1-1']")
    page.wait_for_function(_WINNER, arg="Player 1 scores 8")
    assert page.inner_text("#winner-detail") == "lowest pip total in a blocked round"
    assert page.inner_text(_SEAT.format(1) + " .status") == ""
    assert page.get_attribute(_SEAT.format(1) + " .went-out", "aria-pressed") == "false"
    _not_wider(page)


# 4. A saved kingdom reopens with its bonus boxes ticked and in its frame.


def _bonus_boxes(page: Any) -> dict[str, bool]:
    return {
        value: page.is_checked(f"input[name=bonus][value={value}]")
        for value in ("middle", "harmony")
    }


def test_a_saved_kingdom_reopens_with_its_bonuses_and_frame(page: Any, live_server: str) -> None:
    # C F1 F F scored by an API client in the 7x7 frame with Middle Kingdom: forest 3 x 1
    # = 3, and the castle is the middle of the 7x7 frame centred on it: +10, total 13
    # (in a 5x5 frame column 3 is out of it: 3).
    answer = page.request.post(
        live_server + "/api/kingdomino/score",
        data={"kingdom": "C F1 F F", "bonus": "middle", "size": "7"},
    ).json()
    saved = page.request.post(
        live_server + "/api/results",
        data={"game": "kingdomino", "notation": answer["kingdom"], "answer": answer},
    ).json()
    page.goto(live_server + saved["url"])
    page.click("text=Kingdomino page →")
    page.wait_for_url(re.compile(r"/kingdomino/"))  # the saved page is left first
    page.wait_for_function("document.getElementById('total').textContent === '13'")
    assert _bonus_boxes(page) == {"middle": True, "harmony": False}
    assert page.inner_text("section.kingdom .status") == (
        "The saved kingdom is filled in, in the 7×7 frame (Mighty Duel): tap to change it, "
        "or Empty 5×5 to start a new one."
    )
    # The frame stays while the kingdom is changed: a crown on the last forest square,
    # forest 3 x 2 = 6, +10: 16 (6 in a 5x5 frame). Tapped: since session 15 a kingdom
    # typed is another kingdom, in the frame of its own grid (test_session15_small.py).
    page.click(".kingdom-board button[data-row='0'][data-col='3']")
    page.click(".square-editor button[data-crowns='1']")
    page.wait_for_function("document.getElementById('total').textContent === '16'")
    page.reload()  # and across a reload, as the tab's kingdom
    page.wait_for_function("document.getElementById('total').textContent === '16'")
    assert _bonus_boxes(page) == {"middle": True, "harmony": False}
    # A new board is scored in the frame of its own grid: 5x5, the castle alone in its
    # middle, Middle Kingdom +10.
    page.click("button.new-kingdom[data-size='5']")
    page.wait_for_function("document.getElementById('total').textContent === '10'")
    page.click("details.notation summary")
    page.fill("#notation", "C F1 F F")
    page.click("#use-notation")
    page.wait_for_function("document.getElementById('total').textContent === '3'")
    _not_wider(page)
    _shot(page, "s14-kingdom-reopened")


def test_a_kingdom_tapped_in_7x7_with_bonuses_reopens_so(page: Any, live_server: str) -> None:
    # An empty 7x7 board (the castle alone, in the middle) with both boxes ticked: no
    # domain, Middle Kingdom +10 (the castle is the 7x7 frame's middle), no Harmony (48 of
    # 49 squares empty): total 10.
    page.goto(live_server + "/kingdomino/")
    page.click("button.new-kingdom[data-size='7']")
    page.wait_for_selector("#answer:not([hidden])")
    page.check("input[name=bonus][value=middle]")
    page.check("input[name=bonus][value=harmony]")
    page.wait_for_function("document.getElementById('total').textContent === '10'")
    page.click("#answer .save-button")
    page.wait_for_selector("#answer .save-status a")
    page.click("#answer .save-status a")
    page.wait_for_url("**/results/*")
    page.click("text=Kingdomino page →")
    page.wait_for_url(re.compile(r"/kingdomino/"))  # the saved page is left first
    page.wait_for_function("document.getElementById('total').textContent === '10'")
    assert _bonus_boxes(page) == {"middle": True, "harmony": True}
    assert page.locator(".kingdom-board button").count() == 49


# 5. A position longer than any legal one, in a page's address, is refused in words.


def test_an_over_long_address_position_is_refused_at_360(page: Any, live_server: str) -> None:
    response = page.goto(live_server + "/domineering/?position=" + "." * 5_000)
    assert response.status == 400
    assert page.inner_text("p.error") == (
        "the position in the address is 5,000 characters long, longer than any legal "
        "Domineering position (73 at most): check the link"
    )
    _not_wider(page)
    _shot(page, "s14-long-position")
