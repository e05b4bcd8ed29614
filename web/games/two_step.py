"""Two-Step: every legal play from the hand, the dance card top and the discard top; a
whole round refereed from its notation (whose turn, legal moves, two left feet); a match.

Rules: ``rules/two-step.txt``; ``RULINGS.md`` "Two-Step" decides unclear points.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, render_template
from marshmallow import fields, pre_load
from marshmallow.validate import Length, Range

from referee import two_step as engine
from referee.dominoes import Tile, format_hand, parse_hand, parse_tile
from vision.dominoes import decode_side
from web import inputs, recognition, schemas
from web.errors import ApiError

__all__ = ["MAX_ROUNDS", "analyze_answer", "bp", "check_answer", "match_answer", "plays_answer"]

bp = Blueprint("two_step", __name__, url_prefix="/two-step")

#: Tiles in a full hand (``rules/two-step.txt``: a hand of 3).
_HAND = engine.TwoStepRules().hand
#: The most rounds a match sent to ``/api/two-step/match`` may hold (a match to 10 points
#: has at most 19 rounds with a winner; two left feet may repeat, but not a thousand times).
MAX_ROUNDS = 1000
#: The most pips on a half: a double-six set.
_MAX_PIPS = engine.TwoStepRules().max_pips


@bp.get("/")
def page() -> str:
    """The turn page: dance floor ends, hand, dance card top, discard top."""
    return render_template("two_step.html")


@bp.get("/round")
def round_page() -> str:
    """The referee's page: a whole round from its notation, a move checked, a match."""
    given = inputs.given("position", longest=LONGEST_ROUND)
    optional = given is not None and inputs.given("optional") == "1"
    # A saved match's link (session 14): its rounds and target, added up as if typed.
    rounds = inputs.given("rounds", longest=LONGEST_ROUNDS)
    return render_template(
        "two_step_round.html",
        example=_EXAMPLE,
        position=given,
        optional=optional,
        rounds=rounds,
        target=inputs.given("target", longest=inputs.LONGEST_TARGET)
        if rounds is not None
        else None,
    )


#: The longest legal round position, 193 characters, as ``format_round`` writes every one:
#: the field names, ``"; "`` between the 9 fields and ``turn 1`` or ``turn 2`` take 77; each of
#: the 28 tiles (double-six) takes 3 (``3-4``) and a space before the next in its field, an
#: empty field 1 (``-``). With n tile fields holding tiles the tiles take 4 x 28 - n, the
#: empty ones 8 - n: 120 - 2n, longest for the fewest fields holding tiles. A round holds
#: its floor (only the opening's floor is empty, when both cards and both hands hold tiles)
#: and at least one dance card (both empty is no round): n = 2, 116, so 193: 27 tiles on the
#: floor (the set's 28 make one line) and the 28th on a card (session 14: a saved answer's
#: position of 50 kB made a link of 50 kB). A longer one is refused unless it reads.
LONGEST_ROUND = inputs.Longest(193, "Two-Step round position", engine.parse_round)

#: The most rounds a saved match's link carries (web/results.py; two left feet are
#: replayed, so a match has no longest: a longer one's link opens the page as it starts),
#: and so the longest ``rounds`` in an address: 200 rounds of at most 4 characters
#: (``feet``, ``2:5``) and a space between, 999.
MOST_LINKED_ROUNDS = 200
LONGEST_ROUNDS = inputs.Longest(
    5 * MOST_LINKED_ROUNDS - 1, "Two-Step match's rounds in a link", engine.parse_rounds
)


#: The round shown as an example on the page (docs/two-step.md, Notation).
_EXAMPLE = (
    "floor 3-0 0-6 6-6 6-3 3-5 5-5 5-0; card1 4-4 4-6 0-1; card2 1-6 1-4 1-3 2-3; "
    "hand1 2-4; hand2 1-2 0-2 3-4; discards1 4-5 2-2 0-0; discards2 2-5 5-6; "
    "draw 1-5 0-4 2-6 3-3 1-1; turn 2"
)


_NOT_PIPS = 'must be two pip counts such as "3,5", got {input!r}'


class PlaysFields(schemas.Fields):
    """``POST /api/two-step/plays``: ``ends``, ``hand`` (unless a ``photo`` is sent),
    ``card_top``, ``discard_top``."""

    OTHER_FIELDS = ("photo",)

    ends = fields.List(
        schemas.WholeNumber(
            validate=[
                Range(min=0, error=_NOT_PIPS),
                # As the CLI's --ends and a half of a tile: out of the set is malformed.
                Range(max=_MAX_PIPS, error=f"an end shows 0 to {_MAX_PIPS} pips, got {{input}}"),
            ],
            error_messages={"invalid": _NOT_PIPS},
        ),
        validate=Length(equal=2, error='must be two pip counts such as "3,5"'),
        error_messages={"invalid": 'must be two pip counts such as "3,5"'},
        load_default=None,
    )
    hand = schemas.text()
    card_top = schemas.text()
    discard_top = schemas.text()

    @pre_load
    def _split_ends(self, data: Any, **kwargs: Any) -> Any:
        """``"3,5"`` (or ``3-5``, ``3 5``, ``3|5``) as the list ``["3", "5"]``; a dash
        only between two digits separates, so ``-1,3`` stays ``["-1", "3"]`` (refused)."""
        ends = data.get("ends") if isinstance(data, dict) else None
        if isinstance(ends, str):
            parts = re.split(r"[\s,|]+|(?<=\d)-(?=\d)", ends)
            data = {**data, "ends": [part for part in parts if part]}
        return data


