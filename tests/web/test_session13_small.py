"""Session 13, six small defects left by session 12 (docs/web.md, "Session 13: six small
defects"): the values are worked by hand from the rules, not taken from the code."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient

from tests.web.pages import answer_lines

# The Two-Step round page's example table: player 2 to move; the dance floor's ends are
# 3 (left, 3-0) and 0 (right, 5-0); player 2 holds 1-2 0-2 3-4: 0-2 on the right end (0)
# and 3-4 on the left end (3) are the legal moves.
EXAMPLE = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)
_UNKNOWN = "unknown cell symbol 'X' (a cell is '.', 'H', 'V' or '#')"


def _save(client: FlaskClient, game: str, answer: dict[str, object]) -> tuple[str, str]:
    """Save ``answer`` as a page does (no title): the saved page's HTML and its title."""
    response = client.post("/api/results", json={"game": game, "notation": "x", "answer": answer})
    assert response.status_code == 201
    url = response.get_json()["url"]
    return client.get(url).get_data(as_text=True), client.get("/api" + url).get_json()["title"]


def _page_link(text: str) -> str:
    """The href of the saved page's link to its game's page ("... page →")."""
    found = re.search(r'<a href="([^"]*)">[^<]* page →</a>', text)
    assert found is not None
    return html.unescape(found[1])


# 1. Kingdomino: the winner's score first.


def test_a_saved_comparison_says_the_winners_score_first(client: FlaskClient) -> None:
    # Kingdom 1: forest 2 squares x 1 crown = 2; kingdom 2: forest 3 x 1 = 3.
    body = {"kingdom1": "C F1 F", "kingdom2": "C F1 F F"}
    compared = client.post("/api/kingdomino/compare", json=body).get_json()
    page, title = _save(client, "kingdomino", compared)
    assert answer_lines(page) == [
        "Kingdom 1: total 2",
        "Kingdom 2: total 3",
        "Kingdom 2 wins on the score: 3 to 2",
    ]
    assert title == "Kingdoms compared: kingdom 2 wins 3 to 2"
    # Kingdom 1 winning keeps kingdom order, which is the winner's first too.
    body = {"kingdom1": "C F1 F F", "kingdom2": "C F1 F"}
    compared = client.post("/api/kingdomino/compare", json=body).get_json()
    page, title = _save(client, "kingdomino", compared)
    assert answer_lines(page)[-1] == "Kingdom 1 wins on the score: 3 to 2"
    assert title == "Kingdoms compared: kingdom 1 wins 3 to 2"


# 2. Two-Step: a saved round keeps the move checked.


def test_a_saved_two_step_round_shows_the_move_checked(client: FlaskClient) -> None:
    analysed = client.post("/api/two-step/analyze", json={"position": EXAMPLE}).get_json()
    assert analysed["legal_moves"] == ["play 0-2 hand right", "play 3-4 hand left"]
    checked = client.post(
        "/api/two-step/check", json={"position": EXAMPLE, "move": "play 0-2 hand left"}
    ).get_json()
    # As the round page saves it: the table's answer, the house rule, the move checked.
    check = {key: checked[key] for key in ("move", "legal", "reason")}
    assert check == {
        "move": "play 0-2 hand left",
        "legal": False,
        "reason": "0-2 does not match the left end (3 pips)",
    }
    page, title = _save(client, "two-step", {**analysed, "optional_plays": False, "check": check})
    lines = answer_lines(page)
    assert lines[-3:] == [
        "Player 2 to move",
        "Legal moves (2): play 0-2 hand right, play 3-4 hand left",
        "Move checked: play 0-2 hand left: not legal: 0-2 does not match the left end (3 pips)",
    ]
    assert title == (
        "Two-Step round: player 2 to move, 2 legal moves; checked play 0-2 hand left: not legal"
    )
    legal = {"move": "play 3-4 hand left", "legal": True, "reason": "legal"}
    page, title = _save(client, "two-step", {**analysed, "check": legal})
    assert answer_lines(page)[-1] == "Move checked: play 3-4 hand left: legal"
    assert title.endswith("; checked play 3-4 hand left: legal")
    # A round saved before session 13 (no check) reads as before.
    page, title = _save(client, "two-step", {**analysed, "optional_plays": False})
    assert answer_lines(page)[-1] == "Legal moves (2): play 0-2 hand right, play 3-4 hand left"
    assert "checked" not in title


# 3. Domineering: the saved result's link opens the page with its position.


def test_a_saved_domineering_sheet_links_to_its_position(client: FlaskClient) -> None:
    # H holds A1-B1, V holds A2-A3: one pair each, H (who started) to move.
    answer = client.post("/api/domineering/analyze", json={"position": "HH../V.../V..."})
    page, _ = _save(client, "domineering", answer.get_json())
    link = urlsplit(_page_link(page))
    assert link.path == "/domineering/"
    assert parse_qs(link.query) == {"position": ["HH../V.../V... H"]}
    opened = client.get(_page_link(page)).get_data(as_text=True)
    assert 'Referee.domineeringPage("HH../V.../V... H", null, null);' in opened
    # A sheet V started, V to move with one pair each: the position says V.
    answer = client.post(
        "/api/domineering/analyze", json={"position": "HH../V.../V...", "first": "V"}
    )
    page, _ = _save(client, "domineering", answer.get_json())
    assert parse_qs(urlsplit(_page_link(page)).query) == {"position": ["HH../V.../V... V"]}
    # The page opened plainly, or an answer without a position: the page as it starts.
    assert "Referee.domineeringPage(null, null, null);" in client.get("/domineering/").get_data(
        as_text=True
    )
    page, _ = _save(client, "domineering", {"a": 1})
    assert _page_link(page) == "/domineering/"
    # A Cross round's link opens its hands too (session 13, "saved results reopen their
    # page"), seats split by "/".
    cross = client.post("/api/cross/round", json={"hands": ["6-6 0-1", "2-3 1-4"]}).get_json()
    page, _ = _save(client, "cross", cross)
    link = urlsplit(_page_link(page))
    assert link.path == "/cross/"
    assert parse_qs(link.query) == {"hands": ["6-6 0-1 / 2-3 1-4"]}


def test_the_page_address_is_not_markup(client: FlaskClient) -> None:
    # The position from the address reaches the script as a JSON string, never as markup.
    text = client.get("/domineering/?position=</script><b>").get_data(as_text=True)
    assert "<b>" not in text.split("Referee.domineeringPage(", 1)[1].split(");", 1)[0]


# 4 and 6. Notation errors through the API.


def test_the_api_says_where_a_short_kingdom_row_ends(client: FlaskClient) -> None:
    response = client.post("/api/kingdomino/score", json={"kingdom": "C F F\nW W"})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "field 'kingdom': row 2 has 2 squares but row 1 has 3 (1 missing): the row"
        " ends at column 3 of 'W W'"
    }


def test_the_api_places_a_domineering_fault_in_its_line(client: FlaskClient) -> None:
    response = client.post("/api/domineering/analyze", json={"position": "...\n.X.\n..."})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": f"field 'position': {_UNKNOWN} at column 2 of line 2, '.X.'"
    }
