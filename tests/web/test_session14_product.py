"""Session 14: the small product defects session 13 left, through the test client
(docs/web.md, "Session 14: the small product defects"). Values are worked by hand from
the rules (``rules/*.txt``), never copied from the code's output."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.pages import answer_lines


def _saved(client: FlaskClient, game: str, answer: dict[str, Any]) -> tuple[str, str]:
    """Saves ``answer`` as a page does (no title): the saved page's HTML and its title."""
    response = client.post("/api/results", json={"game": game, "notation": "x", "answer": answer})
    assert response.status_code == 201
    url = response.get_json()["url"]
    return client.get(url).get_data(as_text=True), client.get("/api" + url).get_json()["title"]


# 3. A saved Two-Step plays result's title counts the plays (as a round's counts its moves).


def test_a_saved_two_step_plays_title_counts_the_plays(client: FlaskClient) -> None:
    # Ends 6 (left) and 3 (right); hand 3-1 2-2, dance card top 6-4: 1-3 goes on the 3,
    # 4-6 on the 6; 2-2 matches neither end. Two plays.
    body = {"ends": "6,3", "hand": "3-1 2-2", "card_top": "6-4"}
    answer = client.post("/api/two-step/plays", json=body).get_json()
    text, title = _saved(client, "two-step", answer)
    assert title == "Two-Step: 2 legal plays on ends 6 and 3"
    # The plays stay listed in the saved page's answer.
    lines = answer_lines(text)
    assert "1-3 from the hand on the right end" in lines
    assert "4-6 from the dance card on the left end" in lines


def test_a_saved_two_step_lead_title_says_the_floor_is_empty(client: FlaskClient) -> None:
    # An empty dance floor: a double leads (rules/two-step.txt); of 4-4 and 1-2 only 4-4.
    answer = client.post("/api/two-step/plays", json={"hand": "4-4 1-2"}).get_json()
    _, title = _saved(client, "two-step", answer)
    assert title == "Two-Step: 1 legal play on an empty dance floor"


# 2. Every page is one tap from the home page.


def test_every_page_is_linked_from_the_home_page(app: Any, client: FlaskClient) -> None:
    # Every page a player opens (a GET route of no argument that answers HTML: not the
    # API, not the static files) has a link on the home page (session 14: /cross/plays
    # and /two-step/round had none there).
    pages = sorted(
        rule.rule
        for rule in app.url_map.iter_rules()
        if "GET" in rule.methods
        and not rule.arguments
        and rule.endpoint != "static"
        and not rule.rule.startswith("/api/")
    )
    assert {"/cross/plays", "/two-step/round"} <= set(pages)
    home = client.get("/").get_data(as_text=True)
    linked = set(re.findall(r'<a [^>]*href="([^"]+)"', home))
    assert [page for page in pages if page not in linked] == []


# 4. A saved kingdom's link carries its bonus boxes and its frame.


def _page_link(text: str) -> str:
    """The saved page's link back to its game's page, unescaped."""
    return html.unescape(re.search(r'<a href="([^"]+)">Kingdomino page', text)[1])


def test_a_saved_kingdom_links_its_bonuses_and_its_frame(client: FlaskClient) -> None:
    # C F1 F F: forest 3 squares x 1 crown = 3. The castle is the middle of the 7x7 frame
    # centred on it (columns -3 to 3 hold the kingdom's 0 to 3), not of the 5x5 one (-2 to
    # 2 leave column 3 out): Middle Kingdom +10 in 7x7 only (rules/kingdomino-2p.txt,
    # Mighty Duel's 7x7). The notation alone spans 4 columns: a 5x5 frame is inferred.
    body = {"kingdom": "C F1 F F", "bonus": ["middle", "harmony"], "size": 7}
    answer = client.post("/api/kingdomino/score", json=body).get_json()
    assert (answer["total"], answer["bonus"], answer["size"]) == (13, ["middle", "harmony"], 7)
    text, _ = _saved(client, "kingdomino", answer)
    assert _page_link(text) == "/kingdomino/?kingdom=C+F1+F+F&bonus=middle&bonus=harmony&size=7"
    # The page takes them from its address.
    page = client.get(_page_link(text)).get_data(as_text=True)
    assert 'kingdominoScorePage("C F1 F F", ["middle", "harmony"], "7")' in page


