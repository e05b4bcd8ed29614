"""Session 15's review of the Kingdomino page's address words (docs/web.md, "Session 15:
the review"). The fixtures client, live_server and page are conftest.py's; the totals are
worked by hand from rules/kingdomino-2p.txt."""

from __future__ import annotations

import html
from typing import Any

import pytest
from flask.testing import FlaskClient


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
