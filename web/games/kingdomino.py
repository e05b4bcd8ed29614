"""Kingdomino: score a kingdom (photo or tapped in), compare two kingdoms, and say
where a domino may be placed.

Rules: ``rules/kingdomino-2p.txt``; ``RULINGS.md`` "Kingdomino" decides unclear points.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from referee import kingdomino as engine
from referee.errors import NotationError
from referee.kingdomino.placement import (
    DIRECTIONS,
    beyond_grid,
    grown_grid,
    parse_first_square,
    second_square,
)
from web import inputs, recognition, schemas
from web.errors import ApiError

__all__ = ["bp", "compare_answer", "placements_answer", "score_answer"]

bp = Blueprint("kingdomino", __name__, url_prefix="/kingdomino")

#: Bonus names accepted in the ``bonus`` field (as on the CLI), mapped to score() keywords.
_BONUSES = {"middle": "middle_kingdom", "middle_kingdom": "middle_kingdom", "harmony": "harmony"}
#: A score answer's ``bonus``: each bonus asked, by the name the pages send.
_ASKED = {"middle": "middle_kingdom", "harmony": "harmony"}


#: The longest kingdom the notation reads, 242 characters as ``format_kingdom`` writes it:
#: the largest grid, 9x9, each square a terrain letter and a crown digit (2 characters), a
#: space between two squares of a row (8 a row) and a ``/`` between rows (8): 162 + 72 + 8
#: (session 14: a saved answer's kingdom could make a link of any length). A longer one is
#: refused unless it reads (written loosely).
LONGEST_KINGDOM = inputs.Longest(242, "kingdom", engine.parse_kingdom)


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


class PlacementFields(schemas.Fields):
    """``POST /api/kingdomino/placements``: ``kingdom`` (the grid as typed), ``domino``
    (``"F1 L"``), ``size`` (5 or 7, 5 if not sent); ``at`` and ``toward`` together to
    check one placement."""

    kingdom = schemas.text(required=True)
    domino = schemas.text(required=True)
    size = schemas.choice([5, 7], load_default=5)
    at = schemas.text()
    toward = schemas.Word(
        list(DIRECTIONS), "must be right, down, left or up, got {input!r}", load_default=None
    )


#: The longest word a page's address may give for ``bonus`` ("harmony", with room for a
#: word written loosely) and for ``size`` (the frame: "5" or "7").
LONGEST_BONUS_WORD = 12
LONGEST_SIZE_WORD = 2


def _address_words(name: str, longest: int) -> list[str]:
    """Every ``name`` in the page's address (``?bonus=middle&bonus=harmony``, or
    ``?bonus=middle,harmony``), stripped and lower case (the API takes them in any case);
    blank ones left out.

    Raises
    ------
    ApiError
        400 naming the field and its length for a word longer than ``longest`` characters
        (session 15 review: a 40 kB ``bonus`` reached the page and was said whole).
    """
    # "middle,harmony" as two words, as a hand-written link may give them.
    given = [part for value in request.args.getlist(name) for part in value.split(",")]
    words = [word.strip().lower() for word in given if word.strip()]
    for word in words:
        if len(word) > longest:
            raise ApiError(
                400,
                f"the {name} in the address is {len(word):,} characters long, longer than any "
                f"{name} ({longest} at most): check the link",
            )
    return words


@bp.get("/")
def page() -> str:
    """The kingdom page: photo or tapped-in kingdom, its domains and total; a saved
    kingdom's link fills in ``kingdom``, its ``bonus`` boxes and its ``size`` (frame).

    Raises
    ------
    ApiError
        400 for an address value longer than any legal one (kingdom, bonus, size).
    """
    size = _address_words("size", LONGEST_SIZE_WORD)
    return render_template(
        "kingdomino.html",
        kingdom=inputs.given("kingdom", longest=LONGEST_KINGDOM),
        bonus=_address_words("bonus", LONGEST_BONUS_WORD),
        size=size[0] if size else None,
    )


@bp.get("/place")
def place_page() -> str:
    """May I place this domino here? The kingdom so far typed, the domino's two squares
    picked: every place it may go, on the grid and in a list, or "discarded"."""
    return render_template("kingdomino_place.html")


@bp.get("/compare")
def compare_page() -> str:
    """Two kingdoms side by side, with the tie-break; a saved comparison's link fills in
    ``kingdom1``, ``kingdom2`` and its ``bonus`` boxes (session 14: it opened the score
    page, empty)."""
    return render_template(
        "kingdomino_compare.html",
        kingdoms=[
            inputs.given("kingdom1", longest=LONGEST_KINGDOM),
            inputs.given("kingdom2", longest=LONGEST_KINGDOM),
        ],
        bonus=_address_words("bonus", LONGEST_BONUS_WORD),
    )


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
    """``POST /api/kingdomino/score``: the CLI's score JSON, plus ``kingdom`` (notation),
    ``domain_squares`` (the (row, col) squares of each domain, in ``domains`` order),
    ``bonus`` (the bonuses asked: ``"middle"``, ``"harmony"``) and ``size`` (the frame
    scored in, 5 or 7: as sent, else inferred from the kingdom);
    from a photo also ``overlay`` (a data URL), ``confidence``, ``unsure`` (rows x cols
    bools: the squares the warnings call unsure) and ``corners``."""
    values = schemas.load(ScoreFields(), data)
    kingdom, reading = _read(values, "photo", "kingdom")
    bonuses = _bonuses(values)
    size = values["size"] or engine.infer_frame_size(kingdom)
    result = engine.score(kingdom, size=size, **bonuses)
    answer = _scored(result)
    # What it was scored with, so a saved kingdom reopens with its bonus boxes ticked and
    # its frame (session 14: ``bonuses`` says the points, 0 for a bonus asked but not won).
    answer["bonus"] = [name for name, key in _ASKED.items() if bonuses[key]]
    answer["size"] = size
    return _with_reading(answer, result, reading)


def compare_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/kingdomino/compare``: ``winner``, ``decided_by``, ``scores`` as on the
    CLI, plus ``kingdoms``: each kingdom's full score answer (as ``score_answer``) with
    the tie-break's ``largest_domain`` (squares) and ``crowns``, and ``bonus`` (the
    bonuses asked).

    Each kingdom is a photo (``photo1``, ``photo2``) or a notation (``kingdom1``,
    ``kingdom2``); ``bonus`` and ``size`` as for the score."""
    values = schemas.load(CompareFields(), data)
    readings = [
        _read(values, f"photo{number}", f"kingdom{number}", which=f"kingdom {number}")
        for number in (1, 2)
    ]
    bonuses = _bonuses(values)
    comparison = engine.compare(readings[0][0], readings[1][0], size=values["size"], **bonuses)
    answer = comparison.to_json()
    # The bonuses asked, as the score's answer says them, so a saved comparison reopens
    # with its boxes ticked (session 14).
    answer["bonus"] = [name for name, key in _ASKED.items() if bonuses[key]]
    answer["kingdoms"] = [
        _with_reading(_scored(detail), detail, reading)
        for detail, (_, reading) in zip(comparison.details, readings, strict=True)
    ]
    # The tie-break's numbers, as the CLI says them ("on crowns (3 to 2)"; session 13:
    # the page said only "more crowns decide").
    for kingdom, detail in zip(answer["kingdoms"], comparison.details, strict=True):
        kingdom["largest_domain"] = detail.largest_domain
        kingdom["crowns"] = detail.crowns
    return answer