def test_a_kingdom_s_grid_says_its_frame_so_the_link_does_not(client: FlaskClient) -> None:
    # A 7x7 grid is the 7x7 frame (scored so with no size sent); no bonus asked: none
    # carried. Only the castle: no domain, total 0.
    grid = "/".join(". . . C . . ." if row == 3 else ". . . . . . ." for row in range(7))
    answer = client.post("/api/kingdomino/score", json={"kingdom": grid}).get_json()
    assert (answer["total"], answer["bonus"], answer["size"]) == (0, [], 7)
    text, _ = _saved(client, "kingdomino", answer)
    assert "size=" not in _page_link(text)
    assert "bonus=" not in _page_link(text)
    # A row saved before session 14 (no bonus, no size) links its kingdom alone.
    old = {k: v for k, v in answer.items() if k not in ("bonus", "size")}
    text, _ = _saved(client, "kingdomino", old)
    assert _page_link(text) == "/kingdomino/?kingdom=" + grid.replace(" ", "+")


# 5. A position longer than any legal one is refused (saved, or in a page's address).

# An empty 8x8 sheet, the largest board (docs/domineering.md): 8 rows of 8 cells, 7 '/',
# and the side to move: 64 + 7 + 2 = 73 characters.
LONGEST_SHEET = "/".join(["........"] * 8) + " H"
# Two-Step: the 28 tiles of the double-six set make one line (each number 0-6 is on 8
# halves, an even count); 27 of them on the floor and the 28th, 0-6, on player 2's dance
# card, the other fields empty ('-'): 77 characters of field names, '; ' and 'turn 1', the
# floor 27 x 4 - 1 = 107, the card 3, six empty fields 6: 193.
LONGEST_ROUND = (
    "floor 0-0 0-1 1-1 1-2 2-0 0-3 3-1 1-4 4-0 0-5 5-1 1-6 6-2 2-2 2-3 3-3 3-4 4-2 2-5 5-3 "
    "3-6 6-4 4-4 4-5 5-5 5-6 6-6; card1 -; card2 0-6; hand1 -; hand2 -; discards1 -; "
    "discards2 -; draw -; turn 1"
)


def test_the_longest_legal_positions_are_the_bounds(client: FlaskClient) -> None:
    assert len(LONGEST_SHEET) == 73
    assert len(LONGEST_ROUND) == 193
    halves = re.findall(r"(\d)-(\d)", LONGEST_ROUND)
    assert sorted(tuple(sorted(h)) for h in halves) == [
        (str(a), str(b)) for a in range(7) for b in range(a, 7)
    ]
    # Both are legal, and the engine writes them as they are written here.
    sheet = client.post("/api/domineering/analyze", json={"position": LONGEST_SHEET})
    assert sheet.get_json()["position"] == LONGEST_SHEET
    round_ = client.post("/api/two-step/analyze", json={"position": LONGEST_ROUND})
    assert round_.get_json()["position"] == LONGEST_ROUND
    # Saved, each links its page with its position; one character more is refused.
    for game, position in (("domineering", LONGEST_SHEET), ("two-step", LONGEST_ROUND)):
        answer = (sheet if game == "domineering" else round_).get_json()
        response = client.post(
            "/api/results", json={"game": game, "notation": "x", "answer": answer}
        )
        assert response.status_code == 201
        too_long = {**answer, "position": position + "."}
        response = client.post(
            "/api/results", json={"game": game, "notation": "x", "answer": too_long}
        )
        assert response.status_code == 400


