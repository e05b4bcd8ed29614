"""Referee's web app (Flask application factory).

``flask --app web run`` (or ``make run``) serves it at http://127.0.0.1:5000.
Configuration comes from defaults here, then ``instance/config.py`` if present,
then environment variables prefixed ``REFEREE_`` (e.g. ``REFEREE_MAX_CONTENT_LENGTH``),
then ``test_config``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, render_template

from referee import registry

__all__ = ["create_app"]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app.

    Parameters
    ----------
    test_config : dict, optional
        Settings that override everything else (used by the tests).
    """
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY="dev",
        MAX_CONTENT_LENGTH=20 * 1024 * 1024,
        DATABASE=str(Path(app.instance_path) / "referee.sqlite"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("REFEREE")
    else:
        app.config.from_mapping(test_config)

    @app.get("/")
    def home() -> str:
        return render_template("home.html", games=registry.all_games())

    return app
