"""Session 14: a saved Two-Step match's link reopens the round page with its rounds and
target added up (the newcomer check: it opened an empty page). Worked by hand from
rules/two-step.txt: clearing the dance card scores 1, +1 when the opponent's card still
holds all five tiles; two left feet score nothing. 1:5 -> 2-0, feet, 2:3 -> 2-1, 1:4 -> 3-1:
player 1 reaches the target 3."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.pages import saved_page_link

ROUNDS = "1:5 feet 2:3 1:4"


def _saved_link(client: FlaskClient, answer: dict[str, Any]) -> str:
    return saved_page_link(client, "two-step", answer, "Two-Step round page →")


def test_a_saved_match_links_its_rounds_and_target(client: FlaskClient) -> None:
    answer = client.post("/api/two-step/match", json={"rounds": ROUNDS, "target": 3}).get_json()
    assert (answer["scores"], answer["winner"]) == ([3, 1], 1)
    assert _saved_link(client, answer) == "/two-step/round?rounds=1:5+feet+2:3+1:4&target=3"


def test_a_match_saved_in_another_shape_links_the_empty_page(client: FlaskClient) -> None:
    # An API client's save whose rounds are not the match answer's: no fields.
    answer = {"rounds": ["1:5"], "scores": [2, 0], "winner": None, "target": 10}
    assert _saved_link(client, answer) == "/two-step/round"


def test_rounds_in_the_address_longer_than_a_link_carries_are_refused(
    client: FlaskClient,
) -> None:
    response = client.get("/two-step/round?rounds=" + "x" * 1000)
    assert response.status_code == 400


@pytest.mark.browser
def test_the_round_page_adds_up_a_saved_match(page: Any, live_server: str) -> None:
    page.goto(live_server + "/two-step/round?rounds=1:5+feet+2:3+1:4&target=3")
    page.wait_for_function(
        "document.getElementById('match-status').textContent === 'Player 1 wins 3-1'"
    )
    assert page.input_value("#match-rounds") == ROUNDS
    assert page.input_value("#match-target") == "3"
    assert page.locator("#match-list li").count() == 4
    assert page.url.endswith("/two-step/round")
