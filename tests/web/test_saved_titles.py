"""Session 12: saved results told apart in the list, and the Domineering dispute and
perfect-play answers saved.

The newcomer saved three Domineering sheets and the list said "Domineering: V to move" three
times. A result saved without a title (as the pages now save) is titled by the server from
its answer (``web.results.title_of``): the board's size and pairs, the score, who wins. Old
rows keep the title they were saved with. The values are worked by hand.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.pages import answer_lines

# tests/web/test_saved_matches.py's Cross match to 50 (player 1 wins 56-18 after 4 rounds)
# and the Two-Step round page's example table (player 2 to move: 0-2 on the 0, 3-4 on the 3).
CROSS_ROUNDS = [["", "6-6 5-5 5-6"], ["1-2", "0-4 2-3"], ["4-6 3-5", ""], ["", "4-4 3-6"]]
EXAMPLE = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)

# 3 rows x 4 columns: H holds A1-B1, V holds A2-A3; H (who started) is to move, one pair
# each. The free cells: C1 D1 / B2 C2 D2 / B3 C3 D3. H's legal pairs (by hand): C1-D1,
# B2-C2, C2-D2, B3-C3, C3-D3: 5.
SHEET = "HH../V.../V..."


def _saved(client: FlaskClient, body: dict[str, object]) -> tuple[str, str]:
    """Save ``body``: the saved page's HTML and the title saved (from the JSON route)."""
    response = client.post("/api/results", json=body)
    assert response.status_code == 201
    url = response.get_json()["url"]
    title = client.get("/api" + url).get_json()["title"]
    return client.get(url).get_data(as_text=True), title


def _sheet(client: FlaskClient, position: str, **extra: object) -> dict[str, object]:
    answer = client.post(
        "/api/domineering/analyze", json={"position": position, "first": "H", **extra}
    ).get_json()
    assert isinstance(answer, dict)
    return answer


def test_domineering_titles_tell_sheets_apart(client: FlaskClient) -> None:
    answer = _sheet(client, SHEET)
    _, title = _saved(client, {"game": "domineering", "notation": SHEET, "answer": answer})
    assert title == "Domineering 3x4, H 1 pair, V 1 pair: H to move (5 legal pairs)"
    # The same sheet with H's B2-C2 claimed: V to move (H 2 pairs, V 1); V's vertical pairs
    # by hand: column D only (B2 and C2 are taken), D1-D2 and D2-D3: 2.
    other = "HH../VHH./V..."
    _, title = _saved(
        client, {"game": "domineering", "notation": other, "answer": _sheet(client, other)}
    )
    assert title == "Domineering 3x4, H 2 pairs, V 1 pair: V to move (2 legal pairs)"
    # Blocked: 1x2 with H's pair, V to move has no vertical pair: H wins.
    blocked = "HH"
    _, title = _saved(
        client, {"game": "domineering", "notation": blocked, "answer": _sheet(client, blocked)}
    )
    assert title == "Domineering 1x2, H 1 pair, V 0 pairs: V blocked, H wins"
    listed = client.get("/results/").get_data(as_text=True)
    assert listed.count("Domineering 3x4, ") == 2 and "Domineering 1x2, " in listed


def test_domineering_dispute_and_perfect_play_are_saved(client: FlaskClient) -> None:
    answer = _sheet(client, SHEET)
    solved = _sheet(client, SHEET, solve=True)
    verdict = client.post(
        "/api/domineering/check",
        json={"position": SHEET, "first": "H", "move": "C2-C3", "player": "H"},
    ).get_json()
    # As the page saves them: the solver's answer's two fields and the dispute asked.
    answer |= {
        "perfect_play": solved["perfect_play"],
        "winning_moves": solved["winning_moves"],
        "dispute": {"player": "H", "move": "C2-C3", "legal": False, "reason": verdict["reason"]},
    }
    text, title = _saved(client, {"game": "domineering", "notation": SHEET, "answer": answer})
    winner = solved["perfect_play"]
    assert title == (
        "Domineering 3x4, H 1 pair, V 1 pair: H to move (5 legal pairs); "
        f"{winner} wins with perfect play; H claims C2-C3: not legal"
    )
    lines = answer_lines(text)
    assert lines[:2] == ["H to move", "H's legal pairs (5): C1-D1, B2-C2, C2-D2, B3-C3, C3-D3"]
    assert lines[3] == (
        "Dispute: H claims C2-C3: not legal: C2-C3 is a vertical pair; H claims horizontal pairs"
    )
    assert lines[2].startswith(f"With perfect play {winner} wins: H to move")


