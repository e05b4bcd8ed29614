"""Cross: score a finished round from each player's hand (tile list or photo).

Rules: ``rules/cross.txt``; ``RULINGS.md`` "Cross" decides unclear points.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, render_template

from referee import cross as engine
from referee.dominoes import Tile, format_hand, parse_hand
from web import inputs, recognition
from web.errors import ApiError

__all__ = ["bp", "round_answer"]

bp = Blueprint("cross", __name__, url_prefix="/cross")

#: Most players at a Cross table (``rules/cross.txt``).
MAX_PLAYERS = 4


@bp.get("/")
def page() -> str:
    """The round page: one hand per player, from a photo or the tile picker."""
    return render_template("cross.html", photo=recognition.available("dominoes"))


def _hand_texts(data: dict[str, Any]) -> list[str | None]:
    """One entry per seat from ``hands`` (JSON list, or a JSON text in a form) or
    ``hand1``, ``hand2``...; ``None`` where that seat sends a photo instead."""
    hands = data.get("hands")
    if isinstance(hands, str):
        try:
            hands = json.loads(hands)
        except ValueError:
            raise ApiError(400, "hands must be a JSON list of tile lists") from None
    seats: list[str | None] = []
    if hands is not None:
        if not isinstance(hands, list):
            raise ApiError(400, "hands must be a list with one tile list per player")
        for number, hand in enumerate(hands, start=1):
            if isinstance(hand, list) and all(isinstance(tile, str) for tile in hand):
                seats.append(" ".join(hand))
            elif isinstance(hand, str):
                seats.append(hand)
            else:
                raise ApiError(400, f'hand {number} must be a tile list such as "6-6 3-5"')
        return seats
    for number in range(1, MAX_PLAYERS + 1):
        text = data.get(f"hand{number}")
        if text is not None and not isinstance(text, str):
            raise ApiError(400, f"field 'hand{number}' must be text")
        if text is None and not inputs.has_photo(f"photo{number}"):
            break
        seats.append(text)
    return seats


def round_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/cross/round``: the CLI's round JSON (``winner``, ``points``, ``pips``,
    ``tied``) plus ``hands`` (each hand as a tile list); a seat given as a photo
    (``photo1``, ``photo2``, ...) also gets its reading in ``readings``."""
    seats = _hand_texts(data)
    photos = [f"photo{n}" for n in range(1, MAX_PLAYERS + 1) if inputs.has_photo(f"photo{n}")]
    while len(seats) < len(photos):
        seats.append(None)
    hands: list[tuple[Tile, ...]] = []
    readings: dict[str, Any] = {}
    for number, text in enumerate(seats, start=1):
        field = f"photo{number}"
        if inputs.has_photo(field):
            seen = recognition.read_tiles(inputs.photo(field), max_pips=6)
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
