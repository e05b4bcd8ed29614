"""Two-Step, a two-player domino game by Sam Robinson (``rules/two-step.txt``).

Each player has a dance card of five face-down tiles (only the top one face up),
a hand of three and a discard pile; the other twelve tiles of the double-six set
are the draw pile.  The dance floor is one line with two open ends
(:class:`referee.dominoes.Line`, doubles inline).  ``RULINGS.md`` "Two-Step"
decides what the rule text leaves open; the choices this engine makes on top of
it are listed in ``docs/two-step.md`` and below.

Decisions where rules and rulings are silent
--------------------------------------------
* Plays are compulsory by default: the discard that ends a turn is legal only
  when no play is left ("When no more plays can be made, a domino must be
  placed ... to end the turn").  ``TwoStepRules(optional_plays=True)`` lets a
  player stop by discarding (or, with an empty hand, ending the turn) at any time.
* Drawing is automatic, never a move: the hand of the player to move is refilled
  to three at the start of the turn and whenever it is emptied, as far as the
  draw pile goes.  The opening double (and nothing else) is the only legal play
  on an empty dance floor; its end is ``"right"`` as for any first tile of a
  :class:`~referee.dominoes.Line`.
* "Two left feet" is declared as soon as the draw pile is empty and neither
  player has a play from hand, dance card top or discard top: no later discard
  can change that.

Modules: :mod:`~referee.two_step.rules` (parameters), :mod:`~referee.two_step.moves`
(moves, their notation, :func:`legal_plays`), :mod:`~referee.two_step.state` (deal,
lead, :class:`TwoStepRound`), :mod:`~referee.two_step.scoring` (round results, the
match tally, the lemonade line), :mod:`~referee.two_step.match` (:class:`TwoStepMatch`,
the registry's game) and :mod:`~referee.two_step.notation` (a round position as text).

Moves are written ``play 3-5 hand left``, ``discard 3-5`` and ``end turn``:

>>> from referee.dominoes import parse_hand, parse_tile
>>> parse_move("play [5|3] card right")
Play(tile=Tile(3, 5), source='card', end='right')
>>> [str(p) for p in legal_plays((6, 3), parse_hand("3-1 2-2"), parse_tile("6-4"))]
['play 1-3 hand right', 'play 4-6 card left']
>>> score_round(0, 5).points, score_round(1, 4).points
((2, 0), (0, 1))
"""

from __future__ import annotations

from referee.game import GameSpec
from referee.two_step.match import TwoStepMatch, new_match
from referee.two_step.moves import (
    Discard,
    EndTurn,
    Move,
    Play,
    format_move,
    legal_plays,
    parse_move,
    what_to_do,
)
from referee.two_step.notation import analysis, format_round, parse_round
from referee.two_step.rules import (
    DEFAULT_RULES,
    ENDS,
    SOURCES,
    TWO_LEFT_FEET,
    Source,
    TwoStepRules,
)
from referee.two_step.scoring import (
    MatchRecord,
    RoundResult,
    format_rounds,
    lemonade_line,
    parse_rounds,
    score_round,
    tally,
)
from referee.two_step.state import Lead, TwoStepRound, deal, deal_order, find_lead

__all__ = [
    "DEFAULT_RULES",
    "ENDS",
    "GAME",
    "SOURCES",
    "TWO_LEFT_FEET",
    "Discard",
    "EndTurn",
    "Lead",
    "MatchRecord",
    "Move",
    "Play",
    "RoundResult",
    "Source",
    "TwoStepMatch",
    "TwoStepRound",
    "TwoStepRules",
    "analysis",
    "deal",
    "deal_order",
    "find_lead",
    "format_move",
    "format_round",
    "format_rounds",
    "legal_plays",
    "lemonade_line",
    "new_match",
    "parse_move",
    "parse_round",
    "parse_rounds",
    "score_round",
    "tally",
    "what_to_do",
]

GAME = GameSpec(
    name="two-step",
    title="Two-Step",
    summary="Legal plays from hand, dance card and discard pile, round points and the match.",
    rules="rules/two-step.txt",
    players=("1", "2"),
    new_game=new_match,
)
