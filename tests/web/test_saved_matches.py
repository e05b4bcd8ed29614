"""Session 11: a Cross match, a refereed Two-Step round and a Two-Step match saved as the
pages save them (``POST /api/results``, the same ``Result`` rows), and their saved pages.

The values are worked by hand from ``/work/shared/rules/cross.txt`` and ``two-step.txt``.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from referee_cli.main import main
from tests.web.pages import answer_lines

# A Cross match of two players to 50 (rules/cross.txt: the player who went out, or the
# lowest pip total of a blocked round, scores the others' pips minus their own):
#   round 1: player 1 went out; player 2 holds 6-6 5-5 5-6 = 12 + 10 + 11 = 33 -> 1 +33
#   round 2: blocked; player 1 holds 1-2 = 3, player 2 0-4 2-3 = 4 + 5 = 9 -> 1 +(9 - 3) = 6
#   round 3: player 2 went out; player 1 holds 4-6 3-5 = 10 + 8 = 18 -> 2 +18
#   round 4: player 1 went out; player 2 holds 4-4 3-6 = 8 + 9 = 17 -> 1 +17
# Player 1: 33 + 6 + 17 = 56 >= 50, player 2: 18. Player 1 wins 56-18.
CROSS_ROUNDS = [["", "6-6 5-5 5-6"], ["1-2", "0-4 2-3"], ["4-6 3-5", ""], ["", "4-4 3-6"]]
CROSS_NOTATION = "/ 6-6 5-5 5-6\n1-2 / 0-4 2-3\n4-6 3-5 /\n/ 4-4 3-6"

# The round page's example table: player 2 to move, ends 3 (left) and 0 (right); their
# hand 1-2 0-2 3-4, card top 1-6, discard top 5-6: 0-2 on the 0, 3-4 on the 3, nothing else.
EXAMPLE = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)
# The same table with player 1's dance card cleared (its three tiles on their discard
# pile): player 1 scores 1 point, no bonus (player 2's card holds 4 tiles, not 5).
CLEARED = EXAMPLE.replace("card1 4-4 4-6 0-1", "card1 -").replace(
    "discards1 4-5 2-2 0-0", "discards1 4-5 2-2 0-0 4-4 4-6 0-1"
)


def _save(client: FlaskClient, body: dict[str, object]) -> tuple[str, str]:
    """Save ``body``; the saved page's HTML and its URL."""
    response = client.post("/api/results", json=body)
    assert response.status_code == 201
    url = response.get_json()["url"]
    return client.get(url).get_data(as_text=True), url


def test_a_saved_cross_match_shows_its_rounds_and_winner(client: FlaskClient) -> None:
    answer = client.post("/api/cross/match", json={"rounds": CROSS_ROUNDS, "target": 50}).get_json()
    title = "Cross match to 50: player 1 wins 56 to 18"
    body = {"game": "cross", "notation": CROSS_NOTATION, "answer": answer, "title": title}
    text, url = _save(client, body)
    assert f'<h1 class="saved-title">{title}</h1>' in text
    assert f'<pre class="saved">{CROSS_NOTATION}</pre>' in text
    assert "<h2>Rounds</h2>" in text
    assert answer_lines(text) == [
        "Round 1: player 1 +33",
        "Round 2: player 1 +6",
        "Round 3: player 2 +18",
        "Round 4: player 1 +17",
        "Scores: player 1: 56, player 2: 18",
        "Player 1 wins the match (reached 50)",
    ]
    # Its link adds the match up again on the Cross page (session 14; it opened empty).
    link = "/cross/?match=+/+6-6+5-5+5-6%0A1-2+/+0-4+2-3%0A4-6+3-5+/+%0A+/+4-4+3-6&amp;target=50"
    assert f'<a href="{link}">Cross page →</a>' in text
    stored = client.get(url.replace("/results/", "/api/results/")).get_json()
    assert (stored["game"], stored["notation"], stored["answer"]["scores"]) == (
        "cross",
        CROSS_NOTATION,
        [56, 18],
    )
    assert title in client.get("/results/").get_data(as_text=True)


def test_a_saved_cross_match_not_yet_won(client: FlaskClient) -> None:
    # The first two rounds only: 33 + 6 = 39 to 0, nobody at 50 yet.
    answer = client.post(
        "/api/cross/match", json={"rounds": CROSS_ROUNDS[:2], "target": 50}
    ).get_json()
    text, _ = _save(client, {"game": "cross", "notation": "x", "answer": answer})
    assert answer_lines(text)[-2:] == [
        "Scores: player 1: 39, player 2: 0",
        "Nobody has reached 50 yet",
    ]


def test_the_cross_match_notation_saved_is_what_the_cli_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Each line of the saved notation typed again as a ROUND of `referee cross match`
    # adds up to the same match.
    assert main(["cross", "match", "--target", "50", *CROSS_NOTATION.splitlines()]) == 0
    out = capsys.readouterr().out
    assert "round 2: player 1 +6" in out
    assert "scores: player 1: 56, player 2: 18" in out
    assert "player 1 wins the match (reached 50)" in out


