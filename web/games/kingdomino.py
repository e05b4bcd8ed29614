"""Kingdomino: score a kingdom (photo or tapped in) and compare two kingdoms.

Rules: ``rules/kingdomino-2p.txt``; ``RULINGS.md`` "Kingdomino" decides unclear points.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from referee import kingdomino as engine
from web import inputs, recognition, schemas
from web.errors import ApiError

__all__ = ["bp", "compare_answer", "score_answer"]

bp = Blueprint("kingdomino", __name__, url_prefix="/kingdomino")

#: Bonus names accepted in the ``bonus`` field (as on the CLI), mapped to score() keywords.
_BONUSES = {"middle": "middle_kingdom", "middle_kingdom": "middle_kingdom", "harmony": "harmony"}


class KingdomFields(schemas.Fields):
    """What every kingdom answer takes: ``bonus`` (repeatable) and ``size`` (5 or 7)."""

    bonus = schemas.Several(
        schemas.Word(list(_BONUSES), "unknown bonus {input!r}: use 'middle' or 'harmony'"),
        load_default=list,
    )
    size = schemas.choice([5, 7], load_default=None)


class ScoreFields(KingdomFields):
    """``POST /api/kingdomino/score``: ``kingdom`` unless a ``photo`` is sent."""

    OTHER_FIELDS = ("photo",)

    kingdom = schemas.text()


class CompareFields(KingdomFields):
    """``POST /api/kingdomino/compare``: ``kingdom1``, ``kingdom2`` unless photos are sent."""

    OTHER_FIELDS = ("photo1", "photo2")

    kingdom1 = schemas.text()
    kingdom2 = schemas.text()


@bp.get("/")
def page() -> str:
    """The kingdom page: photo or tapped-in kingdom, its domains and total."""
    return render_template("kingdomino.html")


@bp.get("/compare")
def compare_page() -> str:
    """Two kingdoms side by side, with the tie-break."""
    return render_template("kingdomino_compare.html")


def _bonuses(values: dict[str, Any]) -> dict[str, bool]:
    """``score()`` keywords: True for each bonus named."""
    chosen = {_BONUSES[name] for name in values["bonus"]}
    return {key: key in chosen for key in ("middle_kingdom", "harmony")}


def _read(
    values: dict[str, Any], photo_field: str, text_field: str, *, which: str = ""
) -> tuple[Any, Any]:
    """The kingdom from a photo or a notation, and the photo reading (or None).

    ``which`` (``"kingdom 2"``) leads the message of a photo or notation that cannot be
    used, where several kingdoms are sent at once.

    Raises
    ------
    ApiError
        400 if neither is sent, or both (the notation would be dropped without a word).
    """
    if inputs.has_photo(photo_field):
        if values.get(text_field) is not None:
            raise ApiError(
                400,
                f"send either a photo {photo_field!r} or a kingdom notation {text_field!r},"
                " not both",
            )
        try:  # a file that is no photo too, after its file name: phones name all "image.jpg"
            image = inputs.photo(photo_field, draft_side=recognition.KINGDOM_DRAFT_SIDE)
            reading = recognition.read_kingdom(
                image, photo_side=inputs.photo_side(photo_field), label=inputs.label(photo_field)
            )
        except ApiError as error:
            if not which:
                raise
            message = f"{which}'s photo: {error.message}"
            raise ApiError(error.status, message, **error.extra) from None
        return reading.kingdom, reading
    text = values.get(text_field)
    if text is None:
        raise ApiError(400, f"send a photo {photo_field!r} or a kingdom notation {text_field!r}")
    # Named by its field, as every route's notation errors are (session 11: the score's
    # "kingdom" was not, the compare's "kingdom1" was).
    return schemas.parse_field(text_field, engine.parse_kingdom, text), None


def _scored(result: Any) -> dict[str, Any]:
    answer: dict[str, Any] = result.to_json()
    answer["kingdom"] = engine.format_kingdom(result.kingdom)
    answer["domain_squares"] = [[list(square) for square in d.squares] for d in result.domains]
    return answer


def _with_reading(answer: dict[str, Any], result: Any, reading: Any) -> dict[str, Any]:
    """Add what a photo reading found (its warnings first) and the annotated photo."""
    if reading is None:
        return answer
    answer.update({key: value for key, value in reading.seen.items() if key != "warnings"})
    answer["warnings"] = [*reading.seen["warnings"], *answer["warnings"]]
    answer["overlay"] = reading.draw(result)
    return answer


def score_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/kingdomino/score``: the CLI's score JSON, plus ``kingdom`` (notation)
    and ``domain_squares`` (the (row, col) squares of each domain, in ``domains`` order);
    from a photo also ``overlay`` (a data URL), ``confidence``, ``unsure`` (rows x cols
    bools: the squares the warnings call unsure) and ``corners``."""
    values = schemas.load(ScoreFields(), data)
    kingdom, reading = _read(values, "photo", "kingdom")
    result = engine.score(kingdom, size=values["size"], **_bonuses(values))
    return _with_reading(_scored(result), result, reading)


def compare_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/kingdomino/compare``: ``winner``, ``decided_by``, ``scores`` as on the
    CLI, plus ``kingdoms``: each kingdom's full score answer (as ``score_answer``).

    Each kingdom is a photo (``photo1``, ``photo2``) or a notation (``kingdom1``,
    ``kingdom2``); ``bonus`` and ``size`` as for the score."""
    values = schemas.load(CompareFields(), data)
    readings = [
        _read(values, f"photo{number}", f"kingdom{number}", which=f"kingdom {number}")
        for number in (1, 2)
    ]
    comparison = engine.compare(
        readings[0][0], readings[1][0], size=values["size"], **_bonuses(values)
    )
    answer = comparison.to_json()
    answer["kingdoms"] = [
        _with_reading(_scored(detail), detail, reading)
        for detail, (_, reading) in zip(comparison.details, readings, strict=True)
    ]
    return answer
