"""The pages, saved results, configuration, and errors shown as pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from web import create_app
from web.db import db

GAME_PAGES = ["/kingdomino/", "/kingdomino/compare", "/domineering/", "/cross/", "/two-step/"]


def test_home_links_every_game(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for url in ("/kingdomino/", "/domineering/", "/cross/", "/two-step/"):
        assert f'href="{url}"' in page


@pytest.mark.parametrize("url", GAME_PAGES)
def test_game_page_photo_input_offers_camera_and_library(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    inputs = re.findall(r"<input[^>]*type=\"file\"[^>]*>", page)
    assert inputs, "no photo input"
    for tag in inputs:
        assert 'accept="image/*"' in tag
        # Session 12 (newcomer): the buttons say "Take or choose a photo", but with
        # capture="environment" phones open the camera only and a photo already taken
        # cannot be picked; without it they offer the camera and the library.
        assert "capture" not in tag


@pytest.mark.parametrize("url", GAME_PAGES)
def test_game_page_needs_nothing_from_outside(client: FlaskClient, url: str) -> None:
    page = client.get(url).get_data(as_text=True)
    for found in re.findall(r"(?:src|href)=\"([^\"]+)\"", page):
        assert found.startswith(("/", "#")), f"{found} is not served by the app"
    for found in re.findall(r"(?:src|href)=\"(/static/[^\"]+)\"", page):
        with client.get(found) as response:
            assert response.status_code == 200, found


def test_static_assets_need_nothing_from_outside(client: FlaskClient) -> None:
    for name in ("referee.css", "referee.js", "kingdomino.js", "domineering.js", "dominoes.js"):
        with client.get(f"/static/{name}") as response:
            text = response.get_data(as_text=True)
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text
        assert "@import" not in text


def test_unknown_page_is_404_page(client: FlaskClient) -> None:
    response = client.get("/no-such-game/")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "Page not found" in response.get_data(as_text=True)


def test_unknown_api_route_is_404_json(client: FlaskClient) -> None:
    response = client.post("/api/chess/score")
    assert response.status_code == 404
    assert "error" in response.get_json()


def test_save_and_show_a_result(client: FlaskClient) -> None:
    answer = client.post("/api/kingdomino/score", json={"kingdom": "C F1 F"}).get_json()
    answer["overlay"] = "data:image/jpeg;base64,AAAA"
    response = client.post(
        "/api/results",
        json={
            "game": "kingdomino",
            "notation": answer["kingdom"],
            "answer": answer,
            "title": "Alice's kingdom",
        },
    )
    assert response.status_code == 201
    saved = response.get_json()
    assert saved["url"] == f"/results/{saved['id']}"
    listing = client.get("/results/").get_data(as_text=True)
    assert "Alice&#39;s kingdom" in listing
    page = client.get(saved["url"]).get_data(as_text=True)
    assert "C F1 F" in page
    stored = client.get(f"/api/results/{saved['id']}").get_json()
    assert stored["answer"]["total"] == 2
    assert "overlay" not in stored["answer"]  # the picture is never kept


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "notation": "x", "answer": {}},
        {"game": "cross", "answer": {}},
        {"game": "cross", "notation": "1-1", "answer": "[1"},
        {"game": "cross", "notation": "1-1", "answer": [1]},
    ],
)
def test_save_bad_result_is_400(client: FlaskClient, body: dict[str, object]) -> None:
    response = client.post("/api/results", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_save_from_a_form_with_the_answer_as_json_text(client: FlaskClient) -> None:
    data = {"game": "two-step", "notation": "3,5 | 5-1", "answer": '{"must": "play"}'}
    response = client.post("/api/results", data=data)
    assert response.status_code == 201
    stored = client.get(response.get_json()["url"].replace("/results/", "/api/results/"))
    got = stored.get_json()
    assert (got["game"], got["title"], got["answer"]) == ("two-step", "Two-Step", {"must": "play"})
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", got["created"])


def test_save_names_the_fields_at_fault(client: FlaskClient) -> None:
    response = client.post("/api/results", json={"game": "chess", "answer": "[1"})
    error = response.get_json()["error"]
    assert response.status_code == 400
    for words in ("field 'game'", "'chess'", "field 'notation'", "field 'answer'"):
        assert words in error


def test_database_uri_setting_overrides_the_file(tmp_path: Path) -> None:
    other = tmp_path / "elsewhere.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{other}",
        }
    )
    body = {"game": "cross", "notation": "1-1", "answer": {"points": 2}}
    assert app.test_client().post("/api/results", json=body).status_code == 201
    with app.app_context():
        db.engine.dispose()
    assert other.is_file()
    assert not (tmp_path / "referee.sqlite").exists()


def test_missing_result_is_404(client: FlaskClient) -> None:
    assert client.get("/results/99").status_code == 404
    assert client.get("/api/results/99").status_code == 404


def test_empty_results_page(client: FlaskClient) -> None:
    assert "Nothing saved yet" in client.get("/results/").get_data(as_text=True)


def test_init_db_command(runner: FlaskCliRunner, app: object, tmp_path: Path) -> None:
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0
    assert (tmp_path / "referee.sqlite").is_file()


def test_configuration_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_MAX_CONTENT_LENGTH", "12345")
    assert create_app().config["MAX_CONTENT_LENGTH"] == 12345


def test_default_upload_limit_is_20_mb() -> None:
    assert create_app({"TESTING": True}).config["MAX_CONTENT_LENGTH"] == 20 * 1024 * 1024


def test_a_saved_board_shows_its_rows_and_folds_the_json(client: FlaskClient) -> None:
    # On a phone the page was one long line of notation and a 7000-pixel JSON dump.
    answer = client.post("/api/kingdomino/score", json={"kingdom": "C F1 F/W W2 W"}).get_json()
    body = {"game": "kingdomino", "notation": answer["kingdom"], "answer": answer}
    url = client.post("/api/results", json=body).get_json()["url"]
    page = client.get(url).get_data(as_text=True)
    assert '<pre class="saved">C F1 F\nW W2 W</pre>' in page
    folded = page.split("<details", 1)[1].split("</details>", 1)[0]
    assert "<summary>The full answer (JSON)</summary>" in folded
    assert "&#34;total&#34;: 8" in folded or '"total": 8' in folded


def _saved_answer(client: FlaskClient, game: str, answer: dict[str, object]) -> list[str]:
    """The lines under "Answer" on the saved result's page."""
    body = {"game": game, "notation": "x", "answer": answer}
    page = client.get(client.post("/api/results", json=body).get_json()["url"])
    text = page.get_data(as_text=True)
    if '<ul class="saved-answer">' not in text:
        return []
    listed = text.split('<ul class="saved-answer">', 1)[1].split("</ul>", 1)[0]
    items = [item.split("</li>")[0] for item in listed.split("<li>")[1:]]
    # Tiles sit in spans kept on one line (session 12): the line's text without tags.
    return [html.unescape(re.sub(r"<[^>]+>", "", item)) for item in items]


