"""Session 14: a saved Cross match's link reopens /cross/ with its rounds added up (the
final newcomer check: it opened an empty page). Worked by hand from rules/cross.txt: a
blocked round's lowest pip total scores the others' pips less its own, a player who went
out scores every other hand's pips. Round 1: 6-6 0-1 (13) against 2-3 1-4 (10): player 2
+3. Round 2: player 1 went out, player 2 holds 5-5 (10): player 1 +10. Scores 10 and 3,
target 50: no winner yet."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.pages import saved_page_link

ROUNDS = [["6-6 0-1", "2-3 1-4"], ["", "5-5"]]
LINK = "/cross/?match=6-6+0-1+/+2-3+1-4%0A+/+5-5&target=50"


def _saved_link(client: FlaskClient, answer: dict[str, Any]) -> str:
    return saved_page_link(client, "cross", answer, "Cross page →")


def test_a_saved_match_links_its_rounds_and_target(client: FlaskClient) -> None:
    answer = client.post("/api/cross/match", json={"rounds": ROUNDS, "target": 50}).get_json()
    assert (answer["scores"], answer["winner"]) == ([10, 3], None)
    assert _saved_link(client, answer) == LINK


def test_a_match_of_another_shape_links_the_empty_page(client: FlaskClient) -> None:
    answer = {"rounds": [], "scores": [0, 0], "hands": "6-6", "target": 50, "winner": None}
    assert _saved_link(client, answer) == "/cross/"


def test_rounds_in_the_address_longer_than_a_link_carries_are_refused(
    client: FlaskClient,
) -> None:
    assert client.get("/cross/?match=" + "x" * 3500).status_code == 400


@pytest.mark.browser
def test_the_cross_page_adds_up_a_saved_match(page: Any, live_server: str) -> None:
    page.goto(live_server + LINK)
    page.wait_for_function(
        "document.getElementById('match-scores').textContent === 'Player 1: 10 · Player 2: 3'"
    )
    assert page.locator("#match-rounds li").all_inner_texts() == [
        "Round 1\nplayer 2 +3",
        "Round 2\nplayer 1 +10",
    ]
    assert page.input_value("#match-target") == "50"
    assert page.text_content("#match-status") == (
        "The saved match is back (2 rounds). Enter the hands left after the next round."
    )
    assert page.url.endswith("/cross/")
