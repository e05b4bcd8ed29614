"""Cross: score a finished round from each player's hand (tile list or photo).

Rules: ``rules/cross.txt``; ``RULINGS.md`` "Cross" decides unclear points.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from referee import cross as engine
from referee.dominoes import Tile, format_hand, parse_hand
from web import inputs, recognition, schemas
from web.errors import ApiError

__all__ = ["bp", "round_answer"]

bp = Blueprint("cross", __name__, url_prefix="/cross")

#: Most players at a Cross table (``rules/cross.txt``).
MAX_PLAYERS = 4


@bp.get("/")
def page() -> str:
    """The round page: one hand per player, from a photo or the tile picker."""
    return render_template("cross.html")


class RoundFields(schemas.Fields):
    """``POST /api/cross/round``: ``hands`` (a list, or JSON text in a form), or one
    field per seat ``hand1`` .. ``hand4`` (``""``: the player who went out)."""

    KEEP_BLANK = frozenset(f"hand{number}" for number in range(1, MAX_PLAYERS + 1))

    hands = schemas.JsonText(schemas.Hands(), "a JSON list of tile lists", load_default=None)
    hand1 = schemas.text()
    hand2 = schemas.text()
    hand3 = schemas.text()
    hand4 = schemas.text()


def _hand_texts(values: dict[str, Any]) -> list[str | None]:
    """One entry per seat from ``hands`` or ``hand1``, ``hand2``...; ``None`` where that
    seat sends a photo instead."""
    if values["hands"] is not None:
        return list(values["hands"])
    seats: list[str | None] = []
    for number in range(1, MAX_PLAYERS + 1):
        text = values.get(f"hand{number}")
        if text is None and not inputs.has_photo(f"photo{number}"):
            break
        seats.append(text)
    return seats


def round_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/cross/round``: the CLI's round JSON (``winner``, ``points``, ``pips``,
    ``tied``) plus ``hands`` (each hand as a tile list); a seat given as a photo
    (``photo1``, ``photo2``, ...) also gets its reading in ``readings``."""
    seats = _hand_texts(schemas.load(RoundFields(), data))
    photos = [f"photo{n}" for n in range(1, MAX_PLAYERS + 1) if inputs.has_photo(f"photo{n}")]
    while len(seats) < len(photos):
        seats.append(None)
    hands: list[tuple[Tile, ...]] = []
    readings: dict[str, Any] = {}
    for number, text in enumerate(seats, start=1):
        field = f"photo{number}"
        if inputs.has_photo(field):
            image = inputs.photo(field)
            try:
                seen = recognition.read_tiles(image, max_pips=6)
            except ApiError as error:  # name the seat: several photos may be sent at once
                message = f"player {number}'s photo: {error.message}"
                raise ApiError(error.status, message, **error.extra) from None
            hands.append(tuple(seen["hand"]))
            readings[str(number)] = {k: v for k, v in seen.items() if k != "hand"}
        else:
            hands.append(parse_hand(text or "", max_pips=6))
    if len(hands) < 2:
        raise ApiError(400, "send at least two hands, one per player (hands, or photo1, photo2)")
    answer = engine.round_result(hands).to_json()
    answer["hands"] = [format_hand(hand) for hand in hands]
    if readings:
        answer["readings"] = readings
    return answer
