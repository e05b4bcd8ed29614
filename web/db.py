"""Saved results in a database through Flask-SQLAlchemy (SQLite in ``instance/`` by default).

``db`` is the extension, hooked into the app by :func:`init_app`; :class:`Result` is the
one table.  ``flask --app web init-db`` creates it (it is also created on first use).
Only what the player chooses to save is stored: the game, the position as notation
and the answer; never the photo.

The database is ``SQLALCHEMY_DATABASE_URI`` when set, else the SQLite file ``DATABASE``
(default ``instance/referee.sqlite``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Result", "db", "init_app", "init_db"]


class Base(DeclarativeBase):
    """Declarative base of the app's models (SQLAlchemy 2 style)."""


db = SQLAlchemy(model_class=Base)


class Result(Base):  # Base, not db.Model: same metadata and session, and typed for mypy
    """A saved answer.

    Attributes
    ----------
    id : int
    created : datetime
        When it was saved (UTC, set by the database).
    game : str
        Registry name (``referee.registry``): kingdomino, domineering, cross, two-step.
    title : str
        What the player called it (at most 200 characters).
    notation : str
        The position as notation.
    answer : dict
        The API's answer, without the ``overlay`` picture.
    """

    __tablename__ = "result"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    created: Mapped[datetime] = mapped_column(server_default=func.current_timestamp())
    game: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(String(200))
    notation: Mapped[str] = mapped_column(Text)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)

    def to_json(self) -> dict[str, Any]:
        """``{"id", "created", "game", "title", "notation", "answer"}``; ``created`` as
        ``YYYY-MM-DD HH:MM:SS`` (UTC)."""
        return {
            "id": self.id,
            "created": f"{self.created:%Y-%m-%d %H:%M:%S}",
            "game": self.game,
            "title": self.title,
            "notation": self.notation,
            "answer": self.answer,
        }


def init_db() -> None:
    """Create the results table (existing results are kept)."""
    uri = db.engine.url
    if uri.get_backend_name() == "sqlite" and uri.database not in (None, "", ":memory:"):
        Path(str(uri.database)).parent.mkdir(parents=True, exist_ok=True)
    db.create_all()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the saved-results database (by default in the instance folder)."""
    init_db()
    click.echo(f"saved results go to {db.engine.url.render_as_string(hide_password=True)}")


def init_app(app: Flask) -> None:
    """Hook the database into ``app``: the extension and the ``init-db`` command."""
    app.config.setdefault("SQLALCHEMY_DATABASE_URI", f"sqlite:///{app.config['DATABASE']}")
    db.init_app(app)
    app.cli.add_command(init_db_command)
