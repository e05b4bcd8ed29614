"""Saved results in an embedded SQLite database (``instance/referee.sqlite``).

As in the Flask tutorial (flaskr): one connection per request in ``g``, closed on
teardown; ``flask --app web init-db`` creates the table (it is also created on
first use).  Only what the player chooses to save is stored: the game, the
position as notation and the answer; never the photo.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

__all__ = ["get_db", "init_app", "init_db"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS result (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    notation TEXT NOT NULL,
    answer TEXT NOT NULL
);
"""


def get_db() -> sqlite3.Connection:
    """This request's connection (rows as :class:`sqlite3.Row`), the table created."""
    if "db" not in g:
        path = Path(current_app.config["DATABASE"])
        path.parent.mkdir(parents=True, exist_ok=True)
        opened = sqlite3.connect(path)
        opened.row_factory = sqlite3.Row
        opened.executescript(_SCHEMA)
        g.db = opened
    connection: sqlite3.Connection = g.db
    return connection


def close_db(error: BaseException | None = None) -> None:
    """Close this request's connection, if one was opened."""
    connection = g.pop("db", None)
    if connection is not None:
        connection.close()


def init_db() -> None:
    """Create the results table (existing results are kept)."""
    get_db().executescript(_SCHEMA)


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the saved-results database in the instance folder."""
    init_db()
    click.echo(f"saved results go to {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    """Hook the database into ``app``: teardown and the ``init-db`` command."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