def test_a_saved_result_shows_the_answer_in_words(client: FlaskClient) -> None:
    # Session 8 (newcomer): a saved result showed the position and a JSON dump only.
    # Kingdomino: wheat 3 squares x 1 crown = 3, wheat 2 x 2 = 4 (rules/kingdomino.txt).
    kingdom = "W1 W W . ./. . . . ./. . C . ./. . . . ./W2 W . . ."
    answer = client.post("/api/kingdomino/score", json={"kingdom": kingdom}).get_json()
    assert _saved_answer(client, "kingdomino", answer) == [
        "Wheat: 3 squares x 1 crown = 3",
        "Wheat: 2 squares x 2 crowns = 4",
        "Total: 7",
        # (4, 0), row 5 column A: named as the kingdom page names it.
        "Warning: A5 is wheat with 2 crowns: no wheat square in the tile set has more than 1",
    ]
    # Two kingdoms of 2 points; the first's largest domain is 2 squares to 1.
    body = {"kingdom1": "C F1 F W", "kingdom2": "C M2 W L"}
    answer = client.post("/api/kingdomino/compare", json=body).get_json()
    assert _saved_answer(client, "kingdomino", answer) == [
        "Kingdom 1: total 2",
        "Kingdom 2: total 2",
        "Kingdom 1 wins on the largest domain: 2 to 2",
    ]
    # Domineering: one H pair in a 2x2, V to move and blocked.
    answer = client.post("/api/domineering/analyze", json={"position": "HH/.."}).get_json()
    assert _saved_answer(client, "domineering", answer) == ["V to move and blocked: H wins"]
    answer = client.post("/api/domineering/analyze", json={"position": "../.."}).get_json()
    assert _saved_answer(client, "domineering", answer) == [
        "H to move",
        "H's legal pairs (2): A1-B1, A2-B2",
    ]
    # Cross: player 2 went out and scores the others' 15 + 3 pips.
    answer = client.post("/api/cross/round", json={"hands": [["6-6", "1-2"], [], ["0-3"]]})
    assert _saved_answer(client, "cross", answer.get_json()) == [
        "Player 1: 15 pips",
        "Player 2: 0 pips",
        "Player 3: 3 pips",
        "Player 2 scores 18",
    ]
    # Two-Step: ends 6 and 3; 1-3 from the hand on the 3, 4-6 from the card on the 6.
    body = {"ends": "6,3", "hand": "3-1 2-2", "card_top": "6-4"}
    answer = client.post("/api/two-step/plays", json=body).get_json()
    assert _saved_answer(client, "two-step", answer) == [
        "1-3 from the hand on the right end",
        "4-6 from the dance card on the left end",
        "Plays are compulsory: play one of these (rules/two-step.txt).",
    ]


