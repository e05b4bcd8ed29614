"""Cross: a Block domino game whose lead double is a four-way spinner.

Rules: ``rules/cross.txt``; unclear points are decided by ``RULINGS.md``
("Cross").  A double-six set (28 tiles, 168 pips); 2 to 4 players.

The layout
----------
The lead spinner (the heaviest double dealt) has four sides, named like a
compass, clockwise: ``N``, ``E``, ``S``, ``W``.  Each side grows an *arm*, a
line of tiles going outward.  While any of the lead's four sides is open (its
arm is empty), tiles may be played only there: the cross is complete before any
arm extends.  After that, play goes on the open end of each arm.

Every later double is laid crosswise and is a spinner too (unless
:attr:`CrossRules.later_spinners` is off): besides letting its arm go on
straight, it opens two *branches*, ``L`` and ``R``, to the left and right as
seen looking outward along its arm.  A branch is an arm too and may hold
further spinners.

LAYOUT notation
---------------
The lead double, then each arm after ``|`` as ``N:``, ``E:``, ``S:`` or ``W:``
and its tiles from the lead outward.  A tile is ``a-b`` written with the half
that touches the tile before it first (``6-3`` on a 6); the other order is
accepted and normalised.  A later spinner's branches follow it in brackets,
``3-3[L: 3-1 | R: 3-4]``; a spinner with both branches empty is just ``3-3``.
Arms may come in any order; an arm left out is empty.  ``""`` is the empty
layout (before the lead).

>>> layout = parse_layout("6-6 | N: 6-3 3-3[L: 3-1] | E: 6-2 | S: 6-5 | W: 1-6")
>>> str(layout)
'6-6 | N: 6-3 3-3[L: 3-1 | R:] | E: 6-2 | S: 6-5 | W: 6-1'
>>> [end for end, pips in layout.open_ends()]
['N', 'N2L', 'N2R', 'E', 'S', 'W']

End names
---------
An open end is named by the path to it: the arm's letter, then for each branch
the 1-based number of the spinner along the arm and ``L`` or ``R``.  ``N`` is the
outer end of the north arm (the lead's north side while that arm is empty);
``N2L`` is the left branch of the 2nd tile of the north arm; ``N2L1R`` the right
branch of the 1st tile of that branch.  The lead itself is played on ``lead``.

Moves
-----
``Play(tile, end)`` (written ``3-6 N``), ``DRAW`` (``draw``) and ``PASS``
(``pass``).  Players are numbered from 0 here; the CLI numbers them from 1.
"""

from __future__ import annotations

from referee.cross.advice import (
    Advice,
    BoneyardError,
    advise,
    check_boneyard,
    shown_count,
    table_tiles,
)
from referee.cross.layout import ARMS, LEAD, Layout, Placed, format_layout, parse_layout
from referee.cross.rules import MAX_BONEYARD, MAX_PIPS, TARGETS, CrossRules
from referee.cross.scoring import Match, RoundResult, match_result, round_result
from referee.cross.state import (
    DRAW,
    PASS,
    CrossState,
    Draw,
    Move,
    Pass,
    Play,
    UnreachableLayoutError,
    legal_plays,
    new_game,
    new_round,
    parse_move,
    start_round,
)
from referee.game import GameSpec

__all__ = [
    "ARMS",
    "DRAW",
    "GAME",
    "LEAD",
    "MAX_BONEYARD",
    "MAX_PIPS",
    "PASS",
    "TARGETS",
    "Advice",
    "BoneyardError",
    "CrossRules",
    "CrossState",
    "Draw",
    "Layout",
    "Match",
    "Move",
    "Pass",
    "Placed",
    "Play",
    "RoundResult",
    "UnreachableLayoutError",
    "advise",
    "check_boneyard",
    "format_layout",
    "legal_plays",
    "match_result",
    "new_game",
    "new_round",
    "parse_layout",
    "parse_move",
    "round_result",
    "shown_count",
    "start_round",
    "table_tiles",
]


GAME = GameSpec(
    name="cross",
    title="Cross",
    summary="Legal plays on a four-way spinner layout, and round and match scores.",
    rules="rules/cross.txt",
    players=("1", "2"),
    new_game=new_game,
)
