"""Session 13, a newcomer's findings, through the API (docs/web.md, "Session 13: a
newcomer's findings"). Values are worked by hand from the rules (rules/kingdomino-2p.txt,
rules/cross.txt, RULINGS.md)."""

from __future__ import annotations

from flask.testing import FlaskClient

SIX_WIDE = (
    "the kingdom as typed spans 6 columns, more than the 5x5 frame allows: choose 7x7 (Mighty Duel)"
)


def test_placements_on_a_kingdom_wider_than_its_frame_are_refused(client: FlaskClient) -> None:
    # C F1 F F F F: 6 columns before any domino; the 5x5 frame is broken as typed.
    for extra in ({}, {"at": "A2", "toward": "right"}):
        body = {"kingdom": "C F1 F F F F", "domino": "F L", "size": 5, **extra}
        response = client.post("/api/kingdomino/placements", json=body)
        assert response.status_code == 422  # an impossible position (docs/web.md)
        assert response.get_json() == {"error": SIX_WIDE}
    # In the 7x7 frame it has places: F under the castle (A2 toward right) is legal.
    body = {"kingdom": "C F1 F F F F", "domino": "F L", "size": 7, "at": "A2", "toward": "right"}
    response = client.post("/api/kingdomino/placements", json=body)
    assert response.status_code == 200
    assert response.get_json()["legal"] is True


def test_compare_gives_the_tie_breaks_numbers(client: FlaskClient) -> None:
    # Kingdom 1: wheat 3 squares x 1 = 3, grassland 1 x 2 = 2: 5; largest 3; crowns 3.
    # Kingdom 2: lake 3 x 1 = 3, mine 2 x 1 = 2: 5; largest 3; crowns 2. Kingdom 1 on crowns.
    body = {"kingdom1": "C W1 W W/G2 . . .", "kingdom2": "C L1 L L/. M1 M ."}
    answer = client.post("/api/kingdomino/compare", json=body).get_json()
    assert (answer["winner"], answer["decided_by"], answer["scores"]) == (1, "crowns", [5, 5])
    found = [(k["largest_domain"], k["crowns"]) for k in answer["kingdoms"]]
    assert found == [(3, 3), (3, 2)]


def _match_title(client: FlaskClient, game: str, rounds: list[list[str]], target: int) -> str:
    route = "/api/cross/match" if game == "cross" else "/api/two-step/match"
    answer = client.post(route, json={"rounds": rounds, "target": target}).get_json()
    saved = client.post("/api/results", json={"game": game, "notation": "-", "answer": answer})
    assert saved.status_code == 201
    title = client.get("/api" + saved.get_json()["url"]).get_json()["title"]
    assert isinstance(title, str)
    return title


def test_a_saved_cross_match_says_the_winners_score_first(client: FlaskClient) -> None:
    # Player 3 goes out twice: round 1 the others hold 6-6 5-5 5-6 (33) and 0-0 (0), +33;
    # round 2 4-4 3-6 (17) and 6-6 5-6 (23), +40: 0, 0, 73 (rules/cross.txt).
    rounds = [["6-6 5-5 5-6", "0-0", ""], ["4-4 3-6", "6-6 5-6", ""]]
    title = _match_title(client, "cross", rounds, 50)
    assert title == "Cross match to 50: player 3 wins with 73 (0, 0, 73) after 2 rounds"
    # Two players: the winner's first, as the Kingdomino compare ("19 to 18"). Player 2
    # goes out each round: 6-6 5-5 5-6 (33), then 4-4 3-6 (17): 50 to 0.
    title = _match_title(client, "cross", [["6-6 5-5 5-6", ""], ["4-4 3-6", ""]], 50)
    assert title == "Cross match to 50: player 2 wins 50 to 0 after 2 rounds"
