"""Saved results: the player may keep an answer (never the photo) and look at it later."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, jsonify, render_template, url_for

from web import inputs
from web.db import get_db
from web.errors import ApiError

__all__ = ["bp"]

bp = Blueprint("results", __name__)

#: Games whose answers may be saved, with the title shown.
_GAMES = {
    "kingdomino": "Kingdomino",
    "domineering": "Domineering",
    "cross": "Cross",
    "two-step": "Two-Step",
}
#: Longest notation and answer kept, in characters.
_MAX_TEXT = 20_000
_MAX_ANSWER = 200_000


@bp.post("/api/results")
def save() -> tuple[Response, int]:
    """Save an answer: ``game``, ``notation``, ``answer`` (a JSON object), ``title``.

    Answers ``{"id", "url"}`` with 201.
    """
    data = inputs.fields()
    game = inputs.text_field(data, "game", required=True) or ""
    if game not in _GAMES:
        raise ApiError(400, f"unknown game {game!r}; known: {', '.join(_GAMES)}")
    notation = inputs.text_field(data, "notation", required=True) or ""
    answer = data.get("answer")
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except ValueError:
            raise ApiError(400, "answer must be a JSON object") from None
    if not isinstance(answer, dict):
        raise ApiError(400, "answer must be a JSON object")
    answer.pop("overlay", None)  # the picture is not kept
    stored = json.dumps(answer)
    if len(notation) > _MAX_TEXT or len(stored) > _MAX_ANSWER:
        raise ApiError(400, "that result is too large to save")
    title = (inputs.text_field(data, "title") or _GAMES[game])[:200]
    db = get_db()
    cursor = db.execute(
        "INSERT INTO result (game, title, notation, answer) VALUES (?, ?, ?, ?)",
        (game, title, notation, stored),
    )
    db.commit()
    number = cursor.lastrowid
    return jsonify({"id": number, "url": url_for("results.show", number=number)}), 201


def _row(number: int) -> dict[str, Any]:
    row = get_db().execute("SELECT * FROM result WHERE id = ?", (number,)).fetchone()
    if row is None:
        abort(404, f"no saved result {number}")
    found = dict(row)
    found["answer"] = json.loads(found["answer"])
    return found


@bp.get("/results/")
def index() -> str:
    """Every saved result, newest first."""
    rows = get_db().execute(
        "SELECT id, created, game, title, notation FROM result ORDER BY id DESC LIMIT 200"
    )
    return render_template("results.html", results=rows.fetchall(), games=_GAMES)


@bp.get("/results/<int:number>")
def show(number: int) -> str:
    """One saved result: the notation and the answer as saved."""
    return render_template("result.html", result=_row(number), games=_GAMES)


@bp.get("/api/results/<int:number>")
def show_json(number: int) -> Response:
    """One saved result as JSON."""
    return jsonify(_row(number))
