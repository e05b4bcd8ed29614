"""Saved results: the player may keep an answer (never the photo) and look at it later."""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, render_template, url_for
from marshmallow import fields
from marshmallow.validate import OneOf

from referee import registry
from web import inputs, schemas
from web.db import Result, db, init_db
from web.errors import ApiError

__all__ = ["bp"]

bp = Blueprint("results", __name__)
bp.before_request(init_db)  # the table is made on first use; ``init-db`` is optional

#: Longest notation and answer kept, in characters.
_MAX_TEXT = 20_000
_MAX_ANSWER = 200_000


class SaveFields(schemas.Fields):
    """``POST /api/results``: what to keep."""

    game = fields.String(
        required=True,
        validate=OneOf(registry.GAME_NAMES, error="unknown game {input!r}; known: {choices}"),
        error_messages={"required": "missing", "invalid": "must be text"},
    )
    notation = schemas.text(required=True)
    answer = schemas.JsonText(
        fields.Dict(error_messages={"invalid": "must be a JSON object"}),
        "a JSON object",
        required=True,
    )
    title = schemas.text()


def _titles() -> dict[str, str]:
    """Registry name -> the title shown (``referee.registry``)."""
    return {spec.name: spec.title for spec in registry.all_games()}


@bp.post("/api/results")
def save() -> tuple[Response, int]:
    """Save an answer: ``game``, ``notation``, ``answer`` (a JSON object), ``title``.

    Answers ``{"id", "url"}`` with 201.
    """
    values = schemas.load(SaveFields(), inputs.fields())
    answer = values["answer"]
    answer.pop("overlay", None)  # the picture is not kept
    if len(values["notation"]) > _MAX_TEXT or len(json.dumps(answer)) > _MAX_ANSWER:
        raise ApiError(400, "that result is too large to save")
    title = (values.get("title") or registry.get(values["game"]).title)[:200]
    result = Result(game=values["game"], title=title, notation=values["notation"], answer=answer)
    db.session.add(result)
    db.session.commit()
    return jsonify({"id": result.id, "url": url_for("results.show", number=result.id)}), 201


def _result(number: int) -> Result:
    return db.get_or_404(Result, number, description=f"no saved result {number}")


@bp.get("/results/")
def index() -> str:
    """Every saved result, newest first."""
    results = db.session.scalars(db.select(Result).order_by(Result.id.desc()).limit(200))
    return render_template("results.html", results=results.all(), games=_titles())


@bp.get("/results/<int:number>")
def show(number: int) -> str:
    """One saved result: the notation and the answer as saved."""
    return render_template("result.html", result=_result(number).to_json(), games=_titles())


@bp.get("/api/results/<int:number>")
def show_json(number: int) -> Response:
    """One saved result as JSON."""
    return jsonify(_result(number).to_json())
