"""Kingdomino for 2 players: kingdoms, scores, tie-break, placements, a game.

Rules: ``../shared/rules/kingdomino-2p.txt``; ``../shared/RULINGS.md``
"Kingdomino for 2 players" decides unclear points.

* :mod:`~referee.kingdomino.kingdom`: terrains, squares, kingdoms, the notation;
* :mod:`~referee.kingdomino.tiles`: the real 48 dominoes and the limits they set;
* :mod:`~referee.kingdomino.scoring`: domains, score, bonuses, tie-break;
* :mod:`~referee.kingdomino.placement`: where a domino may go, and why not;
* :mod:`~referee.kingdomino.game`: the 2-player game state.

>>> result = score(parse_kingdom("F1 F F/C L1 L/W W M2"), middle_kingdom=True)
>>> [d.describe() for d in result.domains]
['forest: 3 squares x 1 crown = 3', 'lake: 2 squares x 1 crown = 2', \
'wheat: 2 squares x 0 crowns = 0', 'mine: 1 square x 2 crowns = 2']
>>> result.score, result.bonuses, result.total
(7, {'middle_kingdom': 10, 'harmony': 0}, 17)

The 3x3 kingdom above fits a 5x5 frame centred on its castle, hence Middle
Kingdom; it is not complete, hence no Harmony.
"""

from __future__ import annotations

from referee.game import GameSpec
from referee.kingdomino.game import (
    Discard,
    KingdominoRules,
    KingdominoState,
    Move,
    Pick,
    Place,
    new_game,
    parse_move,
)
from referee.kingdomino.kingdom import (
    Kingdom,
    Square,
    Terrain,
    format_kingdom,
    format_square,
    kingdom_square_name,
    name_kingdom_squares,
    parse_kingdom,
    parse_kingdom_square,
    parse_square,
)
from referee.kingdomino.placement import (
    DIRECTIONS,
    Direction,
    Placement,
    Verdict,
    check_placement,
    format_domino,
    legal_placements,
    parse_direction,
    parse_domino,
)
from referee.kingdomino.scoring import (
    Comparison,
    Domain,
    Score,
    compare,
    domains,
    infer_frame_size,
    score,
)
from referee.kingdomino.tiles import (
    TILES,
    Domino,
    domino_warnings,
    max_crowns,
    square_counts,
    terrain_counts,
    tile,
    tile_set_warnings,
)

__all__ = [
    "DIRECTIONS",
    "GAME",
    "TILES",
    "Comparison",
    "Direction",
    "Discard",
    "Domain",
    "Domino",
    "Kingdom",
    "KingdominoRules",
    "KingdominoState",
    "Move",
    "Pick",
    "Place",
    "Placement",
    "Score",
    "Square",
    "Terrain",
    "Verdict",
    "check_placement",
    "compare",
    "domains",
    "domino_warnings",
    "format_domino",
    "format_kingdom",
    "format_square",
    "infer_frame_size",
    "kingdom_square_name",
    "legal_placements",
    "max_crowns",
    "name_kingdom_squares",
    "new_game",
    "parse_direction",
    "parse_domino",
    "parse_kingdom",
    "parse_kingdom_square",
    "parse_move",
    "parse_square",
    "score",
    "square_counts",
    "terrain_counts",
    "tile",
    "tile_set_warnings",
]

GAME = GameSpec(
    name="kingdomino",
    title="Kingdomino",
    summary=(
        "Scores a kingdom domain by domain (with the optional bonuses), breaks ties "
        "between two kingdoms and says where a domino may go."
    ),
    rules="rules/kingdomino-2p.txt",
    players=("1", "2"),
    new_game=new_game,
)
