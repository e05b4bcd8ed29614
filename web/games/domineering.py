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

__all__ = ["WEB_NODE_LIMIT", "analyze_answer", "bp", "check_answer"]

#: Positions the perfect-play search may visit in one web request (the CLI's default is
#: ``engine.DEFAULT_NODE_LIMIT``).  An empty 8x8 board, beyond it, gives up in about 3 s;
#: an empty 6x6 board is solved within it since session 9 (docs/web.md, "Session 8:
#: perfect play on the web" and "Session 9").
WEB_NODE_LIMIT = 200_000

bp = Blueprint("domineering", __name__, url_prefix="/domineering")


@bp.get("/")
def page() -> str:
    """The sheet page: photo or tapped-in pairs, side to move, legal pairs, disputes.

    ``?position=...`` (a position's notation, side to move included, as a saved result's
    link gives it; session 13) opens the page with that position analysed; the page
    checks it as if typed in its notation box, with "Started" set to ``?first=`` (H or V,
    when the link carries it: session 15).
    """
    position = inputs.given("position", longest=LONGEST_POSITION)
    if position is None:
        return render_template("domineering.html", position=None, first=None, dispute=None)
    first = inputs.given("first", longest=_LONGEST_SIDE)
    # A saved dispute (session 15: the link left it out): the pair claimed and by whom,
    # filled in and checked again on the position.
    move = inputs.given("move", longest=LONGEST_PAIR)
    player = inputs.given("player", longest=_LONGEST_SIDE)
    dispute = {"move": move, "player": player} if move is not None else None
    return render_template("domineering.html", position=position, first=first, dispute=dispute)


def _read_side(text: str) -> str:
    """``text`` as a side, ``H`` or ``V`` (any case); raises ``ValueError`` otherwise."""
    if text.strip().upper() not in ("H", "V"):
        raise ValueError(f"not H or V: {text!r}")
    return text.strip().upper()


#: A side in an address (``first``, a dispute's ``player``): one letter.
_LONGEST_SIDE = inputs.Longest(1, "Domineering side, H or V", _read_side)
#: A pair as the engine writes it, ``A1-B1``: 5 characters (one written loosely reads).
LONGEST_PAIR = inputs.Longest(5, "Domineering pair", engine.parse_move)


#: The longest legal Domineering position, 73 characters: the largest board, 8x8 (``MAX_SIZE``),
#: is 8 rows of 8 cells, 7 ``/`` between them and the side to move (`` H``), as
#: ``format_position`` writes every position (session 14: a saved answer's position of 50 kB
#: made a link of 50 kB). A longer one is refused unless it reads (written loosely).
LONGEST_POSITION = inputs.Longest(
    engine.MAX_SIZE * engine.MAX_SIZE + (engine.MAX_SIZE - 1) + len(" H"),
    "Domineering position",
    engine.parse_position,
)


class AnalyzeFields(schemas.Fields):
    """``POST /api/domineering/analyze``: ``position`` unless a ``photo`` is sent; ``first``."""

    OTHER_FIELDS = ("photo",)

    position = schemas.text()
    first = schemas.side(load_default=None)
    solve = schemas.TruthValue(load_default=False)
    #: A sheet (a photo's, or a typed ``position``: session 14) impossible with ``first``
    #: but possible with the other side starting is answered for that side (``first`` in
    #: the answer); a photo is read once.
    either_first = schemas.TruthValue(load_default=False)


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


def _perfect_play(pos: Any) -> dict[str, Any]:
    """``perfect_play`` (the winner) and ``winning_moves`` (the side to move's winning
    pairs), the CLI's ``solve --json`` names; both ``None`` with a ``solve_note`` when
    the search needs more than :data:`WEB_NODE_LIMIT` positions."""
    side = engine.to_move(pos)
    try:
        winning = engine.winning_moves(pos, node_limit=WEB_NODE_LIMIT)
    except engine.SearchLimitError:
        notation = engine.format_position(pos)
        return {
            "perfect_play": None,
            "winning_moves": None,
            "solve_note": (
                # Said to a player (session 9: "use the CLI" was the only reason given).
                f"too large to solve here: this page gives up after {WEB_NODE_LIMIT:,} "
                "positions so as to answer within seconds; on a computer with Referee "
                f"installed, the command referee domineering solve --node-limit N '{notation}' "
                f"searches longer (N is {engine.DEFAULT_NODE_LIMIT:,} by default: raise it "
                "for a larger board)"
            ),
        }
    return {
        "perfect_play": side if winning else ("V" if side == "H" else "H"),
        "winning_moves": [engine.format_move(move) for move in winning],
    }


