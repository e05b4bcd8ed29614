"""Referee's web app (Flask application factory).

``flask --app web run`` (or ``make run``) serves it at http://127.0.0.1:5000;
``gunicorn -w 4 'web:create_app()'`` serves it in production (``docs/web.md``).

Configuration comes from the defaults here, then ``instance/config.py`` if present,
then environment variables prefixed ``REFEREE_`` (e.g. ``REFEREE_MAX_CONTENT_LENGTH``),
then ``test_config``.

Settings
--------
MAX_CONTENT_LENGTH : int
    Largest request accepted, in bytes (default 20 MB); larger uploads get 413.
DATABASE : str
    Path of the SQLite file that holds saved results (default ``instance/referee.sqlite``).
SQLALCHEMY_DATABASE_URI : str
    Another database for saved results (Flask-SQLAlchemy), e.g.
    ``postgresql://user@host/referee``; default: the SQLite file ``DATABASE``.
MAX_PHOTO_PIXELS : int
    Largest photo decoded, in pixels (default 40 megapixels); larger ones get 422.
OVERLAY_MAX_SIDE : int
    Longest side of the annotated picture sent back, in pixels (default 1200).
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

    Returns
    -------
    flask.Flask
        The app, with the home page, one blueprint per game, saved results and the
        JSON API under ``/api/``.
    """
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY="dev",
        MAX_CONTENT_LENGTH=20 * 1024 * 1024,
        DATABASE=str(Path(app.instance_path) / "referee.sqlite"),
        MAX_PHOTO_PIXELS=40_000_000,
        OVERLAY_MAX_SIDE=1200,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("REFEREE")
    else:
        app.config.from_mapping(test_config)

    from web import api, db, errors, results
    from web.games import BLUEPRINTS

    db.init_app(app)
    errors.init_app(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.register_blueprint(results.bp)
    app.register_blueprint(api.bp)

    @app.get("/")
    def home() -> str:
        return render_template("home.html", games=registry.all_games())

    return app
