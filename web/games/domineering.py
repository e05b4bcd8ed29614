"""Domineering: read or tap in a sheet; side to move, legal pairs, disputes.

Rules: ``rules/domineering.txt``; ``RULINGS.md`` "Domineering" decides unclear points.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from referee import domineering as engine
from referee.errors import ImpossiblePositionError
from web import inputs, recognition, schemas
from web.errors import ApiError

__all__ = ["analyze_answer", "bp", "check_answer"]

bp = Blueprint("domineering", __name__, url_prefix="/domineering")


@bp.get("/")
def page() -> str:
    """The sheet page: photo or tapped-in pairs, side to move, legal pairs, disputes."""
    return render_template("domineering.html")


class AnalyzeFields(schemas.Fields):
    """``POST /api/domineering/analyze``: ``position`` unless a ``photo`` is sent; ``first``."""

    OTHER_FIELDS = ("photo",)

    position = schemas.text()
    first = schemas.side(load_default=None)


class CheckFields(schemas.Fields):
    """``POST /api/domineering/check``: ``position``, ``move``; ``player``, ``first``."""

    position = schemas.text(required=True)
    move = schemas.text(required=True)
    player = schemas.side(load_default=None)
    first = schemas.side(load_default=None)


def _extras(pos: Any) -> dict[str, Any]:
    return {
        "cells": ["".join(line) for line in pos.cells],
        "first": pos.first,
        "pairs": [engine.format_move(move) for move in engine.pairs(pos)],
    }


def analyze_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/domineering/analyze``: the CLI's analyze JSON (``position``,
    ``to_move``, ``legal_moves``, ``blocked``, ``winner``) plus ``cells`` (rows of
    ``.HV#``), ``first`` and ``pairs``; from a photo also ``overlay``,
    ``confidence``, ``corners`` and ``warnings`` (see :func:`web.recognition.read_sheet`).

    An impossible position read from a photo is answered 422 with what was seen
    (``cells``, ``confidence``, ``overlay``) so the player can correct it.
    """
    values = schemas.load(AnalyzeFields(), data)
    first = values["first"]
    if inputs.has_photo("photo"):
        if values.get("position") is not None:  # it would be dropped without a word
            raise ApiError(
                400, "send either a photo 'photo' or a position notation 'position', not both"
            )
        image = inputs.photo("photo")
        seen = recognition.read_sheet(image, first=first or "H")
        cells = seen.pop("cells")
        try:
            pos = engine.Position.checked(cells, first or "H")
        except ImpossiblePositionError as error:
            raise ApiError(
                422, f"the sheet as read is impossible: {error}", cells=list(cells), **seen
            ) from None
        answer = engine.analyze(pos).to_json()
        answer.update(_extras(pos))
        answer.update(seen)
        return answer
    text = values.get("position")
    if text is None:
        raise ApiError(400, "send a photo 'photo' or a position notation 'position'")
    pos = engine.parse_position(text, first=first)
    answer = engine.analyze(pos).to_json()
    answer.update(_extras(pos))
    return answer


def check_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/domineering/check``: ``{"legal", "reason"}`` for the pair ``move``
    claimed by ``player`` (default: the side to move) on ``position``, plus
    ``player`` and ``legal_moves``: every pair that player may claim (the answer to
    "I have no move")."""
    values = schemas.load(CheckFields(), data)
    pos = engine.parse_position(values["position"], first=values["first"])
    move = engine.parse_move(values["move"])
    player = values["player"] or engine.to_move(pos)
    answer = engine.check_move(pos, move, player).to_json()
    answer["player"] = player
    answer["legal_moves"] = [engine.format_move(m) for m in engine.legal_moves(pos, player)]
    return answer
