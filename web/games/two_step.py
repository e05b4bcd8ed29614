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

#: Tiles in a full hand (``rules/two-step.txt``: a hand of 3).
_HAND = engine.TwoStepRules().hand


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


def _verdict(
    plays: list[Any], ends: tuple[int, int] | None, hand: tuple[Tile, ...]
) -> tuple[str, str]:
    """What the player must do, as the CLI says it (``referee two-step plays``)."""
    if plays:
        return "play", "plays are compulsory: play one of these (rules/two-step.txt)"
    if ends is None:
        return "no lead", (
            "no double to open with: the opponent leads with a double showing, or the tiles "
            "are reshuffled and dealt again"
        )
    if hand:
        return "discard", (
            f"no play is left: discard a tile from the hand ({format_hand(hand)}) face up on "
            "the discard pile, which ends the turn"
        )
    return "end turn", (
        "no play is left and the hand is empty (nothing left to draw): the turn ends "
        "without a discard"
    )


def plays_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/two-step/plays``: the CLI's JSON ``{"ends", "plays": [{"tile",
    "source", "end"}, ...], "must", "reason"}`` (``must``: ``"play"``, ``"no lead"``,
    ``"discard"`` or ``"end turn"``), plus the tiles as understood (``hand``,
    ``card_top``, ``discard_top``).

    Fields: ``ends`` (``"A,B"``; omitted on an empty dance floor), ``hand`` (up to
    three tiles; or a ``photo`` of the hand), ``card_top`` and ``discard_top`` (a tile
    each, omitted when that pile is empty).
    """
    ends = _ends(data)
    reading: dict[str, Any] = {}
    if inputs.has_photo("photo"):
        reading = recognition.read_tiles(inputs.photo("photo"), max_pips=6)
        hand = tuple(reading.pop("hand"))
    else:
        hand = parse_hand(inputs.text_field(data, "hand") or "", max_pips=6)
    if len(hand) > _HAND:
        raise ApiError(422, f"a hand holds at most {_HAND} tiles, got {len(hand)}")
    card_top = _tile(data, "card_top")
    discard_top = _tile(data, "discard_top")
    plays = engine.legal_plays(ends, hand, card_top, discard_top)
    must, reason = _verdict(plays, ends, hand)
    answer: dict[str, Any] = {
        "ends": list(ends) if ends else None,
        "plays": [play.to_json() for play in plays],
        "must": must,
        "reason": reason,
        "hand": format_hand(hand),
        "card_top": str(card_top) if card_top else None,
        "discard_top": str(discard_top) if discard_top else None,
    }
    if reading:
        answer["reading"] = reading
    return answer
