"""A text notation for a whole Two-Step round position (the referee's view).

Fields separated by ``;`` or newlines, each a name and its tiles (``-`` for none):

* ``floor``: the dance floor from the left end to the right end, each tile's
  halves in table order, so neighbouring halves match (``3-6 6-6 6-1``);
* ``card1``, ``card2``: each dance card, face-up top first;
* ``hand1``, ``hand2``: each hand;
* ``discards1``, ``discards2``: each discard pile, bottom first, top last;
* ``draw``: the draw pile, next tile to be drawn first;
* ``turn``: the player to move, 1 or 2.

Fields may come in any order; a field left out is empty, except ``turn``.

>>> from referee.two_step.state import deal
>>> text = format_round(deal(seed=1))
>>> text.split("; ")[:4]
['floor -', 'card1 4-5 5-6 1-5 1-4 4-4', 'card2 0-1 0-5 6-6 3-4 2-2', 'hand1 1-3 2-6 2-5']
>>> parse_round(text) == deal(seed=1)
True
"""

from __future__ import annotations

import re
from typing import Any

from referee.dominoes import DASHES, Line, Tile, format_hand, parse_halves, parse_hand
from referee.errors import ImpossiblePositionError, NotationError
from referee.two_step.moves import format_move
from referee.two_step.rules import DEFAULT_RULES, TwoStepRules
from referee.two_step.state import TwoStepRound

__all__ = ["FIELDS", "analysis", "format_round", "parse_round"]

#: Field names in the order :func:`format_round` writes them.
FIELDS = (
    "floor",
    "card1",
    "card2",
    "hand1",
    "hand2",
    "discards1",
    "discards2",
    "draw",
    "turn",
)
_HALVES_RE = re.compile(r"[0-9]+\s*[-|]\s*[0-9]+")


def format_round(state: TwoStepRound) -> str:
    """Write ``state`` in the round notation, every field, ``"; "`` between them."""
    tiles = {
        "card1": state.cards[0],
        "card2": state.cards[1],
        "hand1": state.hands[0],
        "hand2": state.hands[1],
        "discards1": state.discards[0],
        "discards2": state.discards[1],
        "draw": state.draw_pile,
    }
    parts = [f"floor {state.floor}" if state.floor.tiles else "floor -"]
    parts += [f"{name} {format_hand(tiles[name]) or '-'}" for name in FIELDS[1:-1]]
    parts.append(f"turn {state.player + 1}")
    return "; ".join(parts)


def _floor(text: str, start: int, whole: str, max_pips: int) -> Line:
    halves: list[tuple[int, int]] = []
    for match in re.finditer(r"[^\s,]+", text):
        found = _HALVES_RE.fullmatch(match.group())
        at = start + match.start()
        if found is None:
            raise NotationError(
                "a floor tile is written a-b, halves in table order", text=whole, index=at
            )
        try:
            a, b = parse_halves(match.group(), max_pips=max_pips)
        except NotationError:
            raise NotationError(
                f"a half shows 0 to {max_pips} pips", text=whole, index=at
            ) from None
        if halves and halves[-1][1] != a:
            raise ImpossiblePositionError(
                f"floor tile {len(halves) + 1} ({a}-{b}) does not touch the {halves[-1][1]} "
                f"of the tile before it (column {at + 1})"
            )
        halves.append((a, b))
    return Line(tuple(halves))


def parse_round(text: str, rules: TwoStepRules = DEFAULT_RULES) -> TwoStepRound:
    """Parse a round position written as :func:`format_round` writes it.

    Raises
    ------
    referee.errors.NotationError
        For an unknown or repeated field, a malformed tile or turn, or no turn;
        the message names the column.
    referee.errors.ImpossiblePositionError
        If the position cannot arise (see :class:`TwoStepRound`), or floor tiles
        do not touch.
    """
    text = text.translate(DASHES)
    values: dict[str, tuple[str, int]] = {}
    for segment in re.finditer(r"[^;\n]+", text):
        body = segment.group()
        if not body.strip():
            continue
        # A colon after the name is read as written ('floor: 6-6', 'turn : 2'), as the
        # Cross layout's arms are ('N: 6-3'): it said "unknown field 'floor:'".
        name_match = re.match(r"\s*([^\s:]+)(?:\s*:)?", body) or re.match(r"\s*(\S+)", body)
        assert name_match is not None
        name = name_match.group(1).lower()
        at = segment.start() + name_match.start(1)
        if name not in FIELDS:
            raise NotationError(
                f"unknown field {name!r}: expected one of {', '.join(FIELDS)}", text=text, index=at
            )
        if name in values:
            raise NotationError(f"field {name!r} given twice", text=text, index=at)
        rest_start = segment.start() + name_match.end()
        rest = text[rest_start : segment.end()]
        values[name] = ("" if rest.strip() == "-" else rest, rest_start)
    if "turn" not in values:
        raise NotationError(
            "no 'turn' field: say whose turn it is, 'turn 1' or 'turn 2'", text=text
        )
    turn, turn_at = values["turn"]
    if turn.strip() not in ("1", "2"):
        found = turn.strip()
        raise NotationError(
            f"the turn is player 1 or 2, not {found!r}" if found else "the turn is player 1 or 2",
            text=text,
            index=turn_at + (len(turn) - len(turn.lstrip()) if found else 0),
        )

    def tiles(name: str) -> tuple[Tile, ...]:
        value, start = values.get(name, ("", 0))
        try:
            return parse_hand(value, max_pips=rules.max_pips)
        except NotationError as error:
            raise error.within(text, start, prefix=f"{name}: ") from None

    floor_text, floor_at = values.get("floor", ("", 0))
    return TwoStepRound(
        cards=(tiles("card1"), tiles("card2")),
        hands=(tiles("hand1"), tiles("hand2")),
        discards=(tiles("discards1"), tiles("discards2")),
        draw_pile=tiles("draw"),
        player=int(turn) - 1,
        floor=_floor(floor_text, floor_at, text, rules.max_pips),
        rules=rules,
    )


def analysis(state: TwoStepRound) -> dict[str, Any]:
    """A round position analysed: what ``referee two-step analyze --json`` prints.

    Returns
    -------
    dict
        ``position`` (the notation, :func:`format_round`), ``to_move`` (1 or 2;
        ``None`` once the round is over), ``legal_moves`` (``"play 3-4 hand left"``,
        ... in the engine's order) and ``result`` (``None`` while the round goes on,
        else the round's result: who cleared their dance card, or two left feet;
        ``rules/two-step.txt``).
    """
    return {
        "position": format_round(state),
        "to_move": None if state.to_move is None else state.to_move + 1,
        "legal_moves": [format_move(move) for move in state.legal_moves()],
        "result": None if state.result is None else state.result.to_json(),
    }
