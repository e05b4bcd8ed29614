"""Session 15's review of the Kingdomino page's address words (docs/web.md, "Session 15:
the review"). The fixtures client, live_server and page are conftest.py's; the totals are
worked by hand from rules/kingdomino-2p.txt."""

from __future__ import annotations

import html
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.pages import SAMPLES, SAVED_7X7


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("bonus", "m" * 40_000, "the bonus in the address is 40,000 characters long"),
        ("size", "7" * 300, "the size in the address is 300 characters long"),
    ],
)
def test_an_address_word_longer_than_any_is_refused_by_length(
    client: FlaskClient, field: str, value: str, said: str
) -> None:
    response = client.get("/kingdomino/", query_string={"kingdom": "C F1 F F", field: value})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert said in text and "check the link" in text
    assert value[:1000] not in text  # not written into the page


def test_a_bonus_word_in_capitals_is_the_bonus(page: Any, live_server: str) -> None:
    # C F1 F F in the 7x7 frame with Middle Kingdom: forest 3 x 1 = 3, +10 for the castle
    # in the middle of the frame: 13 (without the bonus: 3). The API takes "Middle" too.
    page.goto(live_server + "/kingdomino/?kingdom=C+F1+F+F&bonus=Middle&size=7")
    page.wait_for_function("document.getElementById('total').textContent === '13'")
    assert page.is_checked("input[name=bonus][value=middle]")


def test_cross_a_refused_tap_is_not_said_once_another_hand_is_chosen(
    page: Any, live_server: str
) -> None:
    # 6-6 in player 1's hand, tapped for player 2: refused, naming player 2. Choosing
    # player 1's hand then leaves no word about player 2's tap.
    seat = "section.player[data-player='{}'] .choose"
    page.goto(live_server + "/cross/")
    page.click(seat.format(1))
    page.click("#picker [data-tile='6-6']")
    page.click(seat.format(2))
    page.click("#picker [data-tile='6-6']")
    page.wait_for_function("document.getElementById('picker-status').textContent !== ''")
    page.click(seat.format(1))
    assert page.inner_text("#picker-status") == ""


# The second check (session 15): the saved kingdom's frame follows the saved kingdom.


def _scored(page: Any, typed: str) -> dict[str, Any]:
    """Type ``typed`` in the box, press Score this, and give the body posted."""
    page.fill("#notation", typed)
    with page.expect_request("**/api/kingdomino/score") as request:
        page.click("#use-notation")
    body: dict[str, Any] = request.value.post_data_json
    return body


def test_a_saved_7x7_kingdom_changed_a_step_at_a_time_loses_its_frame_when_another(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + SAVED_7X7)
    page.wait_for_function("document.getElementById('total').textContent === '13'")
    # B1 tapped to wheat (a correction of the saved kingdom, its frame kept): C W1 F F,
    # forest 2 x 0 = 0, wheat 1 x 1 = 1, +10 = 11.
    page.click(".kingdom-board button[data-row='0'][data-col='1']")
    page.click(".square-editor button[data-terrain='wheat']")
    page.wait_for_function("document.getElementById('total').textContent === '11'")
    # Then C W1 W W typed: three of the saved kingdom's four squares changed, another
    # kingdom, scored as on a fresh page: wheat 3 x 1 = 3 in its own 5x5 frame (column 3
    # is out of the frame centred on the castle: no bonus).
    page.click("details.notation summary")
    assert "size" not in _scored(page, "C W1 W W")
    page.wait_for_function("document.getElementById('total').textContent === '3'")


def test_a_row_added_to_a_saved_7x7_kingdom_keeps_its_frame_and_says_so(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + SAVED_7X7)
    page.wait_for_function("document.getElementById('total').textContent === '13'")
    page.click("details.notation summary")
    # A row of empty squares added: every saved square kept. In the 7x7 frame centred on
    # the castle (rows -3..3, columns -3..3) the 2x4 kingdom fits: 3 + 10 = 13 (3 in 5x5).
    assert _scored(page, "C F1 F F/. . . .")["size"] == "7"
    page.wait_for_function(
        "document.querySelector('section.kingdom .status').textContent.startsWith("
        '"Scored in the saved kingdom\'s 7×7 frame (Mighty Duel)")'
    )
    assert page.inner_text("#total") == "13"