def test_old_rows_keep_their_title_and_read_as_before(client: FlaskClient) -> None:
    answer = _sheet(client, SHEET)  # no dispute, no perfect play: as saved before
    body = {"game": "domineering", "notation": SHEET, "answer": answer}
    text, title = _saved(client, {**body, "title": "Domineering: H to move"})
    assert title == "Domineering: H to move"
    assert answer_lines(text) == [
        "H to move",
        "H's legal pairs (5): C1-D1, B2-C2, C2-D2, B3-C3, C3-D3",
    ]
    # An answer not of its game's shape is titled with the game's name, as before.
    _, title = _saved(client, {"game": "domineering", "notation": "x", "answer": {"a": 1}})
    assert title == "Domineering"


def test_kingdomino_cross_and_two_step_titles(client: FlaskClient) -> None:
    # C F1 F / W W1 . : forest 2 x 1 = 2, wheat 2 x 1 = 2; total 4, 2 crowns.
    kingdom = client.post("/api/kingdomino/score", json={"kingdom": "C F1 F/W W1 ."}).get_json()
    _, title = _saved(client, {"game": "kingdomino", "notation": "x", "answer": kingdom})
    assert title == "Kingdom 2x3: 4 points (2 scoring domains, 2 crowns)"
    # Compared with C F1 F W (forest 2 x 1 = 2): 4 to 2, kingdom 1 wins on score.
    compared = client.post(
        "/api/kingdomino/compare", json={"kingdom1": "C F1 F/W W1 .", "kingdom2": "C F1 F W"}
    ).get_json()
    _, title = _saved(client, {"game": "kingdomino", "notation": "x", "answer": compared})
    assert title == "Kingdoms compared: kingdom 1 wins 4 to 2"
    # Cross: player 1 holds 6-6 0-1 (13 pips), player 2 2-3 1-4 (10): blocked, player 2
    # scores 13 - 10 = 3.
    cross = client.post("/api/cross/round", json={"hands": ["6-6 0-1", "2-3 1-4"]}).get_json()
    _, title = _saved(client, {"game": "cross", "notation": "x", "answer": cross})
    assert title == "Cross round, 2 players (pips 13, 10): player 2 scores 3"
    # Player 2 went out and scores the others' 15 + 3 pips.
    cross = client.post("/api/cross/round", json={"hands": [["6-6", "1-2"], [], ["0-3"]]})
    _, title = _saved(client, {"game": "cross", "notation": "x", "answer": cross.get_json()})
    assert title == "Cross round, 3 players (pips 15, 0, 3): player 2 scores 18"
    match = client.post("/api/cross/match", json={"rounds": CROSS_ROUNDS, "target": 50})
    _, title = _saved(client, {"game": "cross", "notation": "x", "answer": match.get_json()})
    assert title == "Cross match to 50: player 1 wins 56 to 18 after 4 rounds"
    # The round page's example: player 2 to move, 0-2 on the 0 or 3-4 on the 3.
    round_ = client.post("/api/two-step/analyze", json={"position": EXAMPLE}).get_json()
    round_["optional_plays"] = False
    _, title = _saved(client, {"game": "two-step", "notation": EXAMPLE, "answer": round_})
    assert title == "Two-Step round: player 2 to move, 2 legal moves"  # session 13: counted
    # Two-Step plays: ends 6 (left) and 3 (right); 1-3 from the hand on the 3, 4-6 from the
    # card on the 6.
    body = {"ends": "6,3", "hand": "3-1 2-2", "card_top": "6-4"}
    plays = client.post("/api/two-step/plays", json=body).get_json()
    _, title = _saved(client, {"game": "two-step", "notation": "x", "answer": plays})
    assert title == "Two-Step: 2 legal plays on ends 6 and 3"  # session 14: counted