def test_a_saved_two_step_round_shows_the_table_and_moves(client: FlaskClient) -> None:
    answer = client.post("/api/two-step/analyze", json={"position": EXAMPLE}).get_json()
    answer["optional_plays"] = False
    body = {
        "game": "two-step",
        "notation": answer["position"],
        "answer": answer,
        "title": "Two-Step round: player 2 to move",
    }
    text, _ = _save(client, body)
    # One field a line, as the round page's box also takes it.
    assert '<pre class="saved">floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0;\ncard1 4-4 4-6 0-1;\n' in text
    assert answer_lines(text) == [
        "dance floor: 3-0 0-6 6-6 6-3 3-5 5-5 5-0",
        "player 1: dance card 3 (top 4-4); hand 2-4; discard pile 4-5 2-2 0-0",
        "player 2: dance card 4 (top 1-6); hand 1-2 0-2 3-4; discard pile 2-5 5-6",
        "draw pile: 5 tiles",
        "Player 2 to move",
        "Legal moves (2): play 0-2 hand right, play 3-4 hand left",
    ]
    # The link opens the round page with the saved table (session 13: it opened empty).
    link = re.search(r'<a href="([^"]*)">Two-Step round page →</a>', text)
    assert link is not None
    address = urlsplit(html.unescape(link.group(1)))
    assert address.path == "/two-step/round"
    assert parse_qs(address.query) == {"position": [answer["position"]]}


def test_a_saved_two_step_round_that_is_over(client: FlaskClient) -> None:
    answer = client.post(
        "/api/two-step/analyze", json={"position": CLEARED, "optional_plays": True}
    ).get_json()
    answer["optional_plays"] = True
    text, _ = _save(client, {"game": "two-step", "notation": CLEARED, "answer": answer})
    # rules/two-step.txt: 1 point for clearing the dance card, the other's card not whole.
    assert answer_lines(text)[-2:] == [
        "Plays optional (house rule)",
        "Player 1 cleared their dance card: 1 point",
    ]


def test_a_saved_two_step_match_shows_each_round(client: FlaskClient) -> None:
    # rules/two-step.txt: 1 point for clearing the dance card, +1 if the other's card
    # still holds all five tiles; two left feet score nothing and are replayed.
    #   1:5 -> player 1 +2 (2-0); feet (2-0); 2:3 -> player 2 +1 (2-1); 1:2 -> player 1 +1 (3-1)
    answer = client.post(
        "/api/two-step/match", json={"rounds": "1:5 feet 2:3 1:2", "target": 3}
    ).get_json()
    title = "Two-Step match to 3: player 1 wins 3 to 1"
    body = {"game": "two-step", "notation": "1:5 feet 2:3 1:2", "answer": answer, "title": title}
    text, _ = _save(client, body)
    assert '<pre class="saved">1:5 feet 2:3 1:2</pre>' in text
    assert answer_lines(text) == [
        "Round 1: player 1 +2 (with the bonus) · 2-0",
        "Round 2: two left feet, replayed · 2-0",
        "Round 3: player 2 +1 · 2-1",
        "Round 4: player 1 +1 · 3-1",
        "Player 1 wins 3-1 (target 3)",
    ]
    # Its link adds the match up again on the round page (session 14; it opened empty).
    link = '<a href="/two-step/round?rounds=1:5+feet+2:3+1:2&amp;target=3">'
    assert f"{link}Two-Step round page →</a>" in text


def test_a_saved_two_step_match_to_ten_owes_lemonade(client: FlaskClient) -> None:
    # Four 1:5 rounds (2 each) make 8-0, 2:3 gives 8-1, 1:4 gives 9-1, 1:5 gives 11-1:
    # player 1 wins with 11, so player 2 owes a glass of lemonade.
    answer = client.post(
        "/api/two-step/match", json={"rounds": "1:5 1:5 1:5 1:5 2:3 1:4 1:5"}
    ).get_json()
    text, _ = _save(client, {"game": "two-step", "notation": "x", "answer": answer})
    assert answer_lines(text)[-2:] == [
        "Player 1 wins 11-1 (target 10)",
        "Player 2 owes player 1 a glass of lemonade.",
    ]


def test_two_step_plays_still_link_to_the_plays_page(client: FlaskClient) -> None:
    answer = client.post("/api/two-step/plays", json={"ends": "6,3", "hand": "3-1"}).get_json()
    text, _ = _save(client, {"game": "two-step", "notation": "x", "answer": answer})
    assert '<a href="/two-step/">Two-Step page →</a>' in text


def test_a_two_step_summary_saved_as_one_string_is_not_shown_letter_by_letter(
    client: FlaskClient,
) -> None:
    # Session 11 (review): an API client saving "summary" as a string got one letter a line.
    answer = {"legal_moves": [], "summary": "floor 6-6", "result": None, "to_move": 1}
    text, _ = _save(client, {"game": "two-step", "notation": "floor 6-6", "answer": answer})
    # Not the shape of a round's answer: no lines in words, only its JSON is shown.
    assert '<ul class="saved-answer">' not in text
    assert "<li>f</li>" not in text