def test_cross_a_refused_photo_leaves_went_out_as_tapped(page: Any, live_server: str) -> None:
    # Player 1 holds 6-6 (12 pips), player 2 went out: player 2 scores 12
    # (rules/cross.txt: the player who went out wins the others' pips). A photo then sent
    # for player 2 and refused leaves Went out as it was, and says so.
    page.route(
        "**/api/dominoes/count",
        lambda route: route.fulfill(
            status=415, json={"error": "the photo is a GIF: send a JPEG or PNG photo"}
        ),
    )
    seat = "section.player[data-player='{}']"
    page.goto(live_server + "/cross/")
    page.click(seat.format(1) + " .choose")
    page.click("#picker [data-tile='6-6']")
    page.click(seat.format(2) + " .went-out")
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 2 scores 12'")
    page.set_input_files(seat.format(2) + " .hand-photo", str(SAMPLES / "hand-2.jpg"))
    status = seat.format(2) + " .status"
    page.wait_for_function(f"document.querySelector(\"{status}\").textContent.includes('GIF')")
    assert page.text_content(status) == (
        "the photo is a GIF: send a JPEG or PNG photo. This player still went out (no tiles), "
        "not this photo."
    )
    page.wait_for_function("document.getElementById('winner').textContent === 'Player 2 scores 12'")
    assert page.get_attribute(seat.format(2) + " .went-out", "aria-pressed") == "true"


@pytest.mark.parametrize(
    ("address", "rounds"),
    [("/cross/", {"match": "6-6 / "}), ("/two-step/round", {"rounds": "5 3"})],
)
def test_a_match_target_longer_than_any_is_refused_by_length(
    client: FlaskClient, address: str, rounds: dict[str, str]
) -> None:
    response = client.get(address, query_string={**rounds, "target": "9" * 5000})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert (
        "the target in the address is 5,000 characters long, longer than any legal match "
        "target (5 at most): check the link"
    ) in text
    assert "9" * 1000 not in text


def test_bonus_words_split_by_a_comma_are_both_bonuses(page: Any, live_server: str) -> None:
    # C F1 F F in the 7x7 frame: forest 3 x 1 = 3, Middle Kingdom +10; Harmony needs a full
    # 7x7 kingdom (+5 only then): 13.
    page.goto(live_server + "/kingdomino/?kingdom=C+F1+F+F&bonus=middle,harmony&size=7")
    page.wait_for_function("document.getElementById('total').textContent === '13'")
    assert page.is_checked("input[name=bonus][value=middle]")
    assert page.is_checked("input[name=bonus][value=harmony]")


def test_a_frame_in_the_address_that_is_not_5_or_7_is_named_and_left_out(
    page: Any, live_server: str
) -> None:
    # C F1 F F with Middle Kingdom in its own 5x5 frame: column 3 is out of the frame
    # centred on the castle, so no bonus: forest 3 x 1 = 3.
    page.goto(live_server + "/kingdomino/?kingdom=C+F1+F+F&bonus=middle&size=6")
    page.wait_for_function("document.getElementById('total').textContent === '3'")
    assert page.inner_text("section.kingdom .status") == (
        "In the address, size '6' is not a frame: 5 or 7 (left out). The saved kingdom is "
        "filled in: tap to change it, or Empty 5×5 to start a new one."
    )


def test_a_dispute_player_in_the_address_that_is_no_side_is_named(
    page: Any, live_server: str
) -> None:
    # H holds A1-B1, V A2-A3 on a 3x4 sheet, H started and is to move; the dispute's
    # player "x" is no side: named and left out, the claim checked for the side to move.
    page.goto(live_server + "/domineering/?position=HH../V.../V...&move=C1-D1&player=x")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    assert page.inner_text("#status").startswith(
        "In the address, player 'x' is not H or V (left out). The saved position is filled in"
    )
    assert page.input_value("#dispute-player") == "H"