def test_a_saved_answer_of_another_shape_shows_its_json_only(client: FlaskClient) -> None:
    # Anything an API client saved is kept; the page does not fail on it.
    assert _saved_answer(client, "cross", {"pips": "many"}) == []
    assert _saved_answer(client, "two-step", {}) == []
    assert _saved_answer(client, "domineering", {"to_move": "H", "legal_moves": []}) == []


def test_a_saved_sheet_shows_its_rows_without_the_side_to_move(client: FlaskClient) -> None:
    # Session 11 (newcomer): the last row read "HH... H", the side to move glued to the
    # board; it is said under Answer. sample_photos/sheet-5.json's position, H started:
    # 4 H pairs and 4 V pairs, so H is to move.
    answer = client.post(
        "/api/domineering/analyze", json={"position": "..VHH/HHV../V..VV/VHHVV/HH..."}
    ).get_json()
    body = {"game": "domineering", "notation": answer["position"], "answer": answer}
    page = client.get(client.post("/api/results", json=body).get_json()["url"])
    text = page.get_data(as_text=True)
    assert '<pre class="saved">..VHH\nHHV..\nV..VV\nVHHVV\nHH...</pre>' in text
    assert "<li>H to move</li>" in text


def test_a_saved_sheet_typed_with_spaces_keeps_its_whole_board(client: FlaskClient) -> None:
    # Session 11 (review): the engine reads spaces around "/", and a result saved through
    # the API as typed showed only its first row ("HH..."): the side to move is dropped
    # only when it is the last word. A 2x5 sheet with H's pair on row 1, V to move.
    typed = "HH... / ..... V"
    answer = client.post("/api/domineering/analyze", json={"position": typed}).get_json()
    body = {"game": "domineering", "notation": typed, "answer": answer}
    page = client.get(client.post("/api/results", json=body).get_json()["url"])
    assert '<pre class="saved">HH...\n.....</pre>' in page.get_data(as_text=True)


def test_a_saved_result_links_to_its_game_page(client: FlaskClient) -> None:
    # Session 11 (newcomer): a saved result led only to the list of results.
    answer = client.post("/api/two-step/plays", json={"ends": "6,3", "hand": "3-1"}).get_json()
    body = {"game": "two-step", "notation": "ends 6,3; hand 3-1", "answer": answer}
    page = client.get(client.post("/api/results", json=body).get_json()["url"])
    assert '<a href="/two-step/">Two-Step page →</a>' in page.get_data(as_text=True)


def test_a_saved_answer_keeps_each_tile_on_one_line(client: FlaskClient) -> None:
    # Session 12 (second newcomer): at 360 px a saved Two-Step round broke "5-" / "6".
    position = (
        "floor -; card1 0-1 0-2 0-3 0-4 2-6; card2 0-5 0-6 1-2 1-3 1-4; hand1 6-6 1-5 1-6; "
        "hand2 2-3 2-4 2-5; draw 3-4 3-5 3-6 4-5 4-6 5-6 0-0 1-1 2-2 3-3 4-4 5-5; turn 1"
    )
    answer = client.post("/api/two-step/analyze", json={"position": position}).get_json()
    body = {"game": "two-step", "notation": position, "answer": answer}
    page = client.get(client.post("/api/results", json=body).get_json()["url"])
    listed = page.get_data(as_text=True).split('<ul class="saved-answer">', 1)[1]
    listed = listed.split("</ul>", 1)[0]
    # Player 1's hand as dealt: 6-6 1-5 1-6, each tile one span.
    assert (
        'hand <span class="tile-text">6-6</span> <span class="tile-text">1-5</span> '
        '<span class="tile-text">1-6</span>;'
    ) in listed
