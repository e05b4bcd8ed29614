"""Session 15: the small product defects session 14 left, at 360 px (docs/web.md,
"Session 15: small defects"). The fixtures live_server, browser and page are conftest.py's;
values are worked by hand from the rules (``rules/*.txt``): Middle Kingdom +10 when the
castle is the middle of the frame, a domain scores squares x crowns."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.pages import SAVED_7X7, wait_text

pytestmark = pytest.mark.browser


def _not_wider(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _total(page: Any, total: int) -> None:
    page.wait_for_function(f"document.getElementById('total').textContent === '{total}'")


def _scores_sent(page: Any) -> list[dict[str, Any]]:
    """The bodies the page posts to /api/kingdomino/score from now on (JSON ones)."""
    sent: list[dict[str, Any]] = []

    def record(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/api/kingdomino/score"):
            sent.append(json.loads(request.post_data or "null"))

    page.on("request", record)
    return sent


# 1. A saved kingdom's 7x7 frame is its own, not the next kingdom's.

#: C F1 F F with Middle Kingdom asked, saved from the 7x7 frame: forest 3 squares x 1
#: crown = 3; in the 7x7 frame the castle can be its middle (columns 3 to 6 of 7): +10,
#: 13. In the 5x5 frame its grid gives, the castle in the middle would leave F F out of
#: it: no bonus, 3.


def test_a_kingdom_typed_after_a_saved_7x7_one_is_scored_as_on_a_fresh_page(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + SAVED_7X7)
    _total(page, 13)
    sent = _scores_sent(page)
    # Another kingdom typed: C W1 W W, wheat 3 x 1 = 3; its own grid gives the 5x5 frame,
    # where the castle in the middle leaves W W out: no bonus, 3 (in the 7x7 frame, the
    # castle on column 3 of 0-6 and the wheat on 4 to 6: +10, 13).
    page.click("details.notation summary")
    page.fill("#notation", "C W1 W W")
    page.click("#use-notation")
    _total(page, 3)
    assert "size" not in sent[-1]
    assert page.inner_text("section.kingdom .status") == (
        "Scored in the 5×5 frame of its own grid: the saved kingdom's 7×7 frame went with it."
    )
    # As on a fresh page from then on: the saved kingdom typed back is 3, not 13.
    page.fill("#notation", "C F1 F F")
    with page.expect_response("**/api/kingdomino/score"):
        page.click("#use-notation")
    # The wheat kingdom's answer also totalled 3: wait for the forest's.
    page.wait_for_function(
        "document.getElementById('domains').innerText.trim().startsWith('Forest')"
    )
    _total(page, 3)
    assert "size" not in sent[-1]
    # And after a reload, the kingdom kept for the tab is scored so too.
    page.reload()
    _total(page, 3)
    assert "size" not in sent[-1]
    _not_wider(page)


def test_a_saved_7x7_kingdom_keeps_its_frame_when_tapped_or_scored_again_as_typed(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + SAVED_7X7)
    _total(page, 13)
    sent = _scores_sent(page)
    # Its own text scored again (the box holds it, a row a line): still the 7x7 frame, 13.
    page.click("details.notation summary")
    with page.expect_response("**/api/kingdomino/score"):
        page.click("#use-notation")
    assert sent[-1]["size"] == "7"
    _total(page, 13)
    # A kingdom refused leaves the saved one and its frame: a crown tapped on D1 then,
    # forest 3 x 2 = 6, +10: 16.
    page.fill("#notation", "C F1 X")
    page.click("#use-notation")
    page.wait_for_selector("#notation-status.error")
    page.click(".kingdom-board button[data-row='0'][data-col='3']")
    page.click(".square-editor button[data-crowns='1']")
    _total(page, 16)
    assert sent[-1]["size"] == "7"
    # "Empty 5×5" starts as on a fresh page: the castle alone in the 5x5 middle, +10.
    page.click("button.new-kingdom[data-size='5']")
    _total(page, 10)
    assert "size" not in sent[-1]


# 2. A word in the address that is no bonus is named as the bonus; the kingdom is shown.


def test_an_unknown_bonus_in_the_address_is_named_and_the_kingdom_still_shown(
    page: Any, live_server: str
) -> None:
    # C F1 F F with Middle Kingdom asked and "foo": forest 3 x 1 = 3; its grid's 5x5
    # frame leaves F F out with the castle in the middle: no bonus, 3.
    page.goto(live_server + "/kingdomino/?kingdom=C+F1+F+F&bonus=middle&bonus=foo")
    _total(page, 3)
    assert page.inner_text("section.kingdom .status") == (
        "In the address, bonus 'foo' is not one of: middle, harmony (left out). "
        "The saved kingdom is filled in: tap to change it, or Empty 5×5 to start a new one."
    )
    assert "refused" not in page.inner_text("body")
    assert page.inner_text("#notation-status") == ""
    assert page.is_checked("input[name=bonus][value=middle]")
    assert not page.is_checked("input[name=bonus][value=harmony]")
    assert page.locator(".kingdom-board button").count() == 4
    _not_wider(page)


def test_an_unknown_bonus_beside_a_refused_kingdom_is_named_after_it(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/kingdomino/?kingdom=C+X&bonus=foo")
    page.wait_for_selector("section.kingdom .status.error")
    said = page.inner_text("section.kingdom .status")
    assert said.startswith("The kingdom typed is refused: ")
    assert said.endswith(" In the address, bonus 'foo' is not one of: middle, harmony.")
    assert "unknown bonus" not in said
    assert page.input_value("#notation") == "C X"


# 3. Domineering: a saved sheet's link carries who started when its position does not.


def _saved_page_address(page: Any, live_server: str, game: str, answer: dict[str, Any]) -> str:
    saved = page.request.post(
        live_server + "/api/results", data={"game": game, "notation": "x", "answer": answer}
    ).json()
    return live_server + saved["url"]


def test_a_saved_sheet_without_its_side_to_move_reopens_with_who_started(
    page: Any, live_server: str
) -> None:
    # V started and holds A1-A2 on a 2 x 5 sheet: V one pair ahead, H to move. Saved by
    # an API client with the position as typed, no side to move: alone, that reads as H
    # having started, where V one pair ahead is impossible.
    answer = page.request.post(
        live_server + "/api/domineering/analyze", data={"position": "V..../V....", "first": "V"}
    ).json()
    assert (answer["first"], answer["to_move"]) == ("V", "H")
    page.goto(
        _saved_page_address(page, live_server, "domineering", {**answer, "position": "V..../V...."})
    )
    link = page.get_attribute("text=Domineering page →", "href")
    assert link == "/domineering/?position=V..../V....&first=V"
    page.click("text=Domineering page →")
    page.wait_for_url(lambda url: "/domineering/" in url and "/results/" not in url)
    page.wait_for_selector("#answer:not([hidden])")
    assert page.input_value("#first") == "V"
    assert page.inner_text("#to-move") == "H to move"
    # H's pairs: B1-C1, C1-D1, D1-E1 and the same on row 2: 6.
    assert page.inner_text("#to-move-detail") == "H has 6 legal pairs"
    assert page.inner_text("#status") == (
        "The saved position is filled in (V started): tap to change it, or Clear to start "
        "a new sheet."
    )
    _not_wider(page)


def test_a_sheet_v_started_saved_from_the_page_reopens_with_v_started(
    page: Any, live_server: str
) -> None:
    # The page's own save: V started, V claimed A1-A2, H to move ("V..../V..../... H"): the
    # side to move names the starter, so the link needs no "first" and "Started" is V.
    page.goto(live_server + "/domineering/")
    page.select_option("#first", "V")
    page.click("[data-cell=A1]")
    page.click("[data-cell=A2]")
    # H's pairs: 3 on rows 1 and 2 each (A1, A2 taken), 4 on rows 3 to 5: 18 (the empty
    # sheet H started, answered first, says "H to move" too, with 20).
    page.wait_for_function(
        "document.getElementById('to-move-detail').textContent === 'H has 18 legal pairs'"
    )
    page.click("#answer .save-button")
    page.click("#answer .save-status a")
    page.wait_for_url("**/results/*")
    assert "first=" not in page.get_attribute("text=Domineering page →", "href")
    page.click("text=Domineering page →")
    page.wait_for_url(lambda url: "/results/" not in url)
    page.wait_for_selector("#answer:not([hidden])")
    assert page.input_value("#first") == "V"
    assert page.inner_text("#to-move") == "H to move"
    assert page.inner_text("#status").startswith("The saved position is filled in (V started)")


# 4. Domineering: a saved dispute is filled in again and checked on reopening.


def test_a_saved_dispute_is_refilled_and_checked_again(page: Any, live_server: str) -> None:
    # H started and claimed A1-B1: one H pair, no V pair, V to move. The dispute, H picked
    # (not the side to move): H claims E4-E5, two cells one above the other, which only V
    # claims: not legal.
    page.goto(live_server + "/domineering/")
    page.click("[data-cell=A1]")
    page.click("[data-cell=B1]")
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    page.select_option("#dispute-player", "H")
    page.fill("#dispute-move", "E4-E5")
    page.click("#dispute button[type=submit]")
    page.wait_for_selector("#verdict:not([hidden])")
    said = page.inner_text("#verdict")
    assert said.startswith("Not legal for H: ")
    page.click("#answer .save-button")
    page.click("#answer .save-status a")
    page.wait_for_url("**/results/*")
    link = page.get_attribute("text=Domineering page →", "href")
    assert link == "/domineering/?position=HH.../...../...../...../.....+V&move=E4-E5&player=H"
    page.click("text=Domineering page →")
    page.wait_for_url(lambda url: "/results/" not in url)
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#to-move") == "V to move"
    assert page.input_value("#dispute-move") == "E4-E5"
    assert page.input_value("#dispute-player") == "H"
    assert page.inner_text("#verdict") == said
    # Saved again from the reopened page, the dispute goes with it (the same title).
    page.click("#answer .save-button")
    page.click("#answer .save-status a")
    page.wait_for_url("**/results/*")
    assert "Dispute: H claims E4-E5: not legal" in page.inner_text("main")


def test_an_address_dispute_or_starter_too_long_is_refused_in_words(client: Any) -> None:
    sheet = "/domineering/?position=HH.../.....+V"
    response = client.get(sheet + "&move=" + "A" * 40)
    assert response.status_code == 400
    assert (
        "the move in the address is 40 characters long, longer than any legal Domineering "
        "pair (5 at most): check the link"
    ) in response.get_data(as_text=True)
    response = client.get(sheet + "&first=HV")
    assert response.status_code == 400
    assert (
        "the first in the address is 2 characters long, longer than any legal Domineering "
        "side, H or V (1 at most): check the link"
    ) in response.get_data(as_text=True)
    # A pair written loosely reads: passed on as written, the page checks it as typed.
    text = client.get(sheet + "&move=b1+-+c1+&player=v").get_data(as_text=True)
    assert (
        'Referee.domineeringPage("HH.../..... V", null, {"move": "b1 - c1", "player": "v"});'
        in text
    )


# 5. Cross round page: "New round", and a greyed tile's tap says why.

_SEAT = "section.player[data-player='{}']"


def _hand(page: Any, seat: int, tiles: list[str]) -> None:
    page.click(_SEAT.format(seat) + " .choose")
    for tile in tiles:
        page.click(f"#picker [data-tile='{tile}']")


def _winner(page: Any, said: str) -> None:
    wait_text(page, "winner", said)


def test_cross_new_round_clears_the_hands_and_keeps_players_and_match(
    page: Any, live_server: str
) -> None:
    # rules/cross.txt: the winner (lowest pip total when blocked) scores the other hands'
    # pips minus their own. Round 1: 6-6 5-6 (23), 4-6 5-5 (20), 0-1 (1): player 3 scores
    # 23 + 20 - 1 = 42, added to the match.
    page.goto(live_server + "/cross/")
    page.click("#player-count button[data-count='3']")
    _hand(page, 1, ["6-6", "5-6"])
    _hand(page, 2, ["4-6", "5-5"])
    _hand(page, 3, ["0-1"])
    _winner(page, "Player 3 scores 42")
    page.click("#match-add")
    page.wait_for_function("document.querySelectorAll('#match-rounds li').length === 1")
    # Round 2, scored and not added: 6-6 (12), 5-5 (10), 0-0 (0): player 3 scores 22.
    _hand(page, 1, ["6-6"])
    _hand(page, 2, ["5-5"])
    _hand(page, 3, ["0-0"])
    _winner(page, "Player 3 scores 22")
    page.click("#round-new")
    page.wait_for_selector("#answer", state="hidden")
    assert page.locator("section.player").count() == 3
    for seat in (1, 2, 3):
        assert page.inner_text(_SEAT.format(seat) + " .pips") == "0"
        assert page.locator(_SEAT.format(seat) + " .hand-tiles .tile-svg").count() == 0
        assert page.get_attribute(_SEAT.format(seat) + " .went-out", "aria-pressed") == "false"
    assert page.locator("#match-rounds li").count() == 1
    assert page.inner_text("#match-status") == (
        "New round: the round cleared (Player 3 scores 22) was not added to the match."
    )
    # The next round is entered as ever: 2-2 (4), 1-1 (2), 3-3 (6): player 2 scores
    # 4 + 6 - 2 = 8.
    _hand(page, 1, ["2-2"])
    _hand(page, 2, ["1-1"])
    _hand(page, 3, ["3-3"])
    _winner(page, "Player 2 scores 8")
    _not_wider(page)


def test_cross_a_greyed_tile_tapped_says_whose_hand_holds_it(page: Any, live_server: str) -> None:
    page.goto(live_server + "/cross/")
    _hand(page, 1, ["6-6"])
    _hand(page, 2, ["6-6"])
    assert page.inner_text("#picker-status") == (
        "6-6 is in player 1's hand, not player 2's: tap it in player 1's hand to take it out first."
    )
    assert page.inner_text(_SEAT.format(2) + " .pips") == "0"
    assert page.inner_text(_SEAT.format(1) + " .pips") == "12"
    # Said until a hand changes: a tile added to player 2's hand.
    page.click("#picker [data-tile='0-1']")
    page.wait_for_function("document.getElementById('picker-status').textContent === ''")
    assert page.inner_text(_SEAT.format(2) + " .pips") == "1"


# 6. /cross/plays: its answer bar steps aside while the answer's card is on screen.

#: The lead 6-6; north 6-3 then the double 3-3 (a spinner), east 6-2, south 6-1, west 6-0:
#: open ends 3 (N past the double, its branches N2L and N2R), 2, 1 and 0.
_SPINNER = "6-6 | N: 6-3 3-3 | E: 6-2 | S: 6-1 | W: 6-0"


def test_cross_plays_bar_hides_while_the_answer_card_is_in_sight(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/cross/plays")
    page.fill("#plays-layout", _SPINNER)
    page.fill("#plays-hand-text", "4-5")
    page.click("#plays-ask")
    # 4-5 matches no open end (3, 2, 1, 0): no play; the boneyard unknown, so draw.
    page.wait_for_function("document.getElementById('plays-title').textContent === 'No play: draw'")
    # Scrolled to the picker, the card below the screen: the bar says the answer.
    page.eval_on_selector("#picker", "e => e.scrollIntoView({block: 'start'})")
    page.wait_for_selector("#plays-bar", state="visible")
    assert page.inner_text("#plays-bar-value") == "No play: draw"
    # The card on screen: the bar steps aside (it would cover a row of the answer)...
    page.eval_on_selector("#plays-answer .total-card", "e => e.scrollIntoView({block: 'center'})")
    page.wait_for_selector("#plays-bar", state="hidden")
    assert page.eval_on_selector("#plays-bar", "e => e.classList.contains('answer-in-sight')")
    # ... and comes back once it is scrolled away again.
    page.eval_on_selector("#picker", "e => e.scrollIntoView({block: 'start'})")
    page.wait_for_selector("#plays-bar", state="visible")


@pytest.mark.parametrize(
    ("typed", "total"),
    [
        # The saved kingdom typed another way (compact, "F0" for "F"): the same kingdom,
        # its 7x7 frame kept: forest 3 x 1 = 3, +10 Middle Kingdom = 13.
        ("CF1FF", 13),
        ("c f1 f f0", 13),
        # A correction, one crown more on the last forest square: 3 x 2 = 6, +10 = 16.
        ("C F1 F F1", 16),
    ],
)
def test_a_saved_7x7_kingdom_corrected_by_typing_keeps_its_frame(
    page: Any, live_server: str, typed: str, total: int
) -> None:
    page.goto(live_server + SAVED_7X7)
    _total(page, 13)
    sent = _scores_sent(page)
    page.click("details.notation summary")
    page.fill("#notation", typed)
    with page.expect_response("**/api/kingdomino/score"):
        page.click("#use-notation")
    assert sent[-1]["size"] == "7"
    _total(page, total)