def _tile(values: dict[str, Any], name: str) -> Tile | None:
    text = values.get(name)
    if text is None:
        return None
    return schemas.parse_field(
        name, lambda tile: parse_tile(tile, max_pips=_MAX_PIPS), text.strip()
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
    values = schemas.load(PlaysFields(), data)
    ends = None if values["ends"] is None else (values["ends"][0], values["ends"][1])
    reading: dict[str, Any] = {}
    if inputs.has_photo("photo"):
        if values.get("hand") is not None:  # it would be dropped without a word
            raise ApiError(400, "send either a photo 'photo' or a hand 'hand', not both")
        image = inputs.photo("photo", draft_side=decode_side(_MAX_PIPS))
        reading = recognition.read_tiles(
            image,
            max_pips=_MAX_PIPS,
            photo_side=inputs.photo_side("photo"),
            label=inputs.label("photo"),
        )
        hand = tuple(reading.pop("hand"))
        if len(hand) > _HAND:
            raise ApiError(
                422,
                f"the photo shows {len(hand)} tiles ({format_hand(hand)}): a hand holds at "
                f"most {_HAND}; photograph only the tiles in your hand",
                overlay=reading["overlay"],
            )
    else:
        hand = schemas.parse_field(
            "hand", lambda tiles: parse_hand(tiles, max_pips=_MAX_PIPS), values.get("hand", "")
        )
    if len(hand) > _HAND:
        raise ApiError(
            422,
            f"field 'hand': a hand holds at most {_HAND} tiles, got {len(hand)} "
            f"({format_hand(hand)})",
        )
    card_top = _tile(values, "card_top")
    discard_top = _tile(values, "discard_top")
    plays = engine.legal_plays(ends, hand, card_top, discard_top)
    must, reason = engine.what_to_do(plays, ends, hand)
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


class RoundFields(schemas.Fields):
    """``POST /api/two-step/analyze``: ``position`` (the round notation,
    ``docs/two-step.md``) and ``optional_plays``."""

    position = schemas.text(required=True)
    optional_plays = schemas.TruthValue(load_default=False)


class MoveFields(RoundFields):
    """``POST /api/two-step/check``: a round ``position`` and a ``move``."""

    move = schemas.text(required=True)


class MatchFields(schemas.Fields):
    """``POST /api/two-step/match``: ``rounds`` (``"1:5 feet 2:3"``) and ``target``."""

    rounds = schemas.text(required=True)
    target = schemas.WholeNumber(
        validate=Range(min=1, error="must be 1 or more, got {input}"), load_default=10
    )


def _round(values: dict[str, Any]) -> engine.TwoStepRound:
    rules = engine.TwoStepRules(optional_plays=values["optional_plays"])
    return schemas.parse_field(
        "position", lambda text: engine.parse_round(text, rules), values["position"]
    )


def analyze_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/two-step/analyze``: the CLI's ``two-step analyze`` JSON (``position``,
    ``to_move``, ``legal_moves``, ``result``: who cleared their dance card, or two left
    feet) plus ``table``, the whole position (dance floor, each player's dance card,
    hand and discard pile, the draw pile) and ``summary``, the lines the CLI prints."""
    state = _round(schemas.load(RoundFields(), data))
    answer = engine.analysis(state)
    answer["table"] = state.to_json()
    answer["summary"] = str(state).splitlines()
    return answer


def check_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/two-step/check``: the CLI's ``two-step check`` JSON, ``{"legal",
    "reason", "move"}`` (200 for an illegal move too: its reason is the answer)."""
    values = schemas.load(MoveFields(), data)
    state = _round(values)
    move = schemas.parse_field(
        "move",
        lambda text: engine.parse_move(text, max_pips=state.rules.max_pips),
        values["move"],
    )
    reason = state.why_illegal(move)
    return {"legal": reason is None, "reason": reason or "legal", "move": engine.format_move(move)}


def match_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/two-step/match``: the CLI's ``two-step match`` JSON (``rounds``, each
    with ``winner``, ``reason``, ``points``, ``bonus``, ``opponent_card``, ``scores``;
    ``scores``, ``winner``, ``target``, ``lemonade``); ``rules/two-step.txt``."""
    values = schemas.load(MatchFields(), data)
    count = len(re.findall(r"[^\s,]+", values["rounds"]))
    if count > MAX_ROUNDS:  # "feet" 5 bytes in, 100 out: a 20 MB body made a 400 MB answer
        raise ApiError(
            400, f"field 'rounds': at most {MAX_ROUNDS} rounds are added up, got {count}"
        )
    rules = engine.TwoStepRules(target=values["target"])
    results = schemas.parse_field(
        "rounds", lambda text: engine.parse_rounds(text, rules), values["rounds"]
    )
    return engine.tally(results, rules).to_json()
