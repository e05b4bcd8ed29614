"""Domineering: H claims horizontal pairs, V vertical pairs; who cannot move loses.

Rules: ``rules/domineering.txt``; ``RULINGS.md`` "Domineering" decides unclear points.

Notation
--------
A cell is its column letter and row number, ``B3`` (columns A.. left to right,
rows 1.. top to bottom); inside the code a cell is ``(row, col)``, 0-based.  A
move names its two cells, ``B3-C3``, in either order; it is formatted with the
cells in row-major order (``C3-B3`` -> ``B3-C3``).

A position lists the rows from row 1 down, joined by ``/``; a cell is ``.``
(empty), ``H`` or ``V`` (claimed by that side) or ``#`` (not part of the board).
An optional suffix `` H`` or `` V`` names the side to move.  A run of H cells in a
row splits into pairs in exactly one way (likewise V cells in a column), so the
cells alone give every claimed pair.

>>> pos = apply_move(Position.empty(), parse_move("C3-B3"))
>>> format_position(pos)
'...../...../.HH../...../..... V'
>>> [format_move(move) for move in legal_moves(pos, "V")][:3]
['A1-A2', 'B1-B2', 'C1-C2']
>>> check_move(pos, parse_move("C2-C3"), "V").reason
'C3 is occupied (claimed by H)'
>>> solve(parse_position("../.."))
'H'
"""

from __future__ import annotations

from referee.domineering.board import (
    MAX_SIZE,
    Cell,
    Move,
    Position,
    Side,
    Verdict,
    apply_move,
    cell_name,
    check_move,
    claimant,
    format_move,
    format_position,
    legal_moves,
    pairs,
    parse_cell,
    parse_move,
    parse_position,
    problems,
    to_move,
    validate,
)
from referee.domineering.play import (
    Analysis,
    DomineeringRules,
    DomineeringState,
    Match,
    analyze,
    new_game,
)
from referee.domineering.solver import (
    DEFAULT_NODE_LIMIT,
    SearchLimitError,
    solve,
    winning_moves,
)
from referee.game import GameSpec

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "GAME",
    "MAX_SIZE",
    "Analysis",
    "Cell",
    "DomineeringRules",
    "DomineeringState",
    "Match",
    "Move",
    "Position",
    "SearchLimitError",
    "Side",
    "Verdict",
    "analyze",
    "apply_move",
    "cell_name",
    "check_move",
    "claimant",
    "format_move",
    "format_position",
    "legal_moves",
    "new_game",
    "pairs",
    "parse_cell",
    "parse_move",
    "parse_position",
    "problems",
    "solve",
    "to_move",
    "validate",
    "winning_moves",
]


GAME = GameSpec(
    name="domineering",
    title="Domineering",
    summary="Who is to move, every legal pair, whether a claim is legal, and who has won.",
    rules="rules/domineering.txt",
    players=("H", "V"),
    new_game=new_game,
)
