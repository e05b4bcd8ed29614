"""Error answers say what is wrong for this request: 404 and 405 name the address and
method, 413 tells a long text field from a large photo, 415 names the format sent."""

from __future__ import annotations

import io

from flask import Flask
from flask.testing import FlaskClient
from PIL import Image


def test_unknown_api_route_names_the_address(client: FlaskClient) -> None:
    response = client.post("/api/chess/score")
    assert response.status_code == 404
    assert response.get_json() == {"error": "there is no API route at /api/chess/score"}


def test_unknown_page_names_the_address(client: FlaskClient) -> None:
    response = client.get("/chess/")
    assert response.status_code == 404
    assert "there is no page at /chess/" in response.get_data(as_text=True)


def test_a_saved_result_keeps_its_own_404_message(client: FlaskClient) -> None:
    response = client.get("/api/results/99")
    assert response.status_code == 404
    assert response.get_json() == {"error": "no saved result 99"}


def test_get_on_an_api_route_says_to_post_and_sends_allow(client: FlaskClient) -> None:
    response = client.get("/api/kingdomino/score")
    assert response.status_code == 405
    assert response.get_json() == {"error": "GET is not allowed on /api/kingdomino/score: use POST"}
    assert "POST" in response.headers["Allow"]


def test_delete_on_a_page_is_405_page_naming_the_method(client: FlaskClient) -> None:
    response = client.delete("/kingdomino/", headers={"Accept": "text/html"})
    assert response.status_code == 405
    assert response.mimetype == "text/html"
    assert "DELETE is not allowed on /kingdomino/: use GET" in response.get_data(as_text=True)
    assert "GET" in response.headers["Allow"]


def test_a_long_text_field_is_413_about_the_field_not_the_photo(
    client: FlaskClient, app: Flask
) -> None:
    app.config["MAX_FORM_MEMORY_SIZE"] = 1000
    # 2 kB of notation: under the 20 MB upload limit, over the 1 kB field limit.
    response = client.post(
        "/api/kingdomino/score",
        data={"kingdom": "W " * 1000},
        content_type="multipart/form-data",  # as curl -F and the pages send
    )
    assert response.status_code == 413
    error = response.get_json()["error"]
    assert error.startswith("a text field is larger than the 1 kB accepted")
    assert "MB" not in error


def test_a_large_photo_is_still_413_about_the_upload(client: FlaskClient, app: Flask) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 256 * 1024
    response = client.post(
        "/api/kingdomino/score",
        data={"kingdom": "W " * 150_000},  # 300 kB, over the 0.25 MB upload limit
        content_type="multipart/form-data",
    )
    assert response.status_code == 413
    assert response.get_json()["error"] == (
        "the upload is larger than the 0.25 MB accepted; send a smaller photo"
    )


def test_a_gif_sent_from_a_browser_form_is_a_415_page_naming_what_is_read(
    client: FlaskClient,
) -> None:
    # Session 10: a GIF was read (256 colours: crowns lost); now refused, and the page says
    # what was sent and what is read, with no traceback.
    buffer = io.BytesIO()
    Image.new("RGB", (120, 90), (200, 180, 40)).save(buffer, format="GIF")
    response = client.post(
        "/api/kingdomino/score",
        data={"photo": (io.BytesIO(buffer.getvalue()), "kingdom.gif")},
        headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
    )
    assert response.status_code == 415
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "That is not a photo" in page
    assert "an image in GIF format, which Referee does not read" in page
    assert "send the photo as JPEG, PNG or WebP" in page
    assert "Traceback" not in page
