"""Session 14: a saved Kingdomino comparison links its compare page with both kingdoms and
its bonus boxes filled in (the newcomer pass: it linked the empty score page). Scores worked
by hand: forest 2 squares x 1 crown = 2 and forest 3 x 1 = 3; with the Middle Kingdom
(rules/kingdomino-2p.txt: +10 for the castle in the middle of the 5x5 frame) kingdom 1 has
12, kingdom 2 still 3 (three squares right of its castle: it cannot stand in the middle)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.pages import saved_page_link


def _saved_link(client: FlaskClient, body: dict[str, Any]) -> str:
    answer = client.post("/api/kingdomino/compare", json=body).get_json()
    return saved_page_link(client, "kingdomino", answer, "Kingdomino compare page →")


def test_a_saved_comparison_links_its_compare_page_filled_in(client: FlaskClient) -> None:
    body = {"kingdom1": "C F1 F", "kingdom2": "C F1 F F", "bonus": ["middle"]}
    assert _saved_link(client, body) == (
        "/kingdomino/compare?kingdom1=C+F1+F&kingdom2=C+F1+F+F&bonus=middle"
    )


def test_a_comparison_without_bonus_links_only_the_kingdoms(client: FlaskClient) -> None:
    body = {"kingdom1": "C F1 F", "kingdom2": "C F1 F F"}
    assert _saved_link(client, body) == "/kingdomino/compare?kingdom1=C+F1+F&kingdom2=C+F1+F+F"


def test_a_kingdom_in_the_address_longer_than_any_is_refused(client: FlaskClient) -> None:
    response = client.get("/kingdomino/compare?kingdom1=" + "F" * 300 + "&kingdom2=C")
    assert response.status_code == 400


@pytest.mark.browser
def test_the_compare_page_opens_the_saved_kingdoms(page: Any, live_server: str) -> None:
    page.goto(live_server + "/kingdomino/compare?kingdom1=C+F1+F&kingdom2=C+F1+F+F&bonus=middle")
    page.wait_for_function("document.getElementById('verdict').textContent === 'Kingdom 1 wins'")
    assert page.inner_text("#verdict-detail") == "12 to 3, on points"
    assert page.is_checked("input[name=bonus][value=middle]")
    assert not page.is_checked("input[name=bonus][value=harmony]")
    # The address drops the fields, so a reload brings back the tab's own kingdoms.
    assert page.url.endswith("/kingdomino/compare")
