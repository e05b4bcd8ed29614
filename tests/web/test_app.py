"""The Flask application factory and the home page."""

from __future__ import annotations

from web import create_app


def test_config_comes_from_test_config() -> None:
    assert not create_app().testing
    assert create_app({"TESTING": True}).testing


def test_home_lists_the_four_games() -> None:
    client = create_app({"TESTING": True}).test_client()
    page = client.get("/").get_data(as_text=True)
    for title in ("Kingdomino", "Domineering", "Cross", "Two-Step"):
        assert title in page
