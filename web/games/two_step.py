"""Two-Step: every legal play from the hand, the dance card top and the discard top.

Rules: ``rules/two-step.txt``; ``RULINGS.md`` "Two-Step" decides unclear points.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, render_template

from referee import two_step as engine
from referee.dominoes import Tile, format_hand, parse_hand, parse_tile
from web import inputs, recognition
from web.errors import ApiError

__all__ = ["bp", "plays_answer"]

bp = Blueprint("two_step", __name__, url_prefix="/two-step")


@bp.get("/")
def page() -> str:
    """The turn page: dance floor ends, hand, dance card top, discard top."""
    return render_template("two_step.html", photo=recognition.available("dominoes"))


def _ends(data: dict[str, Any]) -> tuple[int, int] | None:
    value = data.get("ends")
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, str):
        parts = [part for part in re.split(r"[\s,|-]+", value.strip()) if part]
    elif isinstance(value, list):
        parts = [str(part) for part in value]
    else:
        raise ApiError(400, 'ends must be two pip counts such as "3,5"')
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ApiError(400, f'ends must be two pip counts such as "3,5", got {value!r}')
    return int(parts[0]), int(parts[1])


def _tile(data: dict[str, Any], name: str) -> Tile | None:
    text = inputs.text_field(data, name)
    return None if text is None else parse_tile(text.strip(), max_pips=6)


def plays_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/two-step/plays``: ``{"plays": [{"tile", "source", "end"}, ...]}`` as
    on the CLI, plus ``must`` (what the player does when there is no play: ``"play"``,
    ``"discard"`` or ``"end turn"``) and the inputs as understood (``ends``, ``hand``,
    ``card_top``, ``discard_top``).

    Fields: ``ends`` (``"A,B"``; omitted on an empty dance floor), ``hand`` (a tile
    list; or a ``photo`` of the hand), ``card_top`` and ``discard_top`` (a tile each,
    omitted when that pile is empty).
    """
    ends = _ends(data)
    reading: dict[str, Any] = {}
    if inputs.has_photo("photo"):
        reading = recognition.read_tiles(inputs.photo("photo"), max_pips=6)
        hand = tuple(reading.pop("hand"))
    else:
        hand = parse_hand(inputs.text_field(data, "hand") or "", max_pips=6)
    card_top = _tile(data, "card_top")
    discard_top = _tile(data, "discard_top")
    plays = engine.legal_plays(ends, hand, card_top, discard_top)
    if plays:
        must = "play"
    elif hand:
        must = "discard"
    else:
        must = "end turn"
    answer: dict[str, Any] = {
        "plays": [play.to_json() for play in plays],
        "must": must,
        "ends": list(ends) if ends else None,
        "hand": format_hand(hand),
        "card_top": str(card_top) if card_top else None,
        "discard_top": str(discard_top) if discard_top else None,
    }
    if reading:
        answer["reading"] = reading
    return answer