def _at(text: str) -> tuple[int, int]:
    """``at``: ``A3`` or ``ROW,COL`` (:func:`referee.kingdomino.placement.parse_first_square`).

    Raises
    ------
    NotationError
        ``field 'at': ...`` naming both forms (a 400 answer).
    """
    try:
        return parse_first_square(text)[0]
    except NotationError as error:
        raise NotationError(f"field 'at': {error.reason}") from None


def _on_grid(cell: tuple[int, int], kingdom: Any) -> bool:
    return 0 <= cell[0] < kingdom.rows and 0 <= cell[1] < kingdom.cols


def placements_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/kingdomino/placements``: where ``domino`` may go on ``kingdom``.

    The grid typed is the kingdom so far, not the table's edge: a domino may also lie
    beyond it wherever the ``size`` frame allows (``grow=True``, as the CLI's ``place``
    and ``placements``; ``docs/kingdomino.md``), squares counted from the grid as typed
    (row ``-1`` is above it).

    Without ``at``: the CLI's ``placements --json`` (``domino``, ``placements`` with
    ``at`` = ``[row, col]`` and ``toward``, ``count``, ``beyond_grid``, ``grown`` =
    ``{"grid", "origin"}``), each placement also with ``squares`` (both squares'
    ``[row, col]``, first square first) and ``name`` (the first square's name on the
    board, ``"A3"``, or ``null`` beyond the grid as typed), ``grid_shape`` (the typed
    grid's ``[rows, cols]``), ``discarded`` (true when it fits nowhere) and ``warnings``
    (a square with more crowns than the tile set shows, session 15). With ``at``
    and ``toward``: the CLI's ``place --json``, ``legal`` and the engine's ``reason``
    (squares as ``(row, col)``).
    """
    values = schemas.load(PlacementFields(), data)
    if (values.get("at") is None) != (values["toward"] is None):
        missing, sent = ("toward", "at") if values["toward"] is None else ("at", "toward")
        raise ApiError(400, f"field {missing!r}: missing: send it with {sent!r}")
    kingdom = schemas.parse_field("kingdom", engine.parse_kingdom, values["kingdom"])
    domino = schemas.parse_field("domino", engine.parse_domino, values["domino"])
    if values["toward"] is not None:
        verdict = engine.check_placement(
            kingdom, domino, _at(values["at"]), values["toward"], size=values["size"], grow=True
        )
        answer: dict[str, Any] = verdict.to_json()
        return answer
    found = engine.legal_placements(kingdom, domino, size=values["size"], grow=True)
    grown, origin = grown_grid(kingdom, found)
    placements = []
    for at, toward in found:
        cells = (at, second_square(at, toward))
        placements.append(
            {
                "at": list(at),
                "toward": toward,
                "squares": [list(cell) for cell in cells],
                "name": engine.kingdom_square_name(at) if _on_grid(at, kingdom) else None,
            }
        )
    return {
        "domino": engine.format_domino(domino),
        "placements": placements,
        "count": len(found),
        "beyond_grid": sum(beyond_grid(kingdom, placement) for placement in found),
        "grown": {"grid": grown, "origin": list(origin)},
        "grid_shape": [kingdom.rows, kingdom.cols],
        "discarded": not found,
        "warnings": engine.domino_warnings(domino),
    }
