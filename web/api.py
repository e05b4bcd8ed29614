"""The JSON API under ``/api/``, with the CLI's JSON keys (``docs/web.md`` has curl examples).

Every route takes form fields (multipart for photos) or a JSON object, and answers
one JSON object; errors are ``{"error": "..."}`` with 400, 413, 415 or 422.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify

from vision.dominoes import decode_side
from web import inputs, recognition, schemas
from web.errors import ApiError, status_for
from web.games import cross, domineering, kingdomino, two_step

__all__ = ["bp"]

bp = Blueprint("api", __name__, url_prefix="/api")


def _answer(build: Callable[[dict[str, Any]], dict[str, Any]]) -> Response:
    """Run ``build`` on the request's fields; engine ``ValueError`` become 400/422."""
    try:
        return jsonify(build(inputs.fields()))
    except ApiError:
        raise
    except ValueError as error:
        raise ApiError(status_for(error), str(error) or type(error).__name__) from None


@bp.post("/kingdomino/score")
def kingdomino_score() -> Response:
    """Score one kingdom: ``photo`` or ``kingdom``; ``bonus`` = middle, harmony."""
    return _answer(kingdomino.score_answer)


@bp.post("/kingdomino/compare")
def kingdomino_compare() -> Response:
    """Compare two kingdoms: ``photo1``/``kingdom1`` and ``photo2``/``kingdom2``."""
    return _answer(kingdomino.compare_answer)


@bp.post("/kingdomino/placements")
def kingdomino_placements() -> Response:
    """Where a ``domino`` may go on ``kingdom``; with ``at`` + ``toward``, is that legal?"""
    return _answer(kingdomino.placements_answer)


@bp.post("/domineering/analyze")
def domineering_analyze() -> Response:
    """Analyse a sheet: ``photo`` or ``position``; optional ``first`` (H or V)."""
    return _answer(domineering.analyze_answer)


@bp.post("/domineering/check")
def domineering_check() -> Response:
    """Dispute check: ``position``, ``move`` (``B3-C3``), ``player`` (H or V)."""
    return _answer(domineering.check_answer)


@bp.post("/dominoes/count")
def dominoes_count() -> Response:
    """Read the tiles in a ``photo``; optional ``set`` (6, 9 or 12)."""
    return _answer(_count)


class CountFields(schemas.Fields):
    """``POST /api/dominoes/count``: ``set``, the highest pip count (6, 9 or 12)."""

    OTHER_FIELDS = ("photo",)

    set = schemas.choice([6, 9, 12], load_default=6)


def _count(data: dict[str, Any]) -> dict[str, Any]:
    """``{"tiles": [{"pips", "corners", "confidence"}], "total", "warnings"}`` as on the
    CLI, plus ``hand`` (the tiles as a tile list) and ``overlay``."""
    max_pips = schemas.load(CountFields(), data)["set"]
    if not inputs.has_photo("photo"):
        raise ApiError(400, "send the photo of the tiles as 'photo'")
    image = inputs.photo("photo", draft_side=decode_side(max_pips))
    reading = recognition.read_tiles(
        image, max_pips=max_pips, photo_side=inputs.photo_side("photo"), label=inputs.label("photo")
    )
    reading["hand"] = " ".join(str(tile) for tile in reading["hand"])
    return reading


@bp.post("/cross/round")
def cross_round() -> Response:
    """Score a Cross round: ``hands`` (list of tile lists) or ``photo1``, ``photo2``..."""
    return _answer(cross.round_answer)


@bp.post("/cross/match")
def cross_match() -> Response:
    """Add Cross rounds up to a target: ``rounds`` (each the hands left), ``target``."""
    return _answer(cross.match_answer)


@bp.post("/cross/plays")
def cross_plays() -> Response:
    """Cross legal plays: ``layout``, ``hand`` or ``photo``, ``boneyard``, the variants."""
    return _answer(cross.plays_answer)


@bp.post("/two-step/plays")
def two_step_plays() -> Response:
    """Two-Step legal plays: ``ends``, ``hand``, ``card_top``, ``discard_top``."""
    return _answer(two_step.plays_answer)


@bp.post("/two-step/analyze")
def two_step_analyze() -> Response:
    """A whole Two-Step round: ``position`` (round notation), ``optional_plays``."""
    return _answer(two_step.analyze_answer)


@bp.post("/two-step/check")
def two_step_check() -> Response:
    """Is ``move`` legal in the round ``position``?  ``optional_plays``."""
    return _answer(two_step.check_answer)


@bp.post("/two-step/match")
def two_step_match() -> Response:
    """Add up Two-Step rounds: ``rounds`` (``"1:5 feet 2:3"``), ``target`` (10)."""
    return _answer(two_step.match_answer)
