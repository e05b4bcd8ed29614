"""Session 14: a typed Domineering position is the game "Started" names (the newcomer pass
found the page sent it without, so a game V started was analysed as H's). Counts worked
by hand from rules/domineering.txt and RULINGS.md (the side to move alternates from the
side that started: as many H pairs as V pairs means the starter is to move)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

# Two H pairs (A1-B1 at row 1, C4-D4) and two V pairs (A2-A3, C2-C3): as many as each other.
EVEN = "HH.../V.V../V.V../..HH./....."
# One V pair (C1-C2) and no H pair: only V starting reaches it.
V_AHEAD = "..V../..V../...../...../....."


def _analyze(client: FlaskClient, **body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post("/api/domineering/analyze", json=body)
    return response.status_code, response.get_json()


def test_even_counts_typed_with_v_started_are_v_to_move(client: FlaskClient) -> None:
    status, answer = _analyze(client, position=EVEN, first="V", either_first=True)
    assert status == 200
    assert (answer["first"], answer["to_move"]) == ("V", "V")
    assert answer["position"] == EVEN + " V"


def test_v_one_pair_ahead_typed_with_h_started_is_answered_for_v(client: FlaskClient) -> None:
    # Without either_first the counts refuse H starting (as before); with it, V started.
    status, _ = _analyze(client, position=V_AHEAD, first="H")
    assert status == 422
    status, answer = _analyze(client, position=V_AHEAD, first="H", either_first=True)
    assert status == 200
    assert (answer["first"], answer["to_move"]) == ("V", "H")


def test_a_side_to_move_typed_picks_the_starter_when_either(client: FlaskClient) -> None:
    # Even counts and "V" written as the side to move: only V starting gives that.
    status, answer = _analyze(client, position=EVEN + " V", first="H", either_first=True)
    assert status == 200
    assert answer["first"] == "V"


def test_a_position_neither_starter_makes_keeps_the_first_error(client: FlaskClient) -> None:
    # Two V pairs, no H pair: a difference of two is impossible whoever started.
    status, answer = _analyze(
        client, position="V.V../V.V../...../...../.....", first="H", either_first=True
    )
    assert status == 422
    assert "H starting" in answer["error"]


@pytest.mark.browser
def test_the_page_analyses_a_typed_position_for_the_side_that_started(
    page: Any, live_server: str
) -> None:
    page.goto(live_server + "/domineering/")
    page.select_option("#first", "V")
    page.click("details.notation summary")
    page.fill("#notation", EVEN)
    page.click("#use-notation")
    # The typed position's answer (not the empty board's, analysed when Started changed).
    page.wait_for_function(
        "text => document.getElementById('notation').value === text", arg=EVEN + " V"
    )
    assert page.inner_text("#to-move") == "V to move"
    assert page.input_value("#first") == "V"
    # H started, V one pair ahead typed: answered for V, and the page says Started changed.
    page.select_option("#first", "H")
    page.fill("#notation", V_AHEAD)
    page.click("#use-notation")
    page.wait_for_function(
        "text => document.getElementById('notation').value === text", arg=V_AHEAD + " H"
    )
    assert page.inner_text("#to-move") == "H to move"
    assert page.input_value("#first") == "V"
    assert page.text_content("#status") == (
        '"Started" is now V: this position is possible only if V started '
        "(V has one pair more than H)."
    )


@pytest.mark.browser
def test_a_slow_answer_does_not_wipe_a_position_being_typed(page: Any, live_server: str) -> None:
    # The answer to "Started" changed, slow to come, replaced the text typed meanwhile in
    # the notation box (found by CI under load): a player's typing was lost.
    page.goto(live_server + "/domineering/")
    page.wait_for_function("document.getElementById('to-move').textContent === 'H to move'")
    page.evaluate(
        """() => {
            const plain = window.fetch;
            window.fetch = async (url, options) => {
                const answer = await plain(url, options);
                const typed = options && String(options.body || "").includes("either_first");
                if (String(url).includes("/api/domineering/analyze") && !typed) {
                    await new Promise((done) => setTimeout(done, 800));
                }
                return answer;
            };
        }"""
    )
    page.select_option("#first", "V")
    page.click("details.notation summary")
    page.fill("#notation", EVEN)
    # The empty board's answer (V to move) comes now; the text typed stays.
    page.wait_for_function("document.getElementById('to-move').textContent === 'V to move'")
    assert page.input_value("#notation") == EVEN