def test_a_saved_position_of_50_kb_is_refused(client: FlaskClient) -> None:
    answer = client.post("/api/domineering/analyze", json={"position": "../.."}).get_json()
    answer["position"] = "." * 50_000
    response = client.post(
        "/api/results", json={"game": "domineering", "notation": "x", "answer": answer}
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == (
        "field 'answer': its position is 50,000 characters long, longer than any legal "
        "Domineering position (73 at most)"
    )
    round_ = client.post("/api/two-step/analyze", json={"position": LONGEST_ROUND}).get_json()
    round_["position"] = LONGEST_ROUND + " " + "x" * 50_000
    response = client.post(
        "/api/results", json={"game": "two-step", "notation": "x", "answer": round_}
    )
    assert response.status_code == 400
    assert "(193 at most)" in response.get_json()["error"]


def test_a_legal_position_written_loosely_may_be_longer(client: FlaskClient) -> None:
    # One row a line, each indented by two spaces: 8 x 10 + 7 line breaks = 87 characters,
    # the same empty 8x8 sheet (H to move, nothing claimed).
    loose = "\n".join(["  ........"] * 8)
    assert len(loose) == 87
    response = client.get("/domineering/", query_string={"position": loose})
    assert response.status_code == 200
    answer = client.post("/api/domineering/analyze", json={"position": "../.."}).get_json()
    answer["position"] = loose
    response = client.post(
        "/api/results", json={"game": "domineering", "notation": "x", "answer": answer}
    )
    assert response.status_code == 201


def test_a_page_refuses_an_address_position_longer_than_any_legal_one(
    client: FlaskClient,
) -> None:
    response = client.get("/domineering/", query_string={"position": "." * 50_000})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert (
        "the position in the address is 50,000 characters long, longer than any legal "
        "Domineering position (73 at most): check the link"
    ) in text
    assert "." * 1000 not in text  # not written into the page
    response = client.get(
        "/two-step/round",
        query_string={"position": LONGEST_ROUND + "x"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == (
        "the position in the address is 194 characters long, longer than any legal Two-Step "
        "round position (193 at most): check the link"
    )
    # The longest legal ones open their pages.
    assert client.get("/domineering/", query_string={"position": LONGEST_SHEET}).status_code == 200
    assert client.get("/two-step/round", query_string={"position": LONGEST_ROUND}).status_code == (
        200
    )


def test_a_row_saved_before_with_a_long_position_links_the_empty_page(
    app: Any, client: FlaskClient
) -> None:
    # Saved before session 14's check (put in the table directly): its page's link is the
    # empty page, not a link of 50 kB.
    from web.db import Result, db

    answer = client.post("/api/domineering/analyze", json={"position": "../.."}).get_json()
    client.get("/results/")  # the table is made on first use
    with app.app_context():
        row = Result(
            game="domineering", title="t", notation="x", answer={**answer, "position": "." * 50_000}
        )
        db.session.add(row)
        db.session.commit()
        number = row.id
    text = client.get(f"/results/{number}").get_data(as_text=True)
    assert '<a href="/domineering/">Domineering page' in text
    assert "." * 50_000 not in text.split("saved-answer")[0]


# 5 (continued). A kingdom and a Cross round's hands are bounded alike.

# The largest grid the notation reads, 9x9, each square a letter and a crown digit: 81 x 2
# + 8 spaces a row x 9 + 8 '/' = 242 characters.
LONGEST_KINGDOM = "/".join([" ".join(["W3"] * 9)] * 9)
# The 27 tiles left when the lead 6-6 is on the table, in 4 hands (a blocked round): 27 x 3
# + 23 spaces + 3 x ' / ' = 113 characters.
_TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7) if (a, b) != (6, 6)]
LONGEST_HANDS = [
    " ".join(_TILES[0:7]),
    " ".join(_TILES[7:14]),
    " ".join(_TILES[14:21]),
    " ".join(_TILES[21:27]),
]


def test_a_kingdom_or_hands_longer_than_any_legal_ones_are_refused(client: FlaskClient) -> None:
    assert len(LONGEST_KINGDOM) == 242
    assert len(" / ".join(LONGEST_HANDS)) == 113
    kingdom = client.post("/api/kingdomino/score", json={"kingdom": LONGEST_KINGDOM}).get_json()
    assert kingdom["kingdom"] == LONGEST_KINGDOM
    text, _ = _saved(client, "kingdomino", kingdom)
    assert "kingdom=W3" in _page_link(text)
    round_ = client.post("/api/cross/round", json={"hands": LONGEST_HANDS}).get_json()
    assert round_["hands"] == LONGEST_HANDS
    _saved(client, "cross", round_)
    # 50 kB of either is refused, said so.
    for game, answer, field, what in (
        ("kingdomino", kingdom, "kingdom", "its kingdom is"),
        ("cross", round_, "hands", "its hands are"),
    ):
        value: Any = "W " * 25_000 if field == "kingdom" else [*LONGEST_HANDS, "1-2 " * 12_500]
        response = client.post(
            "/api/results",
            json={"game": game, "notation": "x", "answer": {**answer, field: value}},
        )
        assert response.status_code == 400
        assert response.get_json()["error"].startswith(f"field 'answer': {what} ")
    response = client.get(
        "/cross/", query_string={"hands": "1-2 " * 100}, headers={"Accept": "application/json"}
    )
    assert response.get_json()["error"] == (
        "the hands in the address are 399 characters long, longer than any legal Cross "
        "round's hands (113 at most): check the link"
    )
    response = client.get("/kingdomino/", query_string={"kingdom": "W " * 200})
    assert response.status_code == 400