def _typed_position(text: str, first: str | None, *, either: bool) -> Any:
    """:func:`referee.domineering.parse_position` of ``text`` with ``first`` starting;
    with ``either``, a position impossible so (V one pair ahead, or a side to move
    written that only the other starter gives) but possible with the other side starting
    is parsed so.  Raises the first reading's error when neither fits (``RULINGS.md``:
    H starts unless the players agree otherwise); without ``either``, one the other
    starter fits is refused with the error and the ``first`` to give."""
    try:
        return engine.parse_position(text, first=first)
    except ImpossiblePositionError as error:
        other = "V" if (first or "H") == "H" else "H"
        try:
            pos = engine.parse_position(text, first=other)
        except ImpossiblePositionError:
            raise error from None
        if either and first is not None:
            return pos
        # Refused, naming the fix as the CLI does (session 15: a typed game 2 of a match,
        # V starting, got no word of it; the page says "set Started to V").
        raise ImpossiblePositionError(
            f"{error}; with {other} starting the position is possible: if {other} started "
            f"this game (RULINGS.md: V starts the second game of a match), give 'first': "
            f"'{other}'"
        ) from None


def analyze_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/domineering/analyze``: the CLI's analyze JSON (``position``,
    ``to_move``, ``legal_moves``, ``blocked``, ``winner``) plus ``cells`` (rows of
    ``.HV#``), ``first`` and ``pairs``; from a photo also ``overlay``,
    ``confidence``, ``corners`` and ``warnings`` (see :func:`web.recognition.read_sheet`).
    With ``solve``, also ``perfect_play`` and ``winning_moves`` (:func:`_perfect_play`;
    ``solve_note`` when the position is too large to solve within a request).

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
        seen = recognition.read_sheet(
            image, first=first or "H", either=values["either_first"], label=inputs.label("photo")
        )
        cells = seen.pop("cells")
        try:
            pos = engine.Position.checked(cells, seen.pop("first"))
        except ImpossiblePositionError as error:
            said = f"the sheet as read is impossible: {error}"
            said = recognition.named(said, inputs.label("photo"))
            raise ApiError(422, said, cells=list(cells), **seen) from None
        answer = engine.analyze(pos).to_json()
        answer.update(_extras(pos))
        answer.update(seen)
        if values["solve"]:
            answer.update(_perfect_play(pos))
        return answer
    text = values.get("position")
    if text is None:
        raise ApiError(400, "send a photo 'photo' or a position notation 'position'")
    # Named by its field, as every route's notation errors are (session 11).
    pos = schemas.parse_field(
        "position", lambda t: _typed_position(t, first, either=values["either_first"]), text
    )
    answer = engine.analyze(pos).to_json()
    answer.update(_extras(pos))
    if values["solve"]:
        answer.update(_perfect_play(pos))
    return answer


def check_answer(data: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/domineering/check``: ``{"legal", "reason"}`` for the pair ``move``
    claimed by ``player`` (default: the side to move) on ``position``, plus
    ``player`` and ``legal_moves``: every pair that player may claim (the answer to
    "I have no move")."""
    values = schemas.load(CheckFields(), data)
    first = values["first"]
    pos = schemas.parse_field(
        "position", lambda t: engine.parse_position(t, first=first), values["position"]
    )
    move = schemas.parse_field("move", engine.parse_move, values["move"])
    player = engine.claimant(pos, values["player"])
    answer = engine.check_move(pos, move, player).to_json()
    answer["player"] = player
    answer["legal_moves"] = [engine.format_move(m) for m in engine.legal_moves(pos, player)]
    return answer
